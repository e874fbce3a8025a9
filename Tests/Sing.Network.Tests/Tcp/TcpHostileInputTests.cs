using Sing.Network.Protocol;
using Sing.Network.Tcp;
using Xunit;

namespace Sing.Network.Tests.Tcp;

/// <summary>Segments an attacker sends: floods of SYNs from forged addresses, resets and SYNs guessed into a
/// connection (RFC 5961), and 100,000 random and mutated segments; the engine never throws and established connections
/// keep working.</summary>
public class TcpHostileInputTests
{
    private static byte[] Segment(uint from, uint to, ushort sourcePort, ushort destinationPort, uint seq, uint ack, byte flags, ushort window, byte[]? data = null)
    {
        var buffer = new byte[60 + (data?.Length ?? 0)];
        int n = TcpSegment.Build(buffer, from, to, sourcePort, destinationPort, seq, ack, flags, window, false, 0, 0, data ?? Array.Empty<byte>());
        return buffer.AsSpan(0, n).ToArray();
    }

    [Fact]
    public void SynFloodFromForgedAddressesLeavesTheEstablishedConnectionWorking()
    {
        var link = new SimulatedLink(41);
        var (client, server) = TcpTransferTests.Open(link);
        var limits = new TcpLimits();
        for (int i = 0; i < 5000; i++)
        {
            uint forged = 0xC0A80000u + (uint)i;
            link.Inject(forged, SimulatedLink.AddressB, Segment(forged, SimulatedLink.AddressB, (ushort)(1024 + i % 60000), 80, (uint)i * 7919, 0, TcpSegment.Syn, 8192));
        }
        byte[] data = new byte[256 * 1024];
        new Random(9).NextBytes(data);
        byte[] got = TcpTransferTests.Transfer(link, link.A, client, link.B, server, data);
        Assert.True(data.AsSpan().SequenceEqual(got), "the established connection carried its data through the flood");
        int halfOpen = link.B.Connections().Count(c => c.State == TcpState.SynReceived);
        Assert.True(halfOpen <= limits.MaxHalfOpenPerListener, $"half-open connections bounded: {halfOpen}");
        Assert.True(link.B.Counters().First(c => c.Name == "tcp.syn_flood_evictions").Value > 4000);
        Assert.Equal(TcpState.Established, server.State);
    }

    [Fact]
    public void ResetsOutsideTheWindowAreIgnoredAndInexactOnesChallenged()
    {
        var link = new SimulatedLink(43);
        var (client, server) = TcpTransferTests.Open(link);
        uint next = server.RcvNxt;
        link.Inject(SimulatedLink.AddressA, SimulatedLink.AddressB, Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, client.LocalPort, 80, next + 1_000_000, 0, TcpSegment.Rst, 0));
        link.Inject(SimulatedLink.AddressA, SimulatedLink.AddressB, Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, client.LocalPort, 80, next + 10, 0, TcpSegment.Rst, 0));
        link.Inject(SimulatedLink.AddressA, SimulatedLink.AddressB, Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, client.LocalPort, 80, next + 10, server.SndNxt, TcpSegment.Syn | TcpSegment.Ack, 1000));
        link.Run(() => false, 2000);
        Assert.Equal(TcpState.Established, server.State);
        Assert.True(link.B.Counters().First(c => c.Name == "tcp.challenge_acks").Value >= 2, "the in-window RST and the SYN got challenge ACKs");
        link.Inject(SimulatedLink.AddressA, SimulatedLink.AddressB, Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, client.LocalPort, 80, server.RcvNxt, 0, TcpSegment.Rst, 0));
        link.Run(() => server.State == TcpState.Closed, 2000);
        Assert.Equal(TcpError.Reset, server.Error);
    }

    [Fact]
    public void HundredThousandRandomAndMutatedSegmentsNeverBreakTheEngine()
    {
        var link = new SimulatedLink(47);
        var (client, server) = TcpTransferTests.Open(link);
        var random = new Random(4711);
        var valid = new List<byte[]>
        {
            Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, client.LocalPort, 80, server.RcvNxt, server.SndNxt, TcpSegment.Ack | TcpSegment.Psh, 5000, new byte[100]),
            Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, 5555, 80, 1, 0, TcpSegment.Syn, 5000),
            Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, client.LocalPort, 80, server.RcvNxt, server.SndNxt, TcpSegment.Fin | TcpSegment.Ack, 5000),
        };
        // A SYN with options, to mutate its option bytes.
        var withOptions = new byte[28];
        TcpSegment.Build(withOptions, SimulatedLink.AddressA, SimulatedLink.AddressB, 6666, 80, 9, 0, TcpSegment.Syn, 1000, true, 1460, 7, ReadOnlySpan<byte>.Empty);
        valid.Add(withOptions);
        for (int i = 0; i < 100_000; i++)
        {
            byte[] s;
            int kind = random.Next(4);
            if (kind == 0)
            {
                s = new byte[random.Next(0, 80)];
                random.NextBytes(s);
            }
            else
            {
                s = (byte[])valid[random.Next(valid.Count)].Clone();
                int flips = random.Next(1, 6);
                for (int f = 0; f < flips && s.Length > 0; f++) s[random.Next(s.Length)] ^= (byte)(1 << random.Next(8));
                if (kind == 2) Array.Resize(ref s, random.Next(0, s.Length + 1));
                if (kind == 3 && s.Length >= 20)
                {
                    // Keep the checksum right so the mutation reaches the parser's later checks.
                    s[16] = s[17] = 0;
                    uint sum = InternetChecksum.PseudoHeader(SimulatedLink.AddressA, SimulatedLink.AddressB, 6, s.Length);
                    BigEndian.Put16(s, 16, InternetChecksum.Finish(InternetChecksum.Add(sum, s)));
                }
            }
            link.B.Deliver(SimulatedLink.AddressA, SimulatedLink.AddressB, s, link.Now);
            if (i % 1000 == 0) link.Run(() => false, 5);
        }
        Assert.True(link.B.Connections().Count() <= new TcpLimits().MaxConnections);
        // A fresh connection still works end to end.
        var fresh = new SimulatedLink(53);
        var (c2, s2) = TcpTransferTests.Open(fresh);
        byte[] data = new byte[50_000];
        Assert.Equal(data.Length, TcpTransferTests.Transfer(fresh, fresh.A, c2, fresh.B, s2, data).Length);
        Assert.True(link.B.BufferBytes <= new TcpLimits().TotalBufferBytes);
    }

    [Fact]
    public void ABadChecksumIsCountedAndDropped()
    {
        var link = new SimulatedLink(59);
        byte[] s = Segment(SimulatedLink.AddressA, SimulatedLink.AddressB, 5000, 80, 1, 0, TcpSegment.Syn, 1000);
        s[17] ^= 1;
        link.B.Listen(80, 4);
        link.B.Deliver(SimulatedLink.AddressA, SimulatedLink.AddressB, s, 0);
        Assert.Equal(1, link.B.Counters().First(c => c.Name == "tcp.bad_checksum").Value);
        Assert.Empty(link.B.Connections());
    }
}
