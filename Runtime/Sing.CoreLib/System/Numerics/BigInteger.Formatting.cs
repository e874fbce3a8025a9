using System.Globalization;
using System.Text;

namespace System.Numerics
{
    // Text: ToString with the standard formats (G/R, D, N, F, E, P, C, X) and Parse/TryParse (integer and hex styles).
    public readonly partial struct BigInteger
    {
        public override string ToString() => DecimalDigits(negative: _sign < 0);

        public string ToString(string format) => ToString(format, null);

        public string ToString(IFormatProvider provider) => ToString(null, provider);

        public string ToString(string format, IFormatProvider provider)
        {
            if (string.IsNullOrEmpty(format)) return ToString();
            char kind = format[0];
            int precision = -1;
            if (format.Length > 1)
            {
                precision = 0;
                for (int i = 1; i < format.Length; i++)
                {
                    char c = format[i];
                    if (c < '0' || c > '9' || precision > 99_999_999) return CustomFormat(format);
                    precision = precision * 10 + (c - '0');
                }
            }
            switch (kind)
            {
                case 'G': case 'g': case 'R': case 'r':
                    return ToString();
                case 'D': case 'd':
                {
                    string digits = DecimalDigits(negative: false);
                    if (precision > digits.Length) digits = new string('0', precision - digits.Length) + digits;
                    return _sign < 0 ? "-" + digits : digits;
                }
                case 'N': case 'n':
                    return (_sign < 0 ? "-" : "") + Grouped(DecimalDigits(false)) + Fraction(precision < 0 ? 2 : precision);
                case 'F': case 'f':
                    return DecimalDigits(_sign < 0) + Fraction(precision < 0 ? 2 : precision);
                case 'P': case 'p':
                    return (_sign < 0 ? "-" : "") + Grouped(DecimalDigits(false) + (_sign == 0 ? "" : "00")) + Fraction(precision < 0 ? 2 : precision) + " %";
                case 'C': case 'c':
                {
                    string amount = "\u00A4" + Grouped(DecimalDigits(false)) + Fraction(precision < 0 ? 2 : precision);
                    return _sign < 0 ? "(" + amount + ")" : amount; // the invariant culture's negative currency pattern
                }
                case 'E': case 'e':
                    return Scientific(kind, precision < 0 ? 6 : precision);
                case 'X': case 'x':
                    return Hexadecimal(kind == 'X', precision);
                default:
                    return CustomFormat(format);
            }
        }

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
        {
            string text = ToString(format.Length == 0 ? null : format.ToString(), provider);
            if (text.Length > destination.Length)
            {
                charsWritten = 0;
                return false;
            }
            text.AsSpan().CopyTo(destination);
            charsWritten = text.Length;
            return true;
        }

        /// <summary>Custom patterns go through decimal's formatter when the value fits one, as exactly as it can.</summary>
        private string CustomFormat(string format)
        {
            if (_bits == null || _bits.Length <= 3) return ((decimal)this).ToString(format, CultureInfo.InvariantCulture);
            throw new FormatException("Format specifier was invalid.");
        }

        private static string Fraction(int digits) => digits == 0 ? "" : "." + new string('0', digits);

        private static string Grouped(string digits)
        {
            var text = new StringBuilder(digits.Length + digits.Length / 3);
            for (int i = 0; i < digits.Length; i++)
            {
                if (i > 0 && (digits.Length - i) % 3 == 0) text.Append(',');
                text.Append(digits[i]);
            }
            return text.ToString();
        }

        /// <summary>The magnitude in decimal, nine digits per division by 10^9.</summary>
        private string DecimalDigits(bool negative)
        {
            if (_sign == 0) return "0";
            var chunks = new uint[_bits.Length * 10 / 9 + 2];
            int count = 0;
            uint[] rest = _bits;
            while (BigMagnitude.Length(rest) != 0)
            {
                rest = BigMagnitude.DivideSmall(rest, 1_000_000_000, out uint chunk);
                chunks[count++] = chunk;
            }
            var text = new StringBuilder(count * 9 + 1);
            if (negative) text.Append('-');
            text.Append(chunks[count - 1]);
            for (int i = count - 2; i >= 0; i--)
            {
                string part = chunks[i].ToString();
                text.Append('0', 9 - part.Length).Append(part);
            }
            return text.ToString();
        }

        /// <summary>d.ddd…E+ddd, the digits rounded half away from zero as .NET's number formatting does.</summary>
        private string Scientific(char kind, int precision)
        {
            string digits = DecimalDigits(false);
            int exponent = digits.Length - 1;
            char[] kept = new char[precision + 1];
            for (int i = 0; i < kept.Length; i++) kept[i] = i < digits.Length ? digits[i] : '0';
            if (digits.Length > kept.Length && digits[kept.Length] >= '5')
            {
                int i = kept.Length - 1;
                while (i >= 0 && kept[i] == '9') kept[i--] = '0';
                if (i >= 0) kept[i]++;
                else
                {
                    kept[0] = '1';
                    exponent++;
                }
            }
            var text = new StringBuilder();
            if (_sign < 0) text.Append('-');
            text.Append(kept[0]);
            if (precision > 0) text.Append('.').Append(kept, 1, precision);
            text.Append(kind).Append('+');
            string power = exponent.ToString();
            text.Append('0', Math.Max(0, 3 - power.Length)).Append(power);
            return text.ToString();
        }

        /// <summary>Two's complement in the fewest hex digits whose top digit shows the sign (255 is "0FF", -1 is "F"),
        /// padded to the precision with the sign's digit.</summary>
        private string Hexadecimal(bool upper, int precision)
        {
            string alphabet = upper ? "0123456789ABCDEF" : "0123456789abcdef";
            int limbs = (_bits?.Length ?? 0) + 1;
            uint[] twos = ToTwosComplement(limbs);
            int digits = limbs * 8;
            uint fill = _sign < 0 ? 0xFu : 0u;
            // Drop leading digits equal to the fill while the next one still carries the right sign bit.
            while (digits > 1 && Nibble(twos, digits - 1) == fill && (Nibble(twos, digits - 2) >= 8) == (_sign < 0)) digits--;
            var text = new StringBuilder(Math.Max(digits, precision));
            if (precision > digits) text.Append(alphabet[(int)fill], precision - digits);
            for (int i = digits - 1; i >= 0; i--) text.Append(alphabet[(int)Nibble(twos, i)]);
            return text.ToString();
        }

        private static uint Nibble(uint[] limbs, int index) => (limbs[index / 8] >> (4 * (index % 8))) & 0xF;

        // ---- parsing ----

        public static BigInteger Parse(string value) => Parse(value, NumberStyles.Integer, null);
        public static BigInteger Parse(string value, NumberStyles style) => Parse(value, style, null);
        public static BigInteger Parse(string value, IFormatProvider provider) => Parse(value, NumberStyles.Integer, provider);

        public static BigInteger Parse(string value, NumberStyles style, IFormatProvider provider)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            return Parse(value.AsSpan(), style, provider);
        }

