namespace System.Security.Cryptography
{
    /// <summary>Cryptographic random bytes and integers, as .NET's class (the static <c>Fill</c>, <c>GetBytes</c>,
    /// <c>GetInt32</c> and an instance from <see cref="Create"/>). The bytes come from <see cref="EntropySource"/>:
    /// RDRAND mixed with the TSC where the CPU has it, otherwise a weak TSC-seeded SHA-256 generator. Not here:
    /// <c>GetItems</c>, <c>Shuffle</c>, <c>GetString</c>, <c>GetHexString</c>.</summary>
    public abstract class RandomNumberGenerator : IDisposable
    {
        protected RandomNumberGenerator() { }

        public static RandomNumberGenerator Create() => new Implementation();

        public static void Fill(Span<byte> data) => EntropySource.Fill(data);

        public static byte[] GetBytes(int count)
        {
            ArgumentOutOfRangeException.ThrowIfNegative(count);
            var bytes = new byte[count];
            EntropySource.Fill(bytes);
            return bytes;
        }

        public static int GetInt32(int toExclusive)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(toExclusive);
            return GetInt32(0, toExclusive);
        }

        /// <summary>A uniform integer in [<paramref name="fromInclusive"/>, <paramref name="toExclusive"/>): random
        /// 32-bit values masked to the range's bit width, rejected while they fall past it (no modulo bias).</summary>
        public static int GetInt32(int fromInclusive, int toExclusive)
        {
            if (fromInclusive >= toExclusive) throw new ArgumentException("Range of random number does not contain at least one possibility.");
            uint largest = (uint)toExclusive - (uint)fromInclusive - 1;
            if (largest == 0) return fromInclusive;
            uint mask = largest;
            mask |= mask >> 1;
            mask |= mask >> 2;
            mask |= mask >> 4;
            mask |= mask >> 8;
            mask |= mask >> 16;
            var bytes = new byte[4];
            uint value;
            do
            {
                EntropySource.Fill(bytes);
                value = ((uint)bytes[0] | (uint)bytes[1] << 8 | (uint)bytes[2] << 16 | (uint)bytes[3] << 24) & mask;
            }
            while (value > largest);
            return (int)(value + (uint)fromInclusive);
        }

        public abstract void GetBytes(byte[] data);

        public virtual void GetBytes(byte[] data, int offset, int count)
        {
            ArgumentNullException.ThrowIfNull(data);
            ArgumentOutOfRangeException.ThrowIfNegative(offset);
            ArgumentOutOfRangeException.ThrowIfNegative(count);
            if (count > data.Length - offset)
                throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
            if (count > 0) GetBytes(new Span<byte>(data, offset, count));
        }

        public virtual void GetBytes(Span<byte> data)
        {
            var bytes = new byte[data.Length];
            GetBytes(bytes);
            bytes.AsSpan().CopyTo(data);
        }

        public virtual void GetNonZeroBytes(byte[] data)
        {
            ArgumentNullException.ThrowIfNull(data);
            GetNonZeroBytes(new Span<byte>(data));
        }

        public virtual void GetNonZeroBytes(Span<byte> data)
        {
            var one = new byte[1];
            for (int i = 0; i < data.Length; i++)
            {
                do EntropySource.Fill(one);
                while (one[0] == 0);
                data[i] = one[0];
            }
        }

        public void Dispose()
        {
            Dispose(true);
        }

        protected virtual void Dispose(bool disposing) { }

        private sealed class Implementation : RandomNumberGenerator
        {
            public override void GetBytes(byte[] data)
            {
                ArgumentNullException.ThrowIfNull(data);
                EntropySource.Fill(data);
            }

            public override void GetBytes(Span<byte> data) => EntropySource.Fill(data);

            public override void GetBytes(byte[] data, int offset, int count)
            {
                ArgumentNullException.ThrowIfNull(data);
                ArgumentOutOfRangeException.ThrowIfNegative(offset);
                ArgumentOutOfRangeException.ThrowIfNegative(count);
                if (count > data.Length - offset)
                    throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
                EntropySource.Fill(new Span<byte>(data, offset, count));
            }
        }
    }
}
