namespace System.Numerics
{
    /// <summary>Unsigned arithmetic on magnitudes: arrays of 32-bit limbs, least significant first. Inputs are never
    /// modified; results are fresh arrays, possibly with leading zero limbs (BigInteger trims them).</summary>
    internal static class BigMagnitude
    {
        internal static int Length(uint[] a)
        {
            if (a == null) return 0;
            int n = a.Length;
            while (n > 0 && a[n - 1] == 0) n--;
            return n;
        }

        internal static int Compare(uint[] a, uint[] b)
        {
            int la = Length(a), lb = Length(b);
            if (la != lb) return la < lb ? -1 : 1;
            for (int i = la - 1; i >= 0; i--)
                if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
            return 0;
        }

        internal static uint[] Add(uint[] a, uint[] b)
        {
            int la = Length(a), lb = Length(b);
            if (la < lb) { (a, b) = (b, a); (la, lb) = (lb, la); }
            var result = new uint[la + 1];
            ulong carry = 0;
            for (int i = 0; i < la; i++)
            {
                ulong sum = (ulong)a[i] + (i < lb ? b[i] : 0u) + carry;
                result[i] = (uint)sum;
                carry = sum >> 32;
            }
            result[la] = (uint)carry;
            return result;
        }

        /// <summary>a - b where a ≥ b.</summary>
        internal static uint[] Subtract(uint[] a, uint[] b)
        {
            int la = Length(a), lb = Length(b);
            var result = new uint[la];
            long borrow = 0;
            for (int i = 0; i < la; i++)
            {
                long difference = (long)a[i] - (i < lb ? b[i] : 0u) - borrow;
                result[i] = (uint)difference;
                borrow = difference < 0 ? 1 : 0;
            }
            return result;
        }

        internal static uint[] Multiply(uint[] a, uint[] b)
        {
            int la = Length(a), lb = Length(b);
            if (la == 0 || lb == 0) return null;
            var result = new uint[la + lb];
            for (int i = 0; i < la; i++)
            {
                ulong carry = 0;
                ulong ai = a[i];
                if (ai == 0) continue;
                for (int j = 0; j < lb; j++)
                {
                    ulong product = ai * b[j] + result[i + j] + carry;
                    result[i + j] = (uint)product;
                    carry = product >> 32;
                }
                result[i + lb] = (uint)carry;
            }
            return result;
        }

        /// <summary>Quotient of a by a single limb, with the remainder.</summary>
        internal static uint[] DivideSmall(uint[] a, uint divisor, out uint remainder)
        {
            int la = Length(a);
            var quotient = new uint[la];
            ulong rest = 0;
            for (int i = la - 1; i >= 0; i--)
            {
                ulong current = (rest << 32) | a[i];
                quotient[i] = (uint)(current / divisor);
                rest = current % divisor;
            }
            remainder = (uint)rest;
            return quotient;
        }

        /// <summary>Long division (Knuth's algorithm D): quotient and remainder of magnitudes, divisor not zero.</summary>
        internal static uint[] Divide(uint[] a, uint[] b, out uint[] remainder)
        {
            int n = Length(b), la = Length(a);
            if (Compare(a, b) < 0)
            {
                remainder = a;
                return null;
            }
            if (n == 1)
            {
                uint[] q = DivideSmall(a, b[0], out uint r);
                remainder = new[] { r };
                return q;
            }
            int m = la - n;
            int shift = BitOperations.LeadingZeroCount(b[n - 1]);
            uint[] vn = ShiftLeft(b, shift, n);
            uint[] un = ShiftLeft(a, shift, la + 1);
            var quotient = new uint[m + 1];
            ulong vTop = vn[n - 1], vNext = vn[n - 2];
            for (int j = m; j >= 0; j--)
            {
                ulong numerator = ((ulong)un[j + n] << 32) | un[j + n - 1];
                ulong qhat = numerator / vTop;
                ulong rhat = numerator % vTop;
                while (qhat > uint.MaxValue || qhat * vNext > ((rhat << 32) | un[j + n - 2]))
                {
                    qhat--;
                    rhat += vTop;
                    if (rhat > uint.MaxValue) break;
                }
                // Multiply and subtract qhat * v from the current window of u.
                long borrow = 0;
                for (int i = 0; i < n; i++)
                {
                    ulong product = qhat * vn[i];
                    long t = (long)un[i + j] - borrow - (long)(product & 0xFFFFFFFF);
                    un[i + j] = (uint)t;
                    borrow = (long)(product >> 32) - (t >> 32);
                }
                long top = (long)un[j + n] - borrow;
                un[j + n] = (uint)top;
                if (top < 0)
                {
                    // qhat was one too large: add the divisor back.
                    qhat--;
                    ulong carry = 0;
                    for (int i = 0; i < n; i++)
                    {
                        ulong sum = (ulong)un[i + j] + vn[i] + carry;
                        un[i + j] = (uint)sum;
                        carry = sum >> 32;
                    }
                    un[j + n] += (uint)carry;
                }
                quotient[j] = (uint)qhat;
            }
            remainder = ShiftRight(un, shift, n);
            return quotient;
        }

