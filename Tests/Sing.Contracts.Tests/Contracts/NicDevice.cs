using Sing.Contracts;

namespace Sing.Contracts.Tests.Contracts
{
    /// <summary>A received packet's descriptor, a struct of scalars in the exchange heap.</summary>
    public struct Packet
    {
        public int Length;
        public ulong Timestamp;
    }

    /// <summary>
    /// The network device contract of 001, Listing 1: the driver (Exp) announces itself, the client
    /// (Imp) registers an event channel and configures it, then hands in buffers and polls for packets.
    /// </summary>
    [Contract]
    [State("Start", "DeviceInfo! -> IoConfigureBegin")]
    [State("IoConfigureBegin", "RegisterForEvents? -> SetParameters? -> IoConfigureAck")]
    [State("IoConfigureAck", "InvalidParameters! -> IoConfigureBegin", "Success! -> IoConfigured")]
    [State("IoConfigured", "StartIO? -> IoRunning", "ConfigureIO? -> IoConfigureBegin")]
    [State(
        "IoRunning",
        "PacketForReceive? -> (Success! | BadPacketSize!) -> IoRunning",
        "GetReceivedPacket? -> (ReceivedPacket! | NoPacket!) -> IoRunning")]
    public sealed partial class NicDevice
    {
        [OutMessage]
        partial void DeviceInfo(int mtu, ulong macAddress);

        [InMessage]
        partial void RegisterForEvents([InState("Ready")] NicEvents.Exp events);

        [InMessage]
        partial void SetParameters(int receiveBuffers);

        [OutMessage]
        partial void InvalidParameters(int error);

        [OutMessage]
        partial void Success();

        [InMessage]
        partial void StartIO();

        [InMessage]
        partial void ConfigureIO();

        [InMessage]
        partial void PacketForReceive(ExVector<byte> buffer);

        [OutMessage]
        partial void BadPacketSize(ExVector<byte> buffer, int expected);

        [InMessage]
        partial void GetReceivedPacket();

        [OutMessage]
        partial void ReceivedPacket(ExVector<byte> data, ExRef<Packet> info);

        [OutMessage]
        partial void NoPacket();
    }
}
