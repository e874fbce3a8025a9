namespace System
{
    /// <summary>Formatting: exact decimal digits by big-integer long division (Steele and White's free-format
    /// method for the shortest round-trip digits, a fixed cutoff with round-half-to-even on the exact value for
    /// precision formats), then the invariant layouts of .NET's standard formats G, R, F, N, E and P.</summary>
    internal static unsafe partial class FloatNumber
    {
        /// <summary>Enough for any value in any supported format: P99 of double.MaxValue with group separators.</summary>
        internal const int MaxFormattedLength = 600;

        /// <summary>Most digits a layout asks for: 309 integer digits, 2 more for percent, 99 decimals.</summary>
        private const int MaxDigits = 420;

        /// <summary>Words per big integer while formatting: value, scale and margins of any double stay under
        /// 1,200 bits even after normalizing the divisor.</summary>
        private const int FormatWords = 40;

        private const int ShortestMode = 0, SignificantMode = 1, FixedMode = 2;

        internal static string FormatDouble(double value, ReadOnlySpan<char> format)
        {
            char* buffer = stackalloc char[MaxFormattedLength];
            return new string(buffer, 0, FormatDouble(value, format, buffer));
        }

        internal static string FormatSingle(float value, ReadOnlySpan<char> format)
        {
            char* buffer = stackalloc char[MaxFormattedLength];
            return new string(buffer, 0, FormatSingle(value, format, buffer));
        }

        internal static bool TryFormatDouble(double value, Span<char> destination, out int charsWritten, ReadOnlySpan<char> format)
        {
            char* buffer = stackalloc char[MaxFormattedLength];
            return TryCopy(buffer, FormatDouble(value, format, buffer), destination, out charsWritten);
        }

        internal static bool TryFormatSingle(float value, Span<char> destination, out int charsWritten, ReadOnlySpan<char> format)
        {
            char* buffer = stackalloc char[MaxFormattedLength];
            return TryCopy(buffer, FormatSingle(value, format, buffer), destination, out charsWritten);
        }

        /// <summary>Copies a formatted value into a caller's span; false if it does not fit. Shared with the integer
        /// formats (Number).</summary>
        internal static bool TryCopy(char* source, int length, Span<char> destination, out int charsWritten)
        {
            if (length > destination.Length)
            {
                charsWritten = 0;
                return false;
            }
            for (int i = 0; i < length; i++) destination[i] = source[i];
            charsWritten = length;
            return true;
        }

        /// <summary>Formats into a buffer of at least <see cref="MaxFormattedLength"/> chars; returns the length.</summary>
        internal static int FormatDouble(double value, ReadOnlySpan<char> format, char* buffer)
        {
            ulong bits = *(ulong*)&value;
            bool negative = (long)bits < 0;
            int biased = (int)(bits >> 52) & 0x7FF;
            ulong fraction = bits & 0xFFFFFFFFFFFFFUL;
            if (biased == 0x7FF) return NonFinite(fraction != 0, negative, buffer);
            ulong mantissa = biased == 0 ? fraction : fraction | (1UL << 52);
            int exponent = (biased == 0 ? 1 : biased) - 1075;
            return Format(mantissa, exponent, fraction == 0 && biased > 1, negative, 17, format, buffer);
        }

        internal static int FormatSingle(float value, ReadOnlySpan<char> format, char* buffer)
        {
            uint bits = *(uint*)&value;
            bool negative = (int)bits < 0;
            int biased = (int)(bits >> 23) & 0xFF;
            uint fraction = bits & 0x7FFFFFu;
            if (biased == 0xFF) return NonFinite(fraction != 0, negative, buffer);
            uint mantissa = biased == 0 ? fraction : fraction | (1u << 23);
            int exponent = (biased == 0 ? 1 : biased) - 150;
            return Format(mantissa, exponent, fraction == 0 && biased > 1, negative, 9, format, buffer);
        }

        private static int NonFinite(bool nan, bool negative, char* buffer)
        {
            string text = nan ? "NaN" : negative ? "-Infinity" : "Infinity";
            for (int i = 0; i < text.Length; i++) buffer[i] = text[i];
            return text.Length;
        }

        /// <summary>A standard numeric format: its letter ('G' when empty) and its precision digits (-1 when none,
        /// at most 99). Shared with the integer formats (Number).</summary>
        internal static void ParseStandardFormat(ReadOnlySpan<char> format, out char kind, out int precision)
        {
            kind = format.Length > 0 ? format[0] : 'G';
            precision = -1;
            if (format.Length <= 1) return;
            precision = 0;
            for (int i = 1; i < format.Length; i++)
            {
                char c = format[i];
                if (c < '0' || c > '9') throw new FormatException("Format string is not valid.");
                precision = precision * 10 + (c - '0');
                if (precision > 99) throw new FormatException("Format precision is too large.");
            }
        }

        /// <summary>Formats mantissa * 2^exponent. <paramref name="roundTripDigits"/> is the most significant digits
        /// a shortest representation can need (17 for double, 9 for float): G and R print plainly up to that scale.</summary>
        private static int Format(ulong mantissa, int exponent, bool lowerGapSmaller, bool negative, int roundTripDigits,
            ReadOnlySpan<char> format, char* buffer)
        {
            if (CustomNumberFormat.IsCustom(format))
            {
                // As .NET: custom patterns see the value rounded to 15 significant digits (E14 gives them).
                string significant = "";
                int decimalExponent = 0;
                if (mantissa != 0)
                {
                    int n = Format(mantissa, exponent, lowerGapSmaller, false, roundTripDigits, "E14", buffer);
                    var e14 = new string(buffer, 0, n); // d.ddddddddddddddE+ddd
                    significant = string.Concat(e14.Substring(0, 1), e14.Substring(2, 14)).TrimEnd('0');
                    decimalExponent = int.Parse(e14.AsSpan(17)) + 1;
                }
                string text = CustomNumberFormat.Format(negative, significant, decimalExponent, format, keepsNegativeZero: true);
                if (text.Length > MaxFormattedLength) throw new FormatException("The custom format produces more than " + MaxFormattedLength.ToString() + " characters.");
                for (int i = 0; i < text.Length; i++) buffer[i] = text[i];
                return text.Length;
            }
            ParseStandardFormat(format, out char kind, out int precision);

            byte* digits = stackalloc byte[MaxDigits + 2];
            int scale, count, length = 0;
            if (negative) buffer[length++] = '-';
            switch (kind)
            {
                case 'R': case 'r': case 'G': case 'g':
                {
                    bool shortest = kind == 'R' || kind == 'r' || precision <= 0;
                    count = shortest
                        ? Digits(mantissa, exponent, lowerGapSmaller, ShortestMode, 0, digits, out scale)
                        : Digits(mantissa, exponent, false, SignificantMode, precision, digits, out scale);
                    char e = kind == 'r' || kind == 'g' ? 'e' : 'E';
                    return General(digits, count, scale, shortest ? roundTripDigits : precision, e, buffer, length);
                }
                case 'E': case 'e':
                {
                    int decimals = precision < 0 ? 6 : precision;
                    count = Digits(mantissa, exponent, false, SignificantMode, decimals + 1, digits, out scale);
                    return Scientific(digits, count, count == 0 ? 1 : scale, decimals, kind, 3, buffer, length);
                }
                case 'F': case 'f': case 'N': case 'n':
                {
                    int decimals = precision < 0 ? 2 : precision;
                    count = Digits(mantissa, exponent, false, FixedMode, decimals, digits, out scale);
                    return Fixed(digits, count, scale, decimals, kind == 'N' || kind == 'n', false, buffer, length);
                }
                case 'P': case 'p':
                {
                    int decimals = precision < 0 ? 2 : precision;
                    count = Digits(mantissa, exponent, false, FixedMode, decimals + 2, digits, out scale);
                    return Fixed(digits, count, scale + 2, decimals, true, true, buffer, length);
                }
                case 'C': case 'c':
                {
                    // The invariant culture's currency: "¤1,234.50", negative "(¤1,234.50)".
                    int decimals = precision < 0 ? 2 : precision;
                    count = Digits(mantissa, exponent, false, FixedMode, decimals, digits, out scale);
                    length = 0;
                    if (negative) buffer[length++] = '(';
                    buffer[length++] = '\u00A4';
                    length = Fixed(digits, count, scale, decimals, true, false, buffer, length);
                    if (negative) buffer[length++] = ')';
                    return length;
                }
                default:
                    throw new FormatException("Format string is not valid.");
            }
        }

        private static char DigitAt(byte* digits, int count, int index) =>
            (char)('0' + (index >= 0 && index < count ? digits[index] : 0));

        /// <summary>G and R: trailing zeros dropped; scientific notation ("E+XX", at least two exponent digits) when
        /// the decimal exponent is at least <paramref name="maxDigits"/> or below -4.</summary>
        private static int General(byte* digits, int count, int scale, int maxDigits, char e, char* buffer, int length)
        {
            while (count > 0 && digits[count - 1] == 0) count--;
            if (count == 0)
            {
                buffer[length++] = '0';
                return length;
            }
            if (scale > maxDigits || scale < -3) return Scientific(digits, count, scale, count - 1, e, 2, buffer, length);
            if (scale <= 0)
            {
                buffer[length++] = '0';
                buffer[length++] = '.';
                for (int i = scale; i < 0; i++) buffer[length++] = '0';
                for (int i = 0; i < count; i++) buffer[length++] = (char)('0' + digits[i]);
                return length;
            }
            for (int i = 0; i < scale; i++) buffer[length++] = DigitAt(digits, count, i);
            if (count > scale)
            {
                buffer[length++] = '.';
                for (int i = scale; i < count; i++) buffer[length++] = (char)('0' + digits[i]);
            }
            return length;
        }

        private static int Scientific(byte* digits, int count, int scale, int decimals, char e, int minExponentDigits, char* buffer, int length)
        {
            buffer[length++] = DigitAt(digits, count, 0);
            if (decimals > 0)
            {
                buffer[length++] = '.';
                for (int i = 1; i <= decimals; i++) buffer[length++] = DigitAt(digits, count, i);
            }
            buffer[length++] = e;
            int exponent = scale - 1;
            buffer[length++] = exponent < 0 ? '-' : '+';
            if (exponent < 0) exponent = -exponent;
            int width = exponent >= 100 ? 3 : exponent >= 10 ? 2 : 1;
            if (width < minExponentDigits) width = minExponentDigits;
            for (int i = width - 1; i >= 0; i--)
            {
                buffer[length + i] = (char)('0' + exponent % 10);
                exponent /= 10;
            }
            return length + width;
        }

        private static int Fixed(byte* digits, int count, int scale, int decimals, bool groups, bool percent, char* buffer, int length)
        {
            if (count == 0) scale = 0;
            if (scale <= 0)
            {
                buffer[length++] = '0';
            }
            else
            {
                for (int i = 0; i < scale; i++)
                {
                    if (groups && i > 0 && (scale - i) % 3 == 0) buffer[length++] = ',';
                    buffer[length++] = DigitAt(digits, count, i);
                }
            }
            if (decimals > 0)
            {
                buffer[length++] = '.';
                for (int i = 0; i < decimals; i++) buffer[length++] = DigitAt(digits, count, scale + i);
            }
            if (percent)
            {
                buffer[length++] = ' ';
                buffer[length++] = '%';
            }
            return length;
        }

        /// <summary>Decimal digits (0..9, no trailing zeros beyond the exact value) of mantissa * 2^exponent, with
        /// value ~ 0.d1d2... * 10^scale. Shortest: the fewest digits that read back to the same value (the closest
        /// such when several qualify). Significant: <paramref name="cutoff"/> digits. Fixed: digits up to
        /// <paramref name="cutoff"/> places after the decimal point. Cutoffs round half to even on the exact value.</summary>
        private static int Digits(ulong mantissa, int exponent, bool lowerGapSmaller, int mode, int cutoff, byte* digits, out int scale)
        {
            scale = 0;
            if (mantissa == 0) return 0;
            if (exponent <= 0 && exponent > -64 && (mantissa & ((1UL << -exponent) - 1)) == 0)
            {
                // An integer below 2^53 (2^24 for float): its own digits are exact, and the shortest text since
                // neighbours are at most 1 apart. Precision formats that would round it take the general path.
                int length = IntegerDigits(mantissa >> -exponent, digits, out scale);
                if (mode != SignificantMode || length <= cutoff) return length;
            }
            uint* words = stackalloc uint[FormatWords * 5];
            var r = new Big(words);
            var s = new Big(words + FormatWords);
            var marginLow = new Big(words + 2 * FormatWords);
            var marginHigh = new Big(words + 3 * FormatWords);
            var temp = new Big(words + 4 * FormatWords);
            bool shortest = mode == ShortestMode;
            bool unequal = shortest && lowerGapSmaller;

            // value = r / s; the margins are half the gaps to the neighbouring values, on the same scale.
            Set(ref r, mantissa);
            if (exponent >= 0)
            {
                ShiftLeft(ref r, exponent + (unequal ? 2 : 1));
                Set(ref s, unequal ? 4UL : 2UL);
                Set(ref marginLow, 1);
                ShiftLeft(ref marginLow, exponent);
                Set(ref marginHigh, 1);
                ShiftLeft(ref marginHigh, exponent + (unequal ? 1 : 0));
            }
            else
            {
                ShiftLeft(ref r, unequal ? 2 : 1);
                Set(ref s, 1);
                ShiftLeft(ref s, -exponent + (unequal ? 2 : 1));
                Set(ref marginLow, 1);
                Set(ref marginHigh, unequal ? 2UL : 1UL);
            }

            // The decimal scale k with 10^(k-1) <= value < 10^k, estimated from the binary magnitude, then corrected.
            int bits = 64 - LeadingZeros(mantissa) + exponent;
            int k = (int)(((long)(bits - 1) * 1292913986L) >> 32) + 1;
            if (k >= 0)
            {
                MultiplyPowerOfTen(ref s, k);
            }
            else
            {
                MultiplyPowerOfTen(ref r, -k);
                if (shortest)
                {
                    MultiplyPowerOfTen(ref marginLow, -k);
                    MultiplyPowerOfTen(ref marginHigh, -k);
                }
            }
            while (Compare(ref r, ref s) >= 0)
            {
                MultiplySmall(ref s, 10);
                k++;
            }
            while (true)
            {
                Copy(ref temp, ref r);
                MultiplySmall(ref temp, 10);
                if (Compare(ref temp, ref s) >= 0) break;
                Copy(ref r, ref temp);
                if (shortest)
                {
                    MultiplySmall(ref marginLow, 10);
                    MultiplySmall(ref marginHigh, 10);
                }
                k--;
            }

            // Normalize so the divisor's top word is in [2^27, 2^28): each quotient digit is then estimated from
            // the top two words within one, and ten times the remainder still fits in the divisor's length.
            int topBits = 64 - LeadingZeros(s.W[s.Len - 1]);
            int normalize = topBits <= 28 ? 28 - topBits : 60 - topBits;
            ShiftLeft(ref r, normalize);
            ShiftLeft(ref s, normalize);
            if (shortest)
            {
                ShiftLeft(ref marginLow, normalize);
                ShiftLeft(ref marginHigh, normalize);
            }

            int count = 0;
            bool roundUp;
            if (shortest)
            {
                uint digit;
                bool low, high;
                int inclusive = (mantissa & 1) == 0 ? 1 : 0;
                while (true)
                {
                    MultiplySmall(ref r, 10);
                    MultiplySmall(ref marginLow, 10);
                    MultiplySmall(ref marginHigh, 10);
                    digit = NextDigit(ref r, ref s);
                    // A boundary itself reads back as this value when the mantissa is even (ties to even).
                    low = Compare(ref r, ref marginLow) < inclusive;
                    Add(ref temp, ref r, ref marginHigh);
                    high = Compare(ref temp, ref s) > -inclusive;
                    if (low || high || count == MaxDigits - 1) break;
                    digits[count++] = (byte)digit;
                }
                digits[count++] = (byte)digit;
                if (low && high)
                {
                    int half = CompareDoubled(ref r, ref s, ref temp);
                    roundUp = half > 0 || (half == 0 && (digit & 1) != 0);
                }
                else
                {
                    roundUp = high;
                }
            }
            else
            {
                int target = mode == SignificantMode ? cutoff : k + cutoff;
                if (target > MaxDigits) target = MaxDigits;
                if (target <= 0)
                {
                    // Every digit falls below the cutoff: the result is 0 or one unit at the cutoff.
                    scale = k + 1;
                    if (target < 0 || CompareDoubled(ref r, ref s, ref temp) <= 0) return 0;
                    digits[0] = 1;
                    return 1;
                }
                while (count < target)
                {
                    MultiplySmall(ref r, 10);
                    digits[count++] = (byte)NextDigit(ref r, ref s);
                    if (r.Len == 0)
                    {
                        scale = k;
                        return count;
                    }
                }
                int half = CompareDoubled(ref r, ref s, ref temp);
                roundUp = half > 0 || (half == 0 && (digits[count - 1] & 1) != 0);
            }

            if (roundUp)
            {
                int i = count - 1;
                while (i >= 0 && digits[i] == 9) i--;
                if (i < 0)
                {
                    digits[0] = 1;
                    count = 1;
                    k++;
                }
                else
                {
                    digits[i]++;
                    count = i + 1;
                }
            }
            scale = k;
            return count;
        }

        /// <summary>The digits of a nonzero integer without its trailing zeros; scale is its digit count.</summary>
        private static int IntegerDigits(ulong value, byte* digits, out int scale)
        {
            int count = 0;
            for (ulong v = value; v != 0; v /= 10) count++;
            scale = count;
            for (int i = count - 1; i >= 0; i--)
            {
                digits[i] = (byte)(value % 10);
                value /= 10;
            }
            while (digits[count - 1] == 0) count--;
            return count;
        }

        /// <summary>Compares 2r with s.</summary>
        private static int CompareDoubled(ref Big r, ref Big s, ref Big temp)
        {
            Copy(ref temp, ref r);
            ShiftLeft(ref temp, 1);
            return Compare(ref temp, ref s);
        }

        /// <summary>Divides r (less than ten times s) by the normalized s: returns the quotient digit, leaves the remainder.</summary>
        private static uint NextDigit(ref Big r, ref Big s)
        {
            int n = s.Len;
            if (r.Len < n) return 0;
            uint quotient;
            if (n == 1)
            {
                quotient = r.W[0] / s.W[0];
            }
            else
            {
                ulong top = ((ulong)r.W[n - 1] << 32) | r.W[n - 2];
                ulong divisor = (((ulong)s.W[n - 1] << 32) | s.W[n - 2]) + 1;
                quotient = (uint)(top / divisor);
            }
            if (quotient != 0) MultiplySubtract(ref r, ref s, quotient);
            while (Compare(ref r, ref s) >= 0)
            {
                Subtract(ref r, ref s);
                quotient++;
            }
            return quotient;
        }
    }
}