        /// <summary>a shifted left by bits (0..31) into an array of the given length.</summary>
        private static uint[] ShiftLeft(uint[] a, int bits, int length)
        {
            var result = new uint[length];
            int la = Length(a);
            uint carry = 0;
            for (int i = 0; i < la; i++)
            {
                result[i] = (a[i] << bits) | carry;
                carry = bits == 0 ? 0 : a[i] >> (32 - bits);
            }
            if (la < length) result[la] = carry;
            return result;
        }

        /// <summary>The first <paramref name="length"/> limbs of a, shifted right by bits (0..31).</summary>
        private static uint[] ShiftRight(uint[] a, int bits, int length)
        {
            var result = new uint[length];
            for (int i = 0; i < length; i++)
            {
                uint next = i + 1 < a.Length ? a[i + 1] : 0;
                result[i] = bits == 0 ? a[i] : (a[i] >> bits) | (next << (32 - bits));
            }
            return result;
        }

        internal static uint[] ShiftLeftBits(uint[] a, long shift)
        {
            int la = Length(a);
            if (la == 0) return null;
            int limbs = checked((int)(shift / 32)), bits = (int)(shift % 32);
            var result = new uint[checked(la + limbs + 1)];
            for (int i = 0; i < la; i++)
            {
                result[i + limbs] |= a[i] << bits;
                if (bits != 0) result[i + limbs + 1] = a[i] >> (32 - bits);
            }
            return result;
        }

        internal static uint[] ShiftRightBits(uint[] a, long shift)
        {
            int la = Length(a);
            if (shift / 32 >= la) return null;
            int limbs = (int)(shift / 32), bits = (int)(shift % 32);
            var result = new uint[la - limbs];
            for (int i = 0; i < result.Length; i++)
            {
                uint next = i + limbs + 1 < la ? a[i + limbs + 1] : 0;
                result[i] = bits == 0 ? a[i + limbs] : (a[i + limbs] >> bits) | (next << (32 - bits));
            }
            return result;
        }

        /// <summary>Whether any of the lowest <paramref name="count"/> bits of a is set.</summary>
        internal static bool AnyBitBelow(uint[] a, long count)
        {
            int la = Length(a);
            for (int i = 0; i < la && (long)i * 32 < count; i++)
            {
                long remaining = count - (long)i * 32;
                uint mask = remaining >= 32 ? uint.MaxValue : (1u << (int)remaining) - 1;
                if ((a[i] & mask) != 0) return true;
            }
            return false;
        }

        internal static long BitLength(uint[] a)
        {
            int la = Length(a);
            return la == 0 ? 0 : (long)(la - 1) * 32 + 32 - BitOperations.LeadingZeroCount(a[la - 1]);
        }

        /// <summary>a * factor + addend, in place when there is room (the caller keeps the used length).</summary>
        internal static void MultiplyAdd(uint[] a, ref int used, uint factor, uint addend)
        {
            ulong carry = addend;
            for (int i = 0; i < used; i++)
            {
                ulong value = (ulong)a[i] * factor + carry;
                a[i] = (uint)value;
                carry = value >> 32;
            }
            if (carry != 0) a[used++] = (uint)carry;
        }
    }
}
