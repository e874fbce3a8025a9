using System;
using System.Collections.Generic;

namespace Sing.Network.Protocol
{
    /// <summary>IPv4 fragment reassembly (RFC 791 §3.2, RFC 815's hole list done as a byte map), bounded: at most
    /// <see cref="MaxDatagrams"/> datagrams in progress and <see cref="MaxTotalBytes"/> held in all, a datagram at most
    /// 65,535 bytes, each abandoned <see cref="TimeoutMs"/> after its first fragment. A fragment that overlaps one
    /// already held drops the whole datagram (as RFC 5722 requires for IPv6: overlaps are an attack, not a repair),
    /// as does one past the end the last fragment set.</summary>
    public sealed class Reassembly
    {
        public const int MaxDatagrams = 16;
        public const int MaxTotalBytes = 256 * 1024;
        public const long TimeoutMs = 30_000;
        private const int MaxDatagramBytes = 65535;

        private sealed class Datagram
        {
            public readonly byte[] Data;
            public readonly bool[] Have;      // per 8-byte unit
            public int Length = -1;           // known once the last fragment came
            public int Received;
            public long Deadline;

            public Datagram(int capacity)
            {
                Data = new byte[capacity];
                Have = new bool[(capacity + 7) / 8];
            }
        }

        private readonly Dictionary<ulong, Datagram> _datagrams = new Dictionary<ulong, Datagram>();
        private readonly NetCounters _counters;
        private int _heldBytes;

        public Reassembly(NetCounters counters)
        {
            _counters = counters;
            counters.Declare("ip.fragments_in", "ip.reassembled", "ip.reassembly_overlaps", "ip.reassembly_timeouts", "ip.reassembly_full");
        }

        public int HeldBytes => _heldBytes;

        /// <summary>Adds a fragment (its payload at <paramref name="offset"/> bytes); returns the whole payload once
        /// complete, else null.</summary>
        public byte[]? Add(uint source, uint destination, byte protocol, ushort id, int offset, bool more, ReadOnlySpan<byte> payload, long now)
        {
            _counters.Add("ip.fragments_in");
            ulong key = (ulong)source << 32 | (destination ^ ((uint)protocol << 16 | id));
            int end = offset + payload.Length;
            if (end > MaxDatagramBytes || (more && payload.Length % 8 != 0))
            {
                Drop(key, "ip.reassembly_overlaps");
                return null;
            }
            if (!_datagrams.TryGetValue(key, out Datagram? d))
            {
                if (_datagrams.Count >= MaxDatagrams || _heldBytes + MaxDatagramBytes > MaxTotalBytes)
                {
                    _counters.Add("ip.reassembly_full");
                    return null;
                }
                d = new Datagram(MaxDatagramBytes);
                d.Deadline = now + TimeoutMs;
                _datagrams[key] = d;
                _heldBytes += MaxDatagramBytes;
            }
            if ((d.Length >= 0 && end > d.Length) || (!more && (d.Length >= 0 && d.Length != end)) || (!more && end < HighestUnit(d) * 8))
            {
                Drop(key, "ip.reassembly_overlaps");
                return null;
            }
            int first = offset / 8, last = (end + 7) / 8;
            for (int u = first; u < last; u++)
            {
                if (d.Have[u])
                {
                    Drop(key, "ip.reassembly_overlaps");
                    return null;
                }
            }
            for (int u = first; u < last; u++) d.Have[u] = true;
            payload.CopyTo(new Span<byte>(d.Data, offset, payload.Length));
            d.Received += payload.Length;
            if (!more) d.Length = end;
            if (d.Length < 0 || d.Received != d.Length) return null;
            _datagrams.Remove(key);
            _heldBytes -= MaxDatagramBytes;
            _counters.Add("ip.reassembled");
            return new ReadOnlySpan<byte>(d.Data, 0, d.Length).ToArray();
        }

        public void Expire(long now)
        {
            List<ulong>? late = null;
            foreach (KeyValuePair<ulong, Datagram> pair in _datagrams)
                if (now >= pair.Value.Deadline) (late ??= new List<ulong>()).Add(pair.Key);
            if (late == null) return;
            foreach (ulong key in late) Drop(key, "ip.reassembly_timeouts");
        }

        public long NextDeadline()
        {
            long next = long.MaxValue;
            foreach (Datagram d in _datagrams.Values) next = Math.Min(next, d.Deadline);
            return next;
        }

        private static int HighestUnit(Datagram d)
        {
            for (int u = d.Have.Length - 1; u >= 0; u--)
                if (d.Have[u]) return u + 1;
            return 0;
        }

        private void Drop(ulong key, string reason)
        {
            _counters.Add(reason);
            if (!_datagrams.Remove(key)) return;
            _heldBytes -= MaxDatagramBytes;
        }
    }
}
