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

        /// <summary>The namespace of the type (of its outermost enclosing type), or null for none.</summary>
        public static string NamespaceOf(MethodTable* type)
        {
            MethodTable* definition = type->GenericDefinition != null ? type->GenericDefinition : type;
            byte* blob = ModuleTables.Metadata;
            byte* record = EnumMetadata.FindTypeDefinition(definition, blob);
            if (record == null) return null;
            for (int depth = 0; depth < 32; depth++)
            {
                byte* enclosing = EnclosingOf(record, blob);
                if (enclosing == null) break;
                record = enclosing;
            }
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
