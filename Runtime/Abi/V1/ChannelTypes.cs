using System.Runtime.InteropServices;

namespace Singularity.V1
{
    /// <summary>One message as it sits in an endpoint's queue and as Send and Receive exchange it: a message tag
    /// (the contract's message number), up to <see cref="InlineCapacity"/> bytes of scalar arguments copied inline,
    /// and optionally one exchange-heap block and one endpoint whose ownership travels with the message. A message
    /// may carry a second block and a second endpoint (<see cref="Carries"/>): their addresses then take the last 16
    /// inline bytes, leaving <see cref="InlineCapacityWithSecondSlots"/> for arguments. 64 bytes either way.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct ChannelMessage
    {
        public const int InlineCapacity = 40;
        public const int InlineCapacityWithSecondSlots = 24;
        public const short CarriesSecondBlock = 1, CarriesSecondEndpoint = 2;

        public int Tag;
        private short _inlineLength;
        /// <summary><see cref="CarriesSecondBlock"/> and/or <see cref="CarriesSecondEndpoint"/>, or 0.</summary>
        public short Carries;
        public void* Block;       // exchange-heap data block moved to the receiver (no copy), or null
        public void* Endpoint;    // endpoint moved to the receiver, or null
        public fixed byte Inline[InlineCapacity];

        /// <summary>Bytes of inline arguments (a length no message can have reads back as -1, which the kernel refuses).</summary>
        public int InlineLength
        {
            readonly get => _inlineLength;
            set => _inlineLength = value < 0 || value > short.MaxValue ? (short)-1 : (short)value;
        }

        /// <summary>The second block (meaningful with <see cref="CarriesSecondBlock"/>).</summary>
        public void* SecondBlock
        {
            readonly get { fixed (byte* inline = Inline) return *(void**)(inline + InlineCapacityWithSecondSlots); }
            set { fixed (byte* inline = Inline) *(void**)(inline + InlineCapacityWithSecondSlots) = value; }
        }

        /// <summary>The second endpoint (meaningful with <see cref="CarriesSecondEndpoint"/>).</summary>
        public void* SecondEndpoint
        {
            readonly get { fixed (byte* inline = Inline) return *(void**)(inline + InlineCapacityWithSecondSlots + 8); }
            set { fixed (byte* inline = Inline) *(void**)(inline + InlineCapacityWithSecondSlots + 8) = value; }
        }
    }

    /// <summary>The header the kernel keeps in front of every exchange-heap allocation. SIPs see only the data
    /// address; the kernel validates any address a SIP passes against this header.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ExchangeBlockInfo
    {
        public ulong Bytes;
        public int Owner;
    }

    /// <summary>A contract's state machine as the kernel checks it (defence in depth behind the analyzers): states
    /// and messages are numbered; each transition is (from state, message, to state, direction) with direction 0
    /// for a message the importer sends and 1 for one the exporter sends. The table lives in the SIP; the kernel
    /// copies and validates it when the channel is created.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct ContractTable
    {
        public int StateCount;
        public int MessageCount;
        public int InitialState;
        public int TransitionCount;
        public int* Transitions;   // TransitionCount groups of 4 ints
        public char* Name;
        public int NameLength;
    }
}
