namespace System.Text
{
    /// <summary>Text encodings. Only UTF-8 is provided (<see cref="UTF8"/>); it is what the system console and
    /// files use. Invalid input (a lone surrogate, a malformed byte sequence) becomes U+FFFD, as in .NET.</summary>
    public abstract class Encoding
    {
        private static UTF8Encoding s_utf8;

        /// <summary>UTF-8 without a byte-order mark in GetBytes (GetPreamble is still EF BB BF, as in .NET).</summary>
        public static Encoding UTF8 => s_utf8 ??= new UTF8Encoding(true);

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
