// expect: SINGI021 uses contract Sing.Apps.Echo.TimeContract, which the manifest of client does not declare
// manifest: Shared/runtime-channel-user.xml
// contracts
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Sing.Apps.Echo.EchoContract.Ping(1) + Sing.Apps.Echo.TimeContract.Now();
    }
}
