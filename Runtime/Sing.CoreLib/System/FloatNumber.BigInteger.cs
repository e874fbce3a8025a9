namespace System
{
    /// <summary>Binary floating-point conversion to and from decimal text (invariant culture). Self-contained: it
    /// uses only integer arithmetic on fixed-size big integers in caller-provided (stack) buffers, so it compiles
    /// unchanged in our corelib and in the host test project that checks it against the real .NET runtime.</summary>
    internal static unsafe partial class FloatNumber
    {
        /// <summary>An unsigned big integer: little-endian 32-bit words in a buffer the caller sized, with no
        /// leading zero words (zero has length 0).</summary>
        private struct Big
        {
            public uint* W;
            public int Len;

            public Big(uint* words)
            {
                W = words;
                Len = 0;
            }
        }

        private static void Set(ref Big a, ulong value)
        {
            a.W[0] = (uint)value;
            a.W[1] = (uint)(value >> 32);
            a.Len = a.W[1] != 0 ? 2 : a.W[0] != 0 ? 1 : 0;
        }

        private static void Copy(ref Big destination, ref Big source)
        {
            for (int i = 0; i < source.Len; i++) destination.W[i] = source.W[i];
            destination.Len = source.Len;
        }

        private static void Trim(ref Big a)
        {
            while (a.Len > 0 && a.W[a.Len - 1] == 0) a.Len--;
        }

        private static void MultiplySmall(ref Big a, uint factor)
        {
            ulong carry = 0;
            for (int i = 0; i < a.Len; i++)
            {
                ulong product = (ulong)a.W[i] * factor + carry;
                a.W[i] = (uint)product;
                carry = product >> 32;
            }
            if (carry != 0) a.W[a.Len++] = (uint)carry;
        }

        private static void AddSmall(ref Big a, uint addend)
        {
            ulong carry = addend;
            for (int i = 0; i < a.Len && carry != 0; i++)
            {
                ulong sum = a.W[i] + carry;
                a.W[i] = (uint)sum;
                carry = sum >> 32;
            }
            if (carry != 0) a.W[a.Len++] = (uint)carry;
        }

        private static uint SmallPowerOfTen(int n)
        {
            uint power = 1;
            while (n-- > 0) power *= 10;
            return power;
        }

        private static void MultiplyPowerOfTen(ref Big a, int n)
        {
            for (; n >= 9; n -= 9) MultiplySmall(ref a, 1000000000);
            if (n > 0) MultiplySmall(ref a, SmallPowerOfTen(n));
        }

        private static void ShiftLeft(ref Big a, int bits)
        {
            if (a.Len == 0 || bits == 0) return;
            int words = bits >> 5, shift = bits & 31, n = a.Len, length = n + words;
            if (shift == 0)
            {
                for (int i = n - 1; i >= 0; i--) a.W[i + words] = a.W[i];
            }
            else
            {
                uint carryOut = a.W[n - 1] >> (32 - shift);
                for (int i = n - 1; i > 0; i--) a.W[i + words] = (a.W[i] << shift) | (a.W[i - 1] >> (32 - shift));
                a.W[words] = a.W[0] << shift;
                if (carryOut != 0) a.W[length++] = carryOut;
            }
            for (int i = 0; i < words; i++) a.W[i] = 0;
            a.Len = length;
        }

        private static int Compare(ref Big a, ref Big b)
        {
            if (a.Len != b.Len) return a.Len < b.Len ? -1 : 1;
            for (int i = a.Len - 1; i >= 0; i--)
                if (a.W[i] != b.W[i]) return a.W[i] < b.W[i] ? -1 : 1;
            return 0;
        }

        /// <summary>a -= b, where a >= b.</summary>
        private static void Subtract(ref Big a, ref Big b)
        {
            ulong borrow = 0;
            for (int i = 0; i < a.Len; i++)
            {
                ulong difference = (ulong)a.W[i] - (i < b.Len ? b.W[i] : 0u) - borrow;
                a.W[i] = (uint)difference;
                borrow = difference >> 63;
            }
            Trim(ref a);
        }

        /// <summary>a -= factor * b, where the result is not negative.</summary>
        private static void MultiplySubtract(ref Big a, ref Big b, uint factor)
        {
            ulong borrow = 0, carry = 0;
            for (int i = 0; i < a.Len; i++)
            {
                ulong product = (i < b.Len ? (ulong)b.W[i] * factor : 0UL) + carry;
                carry = product >> 32;
                ulong difference = (ulong)a.W[i] - (uint)product - borrow;
                a.W[i] = (uint)difference;
                borrow = difference >> 63;
            }
            Trim(ref a);
        }

        /// <summary>sum = a + b (sum is a third buffer).</summary>
        private static void Add(ref Big sum, ref Big a, ref Big b)
        {
            int n = a.Len > b.Len ? a.Len : b.Len;
            ulong carry = 0;
            for (int i = 0; i < n; i++)
            {
                ulong s = (i < a.Len ? (ulong)a.W[i] : 0UL) + (i < b.Len ? b.W[i] : 0u) + carry;
                sum.W[i] = (uint)s;
                carry = s >> 32;
            }
            sum.Len = n;
            if (carry != 0) sum.W[sum.Len++] = (uint)carry;
        }

        private static int LeadingZeros(ulong value)
        {
            if (value == 0) return 64;
            int n = 0;
            if ((value >> 32) == 0) { n += 32; value <<= 32; }
            if ((value >> 48) == 0) { n += 16; value <<= 16; }
            if ((value >> 56) == 0) { n += 8; value <<= 8; }
            if ((value >> 60) == 0) { n += 4; value <<= 4; }
            if ((value >> 62) == 0) { n += 2; value <<= 2; }
            if ((value >> 63) == 0) n += 1;
            return n;
        }

        private static int BitLength(ref Big a) =>
            a.Len == 0 ? 0 : a.Len * 32 + 32 - LeadingZeros(a.W[a.Len - 1]);

        private static uint Word(ref Big a, int index) => index < a.Len ? a.W[index] : 0u;
    }
}
