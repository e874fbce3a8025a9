using System.Collections.Generic;
using Singularity.Configuration;
using Singularity.V1;

namespace SingDriver
{
    /// <summary>What singdriver.xml gives this driver: the I/O ports of its hardware section and its registration at
    /// /dev/singdriver.</summary>
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [IoPorts("registers")] public IoPortRange Registers;
        [Endpoint("clients")] public ChannelEndpoint Clients;
    }

    /// <summary>The messages of SingDriver.StatusContract: a client sends GetStatus, the driver answers Status with
    /// the controller's status register (8 inline bytes).</summary>
    internal static class StatusProtocol
    {
        public const int GetStatus = 1;
        public const int Status = 2;
    }

    internal static class Program
    {
        // Offset of the status register from the ports' base (0x60): port 0x64.
        private const uint StatusRegister = 4;

        internal static int Main(Startup startup)
        {
            Debug.WriteLine($"SingDriver: ports 0x{startup.Registers.Base:x}+{startup.Registers.Length}, controller status 0x{startup.Registers.Read8(StatusRegister):x2}");
            var endpoints = new List<ChannelEndpoint> { startup.Clients };
            while (true)
            {
                if (Channels.Select(endpoints.ToArray(), Channels.Forever, out int ready) != AbiStatus.Ok && ready < 0) continue;
                ChannelEndpoint at = endpoints[ready];
                AbiStatus status = Channels.Receive(at, out ReceivedMessage message, 0);
                if (status == AbiStatus.ChannelClosed)
                {
                    if (ready == 0) return 0;   // the kernel withdrew the registration
                    Channels.Close(at);
                    endpoints.RemoveAt(ready);
                    continue;
                }
                if (status != AbiStatus.Ok) continue;
                if (ready == 0)
                {
                    // A client bound the name: its end of a fresh channel arrives as a connection request.
                    if (message.Tag == Names.ConnectRequestTag) endpoints.Add(message.Endpoint);
                    continue;
                }
                if (message.Tag == StatusProtocol.GetStatus)
                    Channels.Send(at, StatusProtocol.Status, startup.Registers.Read8(StatusRegister));
            }
        }
    }
}
