using System.Globalization;

namespace System.Text.Json
{
    /// <summary>Turns the bytes of a JSON string or number token into .NET values; shared by Utf8JsonReader and
    /// JsonElement, which keep the same bytes.</summary>
    internal static class JsonValueText
    {
        /// <summary>The string a token's bytes (between the quotes) stand for.</summary>
        internal static string GetString(ReadOnlySpan<byte> value, bool escaped)
        {
            if (!escaped) return Encoding.UTF8.GetString(value);
            var builder = new StringBuilder(value.Length);
            int i = 0;
            while (i < value.Length)
            {
                int backslash = value.Slice(i).IndexOf((byte)'\\');
                if (backslash < 0)
                {
                    builder.Append(Encoding.UTF8.GetString(value.Slice(i)));
                    break;
                }
                if (backslash > 0) builder.Append(Encoding.UTF8.GetString(value.Slice(i, backslash)));
                i += backslash + 1;
                byte e = value[i++];
                switch (e)
                {
                    case (byte)'n': builder.Append('\n'); break;
                    case (byte)'t': builder.Append('\t'); break;
                    case (byte)'r': builder.Append('\r'); break;
                    case (byte)'b': builder.Append('\b'); break;
                    case (byte)'f': builder.Append('\f'); break;
                    case (byte)'u':
                        char unit = Hex4(value, i);
                        i += 4;
                        if (char.IsHighSurrogate(unit))
                        {
                            if (i + 6 > value.Length || value[i] != (byte)'\\' || value[i + 1] != (byte)'u')
                                throw new InvalidOperationException("Cannot read incomplete UTF-16 JSON text as string with missing low surrogate.");
                            char low = Hex4(value, i + 2);
                            if (!char.IsLowSurrogate(low))
                                throw new InvalidOperationException("Cannot read invalid UTF-16 JSON text as string. Invalid surrogate value: '0x" + ((int)low).ToString("X4", CultureInfo.InvariantCulture) + "'.");
                            builder.Append(unit).Append(low);
                            i += 6;
                        }
                        else if (char.IsLowSurrogate(unit))
                        {
                            throw new InvalidOperationException("Cannot read invalid UTF-16 JSON text as string. Invalid surrogate value: '0x" + ((int)unit).ToString("X4", CultureInfo.InvariantCulture) + "'.");
                        }
                        else
                        {
                            builder.Append(unit);
                        }
                        break;
                    default: builder.Append((char)e); break; // '"', '\\', '/'
                }
            }
            return builder.ToString();
        }

        private static char Hex4(ReadOnlySpan<byte> value, int at) =>
            (char)((Utf8JsonReader.HexValue(value[at]) << 12) | (Utf8JsonReader.HexValue(value[at + 1]) << 8)
                 | (Utf8JsonReader.HexValue(value[at + 2]) << 4) | Utf8JsonReader.HexValue(value[at + 3]));

        /// <summary>Whether a string token equals <paramref name="text"/>, compared as the string it stands for.</summary>
        internal static bool TextEquals(ReadOnlySpan<byte> value, bool escaped, ReadOnlySpan<char> text)
        {
            if (!escaped)
            {
                if (value.Length < text.Length || value.Length > text.Length * 3) return false;
                int count = Encoding.UTF8.GetByteCount(text);
                if (count != value.Length) return false;
                byte[] bytes = new byte[count];
                Encoding.UTF8.GetBytes(text, bytes);
                return value.SequenceEqual(bytes);
            }
            return GetString(value, true).AsSpan().SequenceEqual(text);
        }

        internal static bool TextEquals(ReadOnlySpan<byte> value, bool escaped, ReadOnlySpan<byte> utf8Text) =>
            escaped ? TextEquals(value, true, Encoding.UTF8.GetString(utf8Text).AsSpan()) : value.SequenceEqual(utf8Text);

        private static bool IsInteger(ReadOnlySpan<byte> number)
        {
            for (int i = 0; i < number.Length; i++)
            {
                byte c = number[i];
                if (c == (byte)'.' || c == (byte)'e' || c == (byte)'E') return false;
            }
            return true;
        }

