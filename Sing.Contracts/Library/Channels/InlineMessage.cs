using System.Runtime.InteropServices;

namespace Sing.Contracts
{
    /// <summary>
    /// A message whose arguments are all scalars (or structs of scalars): its tag and up to 40 inline bytes, an
    /// unmanaged value with no handles in it. Generated code packs such a message straight into this and reads the
    /// reply straight out of it; a kernel transport sends it and receives into it where it lies (its layout is the
    /// kernel ABI's ChannelMessage with both slot words zero), so a round trip copies nothing between the program's
    /// arguments and the kernel. Messages that carry blocks or endpoints go through <see cref="WireMessage"/>.
    /// A copy of this struct carries nothing that could be claimed twice: it is bytes only.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct InlineMessage
    {
        /// <summary>Inline bytes: the kernel ABI's inline capacity, as <see cref="WireMessage.InlineCapacity"/>.</summary>
        public const int Capacity = WireMessage.InlineCapacity;

        private int _tag;
        private short _length;
        // Where ChannelMessage keeps its carried-item flags and slots; always zero here, and a transport that finds a
        // reply with anything in them gives it back and refuses the message.
        private short _carries;
        private nint _block;
        private nint _endpoint;
        private fixed byte _inline[Capacity];

        /// <summary>An empty message with <paramref name="tag"/>.</summary>
        public InlineMessage(int tag)
        {
            _tag = tag;
        }

        public readonly int Tag => _tag;

        /// <summary>Bytes of inline arguments.</summary>
        public readonly int InlineLength => _length;

        /// <summary>True when a transport received a message that carries blocks or endpoints into this: the transport
        /// keeps them (<see cref="IChannelTransport.TakeCarried"/>); a scalar-only receive gives them back and refuses
        /// the message.</summary>
        public readonly bool CarriesLinear
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
            get => _carries != 0 || _block != 0 || _endpoint != 0;
        }

        /// <summary>Appends a scalar or struct of scalars.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public void Put<T>(T value) where T : unmanaged
        {
            int length = _length;
            if ((uint)length > (uint)Capacity || length + sizeof(T) > Capacity)
            {
                throw new ProtocolViolationException("message arguments exceed " + Capacity.ToString() + " inline bytes");
            }

            fixed (byte* p = _inline)
            {
                *(T*)(p + length) = value;
            }

            _length = (short)(length + sizeof(T));
        }

        /// <summary>Reads the scalar at <paramref name="offset"/> and moves the offset past it (arguments are read in
        /// the order they were put, from offset 0).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public readonly T Get<T>(ref int offset) where T : unmanaged
        {
            int at = offset;
            // The offset is the caller's and the length the sender's: both are bounded before either is used.
            if ((uint)at > (uint)Capacity || at + sizeof(T) > _length || at + sizeof(T) > Capacity)
            {
                throw new ProtocolViolationException("message shorter than its contract says");
            }

            T value;
            fixed (byte* p = _inline)
            {
                value = *(T*)(p + at);
            }

            offset = at + sizeof(T);
            return value;
        }

        /// <summary>Clears the slot words before a send: only the tag, length and inline bytes go out.</summary>
        internal void ClearSlots()
        {
            _carries = 0;
            _block = 0;
            _endpoint = 0;
        }

        /// <summary>The same message in wire form (for a transport without an inline path).</summary>
        internal readonly WireMessage ToWire()
        {
            WireMessage wire = default;
            wire.Tag = _tag;
            fixed (byte* p = _inline)
            {
                wire.SetInline(p, _length);
            }

            return wire;
        }

        /// <summary>Takes the tag and inline bytes of a received wire message; true (and marked, see
        /// <see cref="CarriesLinear"/>) when it also carries blocks or endpoints, which stay in the wire message.</summary>
        internal bool TakeFromWire(ref WireMessage wire)
        {
            bool carried = wire.BlockCount != 0 || wire.EndpointCount != 0;
            _tag = wire.Tag;
            _length = (short)wire.InlineLength;
            ClearSlots();
            if (carried)
            {
                MarkCarried();
            }

            fixed (byte* p = _inline)
            {
                wire.CopyInlineTo(p);
            }

            return carried;
        }

        /// <summary>Marks a received message whose blocks or endpoints the transport gave back.</summary>
        internal void MarkCarried()
        {
            _carries = -1;
        }
    }
}
