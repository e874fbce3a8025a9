// expect: SINGI051 has pointer type delegate*<System.Int32,System.Int32> in its signature
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
        public static int Invoke(delegate*<int, int> f) => 0;
    }
}
