// expect: SINGI043 has no [Singularity.Configuration.ProgramStartup] class, but manifest app declares parameters
// manifest: Shared/params.xml
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
}
