using System.Globalization;

namespace System
{
    /// <summary>TimeSpan.ParseExact and TryParseExact over TimeSpanParser (invariant culture whatever the provider,
    /// the only culture a SIP has). As .NET: an undefined style throws even from TryParseExact, before anything else.</summary>
    public readonly partial struct TimeSpan
    {
        public static TimeSpan ParseExact(string input, string format, IFormatProvider formatProvider) =>
            ParseExact(input, format, formatProvider, TimeSpanStyles.None);

        public static TimeSpan ParseExact(string input, string format, IFormatProvider formatProvider, TimeSpanStyles styles)
        {
            CheckStyles(styles);
            if (input is null) throw new ArgumentNullException(nameof(input));
            if (format is null) throw new ArgumentNullException(nameof(format));
            return ParseExact(input.AsSpan(), format.AsSpan(), formatProvider, styles);
        }

        public static TimeSpan ParseExact(ReadOnlySpan<char> input, ReadOnlySpan<char> format, IFormatProvider formatProvider, TimeSpanStyles styles = TimeSpanStyles.None)
        {
            CheckStyles(styles);
            TimeSpanParseError error = TimeSpanParser.ParseExact(input, format, styles == TimeSpanStyles.AssumeNegative, out long ticks, out char quote);
            if (error != TimeSpanParseError.None) throw TimeSpanParser.Failure(error, input, format, quote);
            return new TimeSpan(ticks);
        }

        public static TimeSpan ParseExact(string input, string[] formats, IFormatProvider formatProvider) =>
            ParseExact(input, formats, formatProvider, TimeSpanStyles.None);

        public static TimeSpan ParseExact(string input, string[] formats, IFormatProvider formatProvider, TimeSpanStyles styles)
        {
            CheckStyles(styles);
            if (input is null) throw new ArgumentNullException(nameof(input));
            return ParseExact(input.AsSpan(), formats, formatProvider, styles);
        }

        public static TimeSpan ParseExact(ReadOnlySpan<char> input, string[] formats, IFormatProvider formatProvider, TimeSpanStyles styles = TimeSpanStyles.None)
        {
            CheckStyles(styles);
            if (formats is null) throw new ArgumentNullException(nameof(formats));
            TimeSpanParseError error = TimeSpanParser.ParseExactAny(input, formats, styles == TimeSpanStyles.AssumeNegative, out long ticks);
            if (error != TimeSpanParseError.None) throw TimeSpanParser.Failure(error, input, default, '\0');
            return new TimeSpan(ticks);
        }

        public static bool TryParseExact(string input, string format, IFormatProvider formatProvider, out TimeSpan result) =>
            TryParseExact(input, format, formatProvider, TimeSpanStyles.None, out result);

        public static bool TryParseExact(string input, string format, IFormatProvider formatProvider, TimeSpanStyles styles, out TimeSpan result)
        {
            CheckStyles(styles);
            if (input is null || format is null)
            {
                result = Zero;
                return false;
            }
            return TryParseExact(input.AsSpan(), format.AsSpan(), formatProvider, styles, out result);
        }

        public static bool TryParseExact(ReadOnlySpan<char> input, ReadOnlySpan<char> format, IFormatProvider formatProvider, out TimeSpan result) =>
            TryParseExact(input, format, formatProvider, TimeSpanStyles.None, out result);

        public static bool TryParseExact(ReadOnlySpan<char> input, ReadOnlySpan<char> format, IFormatProvider formatProvider, TimeSpanStyles styles, out TimeSpan result)
        {
            CheckStyles(styles);
            bool ok = TimeSpanParser.ParseExact(input, format, styles == TimeSpanStyles.AssumeNegative, out long ticks, out _) == TimeSpanParseError.None;
            result = new TimeSpan(ticks);
            return ok;
        }

        public static bool TryParseExact(string input, string[] formats, IFormatProvider formatProvider, out TimeSpan result) =>
            TryParseExact(input, formats, formatProvider, TimeSpanStyles.None, out result);

        public static bool TryParseExact(string input, string[] formats, IFormatProvider formatProvider, TimeSpanStyles styles, out TimeSpan result)
        {
            CheckStyles(styles);
            if (input is null)
            {
                result = Zero;
                return false;
            }
            return TryParseExact(input.AsSpan(), formats, formatProvider, styles, out result);
        }

        public static bool TryParseExact(ReadOnlySpan<char> input, string[] formats, IFormatProvider formatProvider, out TimeSpan result) =>
            TryParseExact(input, formats, formatProvider, TimeSpanStyles.None, out result);

        public static bool TryParseExact(ReadOnlySpan<char> input, string[] formats, IFormatProvider formatProvider, TimeSpanStyles styles, out TimeSpan result)
        {
            CheckStyles(styles);
            result = Zero;
            if (formats is null) return false;
            bool ok = TimeSpanParser.ParseExactAny(input, formats, styles == TimeSpanStyles.AssumeNegative, out long ticks) == TimeSpanParseError.None;
            result = new TimeSpan(ticks);
            return ok;
        }

        private static void CheckStyles(TimeSpanStyles styles)
        {
            if ((styles & ~TimeSpanStyles.AssumeNegative) != 0)
                throw new ArgumentException("An undefined TimeSpanStyles value is being used.", nameof(styles));
        }
    }
}
