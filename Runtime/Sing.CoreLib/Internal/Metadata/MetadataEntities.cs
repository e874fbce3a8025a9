namespace Internal.Metadata.NativeFormat
{
    // ILC treats a system module named System.Private.CoreLib as the stock corelib and makes custom-attribute metadata
    // conditional on the stock reflection reader's accessors (Type.get_CustomAttributes and friends) being compiled.
    // These are only those names: our runtime never reads custom attributes, so they exist and return nothing.

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
