using System.Runtime.InteropServices;

namespace Singularity.V1
{
    /// <summary>One message as it sits in an endpoint's queue and as Send and Receive exchange it: a message tag
    /// (the contract's message number), up to <see cref="InlineCapacity"/> bytes of scalar arguments copied inline,
    /// and optionally one exchange-heap block and one endpoint whose ownership travels with the message.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct ChannelMessage
    {
        public const int InlineCapacity = 40;

        public int Tag;
        public int InlineLength;
        public void* Block;       // exchange-heap data block moved to the receiver (no copy), or null
        public void* Endpoint;    // endpoint moved to the receiver, or null
        public fixed byte Inline[InlineCapacity];
    }

    /// <summary>The header the kernel keeps in front of every exchange-heap allocation. SIPs see only the data
    /// address; the kernel validates any address a SIP passes against this header.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ExchangeBlockInfo
    {
        public ulong Bytes;
        public int Owner;
    }
}
