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
            char* buffer = stackalloc char[MaxFormattedLength];
            int length = FormatSigned(value, bits, format, buffer);
            return new string(buffer, 0, length);
        }

        internal static string FormatUnsigned(ulong value, int bits, ReadOnlySpan<char> format)
        {
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
            FloatNumber.ParseStandardFormat(format, out char kind, out int precision);
            switch (kind)
            {
                case 'G': case 'g': case 'D': case 'd':
                    return Decimal(magnitude, negative, precision < 0 ? 1 : precision, false, 0, buffer);
                case 'N': case 'n':
                    return Decimal(magnitude, negative, 1, true, precision < 0 ? 2 : precision, buffer);
                case 'x': case 'X':
                    return Hex(magnitude, precision < 0 ? 1 : precision, kind == 'X', buffer);
                default:
                    throw new FormatException("Format string is not valid.");
            }
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

        internal static bool TryFormatSigned(long value, int bits, Span<char> destination, out int charsWritten, ReadOnlySpan<char> format)
        {
            char* buffer = stackalloc char[MaxFormattedLength];
            return FloatNumber.TryCopy(buffer, FormatSigned(value, bits, format, buffer), destination, out charsWritten);
        }

        internal static bool TryFormatUnsigned(ulong value, int bits, Span<char> destination, out int charsWritten, ReadOnlySpan<char> format)
        {
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
            if (i < end && text[i] == '+') i++;
            if (i == end) return false;
            ulong value = 0;
            for (; i < end; i++)
            {
                uint digit = (uint)(text[i] - '0');
                if (digit > 9) return false;
                if (value > (max - digit) / 10) return false;
                value = value * 10 + digit;
            }
            result = value;
            return true;
        }

        private static bool IsWhite(char c) => c == ' ' || (c >= '\t' && c <= '\r');

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        internal static void ThrowParseFailure() =>
            throw new FormatException("The input string was not in a correct format or is out of range.");
    }
}
