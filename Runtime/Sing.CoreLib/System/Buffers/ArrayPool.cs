namespace System.Buffers
{
    /// <summary>Reusable arrays. Shared keeps a few returned arrays per power-of-two size (per process: statics are
    /// per SIP); Rent gives one at least as long as asked, Return hands it back (cleared on request). Slots are
    /// taken and filled with atomic exchanges, so threads may rent and return concurrently.</summary>
    public abstract class ArrayPool<T>
    {
        private static ArrayPool<T> s_shared;

        public static ArrayPool<T> Shared => s_shared ??= new BucketPool();

        public static ArrayPool<T> Create() => new BucketPool();

        public abstract T[] Rent(int minimumLength);

        public abstract void Return(T[] array, bool clearArray = false);

        private sealed class BucketPool : ArrayPool<T>
        {
            private const int Buckets = 31;
            private const int PerBucket = 4;
            private readonly T[][] _slots = new T[Buckets * PerBucket][];

            public override T[] Rent(int minimumLength)
            {
                if (minimumLength < 0) throw new ArgumentOutOfRangeException(nameof(minimumLength), "Non-negative number required.");
                if (minimumLength == 0) return new T[0];
                int bucket = BucketOf(minimumLength);
                if (bucket >= Buckets) return new T[minimumLength];
                for (int i = 0; i < PerBucket; i++)
                {
                    T[] array = Threading.Interlocked.Exchange(ref _slots[bucket * PerBucket + i], null);
                    if (array is not null) return array;
                }
                return new T[1 << bucket];
            }

            public override void Return(T[] array, bool clearArray = false)
            {
                if (array is null) throw new ArgumentNullException(nameof(array));
                if (array.Length == 0) return;
                int bucket = BucketOf(array.Length);
                if (bucket >= Buckets || array.Length != 1 << bucket)
                    throw new ArgumentException("The buffer is not associated with this pool and may not be returned to it.", nameof(array));
                if (clearArray) Array.Clear(array, 0, array.Length);
                for (int i = 0; i < PerBucket; i++)
                    if (Threading.Interlocked.CompareExchange(ref _slots[bucket * PerBucket + i], array, null) is null) return;
            }

            // The smallest power of two ≥ length, as an exponent (minimum 16 elements).
            private static int BucketOf(int length)
            {
                int bucket = 4;
                while (bucket < 31 && (1 << bucket) < length) bucket++;
                return bucket;
            }
        }
    }
}
