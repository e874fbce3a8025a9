// expect: SINGI055 method Test.App.Native.Peek is extern
// manifest: Shared/app.xml
// A bodyless [MethodImpl(InternalCall)] method: code the runtime would have to supply, refused like any extern.
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Native.Peek(0);
    }

    internal static class Native
    {
        [MethodImpl(MethodImplOptions.InternalCall)]
        public static extern int Peek(int address);
    }
}
