using System;
using System.Collections.Generic;

namespace Sing.Network.Protocol
{
    /// <summary>Where frames leave: the stack SIP copies each into an exchange-heap vector for the driver; tests join
    /// two interfaces with a simulated link. A frame is 14..1514 bytes (no CRC); the card pads short ones.</summary>
    public interface IFrameTransmitter
    {
        void Transmit(ReadOnlySpan<byte> frame);
    }

    /// <summary>One Ethernet interface with its IPv4 configuration: Ethernet II framing, ARP, IPv4 with fragmentation
    /// and bounded reassembly, ICMP (echo answered, echo requests sent for ping, errors counted), UDP, the DHCP client
    /// and the DNS resolver. Transports above IP (TCP) register for their protocol number. Every input is checked field
    /// by field; whatever is malformed or not for this host is dropped and counted by reason, never thrown.</summary>
    public sealed class NetInterface : IIpLayer, IDhcpHost, IDnsHost
    {
        public const int EthernetHeader = 14, IpHeader = 20;
        public const ushort EtherIpv4 = 0x0800, EtherArp = 0x0806;
        private const long Broadcast = 0xFFFFFFFFFFFF;
        private const byte Ttl = 64;

        private readonly IFrameTransmitter _transmitter;
        private readonly NetCounters _counters = new NetCounters();
        private readonly ArpCache _arp;
        private readonly Reassembly _reassembly;
        private readonly Dictionary<byte, IIpProtocolHandler> _transports = new Dictionary<byte, IIpProtocolHandler>();
        private readonly byte[] _frame = new byte[EthernetHeader + 1500];            // ARP frames
        private readonly byte[] _transmitFrame = new byte[EthernetHeader + 1500];   // IP frames to a resolved hop
        private ushort _nextId;
        private bool _configurationChanged;

        public long MacAddress { get; }
        public uint LocalAddress { get; private set; }
        public int PrefixLength { get; private set; }
        public uint Gateway { get; private set; }
        public uint DnsServer { get; private set; }
        public int Mtu => 1500;

        public UdpPorts Udp { get; }
        public DhcpClient Dhcp { get; }
        public DnsResolver Dns { get; }
        public Pinger Pinger { get; }

        public NetInterface(long macAddress, IFrameTransmitter transmitter, int seed)
        {
            MacAddress = macAddress & Broadcast;
            _transmitter = transmitter;
            _counters.Declare("eth.in", "eth.out", "eth.truncated", "eth.not_for_us", "eth.unknown_type",
                "ip.in", "ip.out", "ip.bad_header", "ip.bad_checksum", "ip.not_for_us", "ip.unknown_protocol", "ip.no_route", "ip.fragments_out",
                "icmp.in", "icmp.bad_checksum", "icmp.echo_replies_sent", "icmp.unreachable_in");
            _arp = new ArpCache(_counters);
            _reassembly = new Reassembly(_counters);
            Udp = new UdpPorts(_counters);
            Dhcp = new DhcpClient(this, _counters, seed);
            Dns = new DnsResolver(this, _counters, seed + 1);
            Pinger = new Pinger(this, (ushort)(seed ^ 0x5349));
            _nextId = (ushort)seed;
            Udp.Bind(DhcpClient.ClientPort, Dhcp);
            Dns.Port = Udp.BindEphemeral(Dns);
        }

        public string DhcpStateName => Dhcp.Current.ToString().ToLowerInvariant();

        /// <summary>True once after each change of address (bound, renewed to another, lost): for the stack's log line.</summary>
        public bool TakeConfigurationChange()
        {
            bool changed = _configurationChanged;
            _configurationChanged = false;
            return changed;
        }

        public void Register(byte protocol, IIpProtocolHandler handler) => _transports[protocol] = handler;

        public void StartDhcp(long now) => Dhcp.Start(now);

        public void Configure(uint address, int prefixLength, uint gateway, uint dns, long now)
        {
            if (prefixLength < 0 || prefixLength > 32) prefixLength = 24;
            _configurationChanged |= address != LocalAddress;
            LocalAddress = address;
            PrefixLength = prefixLength;
            Gateway = gateway;
            DnsServer = dns;
        }

