using Sing.Network.Protocol;
using Xunit;

namespace Sing.Network.Tests.Protocol;

/// <summary>The interface below TCP: ARP, IPv4, ICMP, UDP, DHCP and DNS, with frames built by hand from the RFCs,
/// two interfaces joined by a simulated wire, and 100,000 random and mutated frames.</summary>
public class InterfaceTests
{
    private const long MacA = 0x525400123456, MacB = 0x52550A000202;
    private const uint IpA = 0x0A00020F, IpB = 0x0A000202;

    /// <summary>Frames sent, kept for inspection; optionally handed to another interface.</summary>
    private sealed class Wire : IFrameTransmitter
    {
        public readonly List<byte[]> Sent = new();
        public NetInterface? Peer;

        public void Transmit(ReadOnlySpan<byte> frame)
        {
            Sent.Add(frame.ToArray());
            Peer?.Receive(frame, 0);
        }
    }

    private static byte[] ArpRequest(long senderMac, uint senderIp, uint targetIp)
    {
        var f = new byte[42];
        BigEndian.PutMac(f, 0, 0xFFFFFFFFFFFF);
        BigEndian.PutMac(f, 6, senderMac);
        BigEndian.Put16(f, 12, 0x0806);
        BigEndian.Put16(f, 14, 1);
        BigEndian.Put16(f, 16, 0x0800);
        f[18] = 6; f[19] = 4;
        BigEndian.Put16(f, 20, 1);
        BigEndian.PutMac(f, 22, senderMac);
        BigEndian.Put32(f, 28, senderIp);
        BigEndian.Put32(f, 38, targetIp);
        return f;
    }

    [Fact]
    public void AnArpRequestForOurAddressIsAnsweredWithOurMac()
    {
        var wire = new Wire();
        var nic = new NetInterface(MacA, wire, 1);
        nic.Configure(IpA, 24, IpB, 0, 0);
        nic.Receive(ArpRequest(MacB, IpB, IpA), 0);
        byte[] reply = Assert.Single(wire.Sent);
        Assert.Equal(MacB, BigEndian.Mac(reply, 0));
        Assert.Equal(2, BigEndian.U16(reply, 20));                // reply
        Assert.Equal(MacA, BigEndian.Mac(reply, 22));
        Assert.Equal(IpA, BigEndian.U32(reply, 28));
        Assert.Equal(IpB, BigEndian.U32(reply, 38));
        Assert.Contains(nic.ArpEntries(), e => e.Address == IpB && e.Mac == MacB);   // learned from a request aimed at us
    }

    [Fact]
    public void PingCrossesTheWireAfterArpAndIsAnswered()
    {
        var toB = new Wire();
        var toA = new Wire();
        var a = new NetInterface(MacA, toB, 1);
        var b = new NetInterface(MacB, toA, 2);
        toB.Peer = b;
        toA.Peer = a;
        a.Configure(IpA, 24, 0, 0, 0);
        b.Configure(IpB, 24, 0, 0, 0);
        int handle = a.Pinger.Send(IpB, 1, 0);
        Assert.True(a.Pinger.TryReply(handle, out int ttl), "the echo request waited for ARP, went out, and was answered");
        Assert.Equal(64, ttl);
        Assert.Equal(1, b.Counters().First(c => c.Name == "icmp.echo_replies_sent").Value);
    }

    [Fact]
    public void AnUnansweredArpDropsTheQueueAfterThreeRequests()
    {
        var wire = new Wire();
        var nic = new NetInterface(MacA, wire, 1);
        nic.Configure(IpA, 24, 0, 0, 0);
        Assert.True(nic.Send(17, IpB, new byte[10], 0));
        for (long t = 0; t <= 5000; t += 100) nic.Tick(t);
        Assert.Equal(3, wire.Sent.Count(f => BigEndian.U16(f, 12) == 0x0806));
        Assert.Equal(1, nic.Counters().First(c => c.Name == "arp.unresolved_drops").Value);
        Assert.False(nic.Send(17, IpB, new byte[10], 5000), "the hop is remembered as unreachable for a while");
    }

