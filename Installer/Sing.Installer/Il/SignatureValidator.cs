using System;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace Sing.Installer.Il
{
    /// <summary>Metadata well-formedness the other checks depend on (ECMA-335 II.23.2): every signature blob a
    /// program's tables point at (fields, methods, member references, properties, locals, type and method
    /// specifications) is walked once, without allocating, before anything decodes it. Counts may not exceed the bytes
    /// left in the blob and nesting is bounded, so a hostile blob cannot make a decoder allocate gigabytes or recurse
    /// off the stack. The first malformed blob is returned as a message naming its owner.</summary>
    public static class SignatureValidator
    {
        private const int MaxDepth = 48;

        public static string? FindMalformed(MetadataReader r)
        {
            foreach (FieldDefinitionHandle h in r.FieldDefinitions)
                if (!Valid(r, r.GetFieldDefinition(h).Signature, Kind.Field)) return $"field {Row(h)}";
            foreach (MethodDefinitionHandle h in r.MethodDefinitions)
                if (!Valid(r, r.GetMethodDefinition(h).Signature, Kind.Method)) return $"method {Row(h)}";
            foreach (MemberReferenceHandle h in r.MemberReferences)
                if (!Valid(r, r.GetMemberReference(h).Signature, Kind.MemberRef)) return $"member reference {Row(h)}";
            foreach (PropertyDefinitionHandle h in r.PropertyDefinitions)
                if (!Valid(r, r.GetPropertyDefinition(h).Signature, Kind.Property)) return $"property {Row(h)}";
            for (int row = 1; row <= r.GetTableRowCount(TableIndex.StandAloneSig); row++)
            {
                StandaloneSignature s = r.GetStandaloneSignature(MetadataTokens.StandaloneSignatureHandle(row));
                if (!Valid(r, s.Signature, Kind.Standalone)) return $"stand-alone signature (locals) {row}";
            }
            for (int row = 1; row <= r.GetTableRowCount(TableIndex.TypeSpec); row++)
                if (!Valid(r, r.GetTypeSpecification(MetadataTokens.TypeSpecificationHandle(row)).Signature, Kind.TypeSpec)) return $"type specification {row}";
            for (int row = 1; row <= r.GetTableRowCount(TableIndex.MethodSpec); row++)
                if (!Valid(r, r.GetMethodSpecification(MetadataTokens.MethodSpecificationHandle(row)).Signature, Kind.MethodSpec)) return $"method specification {row}";
            return null;
        }

        private static int Row(EntityHandle h) => MetadataTokens.GetRowNumber(h);

        private enum Kind { Field, Method, MemberRef, Property, Standalone, TypeSpec, MethodSpec }

        private static bool Valid(MetadataReader r, BlobHandle blob, Kind kind)
        {
            try
            {
                BlobReader b = r.GetBlobReader(blob);
                if (b.Length == 0) return false;
                switch (kind)
                {
                    case Kind.TypeSpec:
                        Type(ref b, 0, allowVoid: false);
                        break;
                    case Kind.MethodSpec:
                    {
                        if (b.ReadByte() != 0x0A) return false;
                        int n = Count(ref b, atLeastOne: true);
                        for (int i = 0; i < n; i++) Type(ref b, 0, allowVoid: false);
                        break;
                    }
                    default:
                    {
                        byte header = b.ReadByte();
                        int k = header & 0x0F;
                        if (k == 0x06 && kind is Kind.Field or Kind.MemberRef) { Mods(ref b); Type(ref b, 0, allowVoid: false); }
                        else if (k == 0x07 && kind == Kind.Standalone) Locals(ref b);
                        else if (k == 0x08 && kind == Kind.Property) Parameters(ref b, generic: false);
                        // 0x00-0x05 are the managed and platform conventions; 0x09 is "unmanaged" (a calli through a
                        // function pointer whose convention the modifiers name, as C#'s delegate* unmanaged emits).
                        else if ((k <= 0x05 || k == 0x09) && kind is Kind.Method or Kind.MemberRef or Kind.Standalone) Parameters(ref b, generic: (header & 0x10) != 0);
                        else return false;
                        break;
                    }
                }
                return b.RemainingBytes == 0;
            }
            catch (BadImageFormatException)
            {
                return false;
            }
        }

        private static int Count(ref BlobReader b, bool atLeastOne = false)
        {
            int n = b.ReadCompressedInteger();
            if (n > b.RemainingBytes || (atLeastOne && n == 0)) throw new BadImageFormatException("count exceeds the blob");
            return n;
        }

        private static void Parameters(ref BlobReader b, bool generic)
        {
            if (generic) Count(ref b, atLeastOne: true);
            int n = Count(ref b);
            Mods(ref b);
            ParamType(ref b, allowVoid: true);
            for (int i = 0; i < n; i++)
            {
                Mods(ref b);
                if (b.RemainingBytes > 0 && b.ReadByte() is byte s && s != 0x41) b.Offset--;   // SENTINEL (vararg; refused later)
                Mods(ref b);
                ParamType(ref b, allowVoid: false);
            }
        }

        private static void Locals(ref BlobReader b)
        {
            int n = Count(ref b, atLeastOne: true);
            for (int i = 0; i < n; i++)
            {
                Mods(ref b);
                if (Peek(ref b) == 0x45) b.ReadByte();                                          // PINNED
                Mods(ref b);
                ParamType(ref b, allowVoid: false);
            }
        }

        private static void ParamType(ref BlobReader b, bool allowVoid)
        {
            if (Peek(ref b) == 0x10) { b.ReadByte(); Mods(ref b); }                                // BYREF
            Type(ref b, 0, allowVoid);
        }

        private static byte Peek(ref BlobReader b)
        {
            if (b.RemainingBytes == 0) throw new BadImageFormatException("signature cut off");
            byte v = b.ReadByte();
            b.Offset--;
            return v;
        }

        private static void Mods(ref BlobReader b)
        {
            int guard = 0;
            while (b.RemainingBytes > 0 && Peek(ref b) is 0x1F or 0x20)
            {
                if (++guard > MaxDepth) throw new BadImageFormatException("too many custom modifiers");
                b.ReadByte();
                TypeHandle(ref b);
            }
        }

        private static void TypeHandle(ref BlobReader b)
        {
            EntityHandle h = b.ReadTypeHandle();
            if (h.IsNil) throw new BadImageFormatException("nil type handle");
        }

        private static void Type(ref BlobReader b, int depth, bool allowVoid)
        {
            if (depth > MaxDepth) throw new BadImageFormatException("type nests too deeply");
            byte code = b.ReadByte();
            switch (code)
            {
                case 0x01: if (!allowVoid) throw new BadImageFormatException("void here"); return;
                case >= 0x02 and <= 0x0E: case 0x16: case 0x18: case 0x19: case 0x1C: return;
                case 0x0F: Mods(ref b); Type(ref b, depth + 1, allowVoid: true); return;              // PTR
                case 0x10: Mods(ref b); Type(ref b, depth + 1, allowVoid: false); return;             // BYREF (nested: refused later)
                case 0x11: case 0x12: TypeHandle(ref b); return;                                     // VALUETYPE, CLASS
                case 0x13: case 0x1E: b.ReadCompressedInteger(); return;                              // VAR, MVAR
                case 0x14:                                                                          // ARRAY
                {
                    Type(ref b, depth + 1, allowVoid: false);
                    int rank = b.ReadCompressedInteger();
                    if (rank == 0 || rank > 32) throw new BadImageFormatException("array rank");
                    int sizes = Count(ref b);
                    for (int i = 0; i < sizes; i++) b.ReadCompressedInteger();
                    int bounds = Count(ref b);
                    for (int i = 0; i < bounds; i++) b.ReadCompressedSignedInteger();
                    return;
                }
                case 0x15:                                                                          // GENERICINST
                {
                    byte kind = b.ReadByte();
                    if (kind is not (0x11 or 0x12)) throw new BadImageFormatException("generic instantiation of a non-type");
                    TypeHandle(ref b);
                    int n = Count(ref b, atLeastOne: true);
                    for (int i = 0; i < n; i++) Type(ref b, depth + 1, allowVoid: false);
                    return;
                }
                case 0x1B:                                                                          // FNPTR
                    Parameters(ref b, generic: (b.ReadByte() & 0x10) != 0);
                    return;
                case 0x1D: Mods(ref b); Type(ref b, depth + 1, allowVoid: false); return;              // SZARRAY
                case 0x1F: case 0x20: b.Offset--; Mods(ref b); Type(ref b, depth + 1, allowVoid); return;
                default: throw new BadImageFormatException($"element type 0x{code:x2}");
            }
        }
    }
}
