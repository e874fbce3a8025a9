namespace System.Text
{
    /// <summary>UTF-8 (RFC 3629). Encoding: a lone surrogate becomes U+FFFD (EF BF BD). Decoding: each maximal
    /// invalid subsequence (overlong forms, surrogates, values past U+10FFFF, truncated sequences) becomes one
    /// U+FFFD, the replacement rule .NET follows.</summary>
    public class UTF8Encoding : Encoding
    {
        private readonly bool _emitIdentifier;

        public UTF8Encoding() : this(false) { }

        public UTF8Encoding(bool encoderShouldEmitUTF8Identifier) { _emitIdentifier = encoderShouldEmitUTF8Identifier; }

        public override string WebName => "utf-8";

        public override byte[] GetPreamble() => _emitIdentifier ? new byte[] { 0xEF, 0xBB, 0xBF } : new byte[0];

        public override int GetByteCount(ReadOnlySpan<char> chars)
        {
            int count = 0;
            for (int i = 0; i < chars.Length; i++)
            {
                int scalar = Utf8.NextScalar(chars, ref i);
                count += Utf8.EncodedLength(scalar);
            }
            return count;
        }

        public override int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes)
        {
            int written = 0;
            for (int i = 0; i < chars.Length; i++)
            {
                int scalar = Utf8.NextScalar(chars, ref i);
                int length = Utf8.EncodedLength(scalar);
                if (written + length > bytes.Length) throw new ArgumentException("The output byte buffer is too small to contain the encoded data.", nameof(bytes));
                Utf8.Encode(scalar, bytes.Slice(written));
                written += length;
            }
            return written;
        }

        public override int GetCharCount(ReadOnlySpan<byte> bytes)
        {
            int count = 0;
            for (int i = 0; i < bytes.Length;)
                count += Utf8.Decode(bytes, ref i) >= 0x10000 ? 2 : 1;
            return count;
        }

        public override int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars)
        {
            int written = 0;
            for (int i = 0; i < bytes.Length;)
            {
                int scalar = Utf8.Decode(bytes, ref i);
                int needed = scalar >= 0x10000 ? 2 : 1;
                if (written + needed > chars.Length) throw new ArgumentException("The output char buffer is too small to contain the decoded characters.", nameof(chars));
                if (needed == 2)
                {
                    chars[written++] = (char)(0xD800 + ((scalar - 0x10000) >> 10));
                    chars[written++] = (char)(0xDC00 + ((scalar - 0x10000) & 0x3FF));
                }
                else chars[written++] = (char)scalar;
            }
            return written;
        }
    }

    /// <summary>The UTF-8 primitives shared by the encoding and the console writers.</summary>
    internal static class Utf8
    {
        public const int Replacement = 0xFFFD;

        /// <summary>The scalar value at <paramref name="i"/> (advancing past a surrogate pair's low half); a lone
        /// surrogate gives U+FFFD.</summary>
        public static int NextScalar(ReadOnlySpan<char> chars, ref int i)
        {
            char c = chars[i];
            if (c < 0xD800 || c > 0xDFFF) return c;
            if (c <= 0xDBFF && i + 1 < chars.Length && chars[i + 1] >= 0xDC00 && chars[i + 1] <= 0xDFFF)
            {
                i++;
                return 0x10000 + ((c - 0xD800) << 10) + (chars[i] - 0xDC00);
            }
            return Replacement;
        }

        public static int EncodedLength(int scalar) => scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4;

        /// <summary>Writes <paramref name="scalar"/> at the start of <paramref name="to"/> (which has room).</summary>
        public static void Encode(int scalar, Span<byte> to)
        {
            if (scalar < 0x80) to[0] = (byte)scalar;
            else if (scalar < 0x800)
            {
                to[0] = (byte)(0xC0 | (scalar >> 6));
                to[1] = (byte)(0x80 | (scalar & 0x3F));
            }
            else if (scalar < 0x10000)
            {
                to[0] = (byte)(0xE0 | (scalar >> 12));
                to[1] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                to[2] = (byte)(0x80 | (scalar & 0x3F));
            }
            else
            {
                to[0] = (byte)(0xF0 | (scalar >> 18));
                to[1] = (byte)(0x80 | ((scalar >> 12) & 0x3F));
                to[2] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                to[3] = (byte)(0x80 | (scalar & 0x3F));
            }
        }

        /// <summary>Decodes one scalar at <paramref name="i"/> and advances; an invalid sequence gives U+FFFD and
        /// skips its maximal invalid prefix (at least one byte).</summary>
        public static int Decode(ReadOnlySpan<byte> bytes, ref int i)
        {
            int b0 = bytes[i];
            if (b0 < 0x80) { i++; return b0; }
            int length, scalar, min, secondLow = 0x80, secondHigh = 0xBF;
            if (b0 >= 0xC2 && b0 <= 0xDF) { length = 2; scalar = b0 & 0x1F; min = 0x80; }
            else if (b0 >= 0xE0 && b0 <= 0xEF)
            {
                length = 3; scalar = b0 & 0x0F; min = 0x800;
                if (b0 == 0xE0) secondLow = 0xA0;
                if (b0 == 0xED) secondHigh = 0x9F; // no surrogates
            }
            else if (b0 >= 0xF0 && b0 <= 0xF4)
            {
                length = 4; scalar = b0 & 0x07; min = 0x10000;
                if (b0 == 0xF0) secondLow = 0x90;
                if (b0 == 0xF4) secondHigh = 0x8F; // not past U+10FFFF
            }
            else { i++; return Replacement; }
            int consumed = 1;
            for (; consumed < length; consumed++)
            {
                if (i + consumed >= bytes.Length) break;
                int b = bytes[i + consumed];
                int low = consumed == 1 ? secondLow : 0x80, high = consumed == 1 ? secondHigh : 0xBF;
                if (b < low || b > high) break;
                scalar = (scalar << 6) | (b & 0x3F);
            }
            i += consumed;
            return consumed == length && scalar >= min ? scalar : Replacement;
        }
    }
}
