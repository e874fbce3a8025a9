namespace System
{
    /// <summary>Span views of strings and arrays. The C# compiler calls AsSpan(string) for the implicit
    /// string-to-ReadOnlySpan conversion.</summary>
    public static class MemoryExtensions
    {
        public static ReadOnlySpan<char> AsSpan(this string text) =>
            text is null ? default : new ReadOnlySpan<char>(ref text.GetRawData(), text.Length);

        public static ReadOnlySpan<char> AsSpan(this string text, int start)
        {
            if (text is null)
            {
                if (start != 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
                return default;
            }
            return AsSpan(text).Slice(start);
        }

        public static ReadOnlySpan<char> AsSpan(this string text, int start, int length) => AsSpan(text).Slice(start, length);

        public static Span<T> AsSpan<T>(this T[] array) => new Span<T>(array);

        public static Span<T> AsSpan<T>(this T[] array, int start) => new Span<T>(array, start, array.Length - start);

        public static Span<T> AsSpan<T>(this T[] array, int start, int length) => new Span<T>(array, start, length);

        public static bool SequenceEqual(this ReadOnlySpan<char> a, ReadOnlySpan<char> b)
        {
            if (a.Length != b.Length) return false;
            for (int i = 0; i < a.Length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }

        /// <summary>The index of the first <paramref name="value"/>, or -1.</summary>
        public static int IndexOf(this ReadOnlySpan<char> span, char value)
        {
            for (int i = 0; i < span.Length; i++)
                if (span[i] == value) return i;
            return -1;
        }

        /// <summary>The span without leading and trailing white space (char.IsWhiteSpace).</summary>
        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span) => span.TrimStart().TrimEnd();

        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span)
        {
            int start = 0;
            while (start < span.Length && char.IsWhiteSpace(span[start])) start++;
            return span.Slice(start);
        }

        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span)
        {
            int end = span.Length;
            while (end > 0 && char.IsWhiteSpace(span[end - 1])) end--;
            return span.Slice(0, end);
        }
    }
}
