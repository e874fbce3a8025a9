using Sing.Network.Tcp;
using Xunit;

namespace Sing.Network.Tests.Tcp;

public class TcpTransferTests
{
    /// <summary>Opens A→B on port 80 and returns both ends.</summary>
    internal static (TcpConnection Client, TcpConnection Server) Open(SimulatedLink link)
    {
        TcpListener listener = link.B.Listen(80, 16)!;
        TcpConnection client = link.A.Connect(SimulatedLink.AddressB, 80, link.Now)!;
        TcpConnection? server = null;
        Assert.True(link.Run(() => (server ??= link.B.Accept(listener)) != null && client.State == TcpState.Established, 120_000),
            $"handshake: client {client.State}, server {server?.State}");
        return (client, server!);
    }

    /// <summary>Sends <paramref name="data"/> from one end while the other reads; returns what arrived.</summary>
    internal static byte[] Transfer(SimulatedLink link, TcpEngine sender, TcpConnection from, TcpEngine receiver, TcpConnection to, byte[] data, long limitMs = 3_600_000)
    {
        int sent = 0;
        var got = new MemoryStream();
        var buffer = new byte[8192];
        bool Step()
        {
            if (sent < data.Length) sent += sender.Send(from, data.AsSpan(sent), link.Now);
            int n;
            while ((n = receiver.Receive(to, buffer, link.Now)) > 0) got.Write(buffer, 0, n);
            return got.Length >= data.Length;
        }
        link.Run(Step, limitMs);
        return got.ToArray();
    }

    [Theory]
    [InlineData(0.0, 0.0, 1)]
    [InlineData(0.05, 0.05, 2)]
    [InlineData(0.20, 0.20, 3)]
    public void BulkTransferArrivesIntactUnderLossAndReordering(double loss, double reordering, int seed)
    {
        var link = new SimulatedLink(seed);
        var (client, server) = Open(link);
        link.Loss = loss;
        link.Reordering = reordering;
        link.Duplication = loss / 2;
        byte[] data = new byte[1 << 20];
        new Random(seed).NextBytes(data);
        byte[] got = Transfer(link, link.A, client, link.B, server, data);
        Assert.Equal(data.Length, got.Length);
        Assert.True(data.AsSpan().SequenceEqual(got), "the bytes arrive in order and intact");
        if (loss > 0) Assert.True(client.Retransmissions > 0, "losses were repaired by retransmission");
    }

    /// <summary>Both ends send at once over a lossy link: each end's retransmission timeout rewinds its SND.NXT, so
    /// its pure ACKs must still carry a sequence number the peer finds acceptable (SND.MAX), or the two ends answer each
    /// other's unacceptable ACKs for ever and neither transfer finishes.</summary>
    [Theory]
    [InlineData(0.10, 4)]
    [InlineData(0.25, 5)]
    public void DuplexTransferUnderLossFinishesBothWays(double loss, int seed)
    {
        var link = new SimulatedLink(seed);
        var (client, server) = Open(link);
        link.Loss = loss;
        link.Reordering = loss / 2;
        byte[] up = new byte[256 * 1024], down = new byte[256 * 1024];
        new Random(seed).NextBytes(up);
        new Random(seed + 100).NextBytes(down);
        int sentUp = 0, sentDown = 0;
        var gotUp = new MemoryStream();
        var gotDown = new MemoryStream();
        var buffer = new byte[8192];
        long segmentsBefore = 0;
        var highest = new Dictionary<uint, uint>();   // per sender: the end of the highest sequence space it has sent
        var stalePureAcks = new List<string>();
        link.Tap = (from, segment) =>
        {
            segmentsBefore++;
            uint sequence = (uint)(segment[4] << 24 | segment[5] << 16 | segment[6] << 8 | segment[7]);
            byte flags = segment[13];
            int length = segment.Length - (segment[12] >> 4) * 4 + ((flags & 0x03) != 0 ? 1 : 0);   // SYN and FIN count one
            if (!highest.TryGetValue(from, out uint end)) end = sequence;
            if (length == 0 && (flags & 0x04) == 0 && sequence != end)
                stalePureAcks.Add($"{from:x8}: pure ACK at {sequence}, {end - sequence} behind what it sent");
            if ((int)(sequence + (uint)length - end) > 0 || !highest.ContainsKey(from)) highest[from] = sequence + (uint)length;
        };
        bool finished = link.Run(() =>
        {
            if (sentUp < up.Length) sentUp += link.A.Send(client, up.AsSpan(sentUp), link.Now);
            if (sentDown < down.Length) sentDown += link.B.Send(server, down.AsSpan(sentDown), link.Now);
            int n;
            while ((n = link.B.Receive(server, buffer, link.Now)) > 0) gotUp.Write(buffer, 0, n);
            while ((n = link.A.Receive(client, buffer, link.Now)) > 0) gotDown.Write(buffer, 0, n);
            return gotUp.Length >= up.Length && gotDown.Length >= down.Length;
        }, 3_600_000);
        Assert.True(stalePureAcks.Count == 0, $"{stalePureAcks.Count} pure ACKs numbered behind SND.MAX (unacceptable to the peer), e.g. {string.Join("; ", stalePureAcks.Take(3))}");
        Assert.True(finished, $"up {gotUp.Length}/{up.Length}, down {gotDown.Length}/{down.Length} after {segmentsBefore} segments");
        Assert.True(up.AsSpan().SequenceEqual(gotUp.ToArray()), "client to server intact");
        Assert.True(down.AsSpan().SequenceEqual(gotDown.ToArray()), "server to client intact");
        Assert.True(client.Retransmissions > 0 && server.Retransmissions > 0, "both ends repaired losses");
        // A ping-pong of ACKs would be unbounded; a healthy run needs a few segments per MSS each way.
        Assert.True(segmentsBefore < 20 * (up.Length + down.Length) / 1460, $"{segmentsBefore} segments carried");
    }