    [Fact]
    public void DhcpDiscoverOfferRequestAckConfiguresTheInterface()
    {
        var wire = new Wire();
        var nic = new NetInterface(MacA, wire, 5);
        nic.StartDhcp(0);
        byte[] discover = Assert.Single(wire.Sent);
        uint xid = BigEndian.U32(discover, 14 + 20 + 8 + 4);
        Assert.Equal(0xFFFFFFFFFFFF, BigEndian.Mac(discover, 0));
        nic.Receive(DhcpReply(xid, 2), 100);
        byte[] request = wire.Sent[^1];
        Assert.Equal(3, DhcpMessageType(request));
        nic.Receive(DhcpReply(xid, 5), 200);
        Assert.Equal(IpA, nic.LocalAddress);
        Assert.Equal(24, nic.PrefixLength);
        Assert.Equal(IpB, nic.Gateway);
        Assert.Equal(0x0A000203u, nic.DnsServer);
        Assert.True(nic.TakeConfigurationChange());
        // Renewal at T1 (half the lease): a unicast REQUEST to the server, once ARP found the server's MAC.
        nic.Tick(200 + 43_200_000);
        Assert.Equal(0x0806, BigEndian.U16(wire.Sent[^1], 12));
        nic.Receive(ArpRequest(MacB, IpB, IpA), 43_200_300);
        byte[] renewal = wire.Sent.Last(f => BigEndian.U16(f, 12) == 0x0800);
        Assert.Equal(3, DhcpMessageType(renewal));
        Assert.Equal(MacB, BigEndian.Mac(renewal, 0));
    }

    [Fact]
    public void DhcpRetransmitsWithBackoffWhenNoServerAnswers()
    {
        var wire = new Wire();
        var nic = new NetInterface(MacA, wire, 5);
        nic.StartDhcp(0);
        for (long t = 0; t <= 40_000; t += 100) nic.Tick(t);
        // 4, 8, 16 s (each ±1 s) after the first: three retransmissions by 40 s, not more.
        Assert.InRange(wire.Sent.Count, 3, 4);
        Assert.Equal(0u, nic.LocalAddress);
    }

    private static int DhcpMessageType(byte[] frame)
    {
        int at = 14 + 20 + 8 + 240;
        while (at < frame.Length && frame[at] != 255)
        {
            if (frame[at] == 53) return frame[at + 2];
            at += 2 + frame[at + 1];
        }
        return -1;
    }

    /// <summary>A server's OFFER (2) or ACK (5) for 10.0.2.15/24, router 10.0.2.2, DNS 10.0.2.3, lease one day.</summary>
    private static byte[] DhcpReply(uint xid, byte type)
    {
        var dhcp = new List<byte>();
        var fixedPart = new byte[236];
        fixedPart[0] = 2; fixedPart[1] = 1; fixedPart[2] = 6;
        BigEndian.Put32(fixedPart, 4, xid);
        BigEndian.Put32(fixedPart, 16, IpA);
        BigEndian.PutMac(fixedPart, 28, MacA);
        dhcp.AddRange(fixedPart);
        dhcp.AddRange(new byte[] { 99, 130, 83, 99, 53, 1, type, 54, 4, 10, 0, 2, 2, 1, 4, 255, 255, 255, 0, 3, 4, 10, 0, 2, 2, 6, 4, 10, 0, 2, 3, 51, 4, 0, 1, 81, 128, 255 });
        return UdpFrame(IpB, 67, 0xFFFFFFFF, 68, dhcp.ToArray(), MacB, 0xFFFFFFFFFFFF);
    }

