namespace Sing.Contracts
{
    /// <summary>
    /// A message in transport form: the tag, scalar arguments packed inline, and the linear values
    /// (exchange-heap blocks, endpoints) whose ownership travels with it. Generated Message structs
    /// pack into and unpack from it, so one transport (host queues or kernel channels) carries every
    /// contract without knowing its types, and without generic virtual calls.
    /// The slots hold the linear handles themselves, never an address: a block or endpoint leaves a slot by one
    /// interlocked claim on its handle (the transport's, when the message is sent; the typed unpack's, when it is
    /// received), so a copy of this struct can never take the same block or endpoint a second time.
    /// </summary>
    public unsafe struct WireMessage
    {
        /// <summary>Inline bytes: the kernel ABI's inline capacity, so a message fits one kernel message.</summary>
        public const int InlineCapacity = 40;

        /// <summary>Blocks and endpoints one message can carry (a kernel message too: ChannelMessage's second slots).</summary>
        public const int LinearSlots = 2;

        private fixed byte _inline[InlineCapacity];
        private int _inlineLength;
        private int _readOffset;
        private int _blocksWritten;
        private int _blocksRead;
        private int _endpointsWritten;
        private int _endpointsRead;
        private ExBlock? _block0;
        private ExBlock? _block1;
        // An endpoint slot holds the sent Endpoint (in transit) or, once it arrived, its IChannelTransport.
        private object? _endpoint0;
        private object? _endpoint1;

        public int Tag { get; set; }

        /// <summary>Bytes of inline arguments.</summary>
        public readonly int InlineLength => _inlineLength;

        /// <summary>Blocks the message still carries (put and not yet taken or released).</summary>
        public readonly int BlockCount => (_block0 is not null ? 1 : 0) + (_block1 is not null ? 1 : 0);

        /// <summary>Endpoints the message still carries.</summary>
        public readonly int EndpointCount => (_endpoint0 is not null ? 1 : 0) + (_endpoint1 is not null ? 1 : 0);

        /// <summary>True when a block or endpoint was put (the common message carries none: its send claims nothing).</summary>
        internal readonly bool CarriesLinear => _blocksWritten != 0 || _endpointsWritten != 0;

        /// <summary>True when the message uses a second block or endpoint slot (a kernel message then has 24 inline
        /// bytes instead of 40: the second slots' addresses take the rest).</summary>
        internal readonly bool UsesSecondSlots => _block1 is not null || _endpoint1 is not null;

        /// <summary>Appends a scalar or struct of scalars.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public void Put<T>(T value) where T : unmanaged
        {
            if (_inlineLength + sizeof(T) > InlineCapacity)
            {
                throw new ProtocolViolationException("message arguments exceed " + InlineCapacity.ToString() + " inline bytes");
            }

            fixed (byte* p = _inline)
            {
                *(T*)(p + _inlineLength) = value;
            }

            _inlineLength += sizeof(T);
        }

        /// <summary>Reads the next scalar in the order it was put.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public T Get<T>() where T : unmanaged
        {
            if (_readOffset + sizeof(T) > _inlineLength)
            {
                throw new ProtocolViolationException("message shorter than its contract says");
            }

            T value;
            fixed (byte* p = _inline)
            {
                value = *(T*)(p + _readOffset);
            }

            _readOffset += sizeof(T);
            return value;
        }

        /// <summary>Sends a vector: its block moves with the message. The handle must already be sent
        /// (<see cref="Transfer.Send"/>): a handle its caller still owns is refused.</summary>
        public void PutVector<T>(ExVector<T>? vector) where T : unmanaged
        {
            Put(vector is null ? 0 : vector.LengthForWire);
            PutBlock(vector);
        }

        public void PutRef<T>(ExRef<T>? block) where T : unmanaged
        {
            PutBlock(block);
        }

        /// <summary>A received vector, as a handle still in transit (the typed receive completes it).</summary>
        public void TakeVector<T>(out ExVector<T>? vector) where T : unmanaged
        {
            int length = Get<int>();
            int index = NextBlockIndex();
            ExBlock? held = BlockAt(index);
            if (held is null)
            {
                vector = null;
                return;
            }

            nint block = held.Claim();
            // The length travels inline; the block's real size bounds it, so a wrong length cannot reach past the block.
            nuint fits = ExchangeHeap.Current.SizeOf(block) / (nuint)sizeof(T);
            vector = ExVector<T>.Arrived((T*)block, length < 0 || (nuint)length > fits ? (int)fits : length);
            SetBlockAt(index, vector);
        }

        public void TakeRef<T>(out ExRef<T>? block) where T : unmanaged
        {
            int index = NextBlockIndex();
            ExBlock? held = BlockAt(index);
            if (held is null)
            {
                block = null;
                return;
            }

            nint address = held.Claim();
            SetBlockAt(index, null);
            // The sender chose the block: one smaller than T would let Read reach past it into other memory.
            nuint size = ExchangeHeap.Current.SizeOf(address);
            if (size < (nuint)sizeof(T))
            {
                ExchangeHeap.Current.Release(address);
                throw new ProtocolViolationException("a message carried a block of " + size.ToString()
                    + " bytes where the contract expects a struct of " + sizeof(T).ToString() + " bytes");
            }

            block = ExRef<T>.Arrived((T*)address);
            SetBlockAt(index, block);
        }

        /// <summary>Sends an endpoint with its protocol state. The handle must already be sent
        /// (<see cref="Transfer.Send"/>).</summary>
        public void PutEndpoint(Endpoint? endpoint)
        {
            int state = -1;
            if (endpoint is not null)
            {
                if (!endpoint.IsInTransit)
                {
                    throw new LinearityViolationException("an endpoint goes into a message only once it was sent (Transfer.Send)");
                }

                state = endpoint.StateInTransit;
            }

            Put(state);
            switch (_endpointsWritten++)
            {
                case 0: _endpoint0 = endpoint; break;
                case 1: _endpoint1 = endpoint; break;
                default: throw TooMany("endpoints");
            }
        }

