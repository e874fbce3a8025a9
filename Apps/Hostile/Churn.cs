using System.Collections.Generic;
using Singularity.V1;

namespace Sing.Apps.Hostile
{
    /// <summary>Workloads that never end, for the kernel's kill tests: the kernel kills the process at a random
    /// moment, in the middle of whatever it was doing, and then checks that nothing it held was lost.</summary>
    internal static class Churn
    {
        private static string PairName => "/churn/pair" + Processes.CurrentId.ToString();

        /// <summary>Serves its pair name and ping-pongs blocks with the peer it starts, for ever.</summary>
        private static int Pair()
        {
            if (Names.Register(PairName, out ChannelEndpoint requests) != AbiStatus.Ok) return 2;
            if (Processes.Create("hostile", "churn-peer-" + Processes.CurrentId.ToString(), out ProcessHandle peer) != AbiStatus.Ok) return 3;
            Processes.Start(peer);
            if (Channels.Receive(requests, out ReceivedMessage connect) != AbiStatus.Ok) return 4;
            ChannelEndpoint channel = connect.Endpoint;
            for (long i = 0; ; i++)
            {
                if (Channels.Receive(channel, out ReceivedMessage m) != AbiStatus.Ok) return 5;
                ExchangeBlock block = m.Block;
                if (Channels.Send(channel, 2, i, block) != AbiStatus.Ok) return 6;
            }
        }

        /// <summary>Binds the pair name of process <paramref name="server"/> and sends blocks of changing sizes, each coming
        /// back, for ever.</summary>
        public static int Peer(string server)
        {
            string name = "/churn/pair" + server;
            ChannelEndpoint channel = default;
            for (int attempt = 0; attempt < 200 && Names.Bind(name, out channel) != AbiStatus.Ok; attempt++) Threads.Sleep(1);
            if (channel.IsNull) return 2;
            var bytes = new byte[64];
            for (long i = 0; ; i++)
            {
                ExchangeBlock block = Exchange.Allocate(64 + (ulong)(i % 9000));
                block.Write(0, bytes);
                if (Channels.Send(channel, 1, i, block) != AbiStatus.Ok) return 3;
                if (Channels.Receive(channel, out ReceivedMessage back) != AbiStatus.Ok) return 4;
                Exchange.Free(back.Block);
            }
        }

        public static int Run(string kind)
        {
            var bytes = new byte[256];
            var keep = new List<byte[]>();
            for (long i = 0; ; i++)
            {
                switch (kind)
                {
                    case "exchange":
                    {
                        // Blocks allocated, written, sent to itself, received and freed; some left owned.
                        ExchangeBlock block = Exchange.Allocate(64 + (ulong)(i % 20000));
                        block.Write(0, bytes);
                        if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) == AbiStatus.Ok)
                        {
                            Channels.Send(imp, 1, i, block);
                            Channels.Receive(exp, out ReceivedMessage m, 10);
                            if (i % 7 != 0) Exchange.Free(m.Block);
                            if (i % 5 != 0)
                            {
                                Channels.Close(imp);
                                Channels.Close(exp);
                            }
                        }
                        break;
                    }
                    case "heap":
                        // Object heap pages taken and given back by the collector.
                        keep.Add(new byte[1024 + (int)(i % 60000)]);
                        if (keep.Count > 64) keep.Clear();
                        break;
                    case "children":
                    {
                        // Children created and never started, some killed, some left for the kernel.
                        if (Processes.Create("hello", "", out ProcessHandle child) == AbiStatus.Ok && i % 3 == 0) Processes.Kill(child);
                        break;
                    }
                    case "names":
                    {
                        if (Names.Register("/churn/n" + (i % 40).ToString(), out ChannelEndpoint requests) == AbiStatus.Ok && i % 2 == 0)
                            Channels.Close(requests);
                        Names.Bind("/churn/n" + ((i + 1) % 40).ToString(), out ChannelEndpoint client);
                        if (i % 3 == 0) Channels.Close(client);
                        Names.Watch("/churn/", out ChannelEndpoint watch);
                        Channels.Close(watch);
                        break;
                    }
                    case "pair":
                        // Two processes talking: this one serves a name, its child (churn-peer) binds it, and they pass
                        // blocks back and forth until one of them is killed.
                        return Pair();
                    default:
                        return -1;
                }
            }
        }
    }
}