        public void Unconfigure(long now)
        {
            _configurationChanged |= LocalAddress != 0;
            LocalAddress = 0;
            Gateway = 0;
            DnsServer = 0;
        }

        public IEnumerable<NetCounter> Counters() => _counters.All();

        public List<UdpPortStatus> UdpPortList() => Udp.Status();

        public List<ArpEntryStatus> ArpEntries() => _arp.Resolved();

        /// <summary>The protocols' timers: ARP retries, reassembly timeouts, DHCP and DNS retransmissions.</summary>
        public void Tick(long now)
        {
            foreach (uint hop in _arp.Due(now)) SendArp(1, Broadcast, hop);
            _reassembly.Expire(now);
            Dhcp.Tick(now);
            Dns.Tick(now);
        }

        public long NextDeadline(long now) =>
            Math.Min(Math.Min(_arp.NextDeadline(), _reassembly.NextDeadline()), Math.Min(Dhcp.NextDeadline, Dns.NextDeadline()));

        // ---- receive --------------------------------------------------------------------------------------------

        public void Receive(ReadOnlySpan<byte> frame, long now)
        {
            if (frame.Length < EthernetHeader)
            {
                _counters.Add("eth.truncated");
                return;
            }
            long destination = BigEndian.Mac(frame, 0);
            if (destination != MacAddress && destination != Broadcast)
            {
                _counters.Add("eth.not_for_us");
                return;
            }
            _counters.Add("eth.in");
            ushort type = BigEndian.U16(frame, 12);
            ReadOnlySpan<byte> payload = frame.Slice(EthernetHeader);
            if (type == EtherArp) ReceiveArp(payload, now);
            else if (type == EtherIpv4) ReceiveIp(payload, now);
            else _counters.Add("eth.unknown_type");
        }

        private void ReceiveArp(ReadOnlySpan<byte> p, long now)
        {
            if (p.Length < 28 || BigEndian.U16(p, 0) != 1 || BigEndian.U16(p, 2) != EtherIpv4 || p[4] != 6 || p[5] != 4)
            {
                _counters.Add("eth.truncated");
                return;
            }
            int op = BigEndian.U16(p, 6);
            long senderMac = BigEndian.Mac(p, 8);
            uint senderIp = BigEndian.U32(p, 14), targetIp = BigEndian.U32(p, 24);
            if (senderMac == Broadcast || senderMac == 0 || senderIp == 0) return;
            bool forUs = LocalAddress != 0 && targetIp == LocalAddress;
            // RFC 826: update an entry we have; add one when the packet is aimed at us.
            Queue<byte[]>? ready = _arp.Learn(senderIp, senderMac, now, forUs);
            if (ready != null)
                while (ready.Count > 0) SendFrame(ready.Dequeue(), senderMac);
            if (forUs && op == 1)
            {
                SendArp(2, senderMac, senderIp);
                _counters.Add("arp.replies_sent");
            }
        }

        private void ReceiveIp(ReadOnlySpan<byte> p, long now)
        {
            if (p.Length < IpHeader || p[0] >> 4 != 4)
            {
                _counters.Add("ip.bad_header");
                return;
            }
            int headerBytes = (p[0] & 15) * 4;
            int total = BigEndian.U16(p, 2);
            if (headerBytes < IpHeader || headerBytes > p.Length || total < headerBytes || total > p.Length)
            {
                _counters.Add("ip.bad_header");
                return;
            }
            if (InternetChecksum.Compute(p.Slice(0, headerBytes)) != 0)
            {
                _counters.Add("ip.bad_checksum");
                return;
            }
            uint source = BigEndian.U32(p, 12), destination = BigEndian.U32(p, 16);
            byte protocol = p[9];
            bool broadcast = destination == 0xFFFFFFFF || (LocalAddress != 0 && destination == SubnetBroadcast);
            // Without an address only DHCP's answers (UDP) are taken, whatever they are addressed to.
            bool ours = LocalAddress == 0 ? protocol == UdpPorts.Protocol : destination == LocalAddress || broadcast;
            if (!ours || source == 0xFFFFFFFF || (source >> 28) == 0xE)
            {
                _counters.Add("ip.not_for_us");
                return;
            }
            _counters.Add("ip.in");
            ReadOnlySpan<byte> payload = p.Slice(headerBytes, total - headerBytes);
            int flagsOffset = BigEndian.U16(p, 6);
            bool more = (flagsOffset & 0x2000) != 0;
            int offset = (flagsOffset & 0x1FFF) * 8;
            if (more || offset != 0)
            {
                byte[]? whole = _reassembly.Add(source, destination, protocol, BigEndian.U16(p, 4), offset, more, payload, now);
                if (whole == null) return;
                Deliver(protocol, source, destination, p[8], whole, now, broadcast);
                return;
            }
            Deliver(protocol, source, destination, p[8], payload, now, broadcast);
        }

