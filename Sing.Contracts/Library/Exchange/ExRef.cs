namespace Sing.Contracts
{
    /// <summary>An owned struct block in the exchange heap (Sing#'s <c>T* in ExHeap</c>).</summary>
    public sealed class ExRef<T> : Linear where T : unmanaged
    {
        private T[]? _storage;

        internal ExRef(T[] storage)
        {
            _storage = storage;
        }

        /// <summary>The block's contents, by reference.</summary>
        public ref T Value
        {
            get
            {
                CheckOwned();
                return ref _storage![0];
            }
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
            var fresh = new ExRef<T>(_storage!);
            _storage = null;
            return fresh;
        }
    }
}
