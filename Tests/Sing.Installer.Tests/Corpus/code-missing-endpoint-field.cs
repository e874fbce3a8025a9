// expect: SINGI044 endpoint echo of client is missing in code
// manifest: Shared/echo-client.xml
// contracts
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
    [ProgramStartup]
    internal sealed partial class Startup { }
}
