using System;
using System.Collections.Generic;
using System.Text;

namespace Sing.Network.Protocol
{
    /// <summary>What the resolver needs of the interface: the DNS server DHCP gave, and sending UDP from its port.</summary>
    public interface IDnsHost
    {
        uint DnsServer { get; }
        void SendUdp(ushort sourcePort, uint destination, ushort destinationPort, ReadOnlySpan<byte> payload, long now);
    }

    /// <summary>A stub resolver (RFC 1035) for A records: one query per name over UDP to the server DHCP gave, matched by
    /// id and question, retried after 2 s up to 3 times; answers kept for their TTL (at most 64 names, at most a day);
    /// NXDOMAIN reported as such. Names in answers may be compressed; a pointer that does not point backwards (a loop)
    /// or runs past the message makes the answer invalid. Callers start a query and poll its handle.</summary>
    public sealed class DnsResolver : IUdpReceiver
    {
        public const ushort ServerPort = 53;
        private const long RetryMs = 2000;
        private const int Attempts = 3;
        private const int MaxCached = 64;
        private const int MaxPending = 64;

        private sealed class Query
        {
            public string Name = "";
            public ushort Id;
            public int Attempts;
            public long NextSend;
            public bool Done;
            public uint Address;
            public string Error = "";
        }

        private readonly IDnsHost _host;
        private readonly NetCounters _counters;
        private readonly Random _random;
        private readonly Dictionary<int, Query> _queries = new Dictionary<int, Query>();
        private readonly Dictionary<string, (uint Address, long Expires)> _cache = new Dictionary<string, (uint, long)>(StringComparer.OrdinalIgnoreCase);
        private ushort _port;
        private int _nextHandle = 1;

        public DnsResolver(IDnsHost host, NetCounters counters, int seed)
        {
            _host = host;
            _counters = counters;
            _random = new Random(seed);
            counters.Declare("dns.queries", "dns.answers", "dns.nxdomain", "dns.bad_answers", "dns.timeouts");
        }

        /// <summary>The UDP port answers come to (bound by the interface).</summary>
        public ushort Port { get => _port; set => _port = value; }

        /// <summary>Starts resolving <paramref name="name"/>; poll the handle with <see cref="TryResult"/>.</summary>
        public int Start(string name, long now)
        {
            var q = new Query { Name = name.TrimEnd('.') };
            int handle = _nextHandle++;
            if (_queries.Count >= MaxPending) Finish(q, 0, "too many names are being resolved at once");
            else if (!Valid(q.Name)) Finish(q, 0, $"'{name}' is not a host name");
            else if (_cache.TryGetValue(q.Name, out var hit) && hit.Expires > now) Finish(q, hit.Address, "");
            else if (_host.DnsServer == 0) Finish(q, 0, "no DNS server (DHCP has not configured one)");
            else
            {
                q.Id = (ushort)_random.Next(1, 65536);
                Send(q, now);
            }
            _queries[handle] = q;
            return handle;
        }

        /// <summary>True once the query ended: the address, or 0 and why not.</summary>
        public bool TryResult(int handle, out uint address, out string error)
        {
            address = 0;
            error = "";
            if (!_queries.TryGetValue(handle, out Query? q))
            {
                error = "no such query";
                return true;
            }
            if (!q.Done) return false;
            _queries.Remove(handle);
            address = q.Address;
            error = q.Error;
            return true;
        }

        public long NextDeadline()
        {
            long next = long.MaxValue;
            foreach (Query q in _queries.Values)
                if (!q.Done) next = Math.Min(next, q.NextSend);
            return next;
        }

        public void Tick(long now)
        {
            foreach (Query q in _queries.Values)
            {
                if (q.Done || now < q.NextSend) continue;
                if (q.Attempts >= Attempts)
                {
                    _counters.Add("dns.timeouts");
                    Finish(q, 0, $"no answer from the DNS server {Format(_host.DnsServer)} for '{q.Name}'");
                }
                else Send(q, now);
            }
        }

        private void Send(Query q, long now)
        {
            q.Attempts++;
            q.NextSend = now + RetryMs;
            byte[] message = BuildQuery(q.Id, q.Name);
            _counters.Add("dns.queries");
            _host.SendUdp(_port, _host.DnsServer, ServerPort, message, now);
        }

        public static byte[] BuildQuery(ushort id, string name)
        {
            var m = new List<byte> { (byte)(id >> 8), (byte)id, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0 };
            foreach (string label in name.Split('.'))
            {
                m.Add((byte)label.Length);
                foreach (char c in label) m.Add((byte)c);
            }
            m.Add(0);
            m.Add(0); m.Add(1);   // A
            m.Add(0); m.Add(1);   // IN
            return m.ToArray();
        }

