using System.Globalization;
using System.Runtime.CompilerServices;
namespace System
{
    /// <summary>Integer formatting and parsing for the primitives (invariant culture only).
    /// Formats: "" / "G" / "D[n]" decimal with at least n digits, "x[n]" / "X[n]" hexadecimal of the value's
    /// two's-complement bits in its own width, "N[n]" decimal with thousands separators and n decimals.</summary>
    internal static unsafe class Number
    {
        /// <summary>Enough for 64 bits in any supported format with generous padding and separators.</summary>
        internal const int MaxFormattedLength = 128;

        internal static string UInt64ToDecimal(ulong value) => FormatUnsigned(value, 64, default);

        internal static string Int64ToDecimal(long value) => FormatSigned(value, 64, default);

        internal static string FormatSigned(long value, int bits, ReadOnlySpan<char> format)
        {
            if (format.IsEmpty) return Plain(Magnitude(value), value < 0);
            char* buffer = stackalloc char[MaxFormattedLength];
            int length = FormatSigned(value, bits, format, buffer);
            return new string(buffer, 0, length);
        }

        internal static string FormatUnsigned(ulong value, int bits, ReadOnlySpan<char> format)
        {
            if (format.IsEmpty) return Plain(value, false);
            char* buffer = stackalloc char[MaxFormattedLength];
            int length = FormatUnsigned(value, bits, format, buffer);
            return new string(buffer, 0, length);
        }

        internal static int FormatSigned(long value, int bits, ReadOnlySpan<char> format, char* buffer)
        {
            if (IsHex(format))
            {
                ulong mask = bits == 64 ? ulong.MaxValue : (1UL << bits) - 1;
                return FormatUnsigned((ulong)value & mask, bits, format, buffer);
            }
            ulong magnitude = value < 0 ? (ulong)(-(value + 1)) + 1 : (ulong)value;
            return FormatCore(magnitude, value < 0, format, buffer);
        }

        internal static int FormatUnsigned(ulong value, int bits, ReadOnlySpan<char> format, char* buffer) =>
            FormatCore(value, false, format, buffer);

        private static bool IsHex(ReadOnlySpan<char> format) => format.Length > 0 && (format[0] == 'x' || format[0] == 'X');

        private static int FormatCore(ulong magnitude, bool negative, ReadOnlySpan<char> format, char* buffer)
        {
            if (CustomNumberFormat.IsCustom(format))
            {
                string digits = magnitude == 0 ? "" : UInt64ToDecimal(magnitude);
                string text = CustomNumberFormat.Format(negative, digits, digits.Length, format);
                if (text.Length > MaxFormattedLength) throw new FormatException("The custom format produces more than " + MaxFormattedLength.ToString() + " characters.");
                for (int i = 0; i < text.Length; i++) buffer[i] = text[i];
                return text.Length;
            }
            FloatNumber.ParseStandardFormat(format, out char kind, out int precision);
            switch (kind)
            {
                case 'G': case 'g': case 'D': case 'd':
                    return Decimal(magnitude, negative, precision < 0 ? 1 : precision, false, 0, buffer);
                case 'N': case 'n':
                    return Decimal(magnitude, negative, 1, true, precision < 0 ? 2 : precision, buffer);
                case 'x': case 'X':
                    return Hex(magnitude, precision < 0 ? 1 : precision, kind == 'X', buffer);
                case 'F': case 'f':
                    return Decimal(magnitude, negative, 1, false, precision < 0 ? 2 : precision, buffer);
                case 'P': case 'p': case 'C': case 'c': case 'E': case 'e':
                {
                    string text = kind is 'E' or 'e' ? Scientific(magnitude, negative, precision < 0 ? 6 : precision, kind)
                        : Decorated(magnitude, negative, precision < 0 ? 2 : precision, kind is 'C' or 'c');
                    if (text.Length > MaxFormattedLength) throw new FormatException("Format precision is too large.");
                    for (int i = 0; i < text.Length; i++) buffer[i] = text[i];
                    return text.Length;
                }
                default:
                    throw new FormatException("Format string is not valid.");
            }
        }

