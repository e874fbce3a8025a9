namespace System
{
    /// <summary>ISpanFormattable.TryFormat for types that format to a string first: the text if it fits, else false.</summary>
    internal static class FormattedText
    {
        public static bool TryWrite(string text, Span<char> destination, out int charsWritten)
        {
            charsWritten = 0;
            if (text.Length > destination.Length) return false;
            text.AsSpan().CopyTo(destination);
            charsWritten = text.Length;
            return true;
        }
    }
}
