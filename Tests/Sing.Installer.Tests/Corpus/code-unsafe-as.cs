// expect: SINGI054 uses System.Runtime.CompilerServices.Unsafe.As
// manifest: Shared/app.xml
using System;
using System.Runtime.InteropServices;
using Singularity.V1;
using Singularity.Configuration;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => 0;
    }
    internal static class Cast
    {
        public static string Pun(object o) => System.Runtime.CompilerServices.Unsafe.As<string>(o);
    }
}
