namespace Sing.Contracts
{
    /// <summary>An owned struct block in the exchange heap (Sing#'s <c>T* in ExHeap</c>).</summary>
    public sealed unsafe class ExRef<T> : ExBlock where T : unmanaged
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

        /// <summary>A copy of the block's contents (ownership held for the whole read: see <see cref="ExVector{T}"/>).</summary>
        public T Read()
        {
            BeginAccess();
            try
            {
                return *_storage;
            }
            finally
            {
                EndAccess();
            }
        }

        /// <summary>Replaces the block's contents.</summary>
        public void Write(T value)
        {
            BeginAccess();
            try
            {
                *_storage = value;
            }
            finally
            {
                EndAccess();
            }
        }

        protected override string KindName => "ExRef";

        public override void Free()
        {
            EndOwnership();
            ExchangeHeap.Current.Release(TakeStorage());
        }

        /// <summary>A handle for a block that arrived in a message: in transit until the receive completes it.</summary>
        internal static ExRef<T> Arrived(T* storage)
        {
            var arrived = new ExRef<T>(storage);
            arrived.BeginTransfer();
            return arrived;
        }

        internal override nint TakeStorage()
        {
            nint block = (nint)_storage;
            _storage = null;
            return block;
        }

        protected override Linear CreateSuccessor()
        {
            return new ExRef<T>((T*)TakeStorage());
        }
    }
}
