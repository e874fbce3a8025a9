namespace System.Runtime
{
    /// <summary>Gives a method a fixed, unmangled symbol name so the compiler's generated code, assembly
    /// stubs and the linker can call it.</summary>
    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    public sealed class RuntimeExportAttribute : Attribute
    {
        public RuntimeExportAttribute(string entry) { EntryPoint = entry; }
        public string EntryPoint { get; }
    }

    /// <summary>Declares an extern method implemented by a symbol outside managed code (assembly stubs). The call
    /// is a plain native call with no transition frame.</summary>
    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    public sealed class RuntimeImportAttribute : Attribute
    {
        public RuntimeImportAttribute(string entry) { EntryPoint = entry; }
        public RuntimeImportAttribute(string dllName, string entry) { EntryPoint = entry; DllName = dllName; }
        public string EntryPoint { get; }
        public string DllName { get; }
    }
}
