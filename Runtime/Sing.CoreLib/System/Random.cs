namespace System
{
    /// <summary>Pseudo-random numbers. A seeded Random produces exactly .NET's sequence for that seed (its
    /// compatibility algorithm, Knuth's subtractive generator, which .NET keeps for seeded instances), so programs
    /// that seed print what they print on stock .NET. Unseeded instances (and Shared) are seeded from the
    /// time-stamp counter: fine for games and sampling, never for secrets (there is no entropy source yet).</summary>
    public class Random
    {
        private const int MBig = int.MaxValue;
        private const int MSeed = 161803398;

        private readonly int[] _seedArray = new int[56];
        private int _inext;
        private int _inextp;

        private static Random s_shared;

        public static Random Shared => s_shared ??= new Random();

        public Random() : this(unchecked((int)Diagnostics.Stopwatch.GetTimestamp() ^ (int)(Diagnostics.Stopwatch.GetTimestamp() >> 32))) { }

        public Random(int Seed)
        {
            int subtraction = Seed == int.MinValue ? int.MaxValue : Math.Abs(Seed);
            int mj = MSeed - subtraction;
            _seedArray[55] = mj;
            int mk = 1;
            int ii = 0;
            for (int i = 1; i < 55; i++)
            {
                if ((ii += 21) >= 55) ii -= 55;
                _seedArray[ii] = mk;
                mk = mj - mk;
                if (mk < 0) mk += MBig;
                mj = _seedArray[ii];
            }
            for (int k = 1; k < 5; k++)
            {
                for (int i = 1; i < 56; i++)
                {
                    int n = i + 30;
                    if (n >= 55) n -= 55;
                    _seedArray[i] -= _seedArray[1 + n];
                    if (_seedArray[i] < 0) _seedArray[i] += MBig;
                }
            }
            _inext = 0;
            _inextp = 21;
        }

        private int InternalSample()
        {
            int next = _inext, nextp = _inextp;
            if (++next >= 56) next = 1;
            if (++nextp >= 56) nextp = 1;
            int result = _seedArray[next] - _seedArray[nextp];
            if (result == MBig) result--;
            if (result < 0) result += MBig;
            _seedArray[next] = result;
            _inext = next;
            _inextp = nextp;
            return result;
        }

        protected virtual double Sample() => InternalSample() * (1.0 / MBig);

        private double SampleForLargeRange()
        {
            int result = InternalSample();
            if (InternalSample() % 2 == 0) result = -result;
            double d = result;
            d += int.MaxValue - 1;
            d /= 2 * (uint)int.MaxValue - 1;
            return d;
        }

        public virtual int Next() => InternalSample();

        public virtual int Next(int maxValue)
        {
            if (maxValue < 0) throw new ArgumentOutOfRangeException(nameof(maxValue), "'maxValue' must be greater than zero.");
            return (int)(Sample() * maxValue);
        }

        public virtual int Next(int minValue, int maxValue)
        {
            if (minValue > maxValue) throw new ArgumentOutOfRangeException(nameof(minValue), "'minValue' cannot be greater than maxValue.");
            long range = (long)maxValue - minValue;
            return range <= int.MaxValue ? (int)(Sample() * range) + minValue : (int)((long)(SampleForLargeRange() * range) + minValue);
        }

        public virtual double NextDouble() => Sample();

        public virtual float NextSingle() => (float)Sample();

        public virtual void NextBytes(byte[] buffer)
        {
            if (buffer is null) throw new ArgumentNullException(nameof(buffer));
            for (int i = 0; i < buffer.Length; i++) buffer[i] = (byte)InternalSample();
        }

        public virtual void NextBytes(Span<byte> buffer)
        {
            for (int i = 0; i < buffer.Length; i++) buffer[i] = (byte)InternalSample();
        }

        /// <summary>Fisher-Yates in .NET's order (each position swapped with Next(i, n)).</summary>
        public void Shuffle<T>(T[] values)
        {
            if (values is null) throw new ArgumentNullException(nameof(values));
            Shuffle(values.AsSpan());
        }

        public void Shuffle<T>(Span<T> values)
        {
            int n = values.Length;
            for (int i = 0; i < n - 1; i++)
            {
                int j = Next(i, n);
                if (j != i) (values[i], values[j]) = (values[j], values[i]);
            }
        }

        /// <summary>[0, long.MaxValue): the top 63 of 64 random bits, drawn again on long.MaxValue (.NET's
        /// sequence for seeded instances).</summary>
        public virtual long NextInt64()
        {
            while (true)
            {
                ulong result = NextUInt64() >> 1;
                if (result != long.MaxValue) return (long)result;
            }
        }

        public virtual long NextInt64(long maxValue)
        {
            if (maxValue < 0) throw new ArgumentOutOfRangeException(nameof(maxValue), "'maxValue' must be greater than zero.");
            return NextInt64(0, maxValue);
        }

        /// <summary>[minValue, maxValue): the smallest power-of-two range covering it, drawn until inside.</summary>
        public virtual long NextInt64(long minValue, long maxValue)
        {
            if (minValue > maxValue) throw new ArgumentOutOfRangeException(nameof(minValue), "'minValue' cannot be greater than maxValue.");
            ulong range = (ulong)(maxValue - minValue);
            if (range <= 1) return minValue;
            int bits = 64 - Numerics.BitOperations.LeadingZeroCount(range - 1);
            while (true)
            {
                ulong result = NextUInt64() >> (64 - bits);
                if (result < range) return (long)result + minValue;
            }
        }

        /// <summary>64 bits from three bounded draws (22, 22 and 20 bits), as .NET composes them for seeded instances.</summary>
        private ulong NextUInt64() =>
            (ulong)(uint)Next(1 << 22) | ((ulong)(uint)Next(1 << 22) << 22) | ((ulong)(uint)Next(1 << 20) << 44);

        /// <summary>Items chosen independently (with repetition) from <paramref name="choices"/>.</summary>
        public T[] GetItems<T>(T[] choices, int length)
        {
            if (choices is null) throw new ArgumentNullException(nameof(choices));
            return GetItems(new ReadOnlySpan<T>(choices), length);
        }

        public T[] GetItems<T>(ReadOnlySpan<T> choices, int length)
        {
            if (length < 0) throw new ArgumentOutOfRangeException(nameof(length), "length ('" + length.ToString() + "') must be a non-negative value.");
            if (choices.IsEmpty) throw new ArgumentException("Span may not be empty.", nameof(choices));
            var items = new T[length];
            for (int i = 0; i < items.Length; i++) items[i] = choices[Next(choices.Length)];
            return items;
        }
    }
}
