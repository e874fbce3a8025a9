using System.Globalization;

namespace System
{
    /// <summary>A time of day, 100-ns ticks since midnight (below 24 hours). Arithmetic wraps around midnight, as
    /// .NET's TimeOnly does; formatting is DateTime's restricted to time fields.</summary>
    public readonly struct TimeOnly : IComparable, IComparable<TimeOnly>, IEquatable<TimeOnly>, ISpanFormattable
    {
        private readonly long _ticks;

        public TimeOnly(long ticks)
        {
            if ((ulong)ticks >= TimeSpan.TicksPerDay) throw new ArgumentOutOfRangeException(nameof(ticks), "Ticks must be between 0 and and TimeOnly.MaxValue.Ticks.");
            _ticks = ticks;
        }

        public TimeOnly(int hour, int minute) : this(hour, minute, 0, 0, 0) { }

        public TimeOnly(int hour, int minute, int second) : this(hour, minute, second, 0, 0) { }

        public TimeOnly(int hour, int minute, int second, int millisecond) : this(hour, minute, second, millisecond, 0) { }

        public TimeOnly(int hour, int minute, int second, int millisecond, int microsecond)
        {
            if ((uint)hour >= 24 || (uint)minute >= 60 || (uint)second >= 60)
                throw new ArgumentOutOfRangeException(null, "Hour, Minute, and Second parameters describe an un-representable DateTime.");
            if ((uint)millisecond >= 1000) throw new ArgumentOutOfRangeException(nameof(millisecond), "Valid values are between 0 and 999, inclusive.");
            if ((uint)microsecond >= 1000) throw new ArgumentOutOfRangeException(nameof(microsecond), "Valid values are between 0 and 999, inclusive.");
            _ticks = hour * TimeSpan.TicksPerHour + minute * TimeSpan.TicksPerMinute + second * TimeSpan.TicksPerSecond
                + millisecond * TimeSpan.TicksPerMillisecond + microsecond * 10L;
        }

        public static TimeOnly MinValue => new TimeOnly(0);

        public static TimeOnly MaxValue => new TimeOnly(TimeSpan.TicksPerDay - 1);

        public long Ticks => _ticks;

        public int Hour => (int)(_ticks / TimeSpan.TicksPerHour);

        public int Minute => (int)(_ticks / TimeSpan.TicksPerMinute % 60);

        public int Second => (int)(_ticks / TimeSpan.TicksPerSecond % 60);

        public int Millisecond => (int)(_ticks / TimeSpan.TicksPerMillisecond % 1000);

        public int Microsecond => (int)(_ticks / 10 % 1000);

        public int Nanosecond => (int)(_ticks % 10 * 100);

        public static TimeOnly FromTimeSpan(TimeSpan timeSpan) => new TimeOnly(timeSpan.Ticks);

        public static TimeOnly FromDateTime(DateTime dateTime) => new TimeOnly(dateTime.TimeOfDay.Ticks);

        public TimeSpan ToTimeSpan() => new TimeSpan(_ticks);

        public TimeOnly Add(TimeSpan value) => Add(value, out _);

        /// <summary>The time <paramref name="value"/> later, wrapped into the day; how many midnights were crossed
        /// (negative going back) in <paramref name="wrappedDays"/>.</summary>
        public TimeOnly Add(TimeSpan value, out int wrappedDays)
        {
            long days = value.Ticks / TimeSpan.TicksPerDay;
            long ticks = _ticks + value.Ticks % TimeSpan.TicksPerDay;
            if (ticks < 0)
            {
                ticks += TimeSpan.TicksPerDay;
                days--;
            }
            else if (ticks >= TimeSpan.TicksPerDay)
            {
                ticks -= TimeSpan.TicksPerDay;
                days++;
            }
            wrappedDays = (int)days;
            return new TimeOnly(ticks);
        }

        public TimeOnly AddHours(double value) => Add(TimeSpan.FromHours(value));

        public TimeOnly AddHours(double value, out int wrappedDays) => Add(TimeSpan.FromHours(value), out wrappedDays);

        public TimeOnly AddMinutes(double value) => Add(TimeSpan.FromMinutes(value));

        public TimeOnly AddMinutes(double value, out int wrappedDays) => Add(TimeSpan.FromMinutes(value), out wrappedDays);

        /// <summary>Whether this time lies in [start, end), the range running past midnight when end is before start.</summary>
        public bool IsBetween(TimeOnly start, TimeOnly end) =>
            start._ticks <= end._ticks ? _ticks >= start._ticks && _ticks < end._ticks : _ticks >= start._ticks || _ticks < end._ticks;

        public void Deconstruct(out int hour, out int minute)
        {
            hour = Hour;
            minute = Minute;
        }

        public void Deconstruct(out int hour, out int minute, out int second)
        {
            Deconstruct(out hour, out minute);
            second = Second;
        }

        public void Deconstruct(out int hour, out int minute, out int second, out int millisecond)
        {
            Deconstruct(out hour, out minute, out second);
            millisecond = Millisecond;
        }

        public void Deconstruct(out int hour, out int minute, out int second, out int millisecond, out int microsecond)
        {
            Deconstruct(out hour, out minute, out second, out millisecond);
            microsecond = Microsecond;
        }

        /// <summary>The time from <paramref name="t2"/> forward to <paramref name="t1"/>, across midnight if need be.</summary>
        public static TimeSpan operator -(TimeOnly t1, TimeOnly t2)
        {
            long diff = t1._ticks - t2._ticks;
            return new TimeSpan(diff < 0 ? diff + TimeSpan.TicksPerDay : diff);
        }

        public static bool operator ==(TimeOnly left, TimeOnly right) => left._ticks == right._ticks;
        public static bool operator !=(TimeOnly left, TimeOnly right) => left._ticks != right._ticks;
        public static bool operator <(TimeOnly left, TimeOnly right) => left._ticks < right._ticks;
        public static bool operator <=(TimeOnly left, TimeOnly right) => left._ticks <= right._ticks;
        public static bool operator >(TimeOnly left, TimeOnly right) => left._ticks > right._ticks;
        public static bool operator >=(TimeOnly left, TimeOnly right) => left._ticks >= right._ticks;

        public int CompareTo(TimeOnly value) => _ticks.CompareTo(value._ticks);

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is not TimeOnly other) throw new ArgumentException("Object must be of type TimeOnly.");
            return CompareTo(other);
        }

        public bool Equals(TimeOnly value) => _ticks == value._ticks;

        public override bool Equals(object value) => value is TimeOnly other && _ticks == other._ticks;

        public override int GetHashCode() => _ticks.GetHashCode();

        // ---- Formatting ----

        public override string ToString() => ToString("t", null);

        public string ToString(string format) => ToString(format, null);

        public string ToString(IFormatProvider provider) => ToString("t", provider);

        public string ToString(string format, IFormatProvider provider) => new DateTime(_ticks).ToString(Pattern(format), provider);

        public string ToLongTimeString() => ToString("T");

        public string ToShortTimeString() => ToString("t");

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
        {
            return FormattedText.TryWrite(ToString(format.Length == 0 ? null : new string(format), provider), destination, out charsWritten);
        }

        private static string Pattern(string format)
        {
            if (string.IsNullOrEmpty(format)) return "t";
            if (format.Length == 1)
                return format[0] switch
                {
                    't' or 'T' => format,
                    'o' or 'O' => "HH':'mm':'ss'.'fffffff",
                    'r' or 'R' => "HH':'mm':'ss",
                    _ => throw new FormatException("Input string was not in a correct format."),
                };
            if (DateTimeFields.HasAny(format, "dMyKz/")) throw new FormatException("Input string was not in a correct format.");
            return format;
        }

        // ---- Parsing: H:mm, H:mm:ss and H:mm:ss.fffffff, optionally followed by AM or PM ----

        public static TimeOnly Parse(string s) => Parse(s, null, DateTimeStyles.None);

        public static TimeOnly Parse(string s, IFormatProvider provider) => Parse(s, provider, DateTimeStyles.None);

        public static TimeOnly Parse(string s, IFormatProvider provider, DateTimeStyles style)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (!TryParse(s, provider, style, out TimeOnly result)) throw new FormatException("String '" + s + "' was not recognized as a valid TimeOnly.");
            return result;
        }

        public static bool TryParse(string s, out TimeOnly result) => TryParse(s, null, DateTimeStyles.None, out result);

        public static bool TryParse(string s, IFormatProvider provider, out TimeOnly result) => TryParse(s, provider, DateTimeStyles.None, out result);

        public static bool TryParse(string s, IFormatProvider provider, DateTimeStyles style, out TimeOnly result)
        {
            result = default;
            if (s is null) return false;
            string t = s.Trim();
            int half = 0;   // 1 = AM, 2 = PM
            if (t.EndsWith("AM", StringComparison.OrdinalIgnoreCase)) half = 1;
            else if (t.EndsWith("PM", StringComparison.OrdinalIgnoreCase)) half = 2;
            if (half != 0) t = t.Substring(0, t.Length - 2).TrimEnd();
            string[] parts = t.Split(':');
            if (parts.Length < 2 || parts.Length > 3) return false;
            if (!Field(parts[0], 1, 2, out int hour) || !Field(parts[1], 2, 2, out int minute)) return false;
            int second = 0;
            long fraction = 0;
            if (parts.Length == 3)
            {
                string sec = parts[2];
                int dot = sec.IndexOf('.');
                if (dot >= 0)
                {
                    string digits = sec.Substring(dot + 1);
                    if (digits.Length == 0 || digits.Length > 7 || !Field(digits, 1, 7, out int f)) return false;
                    fraction = f;
                    for (int k = digits.Length; k < 7; k++) fraction *= 10;
                    sec = sec.Substring(0, dot);
                }
                if (!Field(sec, 2, 2, out second)) return false;
            }
            if (half != 0)
            {
                if (hour < 1 || hour > 12) return false;
                hour = hour % 12 + (half == 2 ? 12 : 0);
            }
            if (hour >= 24 || minute >= 60 || second >= 60) return false;
            result = new TimeOnly(hour * TimeSpan.TicksPerHour + minute * TimeSpan.TicksPerMinute + second * TimeSpan.TicksPerSecond + fraction);
            return true;
        }

        private static bool Field(string text, int min, int max, out int value)
        {
            value = 0;
            if (text.Length < min || text.Length > max) return false;
            foreach (char c in text)
            {
                if (c < '0' || c > '9') return false;
                value = value * 10 + (c - '0');
            }
            return true;
        }

        public static TimeOnly ParseExact(string s, string format) => ParseExact(s, format, null, DateTimeStyles.None);

        public static TimeOnly ParseExact(string s, string format, IFormatProvider provider) => ParseExact(s, format, provider, DateTimeStyles.None);

        public static TimeOnly ParseExact(string s, string format, IFormatProvider provider, DateTimeStyles style)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (format is null) throw new ArgumentNullException(nameof(format));
            if (!TryParseExact(s, format, provider, style, out TimeOnly result)) throw new FormatException("String '" + s + "' was not recognized as a valid TimeOnly.");
            return result;
        }

        public static bool TryParseExact(string s, string format, out TimeOnly result) => TryParseExact(s, format, null, DateTimeStyles.None, out result);

        public static bool TryParseExact(string s, string format, IFormatProvider provider, DateTimeStyles style, out TimeOnly result)
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
            // Parsed on the first day, so a pattern without date fields gives the time alone.
            if (!DateTime.TryParseExact(s, pattern, provider, style | DateTimeStyles.NoCurrentDateDefault, out DateTime value)) return false;
            result = FromDateTime(value);
            return true;
        }
    }
}