        public void Receive(uint source, ushort sourcePort, ReadOnlySpan<byte> m, long now)
        {
            if (m.Length < 12 || (m[2] & 0x80) == 0) return;
            ushort id = BigEndian.U16(m, 0);
            Query? q = null;
            foreach (Query candidate in _queries.Values)
                if (!candidate.Done && candidate.Id == id) q = candidate;
            if (q == null || sourcePort != ServerPort || source != _host.DnsServer)
            {
                _counters.Add("dns.bad_answers");
                return;
            }
            if (!Parse(m, q.Name, out uint address, out uint ttl, out int rcode))
            {
                _counters.Add("dns.bad_answers");
                return;   // a malformed answer: the retry may bring a good one
            }
            if (rcode == 3)
            {
                _counters.Add("dns.nxdomain");
                Finish(q, 0, $"'{q.Name}' does not exist (NXDOMAIN)");
                return;
            }
            if (rcode != 0 || address == 0)
            {
                Finish(q, 0, rcode != 0 ? $"the DNS server refused '{q.Name}' (code {rcode})" : $"'{q.Name}' has no IPv4 address");
                return;
            }
            _counters.Add("dns.answers");
            if (_cache.Count >= MaxCached) _cache.Clear();
            _cache[q.Name] = (address, now + Math.Min(ttl, 86400u) * 1000L);
            Finish(q, address, "");
        }

        /// <summary>Checks the question echoes <paramref name="name"/> and finds the first A record among the answers.</summary>
        public static bool Parse(ReadOnlySpan<byte> m, string name, out uint address, out uint ttl, out int rcode)
        {
            address = 0;
            ttl = 0;
            rcode = m[3] & 0x0F;
            int questions = BigEndian.U16(m, 4), answers = BigEndian.U16(m, 6);
            if (questions != 1) return false;
            int at = 12;
            string? asked = ReadName(m, ref at);
            if (asked == null || at + 4 > m.Length || !string.Equals(asked, name, StringComparison.OrdinalIgnoreCase)) return false;
            at += 4;
            for (int i = 0; i < answers; i++)
            {
                if (ReadName(m, ref at) == null || at + 10 > m.Length) return false;
                int type = BigEndian.U16(m, at), klass = BigEndian.U16(m, at + 2);
                uint recordTtl = BigEndian.U32(m, at + 4);
                int length = BigEndian.U16(m, at + 8);
                at += 10;
                if (at + length > m.Length) return false;
                if (type == 1 && klass == 1 && length == 4 && address == 0)
                {
                    address = BigEndian.U32(m, at);
                    ttl = recordTtl;
                }
                at += length;
            }
            return true;
        }

        /// <summary>A name at <paramref name="at"/> (advanced past it); compression pointers must point backwards, which
        /// bounds the walk; null when malformed.</summary>
        public static string? ReadName(ReadOnlySpan<byte> m, ref int at)
        {
            var name = new StringBuilder();
            int position = at, end = -1, limit = at;
            while (true)
            {
                if (position >= m.Length) return null;
                int length = m[position];
                if (length == 0)
                {
                    position++;
                    break;
                }
                if ((length & 0xC0) == 0xC0)
                {
                    if (position + 1 >= m.Length) return null;
                    int target = (length & 0x3F) << 8 | m[position + 1];
                    if (end < 0) end = position + 2;
                    if (target >= limit) return null;   // forwards or onto itself: a loop
                    limit = target;
                    position = target;
                    continue;
                }
                if ((length & 0xC0) != 0 || position + 1 + length > m.Length || name.Length + length > 255) return null;
                if (name.Length > 0) name.Append('.');
                for (int i = 0; i < length; i++) name.Append((char)m[position + 1 + i]);
                position += 1 + length;
            }
            at = end >= 0 ? end : position;
            return name.ToString();
        }

        private static bool Valid(string name)
        {
            if (name.Length == 0 || name.Length > 253) return false;
            foreach (string label in name.Split('.'))
            {
                if (label.Length == 0 || label.Length > 63) return false;
                foreach (char c in label)
                    if (!(char.IsAsciiLetterOrDigit(c) || c == '-' || c == '_')) return false;
            }
            return true;
        }

        private static void Finish(Query q, uint address, string error)
        {
            q.Done = true;
            q.Address = address;
            q.Error = error;
        }

        private static string Format(uint a) => $"{a >> 24}.{(a >> 16) & 255}.{(a >> 8) & 255}.{a & 255}";
    }
}
