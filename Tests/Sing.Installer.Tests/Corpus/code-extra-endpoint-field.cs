// expect: SINGI045 extra endpoint 'log': field Test.App.Startup.Log is not declared in the manifest of client
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
    internal sealed partial class Startup
    {
        [Endpoint("echo")] public ChannelEndpoint Echo;
        [Endpoint("log")] public ChannelEndpoint Log;
    }
}
