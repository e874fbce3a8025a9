// expect: SINGI052 localloc allocates raw stack memory
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
    internal static class Scratch
    {
        public static int Sum() { Span<int> s = stackalloc int[4]; s[0] = 1; return s[0]; }
    }
}
