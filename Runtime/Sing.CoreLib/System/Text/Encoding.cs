namespace System.Text
{
    /// <summary>Text encodings: UTF-8 (<see cref="UTF8"/>, what the system console and files use), UTF-16 (Unicode,
    /// BigEndianUnicode), ASCII and Latin1. Invalid input becomes U+FFFD (UTF-8, UTF-16) or '?' (ASCII, Latin1), as
    /// in .NET.</summary>
    public abstract class Encoding
    {
        private static UTF8Encoding s_utf8;
        private static ASCIIEncoding s_ascii;
        private static UnicodeEncoding s_unicode;
        private static UnicodeEncoding s_bigEndianUnicode;
        private static Latin1Encoding s_latin1;

        /// <summary>UTF-8 without a byte-order mark in GetBytes (GetPreamble is still EF BB BF, as in .NET).</summary>
        public static Encoding UTF8 => s_utf8 ??= new UTF8Encoding(true);

        public static Encoding ASCII => s_ascii ??= new ASCIIEncoding();

        public static Encoding Unicode => s_unicode ??= new UnicodeEncoding(false, true);

        public static Encoding BigEndianUnicode => s_bigEndianUnicode ??= new UnicodeEncoding(true, true);

        public static Encoding Latin1 => s_latin1 ??= new Latin1Encoding();

        public abstract string WebName { get; }

        public abstract int GetByteCount(ReadOnlySpan<char> chars);

        public abstract int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes);

        public abstract int GetCharCount(ReadOnlySpan<byte> bytes);

        public abstract int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars);

        public virtual byte[] GetPreamble() => new byte[0];

        public int GetByteCount(string s)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return GetByteCount(s.AsSpan());
        }

        public int GetByteCount(char[] chars)
        {
            if (chars is null) throw new ArgumentNullException(nameof(chars));
            return GetByteCount(new ReadOnlySpan<char>(chars));
        }

        public byte[] GetBytes(string s)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            byte[] result = new byte[GetByteCount(s.AsSpan())];
            GetBytes(s.AsSpan(), result);
            return result;
        }

        public byte[] GetBytes(char[] chars)
        {
            if (chars is null) throw new ArgumentNullException(nameof(chars));
            byte[] result = new byte[GetByteCount(new ReadOnlySpan<char>(chars))];
            GetBytes(new ReadOnlySpan<char>(chars), result);
            return result;
        }

        public int GetCharCount(byte[] bytes)
        {
            if (bytes is null) throw new ArgumentNullException(nameof(bytes));
            return GetCharCount(new ReadOnlySpan<byte>(bytes));
        }

        public string GetString(byte[] bytes)
        {
            if (bytes is null) throw new ArgumentNullException(nameof(bytes));
            return GetString(new ReadOnlySpan<byte>(bytes));
        }

        public string GetString(byte[] bytes, int index, int count)
        {
            if (bytes is null) throw new ArgumentNullException(nameof(bytes));
            return GetString(new ReadOnlySpan<byte>(bytes, index, count));
        }

        public string GetString(ReadOnlySpan<byte> bytes)
        {
            if (bytes.Length == 0) return string.Empty;
            char[] chars = new char[GetCharCount(bytes)];
            GetChars(bytes, chars);
            return new string(chars);
        }

        public char[] GetChars(byte[] bytes)
        {
            if (bytes is null) throw new ArgumentNullException(nameof(bytes));
            char[] chars = new char[GetCharCount(new ReadOnlySpan<byte>(bytes))];
            GetChars(new ReadOnlySpan<byte>(bytes), chars);
            return chars;
        }
    }
}
