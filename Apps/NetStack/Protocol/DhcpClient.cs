using System;

namespace Sing.Network.Protocol
{
    /// <summary>What the DHCP client needs of the interface: sending on the DHCP ports (broadcast while it has no
    /// address) and applying or dropping a lease.</summary>
    public interface IDhcpHost
    {
        long MacAddress { get; }
        void SendDhcp(uint destination, ReadOnlySpan<byte> message, long now);
        void Configure(uint address, int prefixLength, uint gateway, uint dns, long now);
        void Unconfigure(long now);
    }

    /// <summary>A DHCP client (RFC 2131, options of RFC 2132): DISCOVER, OFFER, REQUEST, ACK or NAK; retransmission
    /// after 4, 8, 16, 32, 64 s (each ±1 s, seeded); the lease renewed from T1 (unicast to its server) and rebound from
    /// T2 (broadcast); at its end the address is dropped and discovery starts again. Options read: 1 subnet mask,
    /// 3 router, 6 DNS, 51 lease time, 53 message type, 54 server identifier, 58/59 T1/T2 (defaults 1/2 and 7/8 of
    /// the lease). Replies are matched by transaction id and our hardware address; anything malformed is ignored.</summary>
    public sealed class DhcpClient : IUdpReceiver
    {
        public const ushort ClientPort = 68, ServerPort = 67;
        private const uint MagicCookie = 0x63825363;
        private const int FixedBytes = 236;
        private const byte Discover = 1, Offer = 2, Request = 3, Ack = 5, Nak = 6;

        public enum State { Stopped, Selecting, Requesting, Bound, Renewing, Rebinding }

        private readonly IDhcpHost _host;
        private readonly NetCounters _counters;
        private readonly Random _random;
        private uint _xid;
        private long _nextSend = long.MaxValue;
        private long _retryMs;
        private uint _offered, _server;
        private long _t1, _t2, _expires;

        public State Current { get; private set; }
        public uint LeasedAddress { get; private set; }
        public uint Server => _server;
        public long LeaseSeconds { get; private set; }
        /// <summary>Times an address was bound (the first lease and each renewal), for the caller's log line.</summary>
        public int Binds { get; private set; }

        public DhcpClient(IDhcpHost host, NetCounters counters, int seed)
        {
            _host = host;
            _counters = counters;
            _random = new Random(seed);
            counters.Declare("dhcp.sent", "dhcp.offers", "dhcp.acks", "dhcp.naks", "dhcp.ignored");
        }

        public void Start(long now)
        {
            Current = State.Selecting;
            _xid = (uint)_random.Next() ^ (uint)_random.Next() << 1;
            _retryMs = 4000;
            Send(now);
        }

        public long NextDeadline => Current == State.Bound ? _t1 : _nextSend;

        public void Tick(long now)
        {
            switch (Current)
            {
                case State.Bound when now >= _t1:
                    Current = State.Renewing;
                    _retryMs = Math.Max(60_000, (_t2 - now) / 2);
                    Send(now);
                    break;
                case State.Renewing or State.Rebinding when now >= _expires:
                    _host.Unconfigure(now);
                    LeasedAddress = 0;
                    Start(now);
                    break;
                case State.Renewing when now >= _t2:
                    Current = State.Rebinding;
                    Send(now);
                    break;
                case State.Selecting or State.Requesting or State.Renewing or State.Rebinding when now >= _nextSend:
                    if (Current == State.Requesting && _retryMs > 64_000) Start(now);   // no ACK: discover again
                    else Send(now);
                    break;
            }
        }

