// A client that binds its declared endpoint and uses the declared contract (and a nested type of it).
// manifest: ../Corpus/Shared/echo-client.xml
// contracts
using System.Runtime.InteropServices;
using Singularity.Configuration;
using Singularity.V1;

namespace Test.App
{
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [Endpoint("echo")] public ChannelEndpoint Echo;
    }

    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Sing.Apps.Echo.EchoContract.Ping(1) + Sing.Apps.Echo.EchoContract.Imp.Send(2) + Sing.Apps.Echo.NotAContract.Hello();
    }
}
