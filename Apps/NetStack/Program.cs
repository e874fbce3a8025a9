using Singularity.Configuration;
using Singularity.V1;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.NetStack
{
    [ProgramStartup]
    internal sealed partial class NetStackStartup
    {
        [Parameter("nic")] public string Nic = "/dev/nic0";
        [Endpoint("net")] public ChannelEndpoint Net;
    }

    internal static class Program
    {
        internal static int Main(NetStackStartup startup)
        {
            Debug.WriteLine("netstack: " + startup.Nic);
            return 0;
        }
    }
}