        private void Send(long now)
        {
            bool renewing = Current == State.Renewing || Current == State.Rebinding;
            byte type = Current == State.Selecting ? Discover : Request;
            var m = new byte[FixedBytes + 4 + 3 + 6 + 6 + 2 + 8 + 1];
            m[0] = 1;   // BOOTREQUEST
            m[1] = 1;   // Ethernet
            m[2] = 6;
            BigEndian.Put32(m, 4, _xid);
            if (!renewing) BigEndian.Put16(m, 10, 0x8000);   // broadcast replies: we cannot receive unicast yet
            else BigEndian.Put32(m, 12, LeasedAddress);      // ciaddr
            BigEndian.PutMac(m, 28, _host.MacAddress);
            BigEndian.Put32(m, FixedBytes, MagicCookie);
            int at = FixedBytes + 4;
            m[at++] = 53; m[at++] = 1; m[at++] = type;
            if (type == Request && !renewing)
            {
                m[at++] = 50; m[at++] = 4; BigEndian.Put32(m, at, _offered); at += 4;
                m[at++] = 54; m[at++] = 4; BigEndian.Put32(m, at, _server); at += 4;
            }
            m[at++] = 55; m[at++] = 6; m[at++] = 1; m[at++] = 3; m[at++] = 6; m[at++] = 51; m[at++] = 58; m[at++] = 59;
            m[at++] = 255;
            uint destination = Current == State.Renewing ? _server : 0xFFFFFFFF;
            _host.SendDhcp(destination, new ReadOnlySpan<byte>(m, 0, at), now);
            _counters.Add("dhcp.sent");
            _nextSend = now + _retryMs + _random.Next(-1000, 1001);
            if (!renewing) _retryMs = Math.Min(_retryMs * 2, 128_000);
        }

        public void Receive(uint source, ushort sourcePort, ReadOnlySpan<byte> m, long now)
        {
            if (sourcePort != ServerPort || m.Length < FixedBytes + 4 || m[0] != 2 || BigEndian.U32(m, 4) != _xid
                || BigEndian.Mac(m, 28) != _host.MacAddress || BigEndian.U32(m, FixedBytes) != MagicCookie)
            {
                _counters.Add("dhcp.ignored");
                return;
            }
            uint yiaddr = BigEndian.U32(m, 16);
            byte type = 0;
            uint mask = 0, router = 0, dns = 0, server = 0;
            long lease = -1, t1 = -1, t2 = -1;
            int at = FixedBytes + 4;
            while (at < m.Length)
            {
                byte code = m[at++];
                if (code == 0) continue;
                if (code == 255) break;
                if (at >= m.Length) return;
                int length = m[at++];
                if (at + length > m.Length) return;
                ReadOnlySpan<byte> v = m.Slice(at, length);
                at += length;
                switch (code)
                {
                    case 53 when length == 1: type = v[0]; break;
                    case 1 when length == 4: mask = BigEndian.U32(v, 0); break;
                    case 3 when length >= 4: router = BigEndian.U32(v, 0); break;
                    case 6 when length >= 4: dns = BigEndian.U32(v, 0); break;
                    case 54 when length == 4: server = BigEndian.U32(v, 0); break;
                    case 51 when length == 4: lease = BigEndian.U32(v, 0); break;
                    case 58 when length == 4: t1 = BigEndian.U32(v, 0); break;
                    case 59 when length == 4: t2 = BigEndian.U32(v, 0); break;
                }
            }
            if (type == Offer && Current == State.Selecting && yiaddr != 0 && server != 0)
            {
                _counters.Add("dhcp.offers");
                _offered = yiaddr;
                _server = server;
                Current = State.Requesting;
                _retryMs = 4000;
                Send(now);
            }
            else if (type == Ack && Current != State.Selecting && Current != State.Stopped && yiaddr != 0)
            {
                _counters.Add("dhcp.acks");
                if (server != 0) _server = server;
                long seconds = lease <= 0 ? 3600 : lease;
                LeaseSeconds = seconds;
                _t1 = now + (t1 > 0 && t1 < seconds ? t1 : seconds / 2) * 1000;
                _t2 = now + (t2 > 0 && t2 < seconds ? t2 : seconds * 7 / 8) * 1000;
                _expires = now + seconds * 1000;
                _nextSend = long.MaxValue;
                LeasedAddress = yiaddr;
                Current = State.Bound;
                Binds++;
                _host.Configure(yiaddr, PrefixOf(mask == 0 ? 0xFFFFFF00 : mask), router, dns, now);
            }
            else if (type == Nak && Current != State.Selecting && Current != State.Stopped)
            {
                _counters.Add("dhcp.naks");
                if (LeasedAddress != 0) _host.Unconfigure(now);
                LeasedAddress = 0;
                Start(now);
            }
            else _counters.Add("dhcp.ignored");
        }

        /// <summary>The prefix length of a contiguous mask (a non-contiguous one counts its leading ones).</summary>
        public static int PrefixOf(uint mask)
        {
            int n = 0;
            while (n < 32 && (mask & (0x80000000u >> n)) != 0) n++;
            return n;
        }
    }
}
