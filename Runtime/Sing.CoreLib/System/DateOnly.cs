using System.Globalization;

namespace System
{
    /// <summary>A calendar date without a time: days since 0001-01-01 in the proleptic Gregorian calendar. Formatting
    /// and parsing are DateTime's (the invariant culture's) restricted to date fields, as .NET's DateOnly is.</summary>
    public readonly struct DateOnly : IComparable, IComparable<DateOnly>, IEquatable<DateOnly>, ISpanFormattable
    {
        private const int MaxDayNumber = 3_652_058;   // 9999-12-31

        private readonly int _dayNumber;

        private DateOnly(int dayNumber) { _dayNumber = dayNumber; }

        public DateOnly(int year, int month, int day) { _dayNumber = (int)(new DateTime(year, month, day).Ticks / TimeSpan.TicksPerDay); }

        public static DateOnly MinValue => new DateOnly(0);

        public static DateOnly MaxValue => new DateOnly(MaxDayNumber);

        public static DateOnly FromDayNumber(int dayNumber)
        {
            if ((uint)dayNumber > MaxDayNumber) throw new ArgumentOutOfRangeException(nameof(dayNumber), "Day number must be between 0 and DateOnly.MaxValue.DayNumber.");
            return new DateOnly(dayNumber);
        }

        public static DateOnly FromDateTime(DateTime dateTime) => new DateOnly((int)(dateTime.Ticks / TimeSpan.TicksPerDay));

        public int DayNumber => _dayNumber;

        private DateTime Midnight => new DateTime(_dayNumber * TimeSpan.TicksPerDay);

        public int Year => Midnight.Year;

        public int Month => Midnight.Month;

        public int Day => Midnight.Day;

        public DayOfWeek DayOfWeek => (DayOfWeek)((_dayNumber + 1) % 7);

        public int DayOfYear => Midnight.DayOfYear;

        public DateOnly AddDays(int value)
        {
            long day = (long)_dayNumber + value;
            if ((ulong)day > MaxDayNumber) throw new ArgumentOutOfRangeException(nameof(value), "The added or subtracted value results in an un-representable DateTime.");
            return new DateOnly((int)day);
        }

        public DateOnly AddMonths(int value) => FromDateTime(Midnight.AddMonths(value));

        public DateOnly AddYears(int value) => FromDateTime(Midnight.AddYears(value));

        public void Deconstruct(out int year, out int month, out int day)
        {
            DateTime midnight = Midnight;
            year = midnight.Year;
            month = midnight.Month;
            day = midnight.Day;
        }

        public DateTime ToDateTime(TimeOnly time) => new DateTime(_dayNumber * TimeSpan.TicksPerDay + time.Ticks);

        public DateTime ToDateTime(TimeOnly time, DateTimeKind kind) => new DateTime(_dayNumber * TimeSpan.TicksPerDay + time.Ticks, kind);

        public static bool operator ==(DateOnly left, DateOnly right) => left._dayNumber == right._dayNumber;
        public static bool operator !=(DateOnly left, DateOnly right) => left._dayNumber != right._dayNumber;
        public static bool operator <(DateOnly left, DateOnly right) => left._dayNumber < right._dayNumber;
        public static bool operator <=(DateOnly left, DateOnly right) => left._dayNumber <= right._dayNumber;
        public static bool operator >(DateOnly left, DateOnly right) => left._dayNumber > right._dayNumber;
        public static bool operator >=(DateOnly left, DateOnly right) => left._dayNumber >= right._dayNumber;

        public int CompareTo(DateOnly value) => _dayNumber.CompareTo(value._dayNumber);

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is not DateOnly other) throw new ArgumentException("Object must be of type DateOnly.");
            return CompareTo(other);
        }

        public bool Equals(DateOnly value) => _dayNumber == value._dayNumber;

        public override bool Equals(object value) => value is DateOnly other && _dayNumber == other._dayNumber;

        public override int GetHashCode() => _dayNumber;

        // ---- Formatting: the date patterns of DateTime; a time field is a format error, as in .NET ----

        public override string ToString() => ToString("d", null);

        public string ToString(string format) => ToString(format, null);

        public string ToString(IFormatProvider provider) => ToString("d", provider);

        public string ToString(string format, IFormatProvider provider) => Midnight.ToString(Pattern(format), provider);

        public string ToLongDateString() => ToString("D");

        public string ToShortDateString() => ToString("d");

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
        {
            return FormattedText.TryWrite(ToString(format.Length == 0 ? null : new string(format), provider), destination, out charsWritten);
        }

        private static string Pattern(string format)
        {
            if (string.IsNullOrEmpty(format)) return "d";
            if (format.Length == 1)
                return format[0] switch
                {
                    'd' or 'D' or 'm' or 'M' or 'y' or 'Y' => format,
                    'o' or 'O' => "yyyy'-'MM'-'dd",
                    'r' or 'R' => "ddd, dd MMM yyyy",
                    _ => throw new FormatException("Input string was not in a correct format."),
                };
            if (DateTimeFields.HasAny(format, "hHmsfFtzK")) throw new FormatException("Input string was not in a correct format.");
            return format;
        }

        // ---- Parsing: DateTime's forms without a time of day ----

        public static DateOnly Parse(string s) => Parse(s, null, DateTimeStyles.None);

        public static DateOnly Parse(string s, IFormatProvider provider) => Parse(s, provider, DateTimeStyles.None);

        public static DateOnly Parse(string s, IFormatProvider provider, DateTimeStyles style)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (!TryParse(s, provider, style, out DateOnly result)) throw new FormatException("String '" + s + "' was not recognized as a valid DateOnly.");
            return result;
        }

        public static bool TryParse(string s, out DateOnly result) => TryParse(s, null, DateTimeStyles.None, out result);

        public static bool TryParse(string s, IFormatProvider provider, out DateOnly result) => TryParse(s, provider, DateTimeStyles.None, out result);

        public static bool TryParse(string s, IFormatProvider provider, DateTimeStyles style, out DateOnly result)
        {
            result = default;
            if (s is null || s.IndexOf(':') >= 0 || !DateTime.TryParse(s, out DateTime value)) return false;
            result = FromDateTime(value);
            return true;
        }

        public static DateOnly ParseExact(string s, string format) => ParseExact(s, format, null, DateTimeStyles.None);

        public static DateOnly ParseExact(string s, string format, IFormatProvider provider) => ParseExact(s, format, provider, DateTimeStyles.None);

        public static DateOnly ParseExact(string s, string format, IFormatProvider provider, DateTimeStyles style)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (format is null) throw new ArgumentNullException(nameof(format));
            if (!TryParseExact(s, format, provider, style, out DateOnly result)) throw new FormatException("String '" + s + "' was not recognized as a valid DateOnly.");
            return result;
        }

        public static bool TryParseExact(string s, string format, out DateOnly result) => TryParseExact(s, format, null, DateTimeStyles.None, out result);

        public static bool TryParseExact(string s, string format, IFormatProvider provider, DateTimeStyles style, out DateOnly result)
        {
            result = default;
            if (s is null || format is null) return false;
            string pattern;
            try
            {
                pattern = Pattern(format);
            }
            catch (FormatException)
            {
                return false;
            }
            if (!DateTime.TryParseExact(s, pattern, provider, style, out DateTime value)) return false;
            result = FromDateTime(value);
            return true;
        }
    }

    /// <summary>Whether a custom date/time format names one of the given fields outside quotes and escapes.</summary>
    internal static class DateTimeFields
    {
        public static bool HasAny(string format, string fields)
        {
            for (int i = 0; i < format.Length; i++)
            {
                char c = format[i];
                if (c == '\\') i++;
                else if (c == '\'' || c == '"')
                {
                    int close = format.IndexOf(c, i + 1);
                    i = close < 0 ? format.Length : close;
                }
                else if (fields.IndexOf(c) >= 0) return true;
            }
            return false;
        }
    }
}
