using System;

namespace Sing.Network.Protocol
{
    /// <summary>What the transports above IPv4 (TCP, UDP, ICMP) see of it. Addresses are IPv4 addresses as uint in
    /// host order (10.0.2.15 is 0x0A00020F); times are milliseconds of a clock the caller supplies (the stack SIP's
    /// guest time, the host tests' simulated time), so every protocol decision is deterministic.</summary>
    public interface IIpLayer
    {
        /// <summary>The interface's address; 0 until DHCP (or static configuration) gave it one.</summary>
        uint LocalAddress { get; }

        /// <summary>The largest IPv4 datagram the link carries (1500 on Ethernet), header included.</summary>
        int Mtu { get; }

        /// <summary>Sends one datagram with this payload (the IPv4 header is added; a payload beyond the MTU is
        /// fragmented). False when it cannot leave now (no address, no route, the ARP queue for the next hop is full);
        /// the payload was copied either way, so the caller may reuse its buffer.</summary>
        bool Send(byte protocol, uint destination, ReadOnlySpan<byte> payload, long nowMs);
    }

    /// <summary>A transport above IPv4: the IP layer hands it each datagram of its protocol number that arrived for
    /// this host, after the IPv4 header was checked and fragments were reassembled. The payload span is valid only
    /// during the call.</summary>
    public interface IIpProtocolHandler
    {
        void Deliver(uint source, uint destination, ReadOnlySpan<byte> payload, long nowMs);
    }
}
