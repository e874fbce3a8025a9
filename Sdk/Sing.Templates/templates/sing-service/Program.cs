using System.Collections.Generic;
using Singularity.Configuration;
using Singularity.V1;

namespace SingService
{
    /// <summary>What singservice.xml gives this program: its registration at /service/singservice, on which each
    /// client's connection request arrives, and a parameter.</summary>
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [Endpoint("clients")] public ChannelEndpoint Clients;
        [Parameter("increment")] public int Increment;
    }

    /// <summary>The messages of SingService.EchoContract: a client sends Echo with a number (8 inline bytes), the
    /// service answers Reply with the number plus its increment.</summary>
    internal static class EchoProtocol
    {
        public const int Echo = 1;
        public const int Reply = 2;
    }

    internal static class Program
    {
        internal static int Main(Startup startup)
        {
            Debug.WriteLine($"SingService: serving /service/singservice (increment {startup.Increment})");
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
                if (message.Tag == EchoProtocol.Echo) Channels.Send(at, EchoProtocol.Reply, message.InlineInt64() + startup.Increment);
            }
        }
    }
}
