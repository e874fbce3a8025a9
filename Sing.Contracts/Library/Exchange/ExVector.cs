using System;

namespace Sing.Contracts
{
    /// <summary>
    /// An owned vector of unmanaged elements in the exchange heap (Sing#'s <c>T[] in ExHeap</c>).
    /// Sending it passes the pointer, not the data; the sender loses access.
    /// </summary>
    public sealed unsafe class ExVector<T> : Linear where T : unmanaged
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

        public Span<T> AsSpan()
        {
            CheckOwned();
            return new Span<T>(_storage, _length);
        }

        public override void Free()
        {
            CheckOwned();
            ExchangeHeap.Current.Release((nint)_storage);
            _storage = null;
            MarkDead();
        }

        /// <summary>A handle for a block that arrived in a message: in transit until the receive completes it.</summary>
        internal static ExVector<T> Arrived(T* storage, int length)
        {
            var arrived = new ExVector<T>(storage, length);
            arrived.BeginTransfer();
            return arrived;
        }

        /// <summary>The element count, for a message (the handle was already marked sent).</summary>
        internal int LengthForWire => _length;

        /// <summary>The block address for a message; this (already sent) handle gives it up.</summary>
        internal nint TakeForWire()
        {
            nint block = (nint)_storage;
            _storage = null;
            return block;
        }

        protected override Linear CreateSuccessor()
        {
            var fresh = new ExVector<T>(_storage, _length);
            _storage = null;
            return fresh;
        }
    }
}