        /// <summary>Percent ("1,234.00 %", negative "-1,234.00 %") or the invariant currency ("¤1,234.00", negative
        /// "(¤1,234.00)") of an integer: grouped digits and zero decimals, as .NET prints them.</summary>
        private static string Decorated(ulong magnitude, bool negative, int decimals, bool currency)
        {
            string digits = UInt64ToDecimal(magnitude);
            if (!currency && magnitude != 0) digits += "00";
            var text = new System.Text.StringBuilder(digits.Length + decimals + 8);
            if (negative) text.Append(currency ? '(' : '-');
            if (currency) text.Append('\u00A4');
            for (int i = 0; i < digits.Length; i++)
            {
                if (i > 0 && (digits.Length - i) % 3 == 0) text.Append(',');
                text.Append(digits[i]);
            }
            if (decimals > 0) text.Append('.').Append('0', decimals);
            if (currency) return negative ? text.Append(')').ToString() : text.ToString();
            return text.Append(" %").ToString();
        }

        /// <summary>"d.ddddddE+ddd" of an integer: its digits rounded half away from zero to 1 + decimals.</summary>
        private static string Scientific(ulong magnitude, bool negative, int decimals, char e)
        {
            string digits = UInt64ToDecimal(magnitude);
            int exponent = magnitude == 0 ? 0 : digits.Length - 1;
            char[] kept = new char[decimals + 1];
            for (int i = 0; i < kept.Length; i++) kept[i] = i < digits.Length ? digits[i] : '0';
            if (digits.Length > kept.Length && digits[kept.Length] >= '5')
            {
                int i = kept.Length - 1;
                while (i >= 0 && kept[i] == '9') kept[i--] = '0';
                if (i >= 0) kept[i]++;
                else
                {
                    kept[0] = '1';   // 9.99 rounds to 10.0: one more in the exponent
                    exponent++;
                }
            }
            var text = new System.Text.StringBuilder(decimals + 10);
            if (negative) text.Append('-');
            text.Append(kept[0]);
            if (decimals > 0) text.Append('.').Append(kept, 1, decimals);
            text.Append(e).Append('+');
            string power = exponent.ToString();
            if (power.Length < 3) text.Append('0', 3 - power.Length);
            return text.Append(power).ToString();
        }

        private static int Decimal(ulong value, bool negative, int minDigits, bool groups, int decimals, char* buffer)
        {
            char* digits = stackalloc char[MaxFormattedLength];
            int count = 0;
            do
            {
                if (groups && count % 4 == 3) digits[count++] = ',';
                digits[count++] = (char)('0' + (int)(value % 10));
                value /= 10;
            } while (value != 0);
            while (count < minDigits) digits[count++] = '0';
            int length = 0;
            if (negative) buffer[length++] = '-';
            while (count > 0) buffer[length++] = digits[--count];
            if (decimals > 0)
            {
                buffer[length++] = '.';
                for (int i = 0; i < decimals; i++) buffer[length++] = '0';
            }
            return length;
        }

        private static int Hex(ulong value, int minDigits, bool upper, char* buffer)
        {
            char letter = upper ? 'A' : 'a';
            int count = 0;
            ulong v = value;
            do { count++; v >>= 4; } while (v != 0);
            if (count < minDigits) count = minDigits;
            for (int i = count - 1; i >= 0; i--)
            {
                int nibble = (int)(value & 0xF);
                buffer[i] = (char)(nibble < 10 ? '0' + nibble : letter + nibble - 10);
                value >>= 4;
            }
            return count;
        }

        // The default format ("", what ToString(), string interpolation and StringBuilder.Append use) is written straight
        // into its destination: no buffer to clear and copy from, no format to parse.

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ulong Magnitude(long value) => value < 0 ? (ulong)(-(value + 1)) + 1 : (ulong)value;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int DecimalDigits(ulong value)
        {
            int digits = 1;
            while (value >= 10)
            {
                value /= 10;
                digits++;
            }
            return digits;
        }

