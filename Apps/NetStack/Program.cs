using Sing.Contracts.Sip;
using Sing.Network;
using Sing.Network.Protocol;
using Sing.Network.Tcp;
using Singularity.Configuration;
using Singularity.V1;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.NetStack
{
    /// <summary>netstack's parameters (Manifests/Programs/netstack.xml).</summary>
    [ProgramStartup]
    internal sealed partial class NetStackStartup
    {
        [Parameter("nic")] public string Nic = "/dev/nic0";
        [Parameter("wait")] public int WaitMilliseconds = 10000;
        [Endpoint("net")] public ChannelEndpoint Net;
    }

    /// <summary>Binds the card, configures the interface by DHCP (the stack serves at once; connections need the
    /// address, listening does not) and serves /service/net. Without a card within "wait" it exits with 0 (and stays ended).</summary>
    internal static class Program
    {
        internal static int Main(NetStackStartup startup)
        {
            NicPort? port = NicPort.Connect(startup.Nic, startup.WaitMilliseconds, out string error);
            if (port == null)
            {
                // Not a failure to restart for: a machine without a card has no network (as the disk driver without a disk).
                Debug.WriteLine("netstack: " + error + "; /service/net is not served");
                return 0;
            }
            var link = new NicLink(startup.Nic, port);
            long now = StackServer.Now();
            var ip = new NetInterface(port.Mac, link, (int)now);
            var tcp = new TcpEngine(ip, new TcpLimits(), (ulong)System.Diagnostics.Stopwatch.GetTimestamp());
            ip.Register(6, tcp);
            ip.StartDhcp(now);
            // Every client's channel follows the sockets contract from its first message: one that breaks it is ended by
            // the kernel (as /fs's clients are), not left to the stack's typed receives.
            AbiStatus checking = KernelEndpoints.CheckBinds(startup.Net, NetworkContract.Protocol);
            if (checking != AbiStatus.Ok)
            {
                Debug.WriteLine("netstack: cannot have /service/net's channels checked: " + checking.ToString());
                return 3;
            }
            Debug.WriteLine($"netstack: {startup.Nic} is {NetworkStatus.FormatMac(port.Mac)}; asking DHCP for an address; serving /service/net");
            new StackServer(link, ip, tcp).Run(startup.Net);
            return 0;
        }
    }
}
