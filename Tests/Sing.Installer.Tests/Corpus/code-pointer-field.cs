// expect: SINGI051 field Test.App.Holder.P has pointer type System.Int32*
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
    internal unsafe class Holder { public int* P; }
}
