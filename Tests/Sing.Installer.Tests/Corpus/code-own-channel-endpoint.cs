// expect: SINGI047 is Singularity.V1.ChannelEndpoint (defined by the program itself, not by Sing.SipRuntime)
// The program defines its own type named like the runtime's endpoint; the installer resolves the field's type.
// manifest: Shared/echo-client.xml
// contracts
using System.Runtime.InteropServices;
using Singularity.Configuration;

namespace Singularity.V1
{
    public struct ChannelEndpoint { public long Forged; }
}

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => 0;
    }
    [ProgramStartup]
    internal sealed partial class Startup { [Endpoint("echo")] public Singularity.V1.ChannelEndpoint Echo; }
}
