namespace System
{
    /// <summary>Parsing (invariant, .NET's NumberStyles.Float | AllowThousands): white space around, an optional
    /// sign, digits with ',' group separators before the point, an optional fraction and exponent, or "NaN",
    /// "Infinity" or "∞" (any case, after the sign). The result is the nearest value, ties to even: small inputs
    /// take one exact floating-point operation (Clinger's fast path), the rest an exact big-integer quotient.</summary>
    internal static unsafe partial class FloatNumber
    {
        /// <summary>Significant digits kept; more only decide rounding through a sticky digit. A value halfway between
        /// two doubles has at most 767 significant digits.</summary>
        private const int MaxParseDigits = 780;

        /// <summary>Words per big integer while parsing: the digits (up to 2,600 bits) or a power of ten up to
        /// 10^1104 (3,668 bits) shifted left by up to 63 + 31 + 32 bits.</summary>
        private const int ParseWords = 128;

        private const ulong DoubleNaNBits = 0xFFF8000000000000UL;
        private const uint SingleNaNBits = 0xFFC00000u;

        /// <summary>Whether the text uses only what <paramref name="style"/> allows of white space, sign, ',' groups,
        /// point and exponent (the parser itself accepts all of them).</summary>
        internal static bool StyleAllows(ReadOnlySpan<char> text, System.Globalization.NumberStyles style)
        {
            if ((style & System.Globalization.NumberStyles.AllowHexSpecifier) != 0)
                throw new ArgumentException("The number style AllowHexSpecifier is not supported on floating point data types.", "style");
            int i = 0, end = text.Length;
            if (i < end && IsSpace(text[i]) && (style & System.Globalization.NumberStyles.AllowLeadingWhite) == 0) return false;
            if (end > 0 && IsSpace(text[end - 1]) && (style & System.Globalization.NumberStyles.AllowTrailingWhite) == 0) return false;
            for (; i < end; i++)
            {
                char c = text[i];
                if (c == ',' && (style & System.Globalization.NumberStyles.AllowThousands) == 0) return false;
                if (c == '.' && (style & System.Globalization.NumberStyles.AllowDecimalPoint) == 0) return false;
                if ((c == 'e' || c == 'E') && (style & System.Globalization.NumberStyles.AllowExponent) == 0 && !LetterOfWord(text, i)) return false;
                if ((c == '-' || c == '+') && (style & System.Globalization.NumberStyles.AllowLeadingSign) == 0 && (i == 0 || text[i - 1] != 'e' && text[i - 1] != 'E')) return false;
            }
            return true;
        }

        // An 'e' inside "Infinity"/"NaN" words is not an exponent.
        private static bool LetterOfWord(ReadOnlySpan<char> text, int i) => (i > 0 && char.IsAsciiLetter(text[i - 1])) || (i + 1 < text.Length && char.IsAsciiLetter(text[i + 1]));

        private static bool IsSpace(char c) => c == ' ' || (c >= '\t' && c <= '\r');

        internal static bool TryParseDouble(ReadOnlySpan<char> text, out double result)
        {
            bool ok = TryParseBits(text, 53, -1074, 971, out ulong bits, out bool negative);
            if (bits == ulong.MaxValue) bits = DoubleNaNBits;
            else if (negative) bits |= 1UL << 63;
            result = *(double*)&bits;
            if (!ok) result = 0;
            return ok;
        }

        internal static bool TryParseSingle(ReadOnlySpan<char> text, out float result)
        {
            bool ok = TryParseBits(text, 24, -149, 104, out ulong wide, out bool negative);
            uint bits = wide == ulong.MaxValue ? SingleNaNBits : (uint)wide | (negative ? 1u << 31 : 0u);
            result = *(float*)&bits;
            if (!ok) result = 0;
            return ok;
        }

        private static bool IsWhite(char c) => c == ' ' || (c >= '\t' && c <= '\r');

        private static bool MatchesIgnoringCase(ReadOnlySpan<char> text, int start, int end, string word)
        {
            if (end - start != word.Length) return false;
            for (int i = 0; i < word.Length; i++)
            {
                char c = text[start + i];
                if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
                char w = word[i];
                if (w >= 'A' && w <= 'Z') w = (char)(w + 32);
                if (c != w) return false;
            }
            return true;
        }