        private void Deliver(byte protocol, uint source, uint destination, int ttl, ReadOnlySpan<byte> payload, long now, bool broadcast)
        {
            if (protocol == Icmp.Protocol)
            {
                if (!broadcast) ReceiveIcmp(source, ttl, payload, now);
            }
            else if (protocol == UdpPorts.Protocol) Udp.Deliver(source, destination, payload, now);
            else if (!broadcast && _transports.TryGetValue(protocol, out IIpProtocolHandler? transport)) transport.Deliver(source, destination, payload, now);
            else _counters.Add("ip.unknown_protocol");
        }

        private void ReceiveIcmp(uint source, int ttl, ReadOnlySpan<byte> m, long now)
        {
            if (m.Length < 8)
            {
                _counters.Add("ip.bad_header");
                return;
            }
            if (InternetChecksum.Compute(m) != 0)
            {
                _counters.Add("icmp.bad_checksum");
                return;
            }
            _counters.Add("icmp.in");
            switch (m[0])
            {
                case Icmp.EchoRequest:
                {
                    byte[] reply = m.ToArray();
                    reply[0] = Icmp.EchoReply;
                    reply[2] = reply[3] = 0;
                    BigEndian.Put16(reply, 2, InternetChecksum.Compute(reply));
                    if (Send(Icmp.Protocol, source, reply, now)) _counters.Add("icmp.echo_replies_sent");
                    break;
                }
                case Icmp.EchoReply:
                    Pinger.Replied(source, BigEndian.U16(m, 4), BigEndian.U16(m, 6), ttl);
                    break;
                case Icmp.DestinationUnreachable:
                    _counters.Add("icmp.unreachable_in");
                    break;
            }
        }

        // ---- send -----------------------------------------------------------------------------------------------

        private uint SubnetBroadcast => PrefixLength >= 32 ? LocalAddress : LocalAddress | (0xFFFFFFFFu >> PrefixLength);

        private bool OnLink(uint address) => PrefixLength == 0 || ((address ^ LocalAddress) >> (32 - PrefixLength)) == 0;

        public bool Send(byte protocol, uint destination, ReadOnlySpan<byte> payload, long now)
        {
            if (LocalAddress == 0 || payload.Length > 65535 - IpHeader)
            {
                _counters.Add("ip.no_route");
                return false;
            }
            return SendFrom(LocalAddress, protocol, destination, payload, now);
        }

        private bool SendFrom(uint source, byte protocol, uint destination, ReadOnlySpan<byte> payload, long now)
        {
            long mac = 0;
            uint hop = 0;
            bool known = true;
            if (destination == 0xFFFFFFFF || (LocalAddress != 0 && destination == SubnetBroadcast)) mac = Broadcast;
            else
            {
                hop = LocalAddress != 0 && OnLink(destination) ? destination : Gateway;
                if (hop == 0)
                {
                    _counters.Add("ip.no_route");
                    return false;
                }
                known = _arp.TryGet(hop, now, out mac);
            }
            ushort id = _nextId++;
            int maxData = (Mtu - IpHeader) & ~7;
            int offset = 0;
            do
            {
                int chunk = Math.Min(maxData, payload.Length - offset);
                bool more = offset + chunk < payload.Length;
                if (more || offset > 0) _counters.Add("ip.fragments_out");
                if (known)
                {
                    // The common case builds in place: no frame is allocated per datagram.
                    int length = BuildIpFrame(_transmitFrame, source, destination, protocol, id, offset, more, payload.Slice(offset, chunk));
                    SendFrame(new Span<byte>(_transmitFrame, 0, length), mac);
                }
                else
                {
                    byte[] frame = new byte[EthernetHeader + IpHeader + chunk];
                    BuildIpFrame(frame, source, destination, protocol, id, offset, more, payload.Slice(offset, chunk));
                    if (_arp.Enqueue(hop, frame, now, out bool dropped)) SendArp(1, Broadcast, hop);
                    else if (dropped) return false;
                }
                offset += chunk;
            }
            while (offset < payload.Length);
            _counters.Add("ip.out");
            return true;
        }