        /// <summary>Writes <paramref name="magnitude"/>'s digits, after a '-' when <paramref name="negative"/>, into the
        /// <paramref name="length"/> characters from <paramref name="start"/> (exactly its length).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void WritePlain(ulong magnitude, bool negative, ref char start, int length)
        {
            int i = length;
            do
            {
                Unsafe.Add(ref start, --i) = (char)('0' + (int)(magnitude % 10));
                magnitude /= 10;
            } while (magnitude != 0);
            if (negative) start = '-';
        }

        private static string Plain(ulong magnitude, bool negative)
        {
            int length = DecimalDigits(magnitude) + (negative ? 1 : 0);
            string result = string.FastAllocate(length);
            WritePlain(magnitude, negative, ref result.GetRawData(), length);
            return result;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool TryPlain(ulong magnitude, bool negative, Span<char> destination, out int charsWritten)
        {
            int length = DecimalDigits(magnitude) + (negative ? 1 : 0);
            if (length > destination.Length)
            {
                charsWritten = 0;
                return false;
            }
            WritePlain(magnitude, negative, ref destination[0], length);
            charsWritten = length;
            return true;
        }

        internal static bool TryFormatSigned(long value, int bits, Span<char> destination, out int charsWritten, ReadOnlySpan<char> format)
        {
            if (format.IsEmpty) return TryPlain(Magnitude(value), value < 0, destination, out charsWritten);
            char* buffer = stackalloc char[MaxFormattedLength];
            return FloatNumber.TryCopy(buffer, FormatSigned(value, bits, format, buffer), destination, out charsWritten);
        }

        internal static bool TryFormatUnsigned(ulong value, int bits, Span<char> destination, out int charsWritten, ReadOnlySpan<char> format)
        {
            if (format.IsEmpty) return TryPlain(value, false, destination, out charsWritten);
            char* buffer = stackalloc char[MaxFormattedLength];
            return FloatNumber.TryCopy(buffer, FormatUnsigned(value, bits, format, buffer), destination, out charsWritten);
        }

        /// <summary>Parses optional surrounding white space, an optional sign and decimal digits into a value in
        /// [min, max]. Returns false for empty input, stray characters or overflow.</summary>
        internal static bool TryParseSigned(ReadOnlySpan<char> text, long min, long max, out long result)
        {
            result = 0;
            int i = 0, end = text.Length;
            while (i < end && IsWhite(text[i])) i++;
            while (end > i && IsWhite(text[end - 1])) end--;
            bool negative = false;
            if (i < end && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
            if (i == end) return false;
            ulong limit = negative ? (ulong)(-(min + 1)) + 1 : (ulong)max;
            ulong value = 0;
            for (; i < end; i++)
            {
                uint digit = (uint)(text[i] - '0');
                if (digit > 9) return false;
                if (value > (limit - digit) / 10) return false;
                value = value * 10 + digit;
            }
            result = negative ? (long)(0 - value) : (long)value;
            return true;
        }

        internal static bool TryParseUnsigned(ReadOnlySpan<char> text, ulong max, out ulong result)
        {
            result = 0;
            int i = 0, end = text.Length;
            while (i < end && IsWhite(text[i])) i++;
            while (end > i && IsWhite(text[end - 1])) end--;
            // As .NET: a minus sign is allowed before zero ("-0" is 0); before anything else it is an overflow.
            bool negative = i < end && text[i] == '-';
            if (i < end && (text[i] == '+' || negative)) i++;
            if (i == end) return false;
            ulong value = 0;
            for (; i < end; i++)
            {
                uint digit = (uint)(text[i] - '0');
                if (digit > 9) return false;
                if (value > (max - digit) / 10) return false;
                value = value * 10 + digit;
            }
            if (negative && value != 0) return false;
            result = value;
            return true;
        }

        private static bool IsWhite(char c) => c == ' ' || (c >= '\t' && c <= '\r');

        /// <summary>.NET's exception for text float and double Parse refused (a number too large is infinity, never
        /// an overflow): FormatException quoting the text.</summary>
        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        internal static void ThrowFloatParseFailure(string text)
        {
            if (text is null) throw new ArgumentNullException("s");
            throw new FormatException("The input string '" + text + "' was not in a correct format.");
        }

        /// <summary>.NET's exception for text an integer Parse refused: OverflowException for a well-formed number
        /// out of the type's range, FormatException (quoting the text) otherwise.</summary>
        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        internal static void ThrowParseFailure(ReadOnlySpan<char> text, string typeName, NumberStyles style)
        {
            int i = 0, end = text.Length;
            while (i < end && IsWhite(text[i])) i++;
            while (end > i && IsWhite(text[end - 1])) end--;
            if (i < end && (text[i] == '-' || text[i] == '+')) i++;
            bool digits = i < end;
            bool hex = (style & NumberStyles.AllowHexSpecifier) != 0;
            for (; i < end; i++)
                if (!(char.IsAsciiDigit(text[i]) || (hex && char.IsAsciiHexDigit(text[i])) || (text[i] == ',' && (style & NumberStyles.AllowThousands) != 0))) digits = false;
            if (digits)
            {
                // .NET names byte and sbyte in words ("an unsigned byte", "a signed byte"), the others by type name.
                string target = typeName == "Byte" ? "an unsigned byte" : typeName == "SByte" ? "a signed byte" : (typeName[0] == 'I' ? "an " : "a ") + typeName;
                throw new OverflowException("Value was either too large or too small for " + target + ".");
            }
            throw new FormatException("The input string '" + new string(text) + "' was not in a correct format.");
        }

        /// <summary>Integer text in a NumberStyles: hex digits (two's complement in <paramref name="bits"/>), or
        /// decimal with ',' groups when allowed; otherwise as TryParseSigned/Unsigned.</summary>
        internal static bool TryParseStyled(ReadOnlySpan<char> text, NumberStyles style, long min, ulong max, int bits, bool signed, out ulong result)
        {
            result = 0;
            if ((style & ~(NumberStyles.Any | NumberStyles.AllowHexSpecifier)) != 0
                || ((style & NumberStyles.AllowHexSpecifier) != 0 && (style & ~NumberStyles.HexNumber) != 0))
                throw new ArgumentException("An undefined NumberStyles value is being used.", "style");
            int i = 0, end = text.Length;
            if ((style & NumberStyles.AllowLeadingWhite) != 0) while (i < end && IsWhite(text[i])) i++;
            if ((style & NumberStyles.AllowTrailingWhite) != 0) while (end > i && IsWhite(text[end - 1])) end--;
            if ((style & NumberStyles.AllowHexSpecifier) != 0)
            {
                if (i == end || end - i > bits / 4 && text.Slice(i, end - i).TrimStart('0').Length > bits / 4) return false;
                ulong value = 0;
                for (; i < end; i++)
                {
                    char c = text[i];
                    uint digit = char.IsAsciiDigit(c) ? (uint)(c - '0') : char.IsAsciiHexDigit(c) ? (uint)((c | 0x20) - 'a' + 10) : 99;
                    if (digit > 15) return false;
                    value = (value << 4) | digit;
                }
                if (signed && bits < 64 && (value & (1UL << (bits - 1))) != 0) value |= ulong.MaxValue << bits; // sign-extend
                result = value;
                return true;
            }
            Span<char> plain = stackalloc char[end - i < 128 ? end - i : 128];
            int n = 0;
            for (int k = i; k < end; k++)
            {
                if (text[k] == ',' && (style & NumberStyles.AllowThousands) != 0) continue;
                if (n == plain.Length) return false;
                plain[n++] = text[k];
            }
            if (n > 0 && (plain[0] == '-' || plain[0] == '+') && (style & NumberStyles.AllowLeadingSign) == 0) return false;
            if (signed)
            {
                bool ok = TryParseSigned(plain.Slice(0, n), min, (long)max, out long v);
                result = (ulong)v;
                return ok;
            }
            return TryParseUnsigned(plain.Slice(0, n), max, out result);
        }
    }
}
