using System;
using System.Collections.Generic;

namespace Sing.Network.Protocol
{
    /// <summary>A UDP port's owner inside the stack (the DHCP client, the DNS resolver): it gets each datagram that
    /// arrives for its port, after the checksum was verified.</summary>
    public interface IUdpReceiver
    {
        void Receive(uint source, ushort sourcePort, ReadOnlySpan<byte> payload, long now);
    }

    /// <summary>One bound UDP port, for netstat.</summary>
    public readonly struct UdpPortStatus
    {
        public readonly int Port;
        public readonly long Queued;

        public UdpPortStatus(int port, long queued)
        {
            Port = port;
            Queued = queued;
        }
    }

    /// <summary>UDP (RFC 768): ports bound to receivers, checksums checked on receive (a zero checksum means none was
    /// sent) and computed on send, ephemeral ports from 49152 up.</summary>
    public sealed class UdpPorts
    {
        public const byte Protocol = 17;
        private const int HeaderBytes = 8;

        private readonly Dictionary<ushort, IUdpReceiver> _bound = new Dictionary<ushort, IUdpReceiver>();
        private readonly NetCounters _counters;
        private ushort _nextEphemeral = 49152;

        public UdpPorts(NetCounters counters)
        {
            _counters = counters;
            counters.Declare("udp.in", "udp.out", "udp.bad_checksum", "udp.truncated", "udp.no_port");
        }

        public bool Bind(ushort port, IUdpReceiver receiver)
        {
            if (port == 0 || _bound.ContainsKey(port)) return false;
            _bound[port] = receiver;
            return true;
        }

        /// <summary>A free port from the ephemeral range, bound to <paramref name="receiver"/>.</summary>
        public ushort BindEphemeral(IUdpReceiver receiver)
        {
            for (int i = 0; i < 16384; i++)
            {
                ushort port = _nextEphemeral;
                _nextEphemeral = (ushort)(_nextEphemeral == 65535 ? 49152 : _nextEphemeral + 1);
                if (Bind(port, receiver)) return port;
            }
            return 0;
        }

        public void Unbind(ushort port) => _bound.Remove(port);

        public List<UdpPortStatus> Status()
        {
            var list = new List<UdpPortStatus>();
            foreach (ushort port in _bound.Keys) list.Add(new UdpPortStatus(port, 0));
            return list;
        }

        public void Deliver(uint source, uint destination, ReadOnlySpan<byte> datagram, long now)
        {
            if (datagram.Length < HeaderBytes)
            {
                _counters.Add("udp.truncated");
                return;
            }
            int length = BigEndian.U16(datagram, 4);
            if (length < HeaderBytes || length > datagram.Length)
            {
                _counters.Add("udp.truncated");
                return;
            }
            datagram = datagram.Slice(0, length);
            if (BigEndian.U16(datagram, 6) != 0)
            {
                uint sum = InternetChecksum.PseudoHeader(source, destination, Protocol, length);
                if (InternetChecksum.Finish(InternetChecksum.Add(sum, datagram)) != 0)
                {
                    _counters.Add("udp.bad_checksum");
                    return;
                }
            }
            ushort port = BigEndian.U16(datagram, 2);
            if (!_bound.TryGetValue(port, out IUdpReceiver? receiver))
            {
                _counters.Add("udp.no_port");
                return;
            }
            _counters.Add("udp.in");
            receiver.Receive(source, BigEndian.U16(datagram, 0), datagram.Slice(HeaderBytes), now);
        }

        /// <summary>The UDP datagram (header and payload) for the IP layer to send.</summary>
        public byte[] Build(uint source, ushort sourcePort, uint destination, ushort destinationPort, ReadOnlySpan<byte> payload)
        {
            var datagram = new byte[HeaderBytes + payload.Length];
            BigEndian.Put16(datagram, 0, sourcePort);
            BigEndian.Put16(datagram, 2, destinationPort);
            BigEndian.Put16(datagram, 4, datagram.Length);
            payload.CopyTo(new Span<byte>(datagram, HeaderBytes, payload.Length));
            uint sum = InternetChecksum.PseudoHeader(source, destination, Protocol, datagram.Length);
            ushort check = InternetChecksum.Finish(InternetChecksum.Add(sum, datagram));
            BigEndian.Put16(datagram, 6, check == 0 ? 0xFFFF : check);
            _counters.Add("udp.out");
            return datagram;
        }
    }
}
