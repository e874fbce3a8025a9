using System;

namespace Sing.Contracts
{
    /// <summary>
    /// An owned vector of unmanaged elements in the exchange heap (Sing#'s <c>T[] in ExHeap</c>).
    /// Sending it passes the block, not the data; the sender loses access. Every checked accessor holds the handle
    /// for the duration of its read or write (<see cref="Linear.BeginAccess"/>), so another thread cannot free or
    /// send the block in between.
    /// </summary>
    public sealed unsafe class ExVector<T> : ExBlock where T : unmanaged
    {
        private T* _storage;
        private readonly int _length;

        internal ExVector(T* storage, int length)
        {
            _storage = storage;
            _length = length;
        }

        public int Length
        {
            get
            {
                CheckOwned();
                return _length;
            }
        }

        /// <summary>The element by reference: the reference outlives a free or a send, so only trusted code may take
        /// one (untrusted programs use <see cref="Get"/>, <see cref="Set"/>, <see cref="CopyTo"/> and <see cref="CopyFrom"/>).</summary>
        [TrustedOnly]
        public ref T this[int index]
        {
            get
            {
                CheckOwned();
                if ((uint)index >= (uint)_length)
                {
                    throw new IndexOutOfRangeException();
                }

                return ref _storage[index];
            }
        }

        protected override string KindName => "ExVector";

        /// <summary>The elements as a span, unchecked after this call (see the indexer): trusted code only.</summary>
        [TrustedOnly]
        public Span<T> AsSpan()
        {
            CheckOwned();
            return new Span<T>(_storage, _length);
        }

        // The checked accessors below hold ownership for the whole access and hand out no reference into the block.
        /// <summary>The element at <paramref name="index"/>.</summary>
        public T Get(int index)
        {
            BeginAccess();
            try
            {
                if ((uint)index >= (uint)_length)
                {
                    throw new IndexOutOfRangeException();
                }

                return _storage[index];
            }
            finally
            {
                EndAccess();
            }
        }

        /// <summary>Stores <paramref name="value"/> at <paramref name="index"/>.</summary>
        public void Set(int index, T value)
        {
            BeginAccess();
            try
            {
                if ((uint)index >= (uint)_length)
                {
                    throw new IndexOutOfRangeException();
                }

                _storage[index] = value;
            }
            finally
            {
                EndAccess();
            }
        }

        /// <summary>Copies the elements into <paramref name="destination"/> (at least <see cref="Length"/> long).</summary>
        public void CopyTo(Span<T> destination)
        {
            BeginAccess();
            try
            {
                if (destination.Length < _length)
                {
                    throw new ArgumentException("the destination is shorter than the vector");
                }

                // One block copy (the runtime's string-instruction memmove), not an element loop: file data crosses here.
                fixed (T* target = destination)
                {
                    Buffer.MemoryCopy(_storage, target, (long)destination.Length * sizeof(T), (long)_length * sizeof(T));
                }
            }
            finally
            {
                EndAccess();
            }
        }

        /// <summary>Copies <paramref name="source"/> (at most <see cref="Length"/> long) to the start of the vector.</summary>
        public void CopyFrom(ReadOnlySpan<T> source)
        {
            BeginAccess();
            try
            {
                if (source.Length > _length)
                {
                    throw new ArgumentException("the source is longer than the vector");
                }

                fixed (T* from = source)
                {
                    Buffer.MemoryCopy(from, _storage, (long)_length * sizeof(T), (long)source.Length * sizeof(T));
                }
            }
            finally
            {
                EndAccess();
            }
        }

        public override void Free()
        {
            EndOwnership();
            ExchangeHeap.Current.Release((nint)TakeStorage());
        }

        /// <summary>The block's address for the kernel's DMA entry (Runtime/Sing.Contracts.Sip/DmaBuffers.cs), which checks
        /// ownership again from its own tables; never handed to program code.</summary>
        internal T* StorageForKernel
        {
            get
            {
                CheckOwned();
                return _storage;
            }
        }

        /// <summary>A handle for a block that arrived in a message: in transit until the receive completes it.</summary>
        internal static ExVector<T> Arrived(T* storage, int length)
        {
            var arrived = new ExVector<T>(storage, length);
            arrived.BeginTransfer();
            return arrived;
        }

        /// <summary>The element count, for a message.</summary>
        internal int LengthForWire => _length;

        internal override nint TakeStorage()
        {
            nint block = (nint)_storage;
            _storage = null;
            return block;
        }

        protected override Linear CreateSuccessor()
        {
            return new ExVector<T>((T*)TakeStorage(), _length);
        }
    }
}
