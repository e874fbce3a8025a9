using System.Globalization;

namespace System
{
    /// <summary>Conversions between base types, culture-invariant. Floating-point to integer conversions round half
    /// to even and check the range (as .NET); strings parse with the type's Parse; bases 2, 8, 10 and 16; Base64
    /// (RFC 4648) and hex strings.</summary>
    public static class Convert
    {
        public static int ToInt32(string value) => value is null ? 0 : int.Parse(value, CultureInfo.InvariantCulture);
        public static int ToInt32(string value, IFormatProvider provider) => value is null ? 0 : int.Parse(value, provider);
        public static int ToInt32(double value) => checked((int)RoundForInteger(value, int.MinValue, int.MaxValue, "Int32"));
        public static int ToInt32(float value) => ToInt32((double)value);
        public static int ToInt32(decimal value) => decimal.ToInt32(decimal.Round(value, 0, MidpointRounding.ToEven));
        public static int ToInt32(long value) => value < int.MinValue || value > int.MaxValue ? throw Overflow("Int32") : (int)value;
        public static int ToInt32(bool value) => value ? 1 : 0;
        public static int ToInt32(char value) => value;
        public static int ToInt32(object value) => value switch
        {
            null => 0,
            int i => i,
            long l => ToInt32(l),
            double d => ToInt32(d),
            float f => ToInt32(f),
            decimal m => ToInt32(m),
            string s => ToInt32(s),
            bool b => ToInt32(b),
            char c => c,
            short s16 => s16,
            byte b8 => b8,
            _ => throw new InvalidCastException("Unable to cast object of type '" + value.GetType() + "' to type 'System.IConvertible'."),
        };

        public static long ToInt64(string value) => value is null ? 0 : long.Parse(value, CultureInfo.InvariantCulture);
        public static long ToInt64(string value, IFormatProvider provider) => value is null ? 0 : long.Parse(value, provider);
        public static long ToInt64(double value) => (long)RoundForInteger(value, long.MinValue, long.MaxValue, "Int64");
        public static long ToInt64(decimal value) => decimal.ToInt64(decimal.Round(value, 0, MidpointRounding.ToEven));
        public static long ToInt64(int value) => value;
        public static long ToInt64(object value) => value switch
        {
            null => 0,
            long l => l,
            int i => i,
            double d => ToInt64(d),
            decimal m => ToInt64(m),
            string s => ToInt64(s),
            _ => ToInt32(value),
        };

        public static short ToInt16(string value) => value is null ? (short)0 : short.Parse(value, CultureInfo.InvariantCulture);
        public static short ToInt16(string value, IFormatProvider provider) => value is null ? (short)0 : short.Parse(value, provider);
        public static ushort ToUInt16(string value) => value is null ? (ushort)0 : ushort.Parse(value, CultureInfo.InvariantCulture);
        public static ushort ToUInt16(string value, IFormatProvider provider) => value is null ? (ushort)0 : ushort.Parse(value, provider);
        public static sbyte ToSByte(string value) => value is null ? (sbyte)0 : sbyte.Parse(value, CultureInfo.InvariantCulture);
        // As .NET: this one overload does not treat null as zero, so sbyte.Parse reports it (parameter 's').
        public static sbyte ToSByte(string value, IFormatProvider provider) => sbyte.Parse(value, provider);
        public static byte ToByte(string value) => value is null ? (byte)0 : byte.Parse(value, CultureInfo.InvariantCulture);
        public static byte ToByte(string value, IFormatProvider provider) => value is null ? (byte)0 : byte.Parse(value, provider);
        public static byte ToByte(int value) => value < 0 || value > 255 ? throw Overflow("Byte") : (byte)value;
        public static uint ToUInt32(string value) => value is null ? 0 : uint.Parse(value, CultureInfo.InvariantCulture);
        public static uint ToUInt32(string value, IFormatProvider provider) => value is null ? 0 : uint.Parse(value, provider);
        public static ulong ToUInt64(string value) => value is null ? 0 : ulong.Parse(value, CultureInfo.InvariantCulture);
        public static ulong ToUInt64(string value, IFormatProvider provider) => value is null ? 0 : ulong.Parse(value, provider);