        /// <summary>Parses into the magnitude's IEEE bits for a format with <paramref name="mantissaBits"/> bits of
        /// precision (hidden bit included) and exponents [minExponent, maxExponent] of the mantissa's last bit.
        /// NaN comes back as ulong.MaxValue.</summary>
        private static bool TryParseBits(ReadOnlySpan<char> text, int mantissaBits, int minExponent, int maxExponent,
            out ulong bits, out bool negative)
        {
            bits = 0;
            negative = false;
            int i = 0, end = text.Length;
            while (end > 0 && text[end - 1] == '\0') end--;               // .NET ignores trailing NULs
            while (i < end && IsWhite(text[i])) i++;
            while (end > i && IsWhite(text[end - 1])) end--;
            if (i < end && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
            if (i == end) return false;

            ulong infinity = (ulong)(maxExponent - minExponent + 2) << (mantissaBits - 1);
            if (MatchesIgnoringCase(text, i, end, "Infinity") || MatchesIgnoringCase(text, i, end, "\u221E"))
            {
                bits = infinity;
                return true;
            }
            if (MatchesIgnoringCase(text, i, end, "NaN"))
            {
                bits = ulong.MaxValue;
                negative = false;
                return true;
            }

            byte* digits = stackalloc byte[MaxParseDigits + 1];
            int count = 0;
            long decimalExponent = 0;
            bool sawDigit = false, sawPoint = false, droppedNonZero = false;
            for (; i < end; i++)
            {
                char c = text[i];
                uint digit = (uint)(c - '0');
                if (digit <= 9)
                {
                    sawDigit = true;
                    if (count == 0 && digit == 0)
                    {
                        if (sawPoint) decimalExponent--;
                    }
                    else if (count < MaxParseDigits)
                    {
                        digits[count++] = (byte)digit;
                        if (sawPoint) decimalExponent--;
                    }
                    else
                    {
                        if (digit != 0) droppedNonZero = true;
                        if (!sawPoint) decimalExponent++;
                    }
                }
                else if (c == '.' && !sawPoint) sawPoint = true;
                else if (c == ',' && !sawPoint && sawDigit) { }
                else break;
            }
            if (!sawDigit) return false;
            if (i < end && (text[i] == 'e' || text[i] == 'E'))
            {
                i++;
                bool negativeExponent = false;
                if (i < end && (text[i] == '+' || text[i] == '-')) negativeExponent = text[i++] == '-';
                if (i == end) return false;
                long exponentValue = 0;
                for (; i < end; i++)
                {
                    uint digit = (uint)(text[i] - '0');
                    if (digit > 9) return false;
                    if (exponentValue < 100000000) exponentValue = exponentValue * 10 + digit;
                }
                decimalExponent += negativeExponent ? -exponentValue : exponentValue;
            }
            if (i != end) return false;

            if (droppedNonZero)
            {
                digits[count++] = 1;
                decimalExponent--;
            }
            while (count > 0 && digits[count - 1] == 0)
            {
                count--;
                decimalExponent++;
            }
            if (count == 0) return true;                                  // zero, keeping its sign

            // value = D * 10^decimalExponent, D the integer of the digits; 10^(count+exp-1) <= value < 10^(count+exp).
            long magnitude = count + decimalExponent;
            bool isDouble = mantissaBits == 53;
            if (magnitude > (isDouble ? 309 : 39))
            {
                bits = infinity;
                return true;
            }
            if (magnitude <= (isDouble ? -324 : -46)) return true;    // below half the smallest subnormal
            int exponent10 = (int)decimalExponent;

            if (count <= (isDouble ? 15 : 7) && exponent10 >= (isDouble ? -22 : -10) && exponent10 <= (isDouble ? 22 : 10))
            {
                ulong whole = 0;
                for (int d = 0; d < count; d++) whole = whole * 10 + digits[d];
                bits = isDouble ? FastDouble(whole, exponent10) : FastSingle(whole, exponent10);
                return true;
            }

            uint* words = stackalloc uint[ParseWords * 3];
            var n = new Big(words);
            var divisor = new Big(words + ParseWords);
            var shifted = new Big(words + 2 * ParseWords);
            n.Len = 0;
            for (int d = 0; d < count; d += 9)
            {
                int chunk = count - d < 9 ? count - d : 9;
                uint value = 0;
                for (int j = 0; j < chunk; j++) value = value * 10 + digits[d + j];
                MultiplySmall(ref n, SmallPowerOfTen(chunk));
                AddSmall(ref n, value);
            }

            ulong top;
            int binaryExponent;
            bool sticky;
            if (exponent10 >= 0)
            {
                MultiplyPowerOfTen(ref n, exponent10);
                int length = BitLength(ref n);
                int shift = length > 64 ? length - 64 : 0;
                top = TopBits(ref n, shift, out sticky);
                binaryExponent = shift;
            }
            else
            {
                Set(ref divisor, 1);
                MultiplyPowerOfTen(ref divisor, -exponent10);
                // Scale so the quotient has 63 or 64 bits: value ~ quotient * 2^-k. Then normalize the divisor's top
                // word (the quotient does not change) and divide by divisor * 2^32 and by the divisor in turn, each
                // giving one 32-bit word of the quotient.
                int k = BitLength(ref divisor) - BitLength(ref n) + 63;
                if (k > 0) ShiftLeft(ref n, k);
                else if (k < 0) ShiftLeft(ref divisor, -k);
                int normalize = LeadingZeros(divisor.W[divisor.Len - 1]) - 32;
                ShiftLeft(ref n, normalize);
                ShiftLeft(ref divisor, normalize);
                Copy(ref shifted, ref divisor);
                ShiftLeft(ref shifted, 32);
                ulong high = QuotientWord(ref n, ref shifted);
                top = (high << 32) | QuotientWord(ref n, ref divisor);
                sticky = n.Len != 0;
                binaryExponent = -k;
            }
            bits = Round(top, binaryExponent, sticky, mantissaBits, minExponent, maxExponent);
            return true;
        }

        /// <summary>Divides n by a divisor whose top word has its high bit set, where the quotient is below 2^32:
        /// returns the quotient and leaves the remainder in n. The estimate from the top words is low by at most 3.</summary>
        private static uint QuotientWord(ref Big n, ref Big divisor)
        {
            int length = divisor.Len;
            if (n.Len < length) return 0;
            ulong top = ((ulong)Word(ref n, length) << 32) | n.W[length - 1];
            uint quotient = (uint)(top / ((ulong)divisor.W[length - 1] + 1));
            if (quotient != 0) MultiplySubtract(ref n, ref divisor, quotient);
            while (Compare(ref n, ref divisor) >= 0)
            {
                Subtract(ref n, ref divisor);
                quotient++;
            }
            return quotient;
        }

        /// <summary>Bits [shift, shift + 64) of a; sticky tells whether any lower bit is set.</summary>
        private static ulong TopBits(ref Big a, int shift, out bool sticky)
        {
            int word = shift >> 5, bit = shift & 31;
            sticky = false;
            for (int i = 0; i < word && i < a.Len; i++)
                if (a.W[i] != 0) sticky = true;
            if (bit != 0 && (Word(ref a, word) & ((1u << bit) - 1)) != 0) sticky = true;
            ulong low = Word(ref a, word) | ((ulong)Word(ref a, word + 1) << 32);
            ulong high = Word(ref a, word + 2);
            return bit == 0 ? low : (low >> bit) | (high << (64 - bit));
        }

        /// <summary>Rounds value * 2^exponent (plus a little more when sticky) to the nearest representable
        /// magnitude, ties to even; returns its IEEE bits (infinity on overflow).</summary>
        private static ulong Round(ulong value, int exponent, bool sticky, int mantissaBits, int minExponent, int maxExponent)
        {
            int zeros = LeadingZeros(value);
            value <<= zeros;
            exponent -= zeros;
            int shift = 64 - mantissaBits;
            int last = exponent + shift;                           // exponent of the mantissa's last bit
            if (last < minExponent)
            {
                shift += minExponent - last;
                last = minExponent;
            }
            ulong mantissa;
            bool up;
            if (shift > 64) return 0;
            if (shift == 64)
            {
                mantissa = 0;
                up = value > 1UL << 63 || (value == 1UL << 63 && sticky);
            }
            else
            {
                mantissa = value >> shift;
                ulong rest = value & ((1UL << shift) - 1), half = 1UL << (shift - 1);
                up = rest > half || (rest == half && (sticky || (mantissa & 1) != 0));
            }
            if (up)
            {
                mantissa++;
                if (mantissa == 1UL << mantissaBits)
                {
                    mantissa >>= 1;
                    last++;
                }
            }
            ulong hidden = 1UL << (mantissaBits - 1);
            if (last > maxExponent) return (ulong)(maxExponent - minExponent + 2) << (mantissaBits - 1);
            if (mantissa < hidden) return mantissa;
            return ((ulong)(last - minExponent + 1) << (mantissaBits - 1)) | (mantissa - hidden);
        }

        private static double PowerOfTen(int n)
        {
            double power = 1;
            while (n-- > 0) power *= 10;
            return power;
        }

        private static ulong FastDouble(ulong whole, int exponent10)
        {
            double value = (long)whole;
            value = exponent10 >= 0 ? value * PowerOfTen(exponent10) : value / PowerOfTen(-exponent10);
            return *(ulong*)&value;
        }

        private static ulong FastSingle(ulong whole, int exponent10)
        {
            float power = 1;
            for (int n = exponent10 < 0 ? -exponent10 : exponent10; n > 0; n--) power *= 10;
            float value = (long)whole;
            value = exponent10 >= 0 ? value * power : value / power;
            return *(uint*)&value;
        }
    }
}
