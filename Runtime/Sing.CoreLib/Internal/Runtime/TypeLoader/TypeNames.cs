namespace Internal.Runtime.TypeLoader
{
    /// <summary>Type names from the embedded metadata: TypeDefinition = Flags, BaseType, NamespaceDefinition, Name,
    /// ..., EnclosingType; NamespaceDefinition = ParentScopeOrNamespace, Name, .... A type without a record (ILC
    /// emits none for some compiler-made types) is named by its MethodTable's address.</summary>
    internal static unsafe class TypeNames
    {
        /// <summary>The simple metadata name ("List`1", "Inner").</summary>
        public static string Of(MethodTable* type)
        {
            MethodTable* definition = type->GenericDefinition != null ? type->GenericDefinition : type;
            byte* blob = ModuleTables.Metadata;
            byte* record = EnumMetadata.FindTypeDefinition(definition, blob);
            if (record == null) return "MethodTable@0x" + ((ulong)type).ToString("x");
            return NameOf(record, blob);
        }

        /// <summary>The metadata record of the type's definition, or of its outermost enclosing type when it is nested
        /// (at most 32 levels out); null when the image has no record for it.</summary>
        private static byte* OutermostDefinition(MethodTable* type, byte* blob)
        {
            MethodTable* definition = type->GenericDefinition != null ? type->GenericDefinition : type;
            byte* record = EnumMetadata.FindTypeDefinition(definition, blob);
            if (record == null) return null;
            for (int depth = 0; depth < 32; depth++)
            {
                byte* enclosing = EnclosingOf(record, blob);
                if (enclosing == null) break;
                record = enclosing;
            }
            return record;
        }

        /// <summary>The namespace of the type (of its outermost enclosing type), or null for none.</summary>
        public static string NamespaceOf(MethodTable* type)
        {
            byte* blob = ModuleTables.Metadata;
            byte* record = OutermostDefinition(type, blob);
            if (record == null) return null;
            byte* p = record;
            NativeFormat.DecodeUnsigned(ref p); // Flags
            NativeFormat.DecodeUnsigned(ref p); // BaseType
            uint ns = NativeFormat.DecodeUnsigned(ref p);
            return ns == 0 ? null : NamespacePath(blob + ns, blob, 0);
        }

        /// <summary>The name without namespace, nested types joined by '+' ("Outer+Inner").</summary>
        public static string NestedNameOf(MethodTable* type)
        {
            MethodTable* definition = type->GenericDefinition != null ? type->GenericDefinition : type;
            byte* blob = ModuleTables.Metadata;
            byte* record = EnumMetadata.FindTypeDefinition(definition, blob);
            if (record == null) return "MethodTable@0x" + ((ulong)type).ToString("x");
            string name = NameOf(record, blob);
            for (int depth = 0; depth < 32; depth++)
            {
                record = EnclosingOf(record, blob);
                if (record == null) break;
                name = string.Concat(NameOf(record, blob), "+", name);
            }
            return name;
        }

        /// <summary>The display name of the assembly that defines the type ("Name, Version=1.0.0.0, Culture=neutral,
        /// PublicKeyToken=null"), from the ScopeDefinition at the root of its namespaces: Flags, Name, HashAlgorithm,
        /// MajorVersion, MinorVersion, BuildNumber, RevisionNumber, PublicKey, Culture. Null when the image has no
        /// record for it, or for a strong-named assembly (its token would need a SHA-1 of the key this runtime
        /// does not compute).</summary>
        public static string AssemblyNameOf(MethodTable* type)
        {
            byte* blob = ModuleTables.Metadata;
            byte* record = OutermostDefinition(type, blob);
            if (record == null) return null;
            byte* p = record;
            NativeFormat.DecodeUnsigned(ref p); // Flags
            NativeFormat.DecodeUnsigned(ref p); // BaseType
            uint ns = NativeFormat.DecodeUnsigned(ref p);
            for (int depth = 0; ns != 0 && depth < 64; depth++)
            {
                byte* q = blob + ns;
                uint parent = NativeFormat.DecodeUnsigned(ref q);
                if ((parent & 0x7F) == ScopeDefinition) return ScopeDisplayName(blob + (parent >> 7), blob);
                ns = (parent & 0x7F) == NamespaceDefinition ? parent >> 7 : 0;
            }
            return null;
        }

        private const uint NamespaceDefinition = 0x2f, ScopeDefinition = 0x38;

        private static string ScopeDisplayName(byte* scope, byte* blob)
        {
            byte* p = scope;
            NativeFormat.DecodeUnsigned(ref p); // Flags
            uint name = NativeFormat.DecodeUnsigned(ref p);
            NativeFormat.DecodeUnsigned(ref p); // HashAlgorithm
            uint major = NativeFormat.DecodeUnsigned(ref p);
            uint minor = NativeFormat.DecodeUnsigned(ref p);
            uint build = NativeFormat.DecodeUnsigned(ref p);
            uint revision = NativeFormat.DecodeUnsigned(ref p);
            uint keyLength = NativeFormat.DecodeUnsigned(ref p);
            if (name == 0 || keyLength != 0) return null;
            uint culture = NativeFormat.DecodeUnsigned(ref p);
            string cultureName = culture == 0 ? "" : EnumMetadata.Utf8String(blob + culture);
            return string.Concat(EnumMetadata.Utf8String(blob + name), ", Version=",
                string.Concat(major.ToString(), ".", minor.ToString(), ".", build.ToString() + "." + revision.ToString()),
                ", Culture=" + (cultureName.Length == 0 ? "neutral" : cultureName), ", PublicKeyToken=null");
        }

        private static string NameOf(byte* record, byte* blob)
        {
            NativeFormat.DecodeUnsigned(ref record); // Flags
            NativeFormat.DecodeUnsigned(ref record); // BaseType
            NativeFormat.DecodeUnsigned(ref record); // NamespaceDefinition
            return EnumMetadata.Utf8String(blob + NativeFormat.DecodeUnsigned(ref record));
        }

        private static byte* EnclosingOf(byte* record, byte* blob)
        {
            NativeFormat.DecodeUnsigned(ref record); // Flags
            NativeFormat.DecodeUnsigned(ref record); // BaseType
            NativeFormat.DecodeUnsigned(ref record); // NamespaceDefinition
            NativeFormat.DecodeUnsigned(ref record); // Name
            NativeFormat.DecodeUnsigned(ref record); // Size
            NativeFormat.DecodeUnsigned(ref record); // PackingSize
            uint enclosing = NativeFormat.DecodeUnsigned(ref record);
            return enclosing == 0 ? null : blob + enclosing;
        }

        // The root namespace has an empty (or no) name; its parent is the scope.
        private static string NamespacePath(byte* ns, byte* blob, int depth)
        {
            byte* p = ns;
            uint parent = NativeFormat.DecodeUnsigned(ref p);
            uint name = NativeFormat.DecodeUnsigned(ref p);
            if (name == 0 || depth > 32) return null;
            string own = EnumMetadata.Utf8String(blob + name);
            if (own.Length == 0) return null;
            string outer = parent == 0 ? null : NamespacePath(blob + (parent >> 7), blob, depth + 1);
            return outer is null ? own : string.Concat(outer, ".", own);
        }
    }
}