        /// <summary>Writes the Ethernet and IPv4 headers and the data into <paramref name="frame"/>; returns the length.</summary>
        private int BuildIpFrame(Span<byte> frame, uint source, uint destination, byte protocol, ushort id, int offset, bool more, ReadOnlySpan<byte> data)
        {
            frame.Slice(0, EthernetHeader + IpHeader).Clear();
            BigEndian.PutMac(frame, 6, MacAddress);
            BigEndian.Put16(frame, 12, EtherIpv4);
            Span<byte> ip = frame.Slice(EthernetHeader, IpHeader);
            ip[0] = 0x45;
            BigEndian.Put16(ip, 2, IpHeader + data.Length);
            BigEndian.Put16(ip, 4, id);
            BigEndian.Put16(ip, 6, (more ? 0x2000 : 0) | offset / 8);
            ip[8] = Ttl;
            ip[9] = protocol;
            BigEndian.Put32(ip, 12, source);
            BigEndian.Put32(ip, 16, destination);
            BigEndian.Put16(ip, 10, InternetChecksum.Compute(ip));
            data.CopyTo(frame.Slice(EthernetHeader + IpHeader));
            return EthernetHeader + IpHeader + data.Length;
        }

        /// <summary>Fills in the destination MAC and hands the frame to the card.</summary>
        private void SendFrame(Span<byte> frame, long mac)
        {
            BigEndian.PutMac(frame, 0, mac);
            _counters.Add("eth.out");
            _transmitter.Transmit(frame);
        }

        private void SendArp(int op, long targetMac, uint targetIp)
        {
            Span<byte> f = new Span<byte>(_frame, 0, EthernetHeader + 28);
            f.Clear();
            BigEndian.PutMac(f, 0, targetMac);
            BigEndian.PutMac(f, 6, MacAddress);
            BigEndian.Put16(f, 12, EtherArp);
            BigEndian.Put16(f, 14, 1);
            BigEndian.Put16(f, 16, EtherIpv4);
            f[18] = 6;
            f[19] = 4;
            BigEndian.Put16(f, 20, op);
            BigEndian.PutMac(f, 22, MacAddress);
            BigEndian.Put32(f, 28, LocalAddress);
            if (op == 2) BigEndian.PutMac(f, 32, targetMac);
            BigEndian.Put32(f, 38, targetIp);
            if (op == 1) _counters.Add("arp.requests_sent");
            _counters.Add("eth.out");
            _transmitter.Transmit(f);
        }

        // ---- the DHCP client's and the resolver's sending ---------------------------------------------------------

        public void SendDhcp(uint destination, ReadOnlySpan<byte> message, long now)
        {
            uint source = destination == 0xFFFFFFFF ? 0 : LocalAddress;
            byte[] datagram = Udp.Build(source, DhcpClient.ClientPort, destination, DhcpClient.ServerPort, message);
            if (destination == 0xFFFFFFFF)
            {
                int length = BuildIpFrame(_transmitFrame, source, destination, UdpPorts.Protocol, _nextId++, 0, false, datagram);
                SendFrame(new Span<byte>(_transmitFrame, 0, length), Broadcast);
            }
            else SendFrom(source, UdpPorts.Protocol, destination, datagram, now);
        }

        public void SendUdp(ushort sourcePort, uint destination, ushort destinationPort, ReadOnlySpan<byte> payload, long now)
        {
            if (LocalAddress == 0) return;
            Send(UdpPorts.Protocol, destination, Udp.Build(LocalAddress, sourcePort, destination, destinationPort, payload), now);
        }
    }
}
