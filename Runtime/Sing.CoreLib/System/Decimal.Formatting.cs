using System.Globalization;

namespace System
{
    /// <summary>Decimal text, culture-invariant: ToString() prints every digit of the scale ("1.50"); formats
    /// G, F[n], N[n] (default 2 places, halves away from zero as .NET), E[n] and P[n]; other (custom) formats throw
    /// NotSupportedException. Parse accepts NumberStyles.Number by default (white space, sign, ',' groups, point)
    /// and an exponent with NumberStyles.Float/Any.</summary>
    public readonly partial struct Decimal
    {
        public override string ToString() => ToString(null, null);
        public string ToString(string format) => ToString(format, null);
        public string ToString(IFormatProvider provider) => ToString(null, provider);

        public string ToString(string format, IFormatProvider provider)
        {
            Span<char> buffer = stackalloc char[128];
            if (TryFormat(buffer, out int written, format, provider)) return new string(buffer.Slice(0, written));
            // Wide groupings or precisions: format into a larger buffer.
            char[] large = new char[4096];
            if (!TryFormat(large, out written, format, provider)) throw new FormatException("Format specifier was invalid.");
            return new string(large, 0, written);
        }

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
        {
            charsWritten = 0;
            if (CustomNumberFormat.IsCustom(format))
            {
                Span<char> all = stackalloc char[32];
                int count = DecimalMath.Digits(this, all);
                string digits = new string(all.Slice(0, count)).TrimStart('0').TrimEnd('0');
                int leadingZeros = count - new string(all.Slice(0, count)).TrimStart('0').Length;
                string text = CustomNumberFormat.Format(IsNegativeBit && !IsZero, digits, count - leadingZeros - Scale, format);
                if (text.Length > destination.Length) return false;
                text.AsSpan().CopyTo(destination);
                charsWritten = text.Length;
                return true;
            }
            char kind = format.Length == 0 ? 'G' : char.ToUpperInvariant(format[0]);
            int precision = -1;
            if (format.Length > 1)
            {
                precision = 0;
                for (int i = 1; i < format.Length; i++)
                {
                    if (!char.IsAsciiDigit(format[i]) || precision > 99) throw new FormatException("Format string is not valid.");
                    precision = precision * 10 + (format[i] - '0');
                }
            }
            decimal value = this;
            switch (kind)
            {
                case 'G':
                    if (precision > 0) throw new NotSupportedException("Decimal format G with a precision is not supported.");
                    return Write(value, destination, ref charsWritten, false);
                case 'F':
                case 'N':
                    value = Round(value, precision < 0 ? 2 : Math.Min(precision, MaxScale), MidpointRounding.AwayFromZero);
                    return WritePadded(value, precision < 0 ? 2 : precision, kind == 'N', destination, ref charsWritten);
                case 'P':
                    value = Round(value * 100, precision < 0 ? 2 : Math.Min(precision, MaxScale), MidpointRounding.AwayFromZero);
                    if (!WritePadded(value, precision < 0 ? 2 : precision, true, destination, ref charsWritten)) return false;
                    return Append(destination, ref charsWritten, " %");
                case 'E':
                    return FormatExponent(value, precision < 0 ? 6 : precision, format[0] == 'e', destination, ref charsWritten);
                case 'C':
                {
                    // The invariant culture's currency: "¤1,234.50", negative "(¤1,234.50)".
                    bool negative = value.IsNegativeBit && !value.IsZero;
                    value = Round(negative ? -value : value, precision < 0 ? 2 : Math.Min(precision, MaxScale), MidpointRounding.AwayFromZero);
                    if (negative && !Append(destination, ref charsWritten, "(")) return false;
                    if (!Append(destination, ref charsWritten, "\u00A4")) return false;
                    if (!WritePadded(value, precision < 0 ? 2 : precision, true, destination, ref charsWritten)) return false;
                    return !negative || Append(destination, ref charsWritten, ")");
                }
                default:
                    throw new FormatException("Format string is not valid.");
            }
        }

        private static bool Append(Span<char> destination, ref int written, ReadOnlySpan<char> text)
        {
            if (written + text.Length > destination.Length) return false;
            text.CopyTo(destination.Slice(written));
            written += text.Length;
            return true;
        }

        // Plain form: all digits of the scale, optional groups of three in the integer part.
        private static bool Write(decimal value, Span<char> destination, ref int written, bool group)
        {
            Span<char> digits = stackalloc char[32];
            int count = DecimalMath.Digits(value, digits);
            int scale = value.Scale;
            if (value.IsNegativeBit && !value.IsZero && !Append(destination, ref written, "-")) return false;
            int integerDigits = count - scale;
            if (integerDigits <= 0)
            {
                if (!Append(destination, ref written, "0")) return false;
            }
            else
            {
                for (int i = 0; i < integerDigits; i++)
                {
                    if (group && i > 0 && (integerDigits - i) % 3 == 0 && !Append(destination, ref written, ",")) return false;
                    if (!Append(destination, ref written, digits.Slice(i, 1))) return false;
                }
            }
            if (scale == 0) return true;
            if (!Append(destination, ref written, ".")) return false;
            for (int i = integerDigits; i < 0; i++)
                if (!Append(destination, ref written, "0")) return false;
            return Append(destination, ref written, digits.Slice(Math.Max(0, integerDigits), count - Math.Max(0, integerDigits)));
        }

        // Exactly `places` digits after the point (the value is already rounded to at most that many).
        private static bool WritePadded(decimal value, int places, bool group, Span<char> destination, ref int written)
        {
            if (value.IsZero) value = new decimal(0, 0, 0, false, value.Scale);
            if (!Write(value, destination, ref written, group)) return false;
            int have = value.Scale;
            if (have == 0 && places > 0 && !Append(destination, ref written, ".")) return false;
            for (int i = have; i < places; i++)
                if (!Append(destination, ref written, "0")) return false;
            return true;
        }

        private static bool FormatExponent(decimal value, int places, bool lower, Span<char> destination, ref int written)
        {
            Span<char> digits = stackalloc char[32];
            int count = DecimalMath.Digits(value, digits);
            int exponent = value.IsZero ? 0 : count - 1 - value.Scale;
            // Round the digit string to places + 1 significant digits, halves away from zero.
            Span<char> kept = stackalloc char[128];
            int keep = places + 1;
            for (int i = 0; i < keep; i++) kept[i] = i < count ? digits[i] : '0';
            if (count > keep && digits[keep] >= '5')
            {
                int i = keep - 1;
                while (i >= 0 && kept[i] == '9') kept[i--] = '0';
                if (i >= 0) kept[i]++;
                else
                {
                    kept[0] = '1';
                    exponent++;
                }
            }
            if (value.IsNegativeBit && !value.IsZero && !Append(destination, ref written, "-")) return false;
            if (!Append(destination, ref written, kept.Slice(0, 1))) return false;
            if (places > 0 && (!Append(destination, ref written, ".") || !Append(destination, ref written, kept.Slice(1, places)))) return false;
            if (!Append(destination, ref written, lower ? "e" : "E") || !Append(destination, ref written, exponent < 0 ? "-" : "+")) return false;
            string e = Math.Abs(exponent).ToString("D3");
            return Append(destination, ref written, e);
        }

        public static decimal Parse(string s) => Parse(s, NumberStyles.Number, null);
        public static decimal Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Number, provider);
        public static decimal Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static decimal Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (!TryParseCore(s, style, out decimal result, out bool overflow))
                throw overflow ? new OverflowException("Value was either too large or too small for a Decimal.")
                    : new FormatException("The input string '" + s + "' was not in a correct format.");
            return result;
        }

        public static bool TryParse(string s, out decimal result) => TryParse(s, NumberStyles.Number, null, out result);

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out decimal result)
        {
            if (s is null) { result = default; return false; }
            return TryParseCore(s, style, out result, out _);
        }

        private static bool TryParseCore(string s, NumberStyles style, out decimal result, out bool overflow)
        {
            result = default;
            overflow = false;
            int i = 0, end = s.Length;
            if ((style & NumberStyles.AllowLeadingWhite) != 0) while (i < end && char.IsWhiteSpace(s[i])) i++;
            if ((style & NumberStyles.AllowTrailingWhite) != 0) while (end > i && char.IsWhiteSpace(s[end - 1])) end--;
            bool negative = false;
            if (i < end && (style & NumberStyles.AllowLeadingSign) != 0 && (s[i] == '-' || s[i] == '+'))
                negative = s[i++] == '-';
            if (i < end && (style & NumberStyles.AllowTrailingSign) != 0 && (s[end - 1] == '-' || s[end - 1] == '+'))
                negative = s[--end] == '-';
            Span<char> digits = stackalloc char[64];
            int count = 0, fraction = 0;
            bool anyDigit = false, point = false;
            for (; i < end; i++)
            {
                char c = s[i];
                if (char.IsAsciiDigit(c))
                {
                    anyDigit = true;
                    if (count == 0 && c == '0') { if (point) fraction++; continue; }
                    if (count < digits.Length) { digits[count++] = c; if (point) fraction++; }
                    else if (!point) fraction--; // beyond 64 significant digits: keep the magnitude
                    continue;
                }
                if (c == '.' && !point && (style & NumberStyles.AllowDecimalPoint) != 0) { point = true; continue; }
                if (c == ',' && !point && (style & NumberStyles.AllowThousands) != 0 && anyDigit) continue;
                break;
            }
            if (!anyDigit) return false;
            int exponent = 0;
            if (i < end && (s[i] == 'e' || s[i] == 'E') && (style & NumberStyles.AllowExponent) != 0)
            {
                i++;
                bool negativeExponent = false;
                if (i < end && (s[i] == '-' || s[i] == '+')) negativeExponent = s[i++] == '-';
                if (i >= end) return false;
                for (; i < end && char.IsAsciiDigit(s[i]); i++)
                    if (exponent < 10000) exponent = exponent * 10 + (s[i] - '0');
                if (negativeExponent) exponent = -exponent;
            }
            if (i != end) return false;
            int scale = fraction - exponent;
            if (count == 0) { result = new decimal(0, 0, 0, false, (byte)Math.Clamp(scale, 0, MaxScale)); return true; }
            // Too many fraction digits: drop them before building (rounding half even on what is dropped).
            try
            {
                if (count - scale > 29) { overflow = true; return false; }
                result = DecimalMath.FromDigits(digits.Slice(0, count), scale, negative);
                return true;
            }
            catch (OverflowException)
            {
                overflow = true;
                return false;
            }
        }
    }
}