        public static double ToDouble(string value) => value is null ? 0 : double.Parse(value, CultureInfo.InvariantCulture);
        public static double ToDouble(string value, IFormatProvider provider) => value is null ? 0 : double.Parse(value, provider);
        public static double ToDouble(int value) => value;
        public static double ToDouble(long value) => value;
        public static double ToDouble(float value) => value;
        public static double ToDouble(decimal value) => (double)value;
        public static double ToDouble(bool value) => value ? 1 : 0;
        public static double ToDouble(object value) => value switch
        {
            null => 0,
            double d => d,
            float f => f,
            int i => i,
            long l => l,
            decimal m => (double)m,
            string s => ToDouble(s),
            _ => ToInt64(value),
        };

        public static float ToSingle(string value) => value is null ? 0 : float.Parse(value, CultureInfo.InvariantCulture);
        public static float ToSingle(string value, IFormatProvider provider) => value is null ? 0 : float.Parse(value, provider);
        public static float ToSingle(double value) => (float)value;

        public static decimal ToDecimal(string value) => value is null ? 0 : decimal.Parse(value, CultureInfo.InvariantCulture);
        public static decimal ToDecimal(string value, IFormatProvider provider) => value is null ? 0 : decimal.Parse(value, provider);
        public static decimal ToDecimal(double value) => (decimal)value;
        public static decimal ToDecimal(int value) => value;
        public static decimal ToDecimal(long value) => value;
        public static decimal ToDecimal(object value) => value switch
        {
            null => 0,
            decimal m => m,
            double d => (decimal)d,
            float f => (decimal)f,
            int i => i,
            long l => l,
            string s => ToDecimal(s),
            _ => ToInt64(value),
        };

        /// <summary>"True"/"False" in any case, with surrounding white space.</summary>
        public static bool ToBoolean(string value) => value is not null && bool.Parse(value);
        // As .NET: the provider plays no part in reading "True"/"False".
        public static bool ToBoolean(string value, IFormatProvider provider) => value is not null && bool.Parse(value);

        // As .NET: null is DateTime.MinValue (Unspecified) rather than an error; otherwise DateTime.Parse.
        public static DateTime ToDateTime(string value) => value is null ? DateTime.MinValue : DateTime.Parse(value, CultureInfo.InvariantCulture);
        public static DateTime ToDateTime(string value, IFormatProvider provider) => value is null ? DateTime.MinValue : DateTime.Parse(value, provider);
        public static bool ToBoolean(int value) => value != 0;
        public static bool ToBoolean(double value) => value != 0;
        public static bool ToBoolean(object value) => value switch
        {
            null => false,
            bool b => b,
            string s => ToBoolean(s),
            double d => d != 0,
            _ => ToInt64(value) != 0,
        };

        public static char ToChar(int value) => value < 0 || value > 0xFFFF ? throw Overflow("Char") : (char)value;
        public static char ToChar(string value)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (value.Length != 1) throw new FormatException("String must be exactly one character long.");
            return value[0];
        }

        public static string ToString(object value) => value?.ToString() ?? string.Empty;
        public static string ToString(object value, IFormatProvider provider) => value is IFormattable f ? f.ToString(null, provider) : ToString(value);
        public static string ToString(int value) => value.ToString();
        public static string ToString(long value) => value.ToString();
        public static string ToString(double value) => value.ToString();
        public static string ToString(decimal value) => value.ToString();
        public static string ToString(bool value) => value.ToString();
        public static string ToString(char value) => value.ToString();

        /// <summary>Base 2, 8 or 16 print the two's complement bits (no sign); base 10 prints the signed value.</summary>
        public static string ToString(int value, int toBase) => ToBase((uint)value, value, toBase, 32);
        public static string ToString(long value, int toBase) => ToBase((ulong)value, value, toBase, 64);
        public static string ToString(short value, int toBase) => ToBase((ushort)value, value, toBase, 16);
        public static string ToString(byte value, int toBase) => ToBase(value, value, toBase, 8);

        private static string ToBase(ulong bits, long signedValue, int toBase, int width)
        {
            if (toBase == 10) return signedValue.ToString();
            int shift = toBase switch { 2 => 1, 8 => 3, 16 => 4, _ => throw new ArgumentException("Invalid Base.", nameof(toBase)) };
            if (width < 64) bits &= (1UL << width) - 1;
            Span<char> digits = stackalloc char[64];
            int n = 0;
            do
            {
                digits[63 - n++] = "0123456789abcdef"[(int)(bits & (ulong)(toBase - 1))];
                bits >>= shift;
            } while (bits != 0);
            return new string(digits.Slice(64 - n));
        }