    private static byte[] UdpFrame(uint source, ushort sourcePort, uint destination, ushort destinationPort, byte[] payload, long fromMac, long toMac)
    {
        var udp = new byte[8 + payload.Length];
        BigEndian.Put16(udp, 0, sourcePort);
        BigEndian.Put16(udp, 2, destinationPort);
        BigEndian.Put16(udp, 4, udp.Length);
        payload.CopyTo(udp, 8);
        uint sum = InternetChecksum.PseudoHeader(source, destination, 17, udp.Length);
        BigEndian.Put16(udp, 6, InternetChecksum.Finish(InternetChecksum.Add(sum, udp)));
        return IpFrame(source, destination, 17, udp, fromMac, toMac, 0, false);
    }

    private static byte[] IpFrame(uint source, uint destination, byte protocol, byte[] payload, long fromMac, long toMac, int offset, bool more, ushort id = 7)
    {
        var f = new byte[14 + 20 + payload.Length];
        BigEndian.PutMac(f, 0, toMac);
        BigEndian.PutMac(f, 6, fromMac);
        BigEndian.Put16(f, 12, 0x0800);
        f[14] = 0x45;
        BigEndian.Put16(f, 16, 20 + payload.Length);
        BigEndian.Put16(f, 18, id);
        BigEndian.Put16(f, 20, (more ? 0x2000 : 0) | offset / 8);
        f[22] = 64;
        f[23] = protocol;
        BigEndian.Put32(f, 26, source);
        BigEndian.Put32(f, 30, destination);
        BigEndian.Put16(f, 24, InternetChecksum.Compute(f.AsSpan(14, 20)));
        payload.CopyTo(f, 34);
        return f;
    }

    [Fact]
    public void FragmentsAreReassembledInAnyOrderAndOverlapsDropTheDatagram()
    {
        var wire = new Wire();
        var nic = new NetInterface(MacA, wire, 1);
        nic.Configure(IpA, 24, 0, 0, 0);
        // An ICMP echo request of 3000 bytes in three fragments, delivered last-first: it is answered.
        var echo = new byte[3000];
        echo[0] = 8;
        BigEndian.Put16(echo, 4, 77);
        BigEndian.Put16(echo, 2, InternetChecksum.Compute(echo));
        nic.Receive(IpFrame(IpB, IpA, 1, echo[2960..], MacB, MacA, 2960, false), 0);
        nic.Receive(IpFrame(IpB, IpA, 1, echo[1480..2960], MacB, MacA, 1480, true), 0);
        nic.Receive(IpFrame(IpB, IpA, 1, echo[..1480], MacB, MacA, 0, true), 0);
        Assert.Equal(1, nic.Counters().First(c => c.Name == "ip.reassembled").Value);
        // An overlapping fragment (bytes 8.. again) drops the datagram.
        nic.Receive(IpFrame(IpB, IpA, 1, echo[..1480], MacB, MacA, 0, true, 8), 0);
        nic.Receive(IpFrame(IpB, IpA, 1, echo[8..1488], MacB, MacA, 8, true, 8), 0);
        Assert.Equal(1, nic.Counters().First(c => c.Name == "ip.reassembly_overlaps").Value);
        // A lone fragment is given up after 30 s.
        nic.Receive(IpFrame(IpB, IpA, 1, echo[..1480], MacB, MacA, 0, true, 9), 0);
        nic.Tick(31_000);
        Assert.Equal(1, nic.Counters().First(c => c.Name == "ip.reassembly_timeouts").Value);
    }

