// expect: SINGI053 ldftn takes a raw function pointer
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
    internal static unsafe class Calls
    {
        private static int Twice(int x) => 2 * x;
        public static nint Address() { delegate*<int, int> f = &Twice; return (nint)f; }
    }
}
