// expect: SINGI052 calli calls through a function pointer
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
        public static int Invoke(delegate*<int, int> f) => f(3);
    }
}