    [Fact]
    public void DnsAnswersWithCompressionAreParsedAndPointerLoopsRefused()
    {
        // www.example.com A? → CNAME-free answer using a pointer to the question's name.
        var m = new List<byte> { 0x12, 0x34, 0x81, 0x80, 0, 1, 0, 1, 0, 0, 0, 0 };
        foreach (string label in new[] { "www", "example", "com" })
        {
            m.Add((byte)label.Length);
            m.AddRange(label.Select(c => (byte)c));
        }
        m.AddRange(new byte[] { 0, 0, 1, 0, 1 });
        m.AddRange(new byte[] { 0xC0, 12, 0, 1, 0, 1, 0, 0, 0x0E, 0x10, 0, 4, 93, 184, 216, 34 });
        Assert.True(DnsResolver.Parse(m.ToArray(), "www.example.com", out uint address, out uint ttl, out int rcode));
        Assert.Equal(0x5DB8D822u, address);
        Assert.Equal(3600u, ttl);
        Assert.Equal(0, rcode);
        // A pointer to itself: refused, not followed for ever.
        byte[] loop = m.ToArray();
        loop[12] = 0xC0;
        loop[13] = 12;
        Assert.False(DnsResolver.Parse(loop, "www.example.com", out _, out _, out _));
    }

    [Fact]
    public void ResolverAsksTheDhcpServerAndReportsNxdomain()
    {
        var wire = new Wire();
        var nic = new NetInterface(MacA, wire, 1);
        nic.Configure(IpA, 24, IpB, IpB, 0);
        nic.Receive(ArpRequest(MacB, IpB, IpA), 0);   // the server's MAC is known
        int handle = nic.Dns.Start("nothing.example", 0);
        byte[] query = wire.Sent[^1];
        Assert.Equal(53, BigEndian.U16(query, 14 + 20 + 2));
        ushort port = BigEndian.U16(query, 14 + 20);
        var answer = query[(14 + 28)..].ToArray();
        answer[2] = 0x81;
        answer[3] = 0x83;   // NXDOMAIN
        nic.Receive(UdpFrame(IpB, 53, IpA, port, answer, MacB, MacA), 10);
        Assert.True(nic.Dns.TryResult(handle, out uint address, out string error));
        Assert.Equal(0u, address);
        Assert.Contains("NXDOMAIN", error);
    }

    [Fact]
    public void HundredThousandRandomAndMutatedFramesNeverThrowAndLeaveTheInterfaceWorking()
    {
        var wire = new Wire();
        var nic = new NetInterface(MacA, wire, 1);
        nic.Configure(IpA, 24, IpB, IpB, 0);
        var echo = new byte[64];
        echo[0] = 8;
        BigEndian.Put16(echo, 2, InternetChecksum.Compute(echo));
        byte[][] valid =
        {
            ArpRequest(MacB, IpB, IpA),
            IpFrame(IpB, IpA, 1, echo, MacB, MacA, 0, false),
            IpFrame(IpB, IpA, 1, echo[..48], MacB, MacA, 0, true, 99),
            UdpFrame(IpB, 53, IpA, 49152, new byte[40], MacB, MacA),
            DhcpReply(1, 2),
        };
        var random = new Random(2026);
        for (int i = 0; i < 100_000; i++)
        {
            byte[] f;
            if (random.Next(4) == 0)
            {
                f = new byte[random.Next(0, 200)];
                random.NextBytes(f);
            }
            else
            {
                f = (byte[])valid[random.Next(valid.Length)].Clone();
                for (int k = random.Next(1, 6); k > 0 && f.Length > 0; k--) f[random.Next(f.Length)] ^= (byte)(1 << random.Next(8));
                if (random.Next(3) == 0) Array.Resize(ref f, random.Next(0, f.Length + 1));
                if (f.Length >= 34 && random.Next(2) == 0)
                {
                    // Keep the IP header checksum right so mutations reach the layers above.
                    f[24] = f[25] = 0;
                    int ihl = (f[14] & 15) * 4;
                    if (ihl >= 20 && 14 + ihl <= f.Length) BigEndian.Put16(f, 24, InternetChecksum.Compute(f.AsSpan(14, ihl)));
                }
            }
            nic.Receive(f, i);
            if (i % 500 == 0) nic.Tick(i);
        }
        wire.Sent.Clear();
        nic.Receive(ArpRequest(MacB, IpB, IpA), 200_000);
        Assert.Contains(wire.Sent, s => BigEndian.U16(s, 12) == 0x0806 && BigEndian.U16(s, 20) == 2);
    }
}
