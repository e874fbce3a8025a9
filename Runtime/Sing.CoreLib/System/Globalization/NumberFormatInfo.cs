namespace System.Globalization
{
    /// <summary>The invariant culture's number symbols (read-only).</summary>
    public sealed class NumberFormatInfo : IFormatProvider
    {
        private static NumberFormatInfo s_invariant;

        public static NumberFormatInfo InvariantInfo => s_invariant ??= new NumberFormatInfo();

        public static NumberFormatInfo CurrentInfo => InvariantInfo;

        public static NumberFormatInfo GetInstance(IFormatProvider formatProvider) => InvariantInfo;

        public bool IsReadOnly => true;
        public string NumberDecimalSeparator => ".";
        public string NumberGroupSeparator => ",";
        public string CurrencySymbol => "\u00A4";
        public string NegativeSign => "-";
        public string PositiveSign => "+";
        public string NaNSymbol => "NaN";
        public string PositiveInfinitySymbol => "Infinity";
        public string NegativeInfinitySymbol => "-Infinity";
        public string PercentSymbol => "%";
        public int NumberDecimalDigits => 2;

        public object GetFormat(Type formatType) => formatType == typeof(NumberFormatInfo) ? this : null;
    }
}
