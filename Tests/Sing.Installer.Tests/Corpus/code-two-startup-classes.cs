// expect: SINGI043 has 2 [ProgramStartup] classes
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
    [ProgramStartup] internal sealed partial class One { }
    [ProgramStartup] internal sealed partial class Two { }
}
