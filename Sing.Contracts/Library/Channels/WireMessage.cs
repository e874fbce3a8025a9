namespace Sing.Contracts
{
    /// <summary>
    /// A message in transport form: the tag, scalar arguments packed inline, and the linear values
    /// (exchange-heap blocks, endpoints) whose ownership travels with it. Generated Message structs
    /// pack into and unpack from it, so one transport (host queues or kernel channels) carries every
    /// contract without knowing its types, and without generic virtual calls.
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
        private nint _block0;
        private nint _block1;
        private IChannelTransport? _endpoint0;
        private IChannelTransport? _endpoint1;

        public int Tag { get; set; }

        /// <summary>Bytes of inline arguments.</summary>
        public readonly int InlineLength => _inlineLength;

        // The slots are set only by this library's transports: a program that could set one could make TakeVector or
        // TakeRef hand it an ExVector or ExRef at any address.
        /// <summary>The first block slot (0 when none), for transports.</summary>
        public nint Block
        {
            readonly get => _block0;
            internal set => _block0 = value;
        }

        /// <summary>The first endpoint slot, for transports.</summary>
        public IChannelTransport? Endpoint
        {
            readonly get => _endpoint0;
            internal set => _endpoint0 = value;
        }

        /// <summary>The second block slot (0 when none), for transports.</summary>
        public nint SecondBlock
        {
            readonly get => _block1;
            internal set => _block1 = value;
        }

        /// <summary>The second endpoint slot, for transports.</summary>
        public IChannelTransport? SecondEndpoint
        {
            readonly get => _endpoint1;
            internal set => _endpoint1 = value;
        }

        /// <summary>True when the message uses a second block or endpoint slot (a kernel message then has 24 inline
        /// bytes instead of 40: the second slots' addresses take the rest).</summary>
        public readonly bool UsesSecondSlots => _block1 != 0 || _endpoint1 is not null;

        /// <summary>Appends a scalar or struct of scalars.</summary>
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

        /// <summary>Sends a vector: its block moves with the message (the handle was already marked sent).</summary>
        public void PutVector<T>(ExVector<T>? vector) where T : unmanaged
        {
            Put(vector is null ? 0 : vector.LengthForWire);
            PutBlock(vector is null ? 0 : vector.TakeForWire());
        }

        public void PutRef<T>(ExRef<T>? block) where T : unmanaged
        {
            PutBlock(block is null ? 0 : block.TakeForWire());
        }

        /// <summary>A received vector, as a handle still in transit (the typed receive completes it).</summary>
        public void TakeVector<T>(out ExVector<T>? vector) where T : unmanaged
        {
            int length = Get<int>();
            nint block = TakeBlock();
            if (block == 0)
            {
                vector = null;
                return;
            }

            // The length travels inline; the block's real size bounds it, so a wrong length cannot reach past the block.
            nuint fits = ExchangeHeap.Current.SizeOf(block) / (nuint)sizeof(T);
            vector = ExVector<T>.Arrived((T*)block, length < 0 || (nuint)length > fits ? (int)fits : length);
        }

        public void TakeRef<T>(out ExRef<T>? block) where T : unmanaged
        {
            nint address = TakeBlock();
            // The sender chose the block: one smaller than T would let Value reach past it into other memory.
            if (address != 0 && ExchangeHeap.Current.SizeOf(address) < (nuint)sizeof(T))
            {
                nuint size = ExchangeHeap.Current.SizeOf(address);
                ExchangeHeap.Current.Release(address);
                throw new ProtocolViolationException("a message carried a block of " + size.ToString()
                    + " bytes where the contract expects a struct of " + sizeof(T).ToString() + " bytes");
            }

            block = address == 0 ? null : ExRef<T>.Arrived((T*)address);
        }

        /// <summary>Sends an endpoint with its protocol state; the sender's handle is already marked sent.</summary>
        public void PutEndpoint(Endpoint? endpoint)
        {
            int state = -1;
            IChannelTransport? transport = endpoint?.TakeForWire(out state);
            Put(state);
            switch (_endpointsWritten++)
            {
                case 0: _endpoint0 = transport; break;
                case 1: _endpoint1 = transport; break;
                default: throw TooMany("endpoints");
            }
        }

        /// <summary>A received endpoint's transport and state; generated code attaches it to its contract.</summary>
        public IChannelTransport? TakeEndpoint(out int state)
        {
            state = Get<int>();
            return _endpointsRead++ switch
            {
                0 => _endpoint0,
                1 => _endpoint1,
                _ => throw TooMany("endpoints"),
            };
        }

        /// <summary>Copies the inline bytes out (for a transport).</summary>
        public readonly void CopyInlineTo(byte* destination)
        {
            fixed (byte* p = _inline)
            {
                for (int i = 0; i < _inlineLength; i++)
                {
                    destination[i] = p[i];
                }
            }
        }

        /// <summary>Sets the inline bytes (for a transport that received them).</summary>
        public void SetInline(byte* source, int length)
        {
            if (length < 0 || length > InlineCapacity)
            {
                throw new ProtocolViolationException("inline length out of range");
            }

            fixed (byte* p = _inline)
            {
                for (int i = 0; i < length; i++)
                {
                    p[i] = source[i];
                }
            }

            _inlineLength = length;
            _readOffset = 0;
        }

        private void PutBlock(nint block)
        {
            switch (_blocksWritten++)
            {
                case 0: _block0 = block; break;
                case 1: _block1 = block; break;
                default: throw TooMany("exchange blocks");
            }
        }

        private nint TakeBlock()
        {
            return _blocksRead++ switch
            {
                0 => _block0,
                1 => _block1,
                _ => throw TooMany("exchange blocks"),
            };
        }

        private static ProtocolViolationException TooMany(string what)
        {
            return new ProtocolViolationException("a message carries at most " + LinearSlots.ToString() + " " + what);
        }
    }
}
