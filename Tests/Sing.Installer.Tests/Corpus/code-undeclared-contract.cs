// expect: SINGI021 uses contract Sing.Apps.Echo.TimeContract, which the manifest of client does not declare
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
    internal sealed partial class Startup { [Endpoint("echo")] public ChannelEndpoint Echo; }
    internal static class Clock { public static int Now() => Sing.Apps.Echo.TimeContract.Now(); }
}
