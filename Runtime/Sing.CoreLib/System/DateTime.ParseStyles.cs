using System.Globalization;

namespace System
{
    /// <summary>DateTime.Parse/TryParse with DateTimeStyles, over the invariant forms TryParseText reads. As .NET's
    /// Parse: white space around the text is always allowed (the white-space styles change nothing); a time alone
    /// takes today's date (0001-01-01 with NoCurrentDateDefault); the kind follows the offset and the styles as in
    /// ParseExact (WithKind). The provider plays no part: the invariant culture is the only one a SIP has.</summary>
    public readonly partial struct DateTime
    {
        private enum ParseOutcome
        {
            Parsed,
            Unrecognized,
            OutOfRange,
        }

        public static DateTime Parse(string s, IFormatProvider provider, DateTimeStyles styles)
        {
            // As .NET: the styles are checked before the text, so a bad style wins over a null string.
            CheckParseStyles(styles);
            if (s is null) throw new ArgumentNullException(nameof(s));
            return ParseStyled(s, styles, out DateTime result) switch
            {
                ParseOutcome.Parsed => result,
                ParseOutcome.OutOfRange => throw new FormatException("The DateTime represented by the string '" + s + "' is out of range."),
                _ => throw new FormatException("String '" + s + "' was not recognized as a valid DateTime."),
            };
        }

        public static bool TryParse(string s, IFormatProvider provider, DateTimeStyles styles, out DateTime result)
        {
            CheckParseStyles(styles);
            result = MinValue;
            return s is not null && ParseStyled(s, styles, out result) == ParseOutcome.Parsed;
        }

        private static ParseOutcome ParseStyled(string s, DateTimeStyles styles, out DateTime result)
        {
            result = MinValue;
            if (!TryParseText(s, out DateTime clock, out int offsetMinutes, out bool hasOffset, out bool isZulu, out bool timeOnly)) return ParseOutcome.Unrecognized;
            long ticks = clock.Ticks;
            if (timeOnly && (styles & DateTimeStyles.NoCurrentDateDefault) == 0) ticks += Today.Ticks;
            // As .NET: an offset taking the time before 0001-01-01 moves it a day on (00:30+01:00 on that day is its
            // 23:30), rather than failing; past 9999-12-31 it is out of range.
            if (hasOffset && ticks - offsetMinutes * TimeSpan.TicksPerMinute < 0) ticks += TimeSpan.TicksPerDay;
            var parts = new ExactParser.Parts { HasOffset = hasOffset, OffsetMinutes = offsetMinutes, IsZulu = isZulu };
            try
            {
                result = WithKind(ticks, parts, styles);
                return ParseOutcome.Parsed;
            }
            catch (ArgumentOutOfRangeException)
            {
                // The offset moved the time past DateTime's range.
                return ParseOutcome.OutOfRange;
            }
        }

        // .NET's checks, in its order; the parameter is named "styles" in its messages.
        private static void CheckParseStyles(DateTimeStyles styles)
        {
            const DateTimeStyles defined = DateTimeStyles.AllowWhiteSpaces | DateTimeStyles.NoCurrentDateDefault | DateTimeStyles.AdjustToUniversal
                | DateTimeStyles.AssumeLocal | DateTimeStyles.AssumeUniversal | DateTimeStyles.RoundtripKind;
            if ((styles & ~defined) != 0) throw new ArgumentException("An undefined DateTimeStyles value is being used.", nameof(styles));
            if ((styles & DateTimeStyles.AssumeLocal) != 0 && (styles & DateTimeStyles.AssumeUniversal) != 0)
                throw new ArgumentException("The DateTimeStyles values AssumeLocal and AssumeUniversal cannot be used together.", nameof(styles));
            if ((styles & DateTimeStyles.RoundtripKind) != 0 && (styles & (DateTimeStyles.AssumeLocal | DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal)) != 0)
                throw new ArgumentException("The DateTimeStyles value RoundtripKind cannot be used with the values AssumeLocal, AssumeUniversal or AdjustToUniversal.", nameof(styles));
        }
    }
}
