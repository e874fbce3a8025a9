namespace System
{
    /// <summary>Math over decimal: exact (rounding as the name or mode says).</summary>
    public static partial class Math
    {
        public static decimal Abs(decimal value) => decimal.Abs(value);
        public static decimal Max(decimal val1, decimal val2) => decimal.Max(val1, val2);
        public static decimal Min(decimal val1, decimal val2) => decimal.Min(val1, val2);
        public static int Sign(decimal value) => decimal.Sign(value);
        public static decimal Clamp(decimal value, decimal min, decimal max) => decimal.Clamp(value, min, max);
        public static decimal Floor(decimal d) => decimal.Floor(d);
        public static decimal Ceiling(decimal d) => decimal.Ceiling(d);
        public static decimal Truncate(decimal d) => decimal.Truncate(d);
        public static decimal Round(decimal d) => decimal.Round(d);
        public static decimal Round(decimal d, int decimals) => decimal.Round(d, decimals);
        public static decimal Round(decimal d, MidpointRounding mode) => decimal.Round(d, mode);
        public static decimal Round(decimal d, int decimals, MidpointRounding mode) => decimal.Round(d, decimals, mode);
    }
}
