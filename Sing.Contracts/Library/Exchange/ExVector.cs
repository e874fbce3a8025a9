using System;

namespace Sing.Contracts
{
    /// <summary>
    /// An owned vector of unmanaged elements in the exchange heap (Sing#'s <c>T[] in ExHeap</c>).
    /// Sending it passes the pointer, not the data; the sender loses access.
    /// </summary>
    public sealed class ExVector<T> : Linear where T : unmanaged
    {
        private T[]? _storage;

        internal ExVector(T[] storage)
        {
            _storage = storage;
        }

        public int Length
        {
            get
            {
                CheckOwned();
                return _storage!.Length;
            }
        }

        public ref T this[int index]
        {
            get
            {
                CheckOwned();
                return ref _storage![index];
            }
        }

        public Span<T> AsSpan()
        {
            CheckOwned();
            return _storage;
        }

        public override void Free()
        {
            CheckOwned();
            ExchangeHeap.Current.Release(_storage!);
            _storage = null;
            MarkDead();
        }

        protected override Linear CreateSuccessor()
        {
            var fresh = new ExVector<T>(_storage!);
            _storage = null;
            return fresh;
        }
    }
}