        public static int ToInt32(string value, int fromBase) => (int)FromBase(value, fromBase, 32);
        public static long ToInt64(string value, int fromBase) => FromBase(value, fromBase, 64);
        public static short ToInt16(string value, int fromBase) => (short)FromBase(value, fromBase, 16);
        public static byte ToByte(string value, int fromBase)
        {
            long v = FromBase(value, fromBase, 8);
            return (byte)v;
        }

        private static long FromBase(string value, int fromBase, int width)
        {
            if (fromBase != 2 && fromBase != 8 && fromBase != 10 && fromBase != 16) throw new ArgumentException("Invalid Base.", nameof(fromBase));
            if (value is null) return 0;
            if (fromBase == 10)
                return width switch { 8 => byte.Parse(value), 16 => short.Parse(value), 32 => int.Parse(value), _ => long.Parse(value) };
            int i = 0;
            if (fromBase == 16 && value.Length >= 2 && value[0] == '0' && (value[1] == 'x' || value[1] == 'X')) i = 2;
            if (i >= value.Length) throw new FormatException(value.Length == 0 ? "String cannot be empty." : "Could not find any recognizable digits.");
            ulong result = 0;
            for (; i < value.Length; i++)
            {
                char c = value[i];
                int digit = char.IsAsciiDigit(c) ? c - '0' : char.IsAsciiHexDigit(c) ? (c | 0x20) - 'a' + 10 : 99;
                if (digit >= fromBase) throw new FormatException("Could not find any recognizable digits.");
                ulong next = result * (ulong)fromBase + (ulong)digit;
                if ((width < 64 && next >> width != 0) || next / (ulong)fromBase != result) throw Overflow(width == 8 ? "Byte" : width == 16 ? "Int16" : width == 32 ? "Int32" : "Int64");
                result = next;
            }
            // The digits are the type's two's complement bits.
            return width switch { 8 => (byte)result, 16 => (short)result, 32 => (int)result, _ => (long)result };
        }

        private const string Base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

        public static string ToBase64String(byte[] inArray)
        {
            if (inArray is null) throw new ArgumentNullException(nameof(inArray));
            return ToBase64String(new ReadOnlySpan<byte>(inArray));
        }

        public static string ToBase64String(byte[] inArray, int offset, int length) => ToBase64String(new ReadOnlySpan<byte>(inArray, offset, length));

        public static string ToBase64String(ReadOnlySpan<byte> bytes)
        {
            var text = new char[(bytes.Length + 2) / 3 * 4];
            int o = 0;
            for (int i = 0; i < bytes.Length; i += 3)
            {
                int remaining = bytes.Length - i;
                int chunk = bytes[i] << 16 | (remaining > 1 ? bytes[i + 1] << 8 : 0) | (remaining > 2 ? bytes[i + 2] : 0);
                text[o++] = Base64Alphabet[(chunk >> 18) & 63];
                text[o++] = Base64Alphabet[(chunk >> 12) & 63];
                text[o++] = remaining > 1 ? Base64Alphabet[(chunk >> 6) & 63] : '=';
                text[o++] = remaining > 2 ? Base64Alphabet[chunk & 63] : '=';
            }
            return new string(text);
        }

