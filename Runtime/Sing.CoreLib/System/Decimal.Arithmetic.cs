namespace System
{
    /// <summary>Decimal arithmetic on exact unsigned big integers (little-endian 32-bit words on the stack), then one
    /// rounding into 96 bits and scale ≤ 28 (half to even unless a mode says otherwise). Nothing allocates.</summary>
    internal static class DecimalMath
    {
        private const int Words = 8;

        internal static ulong Unscaled64(decimal d) => d.Low64;

        private static void Load(decimal d, Span<uint> n)
        {
            n.Clear();
            n[0] = (uint)d.Low64;
            n[1] = (uint)(d.Low64 >> 32);
            n[2] = d.High32;
        }

        private static bool IsZero(ReadOnlySpan<uint> n)
        {
            for (int i = 0; i < n.Length; i++) if (n[i] != 0) return false;
            return true;
        }

        private static bool Fits96(ReadOnlySpan<uint> n)
        {
            for (int i = 3; i < n.Length; i++) if (n[i] != 0) return false;
            return true;
        }

        /// <summary>n = n * m + add; returns the carry out of the top word.</summary>
        private static uint MulAdd(Span<uint> n, uint m, uint add)
        {
            ulong carry = add;
            for (int i = 0; i < n.Length; i++)
            {
                ulong v = (ulong)n[i] * m + carry;
                n[i] = (uint)v;
                carry = v >> 32;
            }
            return (uint)carry;
        }

        /// <summary>n = n / d; returns the remainder.</summary>
        private static uint DivSmall(Span<uint> n, uint d)
        {
            ulong rem = 0;
            for (int i = n.Length - 1; i >= 0; i--)
            {
                ulong v = (rem << 32) | n[i];
                n[i] = (uint)(v / d);
                rem = v % d;
            }
            return (uint)rem;
        }

        private static int CompareMagnitude(ReadOnlySpan<uint> a, ReadOnlySpan<uint> b)
        {
            for (int i = a.Length - 1; i >= 0; i--)
                if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
            return 0;
        }

        private static void AddMagnitude(Span<uint> a, ReadOnlySpan<uint> b)
        {
            ulong carry = 0;
            for (int i = 0; i < a.Length; i++)
            {
                ulong v = (ulong)a[i] + b[i] + carry;
                a[i] = (uint)v;
                carry = v >> 32;
            }
        }

        /// <summary>a -= b (a ≥ b).</summary>
        private static void SubtractMagnitude(Span<uint> a, ReadOnlySpan<uint> b)
        {
            long borrow = 0;
            for (int i = 0; i < a.Length; i++)
            {
                long v = (long)a[i] - b[i] - borrow;
                a[i] = (uint)v;
                borrow = v < 0 ? 1 : 0;
            }
        }

        private static void ScaleUp(Span<uint> n, int powers)
        {
            for (int i = 0; i < powers; i++) MulAdd(n, 10, 0);
        }

        /// <summary>Rounds the exact value n / 10^scale into a decimal: drops digits while the integer does not fit
        /// 96 bits or the scale exceeds 28, then rounds by the dropped digits (and <paramref name="sticky"/>: a
        /// nonzero part already below the last digit).</summary>
        private static decimal Pack(Span<uint> n, int scale, bool negative, bool sticky = false, MidpointRounding mode = MidpointRounding.ToEven)
        {
            uint lastDropped = 0;
            bool droppedAny = false;
            while (!Fits96(n) || scale > decimal.MaxScale)
            {
                if (scale == 0) throw new OverflowException("Value was either too large or too small for a Decimal.");
                if (droppedAny && lastDropped != 0) sticky = true;
                lastDropped = DivSmall(n, 10);
                droppedAny = true;
                scale--;
            }
            if (droppedAny || sticky)
            {
                if (RoundsUp(lastDropped, sticky, (n[0] & 1) != 0, negative, mode))
                {
                    MulAdd(n, 1, 1);
                    if (!Fits96(n))
                    {
                        if (scale == 0) throw new OverflowException("Value was either too large or too small for a Decimal.");
                        DivSmall(n, 10); // 10^k: the dropped digit is 0, no further rounding
                        scale--;
                    }
                }
            }
            return new decimal(n[0] | ((ulong)n[1] << 32), n[2], scale, negative);
        }

        // Whether to add one to the kept digits, given the first dropped digit and whether anything below it is nonzero.
        private static bool RoundsUp(uint digit, bool sticky, bool odd, bool negative, MidpointRounding mode)
        {
            bool inexact = digit != 0 || sticky;
            switch (mode)
            {
                case MidpointRounding.ToEven: return digit > 5 || (digit == 5 && (sticky || odd));
                case MidpointRounding.AwayFromZero: return digit >= 5;
                case MidpointRounding.ToZero: return false;
                case MidpointRounding.ToNegativeInfinity: return negative && inexact;
                default: return !negative && inexact;
            }
        }

        public static decimal Add(decimal a, decimal b, bool subtract)
        {
            Span<uint> x = stackalloc uint[Words], y = stackalloc uint[Words];
            Load(a, x);
            Load(b, y);
            bool negA = a.IsNegativeBit, negB = b.IsNegativeBit ^ subtract;
            int scale = Math.Max(a.Scale, b.Scale);
            ScaleUp(x, scale - a.Scale);
            ScaleUp(y, scale - b.Scale);
            bool negative;
            if (negA == negB)
            {
                AddMagnitude(x, y);
                negative = negA;
            }
            else if (CompareMagnitude(x, y) >= 0)
            {
                SubtractMagnitude(x, y);
                negative = negA;
            }
            else
            {
                SubtractMagnitude(y, x);
                y.CopyTo(x);
                negative = negB;
            }
            if (IsZero(x)) negative = false;
            return Pack(x, scale, negative);
        }

        public static decimal Multiply(decimal a, decimal b)
        {
            Span<uint> x = stackalloc uint[Words], y = stackalloc uint[Words], product = stackalloc uint[Words];
            Load(a, x);
            Load(b, y);
            product.Clear();
            for (int i = 0; i < 3; i++)
            {
                ulong carry = 0;
                for (int j = 0; j < 3; j++)
                {
                    ulong v = (ulong)x[i] * y[j] + product[i + j] + carry;
                    product[i + j] = (uint)v;
                    carry = v >> 32;
                }
                product[i + 3] = (uint)carry;
            }
            bool negative = a.IsNegativeBit != b.IsNegativeBit && !IsZero(product);
            return Pack(product, a.Scale + b.Scale, negative);
        }

        public static decimal Divide(decimal a, decimal b)
        {
            if (b.IsZero) throw new DivideByZeroException("Attempted to divide by zero.");
            Span<uint> dividend = stackalloc uint[Words], divisor = stackalloc uint[Words], quotient = stackalloc uint[Words];
            Load(a, dividend);
            Load(b, divisor);
            int scale = a.Scale - b.Scale;
            if (scale < 0)
            {
                ScaleUp(dividend, -scale);
                scale = 0;
            }
            bool negative = a.IsNegativeBit != b.IsNegativeBit;
            // Long division by repeated subtraction per decimal digit position would be slow; instead scale the
            // dividend up digit by digit and divide exactly with big-integer division.
            DivideMagnitude(dividend, divisor, quotient);            // dividend now holds the remainder
            Span<uint> probe = stackalloc uint[Words], digit = stackalloc uint[Words];
            while (!IsZero(dividend) && scale < decimal.MaxScale)
            {
                // One more digit only while it still fits in 96 bits.
                quotient.CopyTo(probe);
                if (MulAdd(probe, 10, 9) != 0 || !Fits96(probe)) break;
                MulAdd(dividend, 10, 0);
                DivideMagnitude(dividend, divisor, digit);
                MulAdd(quotient, 10, digit[0]);
                scale++;
            }
            bool sticky = false;
            uint roundDigit = 0;
            if (!IsZero(dividend))
            {
                // One more digit decides the rounding; anything left after it is the sticky part.
                MulAdd(dividend, 10, 0);
                DivideMagnitude(dividend, divisor, digit);
                roundDigit = digit[0];
                sticky = !IsZero(dividend);
            }
            if (IsZero(quotient) && roundDigit == 0 && !sticky) negative = false;
            return PackRounded(quotient, scale, negative, roundDigit, sticky);
        }

        // quotient's digits at scale, plus one more digit (roundDigit) and a sticky remainder: round half even.
        private static decimal PackRounded(Span<uint> n, int scale, bool negative, uint roundDigit, bool sticky)
        {
            if (roundDigit == 0 && !sticky) return Pack(n, scale, negative);
            // Append the round digit, then let Pack drop it with the sticky bit.
            if (MulAdd(n, 10, roundDigit) != 0) throw new OverflowException("Value was either too large or too small for a Decimal.");
            return Pack(n, scale + 1, negative, sticky);
        }

        /// <summary>quotient = n / d, n = n % d (schoolbook binary long division; n and d up to 256 bits).</summary>
        private static void DivideMagnitude(Span<uint> n, ReadOnlySpan<uint> d, Span<uint> quotient)
        {
            quotient.Clear();
            Span<uint> remainder = stackalloc uint[Words];
            remainder.Clear();
            int bits = Words * 32;
            while (bits > 0 && (n[(bits - 1) >> 5] & (1u << ((bits - 1) & 31))) == 0) bits--;
            for (int bit = bits - 1; bit >= 0; bit--)
            {
                // remainder = remainder * 2 + bit
                uint carry = (n[bit >> 5] >> (bit & 31)) & 1;
                for (int i = 0; i < Words; i++)
                {
                    uint next = remainder[i] >> 31;
                    remainder[i] = (remainder[i] << 1) | carry;
                    carry = next;
                }
                if (CompareMagnitude(remainder, d) >= 0)
                {
                    SubtractMagnitude(remainder, d);
                    quotient[bit >> 5] |= 1u << (bit & 31);
                }
            }
            remainder.CopyTo(n);
        }

        /// <summary>a % b: the sign of a, scale max(sa, sb), exact.</summary>
        public static decimal Remainder(decimal a, decimal b)
        {
            if (b.IsZero) throw new DivideByZeroException("Attempted to divide by zero.");
            Span<uint> x = stackalloc uint[Words], y = stackalloc uint[Words], q = stackalloc uint[Words];
            Load(a, x);
            Load(b, y);
            int scale = Math.Max(a.Scale, b.Scale);
            ScaleUp(x, scale - a.Scale);
            ScaleUp(y, scale - b.Scale);
            DivideMagnitude(x, y, q);
            return Pack(x, scale, a.IsNegativeBit && !IsZero(x));
        }

        public static int Compare(decimal a, decimal b)
        {
            bool zeroA = a.IsZero, zeroB = b.IsZero;
            if (zeroA && zeroB) return 0;
            bool negA = a.IsNegativeBit && !zeroA, negB = b.IsNegativeBit && !zeroB;
            if (negA != negB) return negA ? -1 : 1;
            Span<uint> x = stackalloc uint[Words], y = stackalloc uint[Words];
            Load(a, x);
            Load(b, y);
            int scale = Math.Max(a.Scale, b.Scale);
            ScaleUp(x, scale - a.Scale);
            ScaleUp(y, scale - b.Scale);
            int c = CompareMagnitude(x, y);
            return negA ? -c : c;
        }

        /// <summary>Rounds to <paramref name="scale"/> digits after the point (scale ≤ d.Scale).</summary>
        public static decimal RoundToScale(decimal d, int scale, MidpointRounding mode)
        {
            if (d.Scale <= scale) return d;
            Span<uint> n = stackalloc uint[Words];
            Load(d, n);
            bool sticky = false;
            uint digit = 0;
            for (int s = d.Scale; s > scale; s--)
            {
                if (digit != 0) sticky = true;
                digit = DivSmall(n, 10);
            }
            if (RoundsUp(digit, sticky, (n[0] & 1) != 0, d.IsNegativeBit, mode)) MulAdd(n, 1, 1);
            return Pack(n, scale, d.IsNegativeBit && !IsZero(n));
        }

        public static decimal TrimTrailingZeros(decimal d)
        {
            Span<uint> n = stackalloc uint[Words], probe = stackalloc uint[Words];
            Load(d, n);
            int scale = d.Scale;
            while (scale > 0)
            {
                n.CopyTo(probe);
                if (DivSmall(probe, 10) != 0) break;
                probe.CopyTo(n);
                scale--;
            }
            return new decimal(n[0] | ((ulong)n[1] << 32), n[2], scale, d.IsNegativeBit && !IsZero(n));
        }

        /// <summary>The decimal digits of the unscaled integer, most significant first (at least one).</summary>
        public static int Digits(decimal d, Span<char> buffer)
        {
            Span<uint> n = stackalloc uint[Words];
            Load(d, n);
            Span<char> reversed = stackalloc char[32];
            int count = 0;
            do reversed[count++] = (char)('0' + DivSmall(n, 10));
            while (!IsZero(n));
            for (int i = 0; i < count; i++) buffer[i] = reversed[count - 1 - i];
            return count;
        }

        /// <summary>Builds a decimal from up to 29 significant digits and a scale (a 30th digit and beyond round).</summary>
        public static decimal FromDigits(ReadOnlySpan<char> digits, int scale, bool negative)
        {
            Span<uint> n = stackalloc uint[Words];
            n.Clear();
            foreach (char c in digits) MulAdd(n, 10, (uint)(c - '0'));
            while (scale < 0)
            {
                MulAdd(n, 10, 0);
                scale++;
                if (!Fits96(n)) throw new OverflowException("Value was either too large or too small for a Decimal.");
            }
            return Pack(n, scale, negative && !IsZero(n));
        }
    }
}
