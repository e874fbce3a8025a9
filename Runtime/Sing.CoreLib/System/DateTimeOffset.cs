namespace System
{
    /// <summary>A clock time with its offset from UTC (whole minutes, at most ±14 hours), compared by the instant it
    /// names. Formats are the invariant culture's: the default "MM/dd/yyyy HH:mm:ss zzz", the standard ones (o, u, s, r
    /// and DateTime's) and custom patterns, where z, zz, zzz and K print the offset.</summary>
    public readonly struct DateTimeOffset : IEquatable<DateTimeOffset>, IComparable<DateTimeOffset>, IComparable, IFormattable
    {
        private const long MaxOffsetTicks = 14 * TimeSpan.TicksPerHour;
        private const long UnixEpochTicks = 621355968000000000;

        private readonly DateTime _clock;        // the clock time, kind Unspecified
        private readonly short _offsetMinutes;

        public static readonly DateTimeOffset MinValue = new DateTimeOffset(0, TimeSpan.Zero);
        public static readonly DateTimeOffset MaxValue = new DateTimeOffset(DateTime.MaxValue.Ticks, TimeSpan.Zero);
        public static readonly DateTimeOffset UnixEpoch = new DateTimeOffset(UnixEpochTicks, TimeSpan.Zero);

        public DateTimeOffset(long ticks, TimeSpan offset)
        {
            _offsetMinutes = ValidateOffset(offset);
            _clock = new DateTime(ticks);
            long utc = ticks - offset.Ticks;
            if (utc < 0 || utc > DateTime.MaxValue.Ticks)
                throw new ArgumentOutOfRangeException("offset", "The UTC date and time that results from applying the offset is earlier than MinValue or later than MaxValue.");
        }

        /// <summary>A UTC DateTime gets offset zero; any other kind is taken as local time, which is UTC here.</summary>
        public DateTimeOffset(DateTime dateTime) : this(dateTime.Ticks, TimeSpan.Zero) { }

        public DateTimeOffset(DateTime dateTime, TimeSpan offset) : this(dateTime.Ticks, offset)
        {
            if (dateTime.Kind == DateTimeKind.Utc && offset != TimeSpan.Zero)
                throw new ArgumentException("The UTC Offset for Utc DateTime instances must be 0.", nameof(offset));
        }

        public DateTimeOffset(int year, int month, int day, int hour, int minute, int second, TimeSpan offset)
            : this(new DateTime(year, month, day, hour, minute, second).Ticks, offset) { }

        public DateTimeOffset(int year, int month, int day, int hour, int minute, int second, int millisecond, TimeSpan offset)
            : this(new DateTime(year, month, day, hour, minute, second, millisecond).Ticks, offset) { }

        private static short ValidateOffset(TimeSpan offset)
        {
            long ticks = offset.Ticks;
            if (ticks % TimeSpan.TicksPerMinute != 0) throw new ArgumentException("Offset must be specified in whole minutes.", nameof(offset));
            if (ticks < -MaxOffsetTicks || ticks > MaxOffsetTicks) throw new ArgumentOutOfRangeException(nameof(offset), "Offset must be within plus or minus 14 hours.");
            return (short)(ticks / TimeSpan.TicksPerMinute);
        }

        public static DateTimeOffset UtcNow => new DateTimeOffset(DateTime.UtcNow);
        public static DateTimeOffset Now => new DateTimeOffset(DateTime.Now);

        public DateTime DateTime => _clock;
        public DateTime UtcDateTime => new DateTime(UtcTicks, DateTimeKind.Utc);
        public DateTime LocalDateTime => new DateTime(UtcTicks, DateTimeKind.Local);
        public TimeSpan Offset => new TimeSpan(_offsetMinutes * TimeSpan.TicksPerMinute);
        public long Ticks => _clock.Ticks;
        public long UtcTicks => _clock.Ticks - _offsetMinutes * TimeSpan.TicksPerMinute;
        public DateTime Date => _clock.Date;
        public TimeSpan TimeOfDay => _clock.TimeOfDay;
        public int Year => _clock.Year;
        public int Month => _clock.Month;
        public int Day => _clock.Day;
        public int Hour => _clock.Hour;
        public int Minute => _clock.Minute;
        public int Second => _clock.Second;
        public int Millisecond => _clock.Millisecond;
        public DayOfWeek DayOfWeek => _clock.DayOfWeek;
        public int DayOfYear => _clock.DayOfYear;

        public DateTimeOffset ToOffset(TimeSpan offset) => new DateTimeOffset(UtcTicks + offset.Ticks, offset);
        public DateTimeOffset ToUniversalTime() => new DateTimeOffset(UtcTicks, TimeSpan.Zero);
        public DateTimeOffset ToLocalTime() => ToUniversalTime();

        public long ToUnixTimeSeconds() => FloorDivide(UtcTicks - UnixEpochTicks, TimeSpan.TicksPerSecond);
        public long ToUnixTimeMilliseconds() => FloorDivide(UtcTicks - UnixEpochTicks, TimeSpan.TicksPerMillisecond);

        private static long FloorDivide(long a, long b) => a >= 0 ? a / b : -((-a + b - 1) / b);

        public static DateTimeOffset FromUnixTimeSeconds(long seconds)
        {
            const long Min = -62135596800, Max = 253402300799;
            if (seconds < Min || seconds > Max)
                throw new ArgumentOutOfRangeException(nameof(seconds), seconds, string.Concat("Valid values are between ", Min.ToString(), " and ", Max.ToString(), ", inclusive."));
            return new DateTimeOffset(UnixEpochTicks + seconds * TimeSpan.TicksPerSecond, TimeSpan.Zero);
        }

        public static DateTimeOffset FromUnixTimeMilliseconds(long milliseconds)
        {
            const long Min = -62135596800000, Max = 253402300799999;
            if (milliseconds < Min || milliseconds > Max)
                throw new ArgumentOutOfRangeException(nameof(milliseconds), milliseconds, string.Concat("Valid values are between ", Min.ToString(), " and ", Max.ToString(), ", inclusive."));
            return new DateTimeOffset(UnixEpochTicks + milliseconds * TimeSpan.TicksPerMillisecond, TimeSpan.Zero);
        }

        public DateTimeOffset Add(TimeSpan value) => new DateTimeOffset(_clock.Add(value).Ticks, Offset);
        public DateTimeOffset AddTicks(long value) => new DateTimeOffset(_clock.AddTicks(value).Ticks, Offset);
        public DateTimeOffset AddMilliseconds(double value) => new DateTimeOffset(_clock.AddMilliseconds(value).Ticks, Offset);
        public DateTimeOffset AddSeconds(double value) => new DateTimeOffset(_clock.AddSeconds(value).Ticks, Offset);
        public DateTimeOffset AddMinutes(double value) => new DateTimeOffset(_clock.AddMinutes(value).Ticks, Offset);
        public DateTimeOffset AddHours(double value) => new DateTimeOffset(_clock.AddHours(value).Ticks, Offset);
        public DateTimeOffset AddDays(double value) => new DateTimeOffset(_clock.AddDays(value).Ticks, Offset);
        public DateTimeOffset AddMonths(int months) => new DateTimeOffset(_clock.AddMonths(months).Ticks, Offset);
        public DateTimeOffset AddYears(int years) => new DateTimeOffset(_clock.AddYears(years).Ticks, Offset);
        public TimeSpan Subtract(DateTimeOffset value) => new TimeSpan(UtcTicks - value.UtcTicks);
        public DateTimeOffset Subtract(TimeSpan value) => Add(new TimeSpan(-value.Ticks));

        public static TimeSpan operator -(DateTimeOffset left, DateTimeOffset right) => left.Subtract(right);
        public static DateTimeOffset operator +(DateTimeOffset d, TimeSpan t) => d.Add(t);
        public static DateTimeOffset operator -(DateTimeOffset d, TimeSpan t) => d.Subtract(t);
        public static bool operator ==(DateTimeOffset left, DateTimeOffset right) => left.UtcTicks == right.UtcTicks;
        public static bool operator !=(DateTimeOffset left, DateTimeOffset right) => left.UtcTicks != right.UtcTicks;
        public static bool operator <(DateTimeOffset left, DateTimeOffset right) => left.UtcTicks < right.UtcTicks;
        public static bool operator <=(DateTimeOffset left, DateTimeOffset right) => left.UtcTicks <= right.UtcTicks;
        public static bool operator >(DateTimeOffset left, DateTimeOffset right) => left.UtcTicks > right.UtcTicks;
        public static bool operator >=(DateTimeOffset left, DateTimeOffset right) => left.UtcTicks >= right.UtcTicks;
        public static implicit operator DateTimeOffset(DateTime dateTime) => new DateTimeOffset(dateTime);

        /// <summary>Same instant and same offset (== compares the instant only).</summary>
        public bool EqualsExact(DateTimeOffset other) => _clock.Ticks == other._clock.Ticks && _offsetMinutes == other._offsetMinutes;
        public bool Equals(DateTimeOffset other) => UtcTicks == other.UtcTicks;
        public override bool Equals(object obj) => obj is DateTimeOffset other && Equals(other);
        public override int GetHashCode() => UtcTicks.GetHashCode();
        public int CompareTo(DateTimeOffset other) => UtcTicks.CompareTo(other.UtcTicks);

        public int CompareTo(object obj)
        {
            if (obj is null) return 1;
            if (obj is not DateTimeOffset other) throw new ArgumentException("Object must be of type DateTimeOffset.");
            return CompareTo(other);
        }

        /// <summary>The forms DateTime.Parse accepts with an offset ("2024-01-02T03:04:05+02:00", "...Z",
        /// "01/02/2024 03:04:05 -05:30"); without one the local offset (UTC here) applies.</summary>
        public static DateTimeOffset Parse(string input)
        {
            if (input is null) throw new ArgumentNullException(nameof(input));
            if (!TryParse(input, out DateTimeOffset result))
                throw new FormatException("String '" + input + "' was not recognized as a valid DateTime.");
            return result;
        }

        public static DateTimeOffset Parse(string input, IFormatProvider formatProvider) => Parse(input);

        public static bool TryParse(string input, out DateTimeOffset result)
        {
            result = MinValue;
            if (!DateTime.TryParseWithOffset(input, out DateTime clock, out int offsetMinutes, out _)) return false;
            long utc = clock.Ticks - offsetMinutes * TimeSpan.TicksPerMinute;
            if (utc < DateTime.MinValue.Ticks || utc > DateTime.MaxValue.Ticks) return false;
            result = new DateTimeOffset(clock.Ticks, new TimeSpan(offsetMinutes * TimeSpan.TicksPerMinute));
            return true;
        }

        public static bool TryParse(string input, IFormatProvider formatProvider, out DateTimeOffset result) => TryParse(input, out result);

        /// <summary>DateTime.ParseExact's patterns; the offset is the one written (z, zz, zzz, K), else the local one
        /// (UTC here; AssumeUniversal too).</summary>
        public static DateTimeOffset ParseExact(string input, string format, IFormatProvider formatProvider) =>
            ParseExact(input, format, formatProvider, System.Globalization.DateTimeStyles.None);

        public static DateTimeOffset ParseExact(string input, string format, IFormatProvider formatProvider, System.Globalization.DateTimeStyles styles)
        {
            if (input is null) throw new ArgumentNullException(nameof(input));
            if (format is null) throw new ArgumentNullException(nameof(format));
            if (format.Length == 0) throw new FormatException("Format specifier '' was invalid.");
            if (!TryParseExact(input, format, formatProvider, styles, out DateTimeOffset result))
                throw new FormatException("String '" + input + "' was not recognized as a valid DateTime.");
            return result;
        }

        public static bool TryParseExact(string input, string format, IFormatProvider formatProvider, System.Globalization.DateTimeStyles styles, out DateTimeOffset result)
        {
            result = MinValue;
            if (input is null || string.IsNullOrEmpty(format)
                || !DateTime.TryParseExactWithOffset(input, format, styles, out DateTime clock, out int offsetMinutes, out _)) return false;
            long utc = clock.Ticks - offsetMinutes * TimeSpan.TicksPerMinute;
            if (utc < DateTime.MinValue.Ticks || utc > DateTime.MaxValue.Ticks) return false;
            result = new DateTimeOffset(clock.Ticks, new TimeSpan(offsetMinutes * TimeSpan.TicksPerMinute));
            return true;
        }

        public override string ToString() => ToString(null, null);
        public string ToString(string format) => ToString(format, null);
        public string ToString(IFormatProvider provider) => ToString(null, provider);

        public string ToString(string format, IFormatProvider provider)
        {
            if (string.IsNullOrEmpty(format)) return _clock.ToString("G") + " " + OffsetText(3);
            if (format.Length == 1)
            {
                switch (format[0])
                {
                    case 'o': case 'O': return _clock.ToString("yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffff") + OffsetText(3);
                    case 'u': return UtcDateTime.ToString("u");
                    case 'r': case 'R': return UtcDateTime.ToString("r");
                    default: return _clock.ToString(format);
                }
            }
            return _clock.ToString(WithOffsetLiterals(format));
        }

        /// <summary>The offset as z (1: "+2"), zz (2: "+02") or zzz (3: "+02:00") prints it.</summary>
        private string OffsetText(int width)
        {
            int minutes = _offsetMinutes;
            char sign = minutes < 0 ? '-' : '+';
            if (minutes < 0) minutes = -minutes;
            int hours = minutes / 60;
            return width switch
            {
                1 => sign + hours.ToString(),
                2 => sign + hours.ToString("00"),
                _ => sign + hours.ToString("00") + ":" + (minutes % 60).ToString("00"),
            };
        }

        /// <summary>A custom pattern with its offset specifiers (z, zz, zzz and longer, K) replaced by the offset in
        /// quotes, so DateTime's formatter prints the rest; quoted text and escaped characters are kept as they are.</summary>
        private string WithOffsetLiterals(string format)
        {
            var text = new Text.StringBuilder(format.Length + 8);
            for (int i = 0; i < format.Length; i++)
            {
                char c = format[i];
                if (c == '\'' || c == '"')
                {
                    int end = format.IndexOf(c, i + 1);
                    if (end < 0) end = format.Length - 1;
                    text.Append(format, i, end - i + 1);
                    i = end;
                }
                else if (c == '\\' && i + 1 < format.Length)
                {
                    text.Append(format, i, 2);
                    i++;
                }
                else if (c == 'z' || c == 'K')
                {
                    int run = 1;
                    if (c == 'z') while (i + run < format.Length && format[i + run] == 'z') run++;
                    text.Append('\'').Append(OffsetText(c == 'K' ? 3 : Math.Min(run, 3))).Append('\'');
                    i += run - 1;
                }
                else text.Append(c);
            }
            return text.ToString();
        }
    }
}
