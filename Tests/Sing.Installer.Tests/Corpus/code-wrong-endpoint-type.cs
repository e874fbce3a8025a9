// expect: SINGI047 field Test.App.Startup.Echo for endpoint echo is System.Int64; declare it as Singularity.V1.ChannelEndpoint
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
    internal sealed partial class Startup { [Endpoint("echo")] public long Echo; }
}
