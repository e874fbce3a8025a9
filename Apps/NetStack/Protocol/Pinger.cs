using System;
using System.Collections.Generic;

namespace Sing.Network.Protocol
{
    /// <summary>ICMP echo (RFC 792) from this host: requests with this interface's identifier and the caller's sequence
    /// number, 56 bytes of pattern, replies matched by source, identifier and sequence. At most
    /// <see cref="MaxOutstanding"/> requests wait at once (the oldest is forgotten).</summary>
    public sealed class Pinger
    {
        public const int MaxOutstanding = 32;
        private const int DataBytes = 56;

        private sealed class Echo
        {
            public uint Destination;
            public ushort Sequence;
            public bool Replied;
            public int Ttl;
        }

        private readonly IIpLayer _ip;
        private readonly ushort _identifier;
        private readonly Dictionary<int, Echo> _echoes = new Dictionary<int, Echo>();
        private readonly Queue<int> _order = new Queue<int>();
        private int _nextHandle = 1;

        public Pinger(IIpLayer ip, ushort identifier)
        {
            _ip = ip;
            _identifier = identifier;
        }

        /// <summary>Sends one echo request; poll the handle with <see cref="TryReply"/>.</summary>
        public int Send(uint destination, ushort sequence, long now)
        {
            while (_echoes.Count >= MaxOutstanding && _order.Count > 0) _echoes.Remove(_order.Dequeue());
            var message = new byte[8 + DataBytes];
            message[0] = 8;
            BigEndian.Put16(message, 4, _identifier);
            BigEndian.Put16(message, 6, sequence);
            for (int i = 0; i < DataBytes; i++) message[8 + i] = (byte)(0x10 + i);
            BigEndian.Put16(message, 2, InternetChecksum.Compute(message));
            int handle = _nextHandle++;
            _echoes[handle] = new Echo { Destination = destination, Sequence = sequence };
            _order.Enqueue(handle);
            _ip.Send(Icmp.Protocol, destination, message, now);
            return handle;
        }

        public bool TryReply(int handle, out int ttl)
        {
            ttl = 0;
            if (!_echoes.TryGetValue(handle, out Echo? e) || !e.Replied) return false;
            ttl = e.Ttl;
            _echoes.Remove(handle);
            return true;
        }

        public void Forget(int handle) => _echoes.Remove(handle);

        /// <summary>An echo reply arrived (checksum already verified).</summary>
        public void Replied(uint source, ushort identifier, ushort sequence, int ttl)
        {
            if (identifier != _identifier) return;
            foreach (Echo e in _echoes.Values)
            {
                if (e.Replied || e.Destination != source || e.Sequence != sequence) continue;
                e.Replied = true;
                e.Ttl = ttl;
                return;
            }
        }
    }

    /// <summary>ICMP's numbers.</summary>
    public static class Icmp
    {
        public const byte Protocol = 1;
        public const byte EchoReply = 0, DestinationUnreachable = 3, EchoRequest = 8, TimeExceeded = 11;
    }
}