        /// <summary>White space is ignored; length must be a multiple of four with at most two '=' at the end.</summary>
        public static byte[] FromBase64String(string s)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            var clean = new System.Collections.Generic.List<char>(s.Length);
            foreach (char c in s) if (!char.IsWhiteSpace(c)) clean.Add(c);
            int padding = 0;
            if (clean.Count > 0 && clean[clean.Count - 1] == '=') padding++;
            if (clean.Count > 1 && clean[clean.Count - 2] == '=') padding++;
            if (clean.Count % 4 != 0) throw BadBase64();
            var bytes = new byte[clean.Count / 4 * 3 - padding];
            int o = 0;
            for (int i = 0; i < clean.Count; i += 4)
            {
                int chunk = 0;
                for (int k = 0; k < 4; k++)
                {
                    char c = clean[i + k];
                    int v;
                    if (c == '=')
                    {
                        if (i + 4 != clean.Count || k < 2 || (k == 2 && clean[i + 3] != '=')) throw BadBase64();
                        v = 0;
                    }
                    else if ((v = Base64Alphabet.IndexOf(c)) < 0) throw BadBase64();
                    chunk = chunk << 6 | v;
                }
                if (o < bytes.Length) bytes[o++] = (byte)(chunk >> 16);
                if (o < bytes.Length) bytes[o++] = (byte)(chunk >> 8);
                if (o < bytes.Length) bytes[o++] = (byte)chunk;
            }
            return bytes;
        }

        private static FormatException BadBase64() =>
            new FormatException("The input is not a valid Base-64 string as it contains a non-base 64 character, more than two padding characters, or an illegal character among the padding characters.");

        public static string ToHexString(byte[] inArray)
        {
            if (inArray is null) throw new ArgumentNullException(nameof(inArray));
            return ToHexString(new ReadOnlySpan<byte>(inArray));
        }

        public static string ToHexString(ReadOnlySpan<byte> bytes)
        {
            var text = new char[bytes.Length * 2];
            for (int i = 0; i < bytes.Length; i++)
            {
                text[2 * i] = "0123456789ABCDEF"[bytes[i] >> 4];
                text[2 * i + 1] = "0123456789ABCDEF"[bytes[i] & 15];
            }
            return new string(text);
        }

        public static string ToHexString(byte[] inArray, int offset, int length)
        {
            if (inArray is null) throw new ArgumentNullException(nameof(inArray));
            return ToHexString(new ReadOnlySpan<byte>(inArray, offset, length));
        }

        public static string ToHexStringLower(byte[] inArray) => ToHexString(inArray).ToLowerInvariant();

        public static string ToHexStringLower(byte[] inArray, int offset, int length) => ToHexString(inArray, offset, length).ToLowerInvariant();

        public static string ToHexStringLower(ReadOnlySpan<byte> bytes) => ToHexString(bytes).ToLowerInvariant();

        public static bool TryToHexString(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten) =>
            TryToHex(source, destination, out charsWritten, "0123456789ABCDEF");

        public static bool TryToHexStringLower(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten) =>
            TryToHex(source, destination, out charsWritten, "0123456789abcdef");

        private static bool TryToHex(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten, string digits)
        {
            charsWritten = 0;
            if (destination.Length < source.Length * 2) return false;
            for (int i = 0; i < source.Length; i++)
            {
                destination[2 * i] = digits[source[i] >> 4];
                destination[2 * i + 1] = digits[source[i] & 15];
            }
            charsWritten = source.Length * 2;
            return true;
        }

        public static byte[] FromHexString(string s)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return FromHexString(s.AsSpan());
        }

        public static byte[] FromHexString(ReadOnlySpan<char> chars)
        {
            if (chars.Length % 2 != 0) throw new FormatException("The input is not a valid hex string as its length is not a multiple of 2.");
            var bytes = new byte[chars.Length / 2];
            for (int i = 0; i < bytes.Length; i++) bytes[i] = (byte)(Hex(chars[2 * i]) << 4 | Hex(chars[2 * i + 1]));
            return bytes;
        }

        public static bool TryToBase64Chars(ReadOnlySpan<byte> bytes, Span<char> chars, out int charsWritten)
        {
            charsWritten = 0;
            if (chars.Length < (bytes.Length + 2) / 3 * 4) return false;
            string text = ToBase64String(bytes);
            text.AsSpan().CopyTo(chars);
            charsWritten = text.Length;
            return true;
        }

        /// <summary>False (nothing written) when the text is not Base64 or the bytes do not fit.</summary>
        public static bool TryFromBase64String(string s, Span<byte> bytes, out int bytesWritten)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return TryFromBase64Chars(s.AsSpan(), bytes, out bytesWritten);
        }

        public static bool TryFromBase64Chars(ReadOnlySpan<char> chars, Span<byte> bytes, out int bytesWritten)
        {
            bytesWritten = 0;
            byte[] decoded;
            try
            {
                decoded = FromBase64String(chars.ToString());
            }
            catch (FormatException)
            {
                return false;
            }
            if (decoded.Length > bytes.Length) return false;
            decoded.AsSpan().CopyTo(bytes);
            bytesWritten = decoded.Length;
            return true;
        }

        private static int Hex(char c) =>
            char.IsAsciiDigit(c) ? c - '0' : char.IsAsciiHexDigit(c) ? (c | 0x20) - 'a' + 10
            : throw new FormatException("The input is not a valid hex string as it contains a non-hex character.");

        // Round half to even, then check the range, as .NET's Convert.ToInt32(double).
        private static double RoundForInteger(double value, double min, double max, string typeName)
        {
            double rounded = Math.Round(value);
            if (!(rounded >= min && rounded <= max)) throw Overflow(typeName);
            return rounded;
        }

        private static OverflowException Overflow(string typeName) =>
            new OverflowException("Value was either too large or too small for " + (typeName[0] == 'I' ? "an " : "a ") + typeName + ".");
    }
}
