namespace Sing.Contracts
{
    /// <summary>An owned struct block in the exchange heap (Sing#'s <c>T* in ExHeap</c>).</summary>
    public sealed unsafe class ExRef<T> : Linear where T : unmanaged
    {
        private T* _storage;

        internal ExRef(T* storage)
        {
            _storage = storage;
        }

        /// <summary>The block's contents, by reference: the reference outlives a free or a send, so only trusted code
        /// may take one (untrusted programs use <see cref="Read"/> and <see cref="Write"/>).</summary>
        [TrustedOnly]
        public ref T Value
        {
            get
            {
                CheckOwned();
                return ref *_storage;
            }
        }

        /// <summary>A copy of the block's contents.</summary>
        public T Read() => Value;

        /// <summary>Replaces the block's contents.</summary>
        public void Write(T value) => Value = value;

        protected override string KindName => "ExRef";

        public override void Free()
        {
            CheckOwned();
            ExchangeHeap.Current.Release((nint)_storage);
            _storage = null;
            MarkDead();
        }

        /// <summary>A handle for a block that arrived in a message: in transit until the receive completes it.</summary>
        internal static ExRef<T> Arrived(T* storage)
        {
            var arrived = new ExRef<T>(storage);
            arrived.BeginTransfer();
            return arrived;
        }

        /// <summary>The block address for a message; this (already sent) handle gives it up.</summary>
        internal nint TakeForWire()
        {
            nint block = (nint)_storage;
            _storage = null;
            return block;
        }

        protected override Linear CreateSuccessor()
        {
            var fresh = new ExRef<T>(_storage);
            _storage = null;
            return fresh;
        }
    }
}
