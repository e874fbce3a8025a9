namespace Internal.Metadata.NativeFormat
{
    // ILC treats a system module named System.Private.CoreLib as the stock corelib and makes custom-attribute metadata
    // conditional on the stock reflection reader's accessors (Type.get_CustomAttributes and friends) being compiled.
    // These are only those names, returning nothing: EnumMetadata.IsFlags calls TypeDefinition.CustomAttributes so
    // that ILC writes custom attributes into images that format enums, then reads the records itself.

    internal struct TypeDefinition { public int CustomAttributes => 0; }

    internal struct Method { public int CustomAttributes => 0; }

    internal struct Parameter { public int CustomAttributes => 0; }

    internal struct GenericParameter { public int CustomAttributes => 0; }

    internal struct Field { public int CustomAttributes => 0; }

    internal struct Property { public int CustomAttributes => 0; }

    internal struct Event { public int CustomAttributes => 0; }

    internal struct ScopeDefinition
    {
        public int CustomAttributes => 0;
        public int ModuleCustomAttributes => 0;
    }
}
