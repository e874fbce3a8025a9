namespace System
{
    /// <summary>Supplies culture data to formatting. This runtime formats invariantly and ignores providers;
    /// the interface exists so that ordinary signatures compile.</summary>
    public interface IFormatProvider
    {
        object GetFormat(Type formatType);
    }

    /// <summary>A value that formats itself with a format string ("x8", "D5", "N0"...).</summary>
    public interface IFormattable
    {
        string ToString(string format, IFormatProvider formatProvider);
    }

    /// <summary>A value that formats itself into a caller's buffer without allocating.</summary>
    public interface ISpanFormattable : IFormattable
    {
        bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider);
    }
}
