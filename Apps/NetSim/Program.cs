using System;
using Sing.Network.Protocol;
using Sing.Network.Tcp;
using Singularity.Configuration;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.NetSim
{
    [ProgramStartup]
    internal sealed partial class NetSimStartup
    {
        [Parameter("loss")] public int LossPercent = 10;
        [Parameter("kilobytes")] public int Kilobytes = 1024;
        [Parameter("seed")] public int Seed = 31;
    }

    /// <summary>Two stacks (interface and TCP) in this SIP, joined by <see cref="LossyLink"/> with "loss" percent of frames
    /// lost and as many reordered and half as many duplicated: A connects to B's port 80, sends "kilobytes" KiB of
    /// patterned data, B checks every byte. Exit 0 when all arrived intact and in order, 1 otherwise. Prints the figures.</summary>
    internal static class Program
    {
        private const uint AddressA = 0x0A000101, AddressB = 0x0A000102;

        internal static int Main(NetSimStartup startup)
        {
            var link = new LossyLink(startup.Seed);
            var a = new NetInterface(0x020000000001, link.TransmitterOfA, startup.Seed);
            var b = new NetInterface(0x020000000002, link.TransmitterOfB, startup.Seed + 1);
            link.Join(a, b);
            a.Configure(AddressA, 24, 0, 0, 0);
            b.Configure(AddressB, 24, 0, 0, 0);
            var tcpA = new TcpEngine(a, new TcpLimits(), 1);
            var tcpB = new TcpEngine(b, new TcpLimits(), 2);
            a.Register(6, tcpA);
            b.Register(6, tcpB);
            link.Loss = link.Reordering = startup.LossPercent / 100.0;
            link.Duplication = link.Loss / 2;

            TcpListener listener = tcpB.Listen(80, 4)!;
            TcpConnection client = tcpA.Connect(AddressB, 80, link.Now)!;
            TcpConnection? server = null;
            int total = startup.Kilobytes * 1024, sent = 0, received = 0;
            bool intact = true;
            var chunk = new byte[4096];
            long steps = 0;
            while (received < total && steps++ < 50_000_000)
            {
                server ??= tcpB.Accept(listener);
                if (server != null && sent < total)
                {
                    int n = Math.Min(chunk.Length, total - sent);
                    for (int i = 0; i < n; i++) chunk[i] = Pattern(sent + i);
                    sent += tcpA.Send(client, new ReadOnlySpan<byte>(chunk, 0, n), link.Now);
                }
                if (server != null)
                {
                    int got;
                    while ((got = tcpB.Receive(server, chunk, link.Now)) > 0)
                    {
                        for (int i = 0; i < got; i++) intact &= chunk[i] == Pattern(received + i);
                        received += got;
                    }
                }
                if (client.State == TcpState.Closed) break;
                long deadline = Math.Min(Math.Min(tcpA.NextDeadline(link.Now), tcpB.NextDeadline(link.Now)), Math.Min(a.NextDeadline(link.Now), b.NextDeadline(link.Now)));
                if (!link.Step(deadline)) break;
                tcpA.Tick(link.Now);
                tcpB.Tick(link.Now);
                a.Tick(link.Now);
                b.Tick(link.Now);
            }
            bool ok = intact && received == total;
            Debug.WriteLine($"netsim: {received} of {total} bytes {(intact ? "intact and in order" : "CORRUPTED")} over a link losing {startup.LossPercent}% (and reordering {startup.LossPercent}%, duplicating {startup.LossPercent / 2}%): " +
                $"{link.Carried} frames carried, {link.Lost} lost, {client.Retransmissions} retransmissions, {SimSeconds(link.Now)} s of simulated time");
            return ok ? 0 : 1;
        }

        private static byte Pattern(int i) => (byte)(i * 31 + i / 257);

        private static string SimSeconds(long ms) => (ms / 1000).ToString() + "." + (ms % 1000 / 100).ToString();
    }
}