        /// <summary>A received endpoint's transport and state; generated code attaches it to its contract (a transport
        /// is attached to one endpoint only).</summary>
        public IChannelTransport? TakeEndpoint(out int state)
        {
            state = Get<int>();
            int index = NextEndpointIndex();
            IChannelTransport? transport = ClaimEndpoint(index);
            SetEndpointAt(index, transport);
            return transport;
        }

        /// <summary>Gives back what the message still carries and nobody took: blocks to the heap, endpoints closed.
        /// A block or endpoint already taken (by the typed receive, or by another copy of this message) is left alone.</summary>
        public void ReleaseCarried()
        {
            for (int index = 0; index < LinearSlots; index++)
            {
                ExBlock? block = BlockAt(index);
                SetBlockAt(index, null);
                if (block is not null && block.TryEndTransit())
                {
                    ExchangeHeap.Current.Release(block.TakeStorage());
                }

                object? held = EndpointAt(index);
                SetEndpointAt(index, null);
                IChannelTransport? transport = held is Endpoint sent ? sent.TryClaimTransport() : held as IChannelTransport;
                transport?.Close();
            }
        }

        /// <summary>Copies the inline bytes out (for a transport).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public readonly void CopyInlineTo(byte* destination)
        {
            fixed (byte* p = _inline)
            {
                CopyBytes(destination, p, _inlineLength);
            }
        }

        /// <summary>Sets the inline bytes (for a transport that received them).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public void SetInline(byte* source, int length)
        {
            if (length < 0 || length > InlineCapacity)
            {
                throw new ProtocolViolationException("inline length out of range");
            }

            fixed (byte* p = _inline)
            {
                CopyBytes(p, source, length);
            }

            _inlineLength = length;
            _readOffset = 0;
        }

        // Inline arguments are at most 40 bytes: whole words, then the last few bytes (exactly length bytes, no more).
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void CopyBytes(byte* destination, byte* source, int length)
        {
            int i = 0;
            for (; i + 8 <= length; i += 8)
            {
                *(ulong*)(destination + i) = *(ulong*)(source + i);
            }

            for (; i < length; i++)
            {
                destination[i] = source[i];
            }
        }

        /// <summary>For a transport sending the message: the address of the block in slot <paramref name="index"/>
        /// (0 when none), claimed from its handle, which is dead afterwards. Throws if another copy of the message was
        /// sent already, or the handle was taken back.</summary>
        internal nint ClaimBlock(int index)
        {
            ExBlock? block = BlockAt(index);
            SetBlockAt(index, null);
            return block is null ? 0 : block.Claim();
        }

        /// <summary>For a transport sending the message: the transport of the endpoint in slot <paramref name="index"/>
        /// (null when none), claimed from its endpoint handle.</summary>
        internal IChannelTransport? ClaimEndpoint(int index)
        {
            object? held = EndpointAt(index);
            SetEndpointAt(index, null);
            return held switch
            {
                null => null,
                Endpoint sent => sent.ClaimTransport(),
                _ => (IChannelTransport)held,
            };
        }

        /// <summary>For a transport that received the message: what it carried, now owned by the receiving process.</summary>
        internal void SetArrived(nint block0, nint block1, IChannelTransport? endpoint0, IChannelTransport? endpoint1)
        {
            _block0 = block0 == 0 ? null : ArrivedBlock.Of(block0);
            _block1 = block1 == 0 ? null : ArrivedBlock.Of(block1);
            _endpoint0 = endpoint0;
            _endpoint1 = endpoint1;
        }

        /// <summary>For a transport that delivers the message in its own process (the host queues): the sender's handles
        /// are claimed now, and the receiver gets handles of its own, so the sender cannot take them back.</summary>
        internal void SealForDelivery()
        {
            nint block0 = ClaimBlock(0), block1 = ClaimBlock(1);
            IChannelTransport? endpoint0 = ClaimEndpoint(0), endpoint1 = ClaimEndpoint(1);
            SetArrived(block0, block1, endpoint0, endpoint1);
        }

        private void PutBlock(ExBlock? block)
        {
            if (block is not null && !block.IsInTransit)
            {
                throw new LinearityViolationException("a block goes into a message only once it was sent (Transfer.Send)");
            }

            switch (_blocksWritten++)
            {
                case 0: _block0 = block; break;
                case 1: _block1 = block; break;
                default: throw TooMany("exchange blocks");
            }
        }

        private int NextBlockIndex()
        {
            if (_blocksRead >= LinearSlots) throw TooMany("exchange blocks");
            return _blocksRead++;
        }

        private int NextEndpointIndex()
        {
            if (_endpointsRead >= LinearSlots) throw TooMany("endpoints");
            return _endpointsRead++;
        }

        private readonly ExBlock? BlockAt(int index) => index == 0 ? _block0 : _block1;

        private void SetBlockAt(int index, ExBlock? block)
        {
            if (index == 0) _block0 = block;
            else _block1 = block;
        }

        private readonly object? EndpointAt(int index) => index == 0 ? _endpoint0 : _endpoint1;

        private void SetEndpointAt(int index, object? held)
        {
            if (index == 0) _endpoint0 = held;
            else _endpoint1 = held;
        }

        private static ProtocolViolationException TooMany(string what)
        {
            return new ProtocolViolationException("a message carries at most " + LinearSlots.ToString() + " " + what);
        }
    }
}