    [Fact]
    public void FastRetransmitRepairsASingleLossWithoutWaitingForTheTimer()
    {
        var link = new SimulatedLink(7);
        var (client, server) = Open(link);
        int segments = 0;
        bool droppedOne = false;
        link.Tap = (from, data) =>
        {
            if (from == SimulatedLink.AddressA && data.Length > 100 && ++segments == 20 && !droppedOne)
            {
                droppedOne = true;
                data[13] ^= 0xFF;   // corrupt the 20th data segment's flags: its checksum fails, so it is lost
            }
        };
        byte[] data = new byte[200_000];
        new Random(3).NextBytes(data);
        long started = link.Now;
        byte[] got = Transfer(link, link.A, client, link.B, server, data);
        Assert.True(data.AsSpan().SequenceEqual(got));
        long fast = link.A.Counters().First(c => c.Name == "tcp.fast_retransmits").Value;
        Assert.True(fast >= 1, "three duplicate ACKs triggered a fast retransmit");
        Assert.True(link.Now - started < 1000, $"recovered in {link.Now - started} ms of simulated time, before the RTO (1 s) would have");
    }

    [Fact]
    public void ZeroWindowIsProbedAndTransferResumesWhenTheReaderReads()
    {
        var link = new SimulatedLink(11);
        var (client, server) = Open(link);
        byte[] data = new byte[300_000];
        new Random(5).NextBytes(data);
        int sent = 0;
        // Nobody reads for a while: the receiver's window closes and the sender must probe, not give up.
        link.Run(() =>
        {
            sent += link.A.Send(client, data.AsSpan(sent), link.Now);
            return false;
        }, 30_000);
        Assert.Equal(TcpState.Established, client.State);
        Assert.True(server.BytesReadable > 0 && sent < data.Length, $"the window closed ({server.BytesReadable} buffered, {sent} sent)");
        var got = new MemoryStream();
        var buffer = new byte[4096];
        link.Run(() =>
        {
            if (sent < data.Length) sent += link.A.Send(client, data.AsSpan(sent), link.Now);
            int n;
            while ((n = link.B.Receive(server, buffer, link.Now)) > 0) got.Write(buffer, 0, n);
            return got.Length == data.Length;
        }, 600_000);
        Assert.True(data.AsSpan().SequenceEqual(got.ToArray()));
    }

    [Fact]
    public void BothClosingReachTimeWaitAndTheConnectionIsForgottenAfterTwoMsl()
    {
        var link = new SimulatedLink(13);
        var (client, server) = Open(link);
        link.A.Close(client, link.Now);
        Assert.True(link.Run(() => server.ReceiveFinished, 10_000), "the server sees the end of data");
        link.B.Close(server, link.Now);
        Assert.True(link.Run(() => client.State == TcpState.TimeWait && server.State == TcpState.Closed, 10_000), $"client {client.State}, server {server.State}");
        Assert.True(link.Run(() => client.State == TcpState.Closed, 2 * new TcpLimits().MslMs + 1000));
        Assert.Empty(link.A.Connections());
        Assert.Empty(link.B.Connections());
    }

    [Fact]
    public void SimultaneousCloseEndsBothSides()
    {
        var link = new SimulatedLink(17);
        var (client, server) = Open(link);
        link.A.Close(client, link.Now);
        link.B.Close(server, link.Now);
        Assert.True(link.Run(() => link.A.Connections().All(c => c.State == TcpState.TimeWait) && link.B.Connections().All(c => c.State == TcpState.TimeWait), 10_000));
        Assert.True(link.Run(() => !link.A.Connections().Any() && !link.B.Connections().Any(), 120_000));
    }

    [Fact]
    public void ConnectingToAClosedPortIsRefused()
    {
        var link = new SimulatedLink(19);
        TcpConnection client = link.A.Connect(SimulatedLink.AddressB, 81, link.Now)!;
        Assert.True(link.Run(() => client.State == TcpState.Closed, 10_000));
        Assert.Equal(TcpError.Refused, client.Error);
    }

    [Fact]
    public void AnUnansweredSynTimesOut()
    {
        var link = new SimulatedLink(23) { Loss = 1.0 };
        TcpConnection client = link.A.Connect(SimulatedLink.AddressB, 80, link.Now)!;
        Assert.True(link.Run(() => client.State == TcpState.Closed, 600_000));
        Assert.Equal(TcpError.TimedOut, client.Error);
    }

    [Fact]
    public void AbortResetsThePeer()
    {
        var link = new SimulatedLink(29);
        var (client, server) = Open(link);
        link.A.Abort(client, link.Now);
        Assert.True(link.Run(() => server.State == TcpState.Closed, 10_000));
        Assert.Equal(TcpError.Reset, server.Error);
    }

    [Fact]
    public void WindowScaleOfThePeerIsHonoured()
    {
        var link = new SimulatedLink(31);
        var (client, _) = Open(link);
        // Both engines offer shift 0: the option is agreed, windows are unscaled and at most 65,535.
        Assert.Equal(65535u, client.SndWnd);
        Assert.True(client.PeerOffersScale);
    }
}
