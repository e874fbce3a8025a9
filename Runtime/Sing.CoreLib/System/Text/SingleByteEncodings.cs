namespace System.Text
{
    /// <summary>US-ASCII: characters above U+007F and bytes above 0x7F become '?', .NET's replacement for this encoding.</summary>
    public class ASCIIEncoding : Encoding
    {
        public override string WebName => "us-ascii";

        public override int GetByteCount(ReadOnlySpan<char> chars) => CountScalars(chars);

        public override int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes) => Narrow(chars, bytes, 0x7F);

        public override int GetCharCount(ReadOnlySpan<byte> bytes) => bytes.Length;

        public override int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars)
        {
            if (chars.Length < bytes.Length) throw new ArgumentException("The output char buffer is too small to contain the decoded characters.", nameof(chars));
            for (int i = 0; i < bytes.Length; i++) chars[i] = bytes[i] <= 0x7F ? (char)bytes[i] : '?';
            return bytes.Length;
        }

        /// <summary>A surrogate pair is one character here (one '?'), as .NET's replacement counts it.</summary>
        internal static int CountScalars(ReadOnlySpan<char> chars)
        {
            int count = 0;
            for (int i = 0; i < chars.Length; i++, count++)
                if (char.IsHighSurrogate(chars[i]) && i + 1 < chars.Length && char.IsLowSurrogate(chars[i + 1])) i++;
            return count;
        }

        internal static int Narrow(ReadOnlySpan<char> chars, Span<byte> bytes, int highest)
        {
            int n = 0;
            for (int i = 0; i < chars.Length; i++)
            {
                char c = chars[i];
                if (char.IsHighSurrogate(c) && i + 1 < chars.Length && char.IsLowSurrogate(chars[i + 1])) i++;
                if (n >= bytes.Length) throw new ArgumentException("The output byte buffer is too small to contain the encoded data.", nameof(bytes));
                bytes[n++] = c <= highest ? (byte)c : (byte)'?';
            }
            return n;
        }
    }

    /// <summary>ISO-8859-1: each byte is the character of the same value; characters above U+00FF become '?'.</summary>
    internal sealed class Latin1Encoding : Encoding
    {
        public override string WebName => "iso-8859-1";

        public override int GetByteCount(ReadOnlySpan<char> chars) => ASCIIEncoding.CountScalars(chars);

        public override int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes) => ASCIIEncoding.Narrow(chars, bytes, 0xFF);

        public override int GetCharCount(ReadOnlySpan<byte> bytes) => bytes.Length;

        public override int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars)
        {
            if (chars.Length < bytes.Length) throw new ArgumentException("The output char buffer is too small to contain the decoded characters.", nameof(chars));
            for (int i = 0; i < bytes.Length; i++) chars[i] = (char)bytes[i];
            return bytes.Length;
        }
    }

    /// <summary>UTF-16, little-endian by default (Encoding.Unicode) or big-endian (BigEndianUnicode). A lone surrogate
    /// becomes U+FFFD either way, and so does an odd last byte, as .NET's replacement does.</summary>
    public class UnicodeEncoding : Encoding
    {
        private readonly bool _bigEndian;
        private readonly bool _byteOrderMark;

        public UnicodeEncoding() : this(false, true) { }

        public UnicodeEncoding(bool bigEndian, bool byteOrderMark)
        {
            _bigEndian = bigEndian;
            _byteOrderMark = byteOrderMark;
        }

        public override string WebName => _bigEndian ? "utf-16BE" : "utf-16";

        public override byte[] GetPreamble() => !_byteOrderMark ? new byte[0] : _bigEndian ? new byte[] { 0xFE, 0xFF } : new byte[] { 0xFF, 0xFE };

        public override int GetByteCount(ReadOnlySpan<char> chars) => chars.Length * 2;

        public override int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes)
        {
            if (bytes.Length < chars.Length * 2) throw new ArgumentException("The output byte buffer is too small to contain the encoded data.", nameof(bytes));
            for (int i = 0; i < chars.Length; i++)
            {
                char c = chars[i];
                bool paired = char.IsHighSurrogate(c) ? i + 1 < chars.Length && char.IsLowSurrogate(chars[i + 1])
                    : !char.IsLowSurrogate(c) || (i > 0 && char.IsHighSurrogate(chars[i - 1]));
                Put(bytes, i * 2, paired ? c : '\uFFFD');
            }
            return chars.Length * 2;
        }

        public override int GetCharCount(ReadOnlySpan<byte> bytes) => (bytes.Length + 1) / 2;

        public override int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars)
        {
            int count = (bytes.Length + 1) / 2;
            if (chars.Length < count) throw new ArgumentException("The output char buffer is too small to contain the decoded characters.", nameof(chars));
            for (int i = 0; i < bytes.Length / 2; i++) chars[i] = Get(bytes, i * 2);
            for (int i = 0; i < bytes.Length / 2; i++)
            {
                char c = chars[i];
                bool paired = char.IsHighSurrogate(c) ? i + 1 < bytes.Length / 2 && char.IsLowSurrogate(chars[i + 1])
                    : !char.IsLowSurrogate(c) || (i > 0 && char.IsHighSurrogate(Get(bytes, (i - 1) * 2)));
                if (!paired) chars[i] = '\uFFFD';
            }
            if ((bytes.Length & 1) != 0) chars[count - 1] = '\uFFFD';
            return count;
        }

        private void Put(Span<byte> bytes, int at, char c)
        {
            bytes[at + (_bigEndian ? 1 : 0)] = (byte)c;
            bytes[at + (_bigEndian ? 0 : 1)] = (byte)(c >> 8);
        }

        private char Get(ReadOnlySpan<byte> bytes, int at) =>
            (char)(bytes[at + (_bigEndian ? 1 : 0)] | bytes[at + (_bigEndian ? 0 : 1)] << 8);
    }
}
