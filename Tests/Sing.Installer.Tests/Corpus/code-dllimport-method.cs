// expect: SINGI055 method Test.App.Native.Write is extern
// manifest: Shared/app.xml
// A [DllImport] (PInvoke) method: native code outside the verifier's reach. Our corelib has no DllImportAttribute, so
// the program declares one; the C# compiler turns it into the PInvokeImpl flag and an ImplMap row all the same.
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Native.Write(1);
    }

    internal static class Native
    {
        [DllImport("libc")]
        public static extern int Write(int fd);
    }
}

namespace System.Runtime.InteropServices
{
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class DllImportAttribute : Attribute
    {
        public DllImportAttribute(string dllName) { Value = dllName; }
        public string Value { get; }
    }
}