        public static BigInteger Parse(ReadOnlySpan<char> value, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(value, style, provider, out BigInteger result)) throw new FormatException("The value could not be parsed.");
            return result;
        }

        public static bool TryParse(string value, out BigInteger result) => TryParse(value, NumberStyles.Integer, null, out result);

        public static bool TryParse(string value, NumberStyles style, IFormatProvider provider, out BigInteger result)
        {
            if (value is null)
            {
                result = default;
                return false;
            }
            return TryParse(value.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> value, out BigInteger result) => TryParse(value, NumberStyles.Integer, null, out result);

        public static bool TryParse(ReadOnlySpan<char> value, NumberStyles style, IFormatProvider provider, out BigInteger result)
        {
            result = default;
            int start = 0, end = value.Length;
            if ((style & NumberStyles.AllowLeadingWhite) != 0) while (start < end && IsParseWhite(value[start])) start++;
            if ((style & NumberStyles.AllowTrailingWhite) != 0) while (end > start && IsParseWhite(value[end - 1])) end--;
            if (start == end) return false;
            if ((style & NumberStyles.AllowHexSpecifier) != 0) return TryParseHex(value.Slice(start, end - start), out result);

            bool negative = false, parentheses = false;
            if ((style & NumberStyles.AllowParentheses) != 0 && value[start] == '(' && value[end - 1] == ')')
            {
                parentheses = negative = true;
                start++;
                end--;
            }
            if (!parentheses && (style & NumberStyles.AllowLeadingSign) != 0 && (value[start] == '-' || value[start] == '+'))
                negative = value[start++] == '-';
            else if (!parentheses && (style & NumberStyles.AllowTrailingSign) != 0 && end > start && (value[end - 1] == '-' || value[end - 1] == '+'))
                negative = value[--end] == '-';
            if (start == end) return false;

            // The digits (fraction included), then the exponent: the value is digits * 10^(exponent - fraction digits),
            // and digits that a negative power would drop must be zeros (1.5 is refused, 1.50e1 is 15), as .NET's.
            var digits = new char[end - start];
            int digitCount = 0, fractionDigits = 0;
            bool inFraction = false;
            long exponent = 0;
            for (int i = start; i < end; i++)
            {
                char c = value[i];
                if (c >= '0' && c <= '9')
                {
                    digits[digitCount++] = c;
                    if (inFraction) fractionDigits++;
                }
                else if (c == ',' && !inFraction && digitCount > 0 && (style & NumberStyles.AllowThousands) != 0) { }
                else if (c == '.' && !inFraction && (style & NumberStyles.AllowDecimalPoint) != 0) inFraction = true;
                else if ((c == 'e' || c == 'E') && digitCount > 0 && (style & NumberStyles.AllowExponent) != 0)
                {
                    if (!TryParseExponent(value.Slice(i + 1, end - i - 1), out exponent)) return false;
                    break;
                }
                else return false;
            }
            if (digitCount == 0) return false;
            long shift = exponent - fractionDigits;
            if (shift < 0)
            {
                for (long dropped = 0; dropped < -shift && digitCount > 0; dropped++)
                    if (digits[--digitCount] != '0') return false;
                shift = 0;
            }
            var limbs = new uint[digitCount / 9 + 2];
            int used = 0, pending = 0;
            uint chunk = 0;
            for (int i = 0; i < digitCount; i++)
            {
                chunk = chunk * 10 + (uint)(digits[i] - '0');
                if (++pending == 9)
                {
                    BigMagnitude.MultiplyAdd(limbs, ref used, 1_000_000_000, chunk);
                    chunk = 0;
                    pending = 0;
                }
            }
            if (pending > 0)
            {
                uint scale = 1;
                for (int i = 0; i < pending; i++) scale *= 10;
                BigMagnitude.MultiplyAdd(limbs, ref used, scale, chunk);
            }
            result = new BigInteger(negative ? -1 : 1, limbs);
            if (shift > 0) result *= Pow(10, checked((int)shift));
            return true;
        }

        /// <summary>An exponent after 'e': optional sign, then at least one digit (saturating far past any value).</summary>
        private static bool TryParseExponent(ReadOnlySpan<char> text, out long exponent)
        {
            exponent = 0;
            int i = 0;
            bool negative = false;
            if (i < text.Length && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
            if (i == text.Length) return false;
            for (; i < text.Length; i++)
            {
                if (text[i] < '0' || text[i] > '9') return false;
                if (exponent < int.MaxValue) exponent = exponent * 10 + (text[i] - '0');
            }
            if (negative) exponent = -exponent;
            return true;
        }

        /// <summary>Hex digits are two's complement: a first digit of 8 or more makes the number negative.</summary>
        private static bool TryParseHex(ReadOnlySpan<char> digits, out BigInteger result)
        {
            result = default;
            var limbs = new uint[digits.Length / 8 + 1];
            for (int i = 0; i < digits.Length; i++)
            {
                char c = digits[digits.Length - 1 - i];
                uint nibble = c >= '0' && c <= '9' ? (uint)(c - '0')
                    : c >= 'a' && c <= 'f' ? (uint)(c - 'a' + 10)
                    : c >= 'A' && c <= 'F' ? (uint)(c - 'A' + 10) : 16u;
                if (nibble == 16) return false;
                limbs[i / 8] |= nibble << (4 * (i % 8));
            }
            if (Nibble(limbs, digits.Length - 1) >= 8)
                for (int i = digits.Length; i < limbs.Length * 8; i++) limbs[i / 8] |= 0xFu << (4 * (i % 8));
            result = FromTwosComplement(limbs);
            return true;
        }

        private static bool IsParseWhite(char c) => c == ' ' || (c >= '\t' && c <= '\r');
    }
}
