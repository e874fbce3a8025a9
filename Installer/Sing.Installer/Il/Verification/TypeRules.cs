using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Il.Verification
{
    /// <summary>The metadata facts about a program's own types that the IL verifier takes as given, checked against
    /// ECMA-335's validity rules (II.22) before any body is verified: a method body is verified against its type's
    /// shape, so a shape the runtime would not build (a class that derives from a sealed class, an enum whose value is
    /// an object reference, a "delegate" method with no body on an ordinary type, a covariant parameter in an input
    /// position) would make a verified body unsafe. Each violation is SINGI099 naming the type and the rule.</summary>
    internal static class TypeRules
    {
        private const string Fix = "the C# compiler never emits this; rebuild the program with it";

        public static void Check(TypeDef t, TypeSystem types, Action<string, string> report)
        {
            void Bad(string what) => report(ErrorCodes.InvalidTypeMetadata, $"type {t.FullName}: {what}; {Fix}");
            if (!IsModuleType(t)) CheckKind(t, types, Bad);
            CheckFields(t, types, Bad);
            CheckLayout(t, types, what => report(ErrorCodes.InvalidTypeMetadata, $"type {t.FullName}: {what}"));
            CheckMethods(t, types, Bad);
            VarianceRules.Check(t, types, Bad);
            OverrideConstraints.Check(t, types, Bad);
        }

        /// <summary>The first TypeDef row, &lt;Module&gt;, holds global members and has no base type (II.22.37).</summary>
        private static bool IsModuleType(TypeDef t) => System.Reflection.Metadata.Ecma335.MetadataTokens.GetRowNumber(t.Handle) == 1;

        /// <summary>II.22.37, II.10.1, II.13, II.14.3, II.14.6: what a type may derive from and implement.</summary>
        private static void CheckKind(TypeDef t, TypeSystem types, Action<string> bad)
        {
            bool nested = !t.DeclaringHandle.IsNil;
            var visibility = t.Attributes & TypeAttributes.VisibilityMask;
            if (nested != (visibility is not (TypeAttributes.NotPublic or TypeAttributes.Public)))
                bad($"visibility {visibility} {(nested ? "is not a nested visibility, but the type is nested" : "is a nested visibility, but the type is not nested")} (II.22.37)");
            if ((t.Attributes & TypeAttributes.LayoutMask) == (TypeAttributes.SequentialLayout | TypeAttributes.ExplicitLayout))
                bad("its layout flags are both sequential and explicit (II.23.1.15)");
            foreach (TypeSig i in t.Interfaces)
                if (i is not NamedSig { Def.IsInterface: true })
                    bad($"it implements {i}, which is not an interface (II.22.23)");
            if (t.IsInterface)
            {
                if (t.BaseType is not null) bad($"an interface has base type {t.BaseType} (II.22.37: interfaces have none)");
                if (!t.IsAbstract) bad("an interface is not marked abstract (II.22.37)");
                if (t.IsSealed) bad("an interface is marked sealed (II.22.37)");
                return;
            }
            if (t.BaseType is null || types.AsNamed(t.BaseType) is not { Def: var b } baseType)
            {
                bad(t.BaseType is null ? "a class or struct has no base type (only System.Object has none; II.22.37)" : $"its base type {t.BaseType} is not a class (II.22.37)");
                return;
            }
            if (!ReachesObject(t, types)) bad("its base types form a cycle and never reach System.Object (II.10.1.4)");
            if (b.IsInterface) bad($"its base type {baseType} is an interface (II.22.37)");
            else if (b.IsSealed) bad($"it derives from {baseType}, which is sealed (II.10.1.4)");
            else if (b.IsSystem("Array") || b.IsSystem("Delegate"))
                bad($"it derives from {baseType}, which only the runtime may derive from (II.10.1)");
            if (t.IsValueType && !t.IsSealed) bad("a value type is not sealed (II.13)");
            if (t.IsDelegate && !t.IsSealed) bad("a delegate type is not sealed (II.14.6)");
            if (t.IsEnum) CheckEnum(t, bad);
            if (!t.IsAbstract) CheckAbstractSlots(t, types, bad);
        }

        /// <summary>II.10.3.4: a concrete class overrides every abstract method of its bases (by name and signature, or
        /// by an explicit override); otherwise a virtual call through the base would reach a slot with no code.</summary>
        private static void CheckAbstractSlots(TypeDef t, TypeSystem types, Action<string> bad)
        {
            List<NamedSig> chain;
            try { chain = types.BaseChain(t.Open()).ToList(); }
            catch (VerificationException) { return; }   // a cycle: reported by CheckKind
            var explicitlyOverridden = new HashSet<(TypeDef, MethodDefinitionHandle)>();
            foreach (NamedSig c in chain)
            {
                MetadataReader cr = c.Def.Assembly.Reader;
                foreach (MethodImplementationHandle ih in cr.GetTypeDefinition(c.Def.Handle).GetMethodImplementations())
                {
                    try
                    {
                        if (types.ResolveMethodImplMember(c.Def.Assembly, cr.GetMethodImplementation(ih).MethodDeclaration) is { OwnerDef: { } od, Definition: { } dh })
                            explicitlyOverridden.Add((od, dh));
                    }
                    catch (VerificationException) { }   // CheckMethodImpls reports unresolvable overrides
                }
            }
            // Walking up from the class: the concrete virtual methods seen so far, by name, are the candidate overrides
            // of each abstract method met higher up (one pass; lookups by name keep it linear in the chain's methods).
            var concrete = new Dictionary<string, List<MethodDesc>>(StringComparer.Ordinal);
            for (int i = 0; i < chain.Count; i++)
            {
                MetadataReader r = chain[i].Def.Assembly.Reader;
                var virtuals = new List<MethodDefinitionHandle>();
                foreach (MethodDefinitionHandle mh in chain[i].Def.Methods)
                {
                    MethodDefinition m = r.GetMethodDefinition(mh);
                    if ((m.Attributes & MethodAttributes.Static) != 0) continue;
                    if ((m.Attributes & MethodAttributes.Abstract) != 0)
                    {
                        if (i == 0 || explicitlyOverridden.Contains((chain[i].Def, mh))) continue;
                        MethodDesc wanted = types.MethodOf(chain[i], mh);
                        if (!(concrete.TryGetValue(wanted.Name, out var candidates) && candidates.Any(have => SameSlot(have, wanted))))
                            bad($"it is not abstract but does not override abstract method {wanted} (II.10.3.4)");
                    }
                    else if ((m.Attributes & MethodAttributes.Virtual) != 0) virtuals.Add(mh);
                }
                // Only methods below an abstract method override it: this type's own join the candidates afterwards.
                foreach (MethodDefinitionHandle mh in virtuals)
                {
                    MethodDesc have = types.MethodOf(chain[i], mh);
                    if (!concrete.TryGetValue(have.Name, out var list)) concrete[have.Name] = list = new List<MethodDesc>();
                    list.Add(have);
                }
            }
        }

        /// <summary>Same name is given; same instance-ness, generic arity and (instantiated) signature.</summary>
        internal static bool SameSlot(MethodDesc a, MethodDesc b) =>
            a.HasThis == b.HasThis && a.GenericArity == b.GenericArity && a.ReturnType.Equals(b.ReturnType) && a.Parameters.SequenceEqual(b.Parameters);

        private static bool ReachesObject(TypeDef t, TypeSystem types)
        {
            try { return types.BaseChain(t.Open()).Last().Def.IsSystem("Object"); }
            catch (VerificationException) { return false; }
        }

        /// <summary>II.14.3: an enum has exactly one instance field, of an integer type (the verifier reads an enum as it).</summary>
        private static void CheckEnum(TypeDef t, Action<string> bad)
        {
            MetadataReader r = t.Assembly.Reader;
            var instance = t.Fields.Select(r.GetFieldDefinition).Where(f => (f.Attributes & FieldAttributes.Static) == 0).ToList();
            if (instance.Count != 1)
            {
                bad($"an enum has {instance.Count} instance fields; it must have exactly one, its value (II.14.3)");
                return;
            }
            if (t.EnumUnderlying is not PrimSig { Code: PrimitiveTypeCode.SByte or PrimitiveTypeCode.Byte or PrimitiveTypeCode.Int16 or PrimitiveTypeCode.UInt16
                    or PrimitiveTypeCode.Int32 or PrimitiveTypeCode.UInt32 or PrimitiveTypeCode.Int64 or PrimitiveTypeCode.UInt64 or PrimitiveTypeCode.Char or PrimitiveTypeCode.Boolean })
                bad($"an enum's value field is of type {t.EnumUnderlying}, not an integer type (II.14.3)");
            if (t.Methods.Any()) bad("an enum has methods (II.14.3)");
        }

        /// <summary>II.22.15: literal fields are static constants; RVA data is static; interfaces hold no instance data.</summary>
        private static void CheckFields(TypeDef t, TypeSystem types, Action<string> bad)
        {
            MetadataReader r = t.Assembly.Reader;
            foreach (FieldDefinitionHandle fh in t.Fields)
            {
                FieldDefinition f = r.GetFieldDefinition(fh);
                string name = r.GetString(f.Name);
                bool isStatic = (f.Attributes & FieldAttributes.Static) != 0;
                if ((f.Attributes & FieldAttributes.Literal) != 0 && (!isStatic || f.GetDefaultValue().IsNil || (f.Attributes & FieldAttributes.InitOnly) != 0))
                    bad($"literal field {name} is not a static constant with a value (II.22.15)");
                if ((f.Attributes & FieldAttributes.HasFieldRVA) != 0)
                {
                    if (!isStatic) bad($"field {name} has RVA data but is not static (II.22.18)");
                    TypeSig type = types.DecodeField(t.Assembly, f.Signature);
                    int size = DataSize(type);
                    if (size < 0) bad($"RVA field {name} is of type {type}, not a primitive or a value type with a declared size, so its data has no known extent (II.16.3.2)");
                    else if (!t.Assembly.HasImageData(f.GetRelativeVirtualAddress(), size))
                        bad($"RVA field {name}'s {size} bytes of data do not lie inside one section of the image (II.22.18)");
                }
                if (!isStatic && t.IsInterface)
                    bad($"interface field {name} is not static (II.12)");
                if (f.GetOffset() != -1 && (t.Attributes & TypeAttributes.LayoutMask) != TypeAttributes.ExplicitLayout)
                    bad($"field {name} has an explicit offset but its type does not have explicit layout (II.22.16)");
            }
        }

        /// <summary>The bytes behind an RVA field: a primitive's size or a value type's declared ClassSize; -1 otherwise.</summary>
        private static int DataSize(TypeSig type) => type switch
        {
            PrimSig { Code: PrimitiveTypeCode.Byte or PrimitiveTypeCode.SByte or PrimitiveTypeCode.Boolean } => 1,
            PrimSig { Code: PrimitiveTypeCode.Int16 or PrimitiveTypeCode.UInt16 or PrimitiveTypeCode.Char } => 2,
            PrimSig { Code: PrimitiveTypeCode.Int32 or PrimitiveTypeCode.UInt32 or PrimitiveTypeCode.Single } => 4,
            PrimSig { Code: PrimitiveTypeCode.Int64 or PrimitiveTypeCode.UInt64 or PrimitiveTypeCode.Double } => 8,
            NamedSig { Def: { IsValueType: true } d, Args.Length: 0 } when d.Assembly.Reader.GetTypeDefinition(d.Handle).GetLayout() is { Size: > 0 } l => l.Size,
            _ => -1,
        };

        /// <summary>II.22.8: a packing below the pointer size could misalign an object reference, which the collector
        /// must find at an aligned address; refused on types whose instances hold references.</summary>
        private static void CheckLayout(TypeDef t, TypeSystem types, Action<string> bad)
        {
            TypeLayout layout = t.Assembly.Reader.GetTypeDefinition(t.Handle).GetLayout();
            if (layout.PackingSize is 0 or >= 8 || !HoldsReferences(t, types, new HashSet<TypeDef>())) return;
            bad($"it is packed to {layout.PackingSize} byte(s) but holds object references, which the collector needs pointer-aligned (II.22.8); remove Pack from its [StructLayout], or keep the references in another type");
        }

        /// <summary>Whether an instance of <paramref name="t"/> stores an object reference or byref in place (itself or through
        /// value-type fields); generic value types count as yes. Each type is looked into once (<paramref name="seen"/>),
        /// so the walk is linear in the program's fields however the structs nest.</summary>
        private static bool HoldsReferences(TypeDef t, TypeSystem types, HashSet<TypeDef> seen)
        {
            if (!seen.Add(t)) return false;   // already looked into (or being looked into: a cycle the runtime refuses)
            MetadataReader r = t.Assembly.Reader;
            foreach (FieldDefinitionHandle fh in t.Fields)
            {
                FieldDefinition f = r.GetFieldDefinition(fh);
                if ((f.Attributes & FieldAttributes.Static) != 0) continue;
                switch (types.DecodeField(t.Assembly, f.Signature))
                {
                    case PrimSig { Code: PrimitiveTypeCode.Object or PrimitiveTypeCode.String or PrimitiveTypeCode.TypedReference }: return true;
                    case PrimSig: continue;
                    case NamedSig { Def: { IsValueType: true } d } n when n.Args.Length == 0:
                        if (HoldsReferences(d, types, seen)) return true;
                        continue;
                    default: return true;
                }
            }
            return false;
        }

        /// <summary>II.22.26, II.14.6: the flags of each method agree with its signature and its type.</summary>
        private static void CheckMethods(TypeDef t, TypeSystem types, Action<string> bad)
        {
            MetadataReader r = t.Assembly.Reader;
            bool sawInvoke = false, sawCtor = false;
            foreach (MethodDefinitionHandle mh in t.Methods)
            {
                MethodDefinition m = r.GetMethodDefinition(mh);
                string name = r.GetString(m.Name);
                MethodSignature<TypeSig> sig = types.DecodeMethod(t.Assembly, m.Signature);
                MethodAttributes a = m.Attributes;
                bool isStatic = (a & MethodAttributes.Static) != 0, isVirtual = (a & MethodAttributes.Virtual) != 0, isAbstract = (a & MethodAttributes.Abstract) != 0;
                string what = $"method {name}";
                if (sig.Header.IsInstance == isStatic || sig.Header.HasExplicitThis)
                    bad($"{what} is marked {(isStatic ? "static" : "instance")} but its signature says {(sig.Header.IsInstance ? "instance" : "static")}{(sig.Header.HasExplicitThis ? " with an explicit this" : "")} (II.22.26)");
                if (sig.GenericParameterCount != m.GetGenericParameters().Count)
                    bad($"{what}'s signature has {sig.GenericParameterCount} generic parameter(s) but the GenericParam table gives it {m.GetGenericParameters().Count} (II.22.20)");
                if (sig.Header.CallingConvention != SignatureCallingConvention.Default)
                    bad($"{what} uses calling convention {sig.Header.CallingConvention}; only the managed default is verifiable (II.15.3)");
                if (isStatic && (isVirtual || isAbstract) && !t.IsInterface)
                    bad($"{what} is static and virtual outside an interface (II.22.26)");
                if (isAbstract && (!isVirtual || m.RelativeVirtualAddress != 0 || !(t.IsAbstract || t.IsInterface)))
                    bad($"{what} is abstract but {(!isVirtual ? "not virtual" : m.RelativeVirtualAddress != 0 ? "has a body" : "its type is not abstract")} (II.22.26)");
                if (name is ".ctor" or ".cctor" && (a & MethodAttributes.RTSpecialName) == 0)
                    bad($"{what} lacks rtspecialname (II.10.5)");
                if (name == ".ctor" && (isStatic || isVirtual || !sig.ReturnType.Equals(TypeSystem.Void) || t.IsInterface || sig.GenericParameterCount > 0))
                    bad($"instance constructor .ctor is {(t.IsInterface ? "in an interface" : "static, virtual, generic or not void")} (II.10.5.1)");
                if (name == ".cctor" && (!isStatic || sig.ParameterTypes.Length > 0 || !sig.ReturnType.Equals(TypeSystem.Void) || sig.GenericParameterCount > 0))
                    bad("type initializer .cctor is not a static void method without parameters (II.10.5.3)");
                if ((a & MethodAttributes.RTSpecialName) != 0 && name is not (".ctor" or ".cctor"))
                    bad($"{what} is marked rtspecialname, which only .ctor and .cctor may be (II.22.26)");

                var codeType = m.ImplAttributes & MethodImplAttributes.CodeTypeMask;
                bool runtime = codeType == MethodImplAttributes.Runtime;
                if (codeType is MethodImplAttributes.Native or MethodImplAttributes.OPTIL || (m.ImplAttributes & MethodImplAttributes.Unmanaged) != 0)
                    bad($"{what} is implemented in {((m.ImplAttributes & MethodImplAttributes.Unmanaged) != 0 ? "unmanaged" : codeType.ToString())} code, not managed IL (II.23.1.11)");
                if ((a & MethodAttributes.UnmanagedExport) != 0)
                    bad($"{what} is marked UnmanagedExport, a reserved flag (II.23.1.10)");
                if (t.IsDelegate)
                {
                    bool known = name is ".ctor" or "Invoke" or "BeginInvoke" or "EndInvoke";
                    if (!known || !runtime || m.RelativeVirtualAddress != 0 || isStatic || sig.GenericParameterCount > 0)
                        bad($"{what} of a delegate type must be one of .ctor, Invoke, BeginInvoke, EndInvoke, a non-generic instance method implemented by the runtime without a body (II.14.6)");
                    if (name == ".ctor")
                    {
                        sawCtor = true;
                        if (sig.ParameterTypes.Length != 2 || !sig.ParameterTypes[0].Equals(TypeSystem.Object) || !sig.ParameterTypes[1].Equals(TypeSystem.IntPtr))
                            bad("a delegate's constructor must take (object, native int) (II.14.6.1)");
                    }
                    if (name == "Invoke")
                    {
                        if (sawInvoke) bad("a delegate type has more than one Invoke method (II.14.6)");
                        sawInvoke = true;
                    }
                }
                else if (runtime)
                    bad($"{what} is marked runtime-implemented, which only a delegate's .ctor, Invoke, BeginInvoke and EndInvoke may be (II.14.6); other bodyless methods are extern (SINGI055)");
            }
            if (t.IsDelegate && !(sawInvoke && sawCtor))
                bad("a delegate type needs a constructor .ctor(object, native int) and an Invoke method (II.14.6)");
        }
    }
}
