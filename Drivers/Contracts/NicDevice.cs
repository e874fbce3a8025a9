using Sing.Contracts;

namespace Sing.Network
{
    /// <summary>A network card's events, sent by the driver on a channel the client hands it (001 Listing 1): one event
    /// at a time, each acknowledged before the next is sent, so a slow client is told once, not flooded.</summary>
    [Contract]
    [State("Ready", "NicEvent! -> AckEvent? -> Ready")]
    public sealed partial class NicEvents
    {
        /// <summary>Event kinds: packets were received (fetch them with GetReceivedPacket), the link went up or down.</summary>
        public const int ReceiveEvent = 1, LinkEvent = 3;

        [OutMessage] partial void NicEvent(int type);
        [InMessage] partial void AckEvent();
    }

    /// <summary>A network card, served by its driver at /dev/nicN (001 Listing 2, with transmit added). The driver
    /// opens with DeviceInfo (MTU, MAC address in the low 48 bits, first octet most significant); the client registers
    /// its event channel and the number of receive buffers it will keep with the card, then starts I/O. Packets travel
    /// in exchange-heap vectors, never copied: the client hands receive buffers in with PacketForReceive (each at least
    /// <see cref="ReceiveBufferBytes"/>; the card writes a frame straight into one) and takes them back filled with
    /// GetReceivedPacket (or PostAndGet, which hands a buffer back in the same request); Transmit sends one Ethernet frame (14-byte header and payload, 60 to 1514 bytes: the card
    /// pads short frames and appends the CRC) and answers, once the card has read the frame, with the buffer back.
    /// Errors (InvalidParameters, BadPacketSize's expected size): a receive buffer shorter than
    /// ReceiveBufferBytes, a frame outside 14..1514 bytes, or more receive buffers than the card's ring holds.
    /// Linked as source into the driver and its clients; NicDeviceConnection.cs is how a client gets the channel.</summary>
    [Contract]
    [State("Start", "DeviceInfo! -> IoConfigureBegin")]
    [State("IoConfigureBegin", "RegisterForEvents? -> SetParameters? -> IoConfigureAck")]
    [State("IoConfigureAck", "InvalidParameters! -> IoConfigureBegin", "Success! -> IoConfigured")]
    [State("IoConfigured", "StartIO? -> IoRunning", "ConfigureIO? -> IoConfigureBegin")]
    [State("IoRunning",
        "PacketForReceive? -> (Success! | BadPacketSize!) -> IoRunning",
        "GetReceivedPacket? -> (ReceivedPacket! | NoPacket!) -> IoRunning",
        "PostAndGet? -> (ReceivedPacket! | NoPacket! | BadPacketSize!) -> IoRunning",
        "Transmit? -> (Transmitted! | BadPacketSize!) -> IoRunning")]
    public sealed partial class NicDevice
    {
        /// <summary>The size every receive buffer must have: the card writes up to this many bytes into it.</summary>
        public const int ReceiveBufferBytes = 2048;
        /// <summary>The largest frame Transmit takes (header and 1500 bytes of payload, without the CRC).</summary>
        public const int MaxFrameBytes = 1514;

        [OutMessage] partial void DeviceInfo(int mtu, long macAddress);
        [InMessage] partial void RegisterForEvents([InState("Ready")] NicEvents.Exp events);
        [InMessage] partial void SetParameters(int receiveBuffers);
        [OutMessage] partial void InvalidParameters(int error);
        [OutMessage] partial void Success();
        [InMessage] partial void StartIO();
        [InMessage] partial void ConfigureIO();
        [InMessage] partial void PacketForReceive(ExVector<byte> buffer);
        [OutMessage] partial void BadPacketSize(ExVector<byte> buffer, int expected);
        [InMessage] partial void GetReceivedPacket();
        /// <summary>A received frame: its first <paramref name="length"/> bytes (without the CRC) are the frame.</summary>
        [OutMessage] partial void ReceivedPacket(ExVector<byte> data, int length);
        [OutMessage] partial void NoPacket();
        /// <summary>PacketForReceive and GetReceivedPacket in one request: the buffer goes to the card (refused with
        /// BadPacketSize as PacketForReceive refuses it), then the next received frame comes back, or NoPacket. A client
        /// draining a burst hands each frame's buffer straight back with the next request: one round trip a frame.</summary>
        [InMessage] partial void PostAndGet(ExVector<byte> buffer);
        [InMessage] partial void Transmit(ExVector<byte> frame, int length);
        [OutMessage] partial void Transmitted(ExVector<byte> frame);
    }
}
