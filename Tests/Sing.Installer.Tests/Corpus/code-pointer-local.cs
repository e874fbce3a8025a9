// expect: SINGI051 a local variable has pointer type System.Int64*
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
    internal static unsafe class Scratch
    {
        public static long Peek(long x) { long* p = &x; return *p; }
    }
}