        private static string Ascii(ReadOnlySpan<byte> number) => Encoding.UTF8.GetString(number);

        internal static bool TryGetInt64(ReadOnlySpan<byte> number, out long value)
        {
            value = 0;
            return IsInteger(number) && long.TryParse(Ascii(number), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value);
        }

        internal static bool TryGetUInt64(ReadOnlySpan<byte> number, out ulong value)
        {
            value = 0;
            return IsInteger(number) && number.Length > 0 && number[0] != (byte)'-'
                && ulong.TryParse(Ascii(number), NumberStyles.None, CultureInfo.InvariantCulture, out value);
        }

        // The narrower integers: read as 64 bits, then range-checked (shared by Utf8JsonReader and JsonElement).
        internal static bool TryGetInt32(ReadOnlySpan<byte> number, out int value) { bool ok = TrySigned(number, int.MinValue, int.MaxValue, out long v); value = (int)v; return ok; }
        internal static bool TryGetInt16(ReadOnlySpan<byte> number, out short value) { bool ok = TrySigned(number, short.MinValue, short.MaxValue, out long v); value = (short)v; return ok; }
        internal static bool TryGetSByte(ReadOnlySpan<byte> number, out sbyte value) { bool ok = TrySigned(number, sbyte.MinValue, sbyte.MaxValue, out long v); value = (sbyte)v; return ok; }
        internal static bool TryGetUInt32(ReadOnlySpan<byte> number, out uint value) { bool ok = TryUnsigned(number, uint.MaxValue, out ulong v); value = (uint)v; return ok; }
        internal static bool TryGetUInt16(ReadOnlySpan<byte> number, out ushort value) { bool ok = TryUnsigned(number, ushort.MaxValue, out ulong v); value = (ushort)v; return ok; }
        internal static bool TryGetByte(ReadOnlySpan<byte> number, out byte value) { bool ok = TryUnsigned(number, byte.MaxValue, out ulong v); value = (byte)v; return ok; }

        private static bool TrySigned(ReadOnlySpan<byte> number, long min, long max, out long value)
        {
            if (TryGetInt64(number, out value) && value >= min && value <= max) return true;
            value = 0;
            return false;
        }

        private static bool TryUnsigned(ReadOnlySpan<byte> number, ulong max, out ulong value)
        {
            if (TryGetUInt64(number, out value) && value <= max) return true;
            value = 0;
            return false;
        }

        internal static bool TryGetDouble(ReadOnlySpan<byte> number, out double value) =>
            double.TryParse(Ascii(number), NumberStyles.Float, CultureInfo.InvariantCulture, out value);

        internal static bool TryGetSingle(ReadOnlySpan<byte> number, out float value) =>
            float.TryParse(Ascii(number), NumberStyles.Float, CultureInfo.InvariantCulture, out value);

        internal static bool TryGetDecimal(ReadOnlySpan<byte> number, out decimal value) =>
            decimal.TryParse(Ascii(number), NumberStyles.Float, CultureInfo.InvariantCulture, out value);

        internal static bool TryGetDateTime(string text, out DateTime value)
        {
            value = default;
            return LooksIso(text) && DateTime.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value);
        }

        internal static bool TryGetDateTimeOffset(string text, out DateTimeOffset value)
        {
            value = default;
            return LooksIso(text) && DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, out value);
        }

        // JSON dates are ISO 8601: yyyy-MM-dd, optionally 'T' and a time.
        private static bool LooksIso(string text) =>
            text.Length >= 10 && char.IsAsciiDigit(text[0]) && char.IsAsciiDigit(text[3]) && text[4] == '-' && text[7] == '-'
            && (text.Length == 10 || text[10] == 'T' || text[10] == 't');

        internal static bool TryGetGuid(string text, out Guid value)
        {
            value = default;
            return text.Length == 36 && Guid.TryParse(text, out value);
        }

        internal static string TypeName(JsonTokenType type) => type.ToString();
    }
}
