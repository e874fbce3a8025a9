namespace Internal.Runtime.TypeLoader
{
    /// <summary>A type's simple name for diagnostics: the TypeDefinition's Name from the embedded metadata, or the
    /// MethodTable's address when the image has no record for it (the kernel's symbol table can name that).</summary>
    internal static unsafe class TypeNames
    {
        public static string Of(MethodTable* type)
        {
            MethodTable* definition = type->GenericDefinition != null ? type->GenericDefinition : type;
            byte* blob = ModuleTables.Metadata;
            byte* record = EnumMetadata.FindTypeDefinition(definition, blob);
            if (record == null) return "MethodTable@0x" + ((ulong)type).ToString("x");
            NativeFormat.DecodeUnsigned(ref record); // Flags
            NativeFormat.DecodeUnsigned(ref record); // BaseType
            NativeFormat.DecodeUnsigned(ref record); // NamespaceDefinition
            return EnumMetadata.Utf8String(blob + NativeFormat.DecodeUnsigned(ref record));
        }
    }
}
