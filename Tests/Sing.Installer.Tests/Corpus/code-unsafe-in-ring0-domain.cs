// expect: SINGI051 a local variable has pointer type System.Int64*
// A domain of its own in ring 0 is no wall against unverifiable code: only ring 3 is (the same code placed in ring 3
// passes: Good/good-unsafe-in-ring3.cs).
// domain: ring0
// manifest: Shared/app.xml
using System;
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static unsafe class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main()
        {
            long value = 5;
            long* p = &value;
            return (int)*p;
        }
    }
}
