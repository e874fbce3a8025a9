namespace System
{
    /// <summary>A date and time in the proleptic Gregorian calendar, 100-ns ticks since 0001-01-01, with a kind.
    /// Formatting and parsing are the invariant culture's (DateTime.Formatting.cs). Now, UtcNow and Today come from
    /// the host's clock (RuntimeHost.UtcTicks); time zones do not exist (ToLocalTime/ToUniversalTime only change the
    /// kind).</summary>
    public readonly partial struct DateTime : IEquatable<DateTime>, IComparable<DateTime>, IComparable, ISpanFormattable
    {
        private const long TicksMask = 0x3FFFFFFFFFFFFFFF;
        private const int KindShift = 62;
        private const long MaxTicks = 3155378975999999999; // 9999-12-31 23:59:59.9999999
        private const int DaysTo1970 = 719162;

        private static readonly int[] s_daysToMonth365 = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365 };
        private static readonly int[] s_daysToMonth366 = { 0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366 };

        public static readonly DateTime MinValue = new DateTime(0);
        public static readonly DateTime MaxValue = new DateTime(MaxTicks);
        public static readonly DateTime UnixEpoch = new DateTime(DaysTo1970 * TimeSpan.TicksPerDay, DateTimeKind.Utc);

        private readonly ulong _data;

        public DateTime(long ticks) : this(ticks, DateTimeKind.Unspecified) { }

        public DateTime(long ticks, DateTimeKind kind)
        {
            if ((ulong)ticks > MaxTicks) throw new ArgumentOutOfRangeException(nameof(ticks), "Ticks must be between DateTime.MinValue.Ticks and DateTime.MaxValue.Ticks.");
            if ((uint)kind > (uint)DateTimeKind.Local) throw new ArgumentException("Invalid DateTimeKind value.", nameof(kind));
            _data = (ulong)ticks | ((ulong)kind << KindShift);
        }

        public DateTime(int year, int month, int day) : this(DateToTicks(year, month, day)) { }

        public DateTime(int year, int month, int day, int hour, int minute, int second)
            : this(DateToTicks(year, month, day) + TimeToTicks(hour, minute, second)) { }

        public DateTime(int year, int month, int day, int hour, int minute, int second, DateTimeKind kind)
            : this(DateToTicks(year, month, day) + TimeToTicks(hour, minute, second), kind) { }

        public DateTime(int year, int month, int day, int hour, int minute, int second, int millisecond)
            : this(DateToTicks(year, month, day) + TimeToTicks(hour, minute, second) + MillisecondTicks(millisecond)) { }

        public DateTime(int year, int month, int day, int hour, int minute, int second, int millisecond, DateTimeKind kind)
            : this(DateToTicks(year, month, day) + TimeToTicks(hour, minute, second) + MillisecondTicks(millisecond), kind) { }

        private static long MillisecondTicks(int millisecond)
        {
            if ((uint)millisecond >= 1000) throw new ArgumentOutOfRangeException(nameof(millisecond), "Valid values are between 0 and 999, inclusive.");
            return millisecond * TimeSpan.TicksPerMillisecond;
        }

        private static long DateToTicks(int year, int month, int day)
        {
            if (year < 1 || year > 9999 || month < 1 || month > 12)
                throw new ArgumentOutOfRangeException(null, "Year, Month, and Day parameters describe an un-representable DateTime.");
            int[] days = IsLeapYear(year) ? s_daysToMonth366 : s_daysToMonth365;
            if (day < 1 || day > days[month] - days[month - 1])
                throw new ArgumentOutOfRangeException(null, "Year, Month, and Day parameters describe an un-representable DateTime.");
            int y = year - 1;
            long n = y * 365L + y / 4 - y / 100 + y / 400 + days[month - 1] + day - 1;
            return n * TimeSpan.TicksPerDay;
        }

        private static long TimeToTicks(int hour, int minute, int second)
        {
            if ((uint)hour >= 24 || (uint)minute >= 60 || (uint)second >= 60)
                throw new ArgumentOutOfRangeException(null, "Hour, Minute, and Second parameters describe an un-representable DateTime.");
            return hour * TimeSpan.TicksPerHour + minute * TimeSpan.TicksPerMinute + second * TimeSpan.TicksPerSecond;
        }

        public static bool IsLeapYear(int year)
        {
            if (year < 1 || year > 9999) throw new ArgumentOutOfRangeException(nameof(year), "Year must be between 1 and 9999.");
            return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
        }

        public static int DaysInMonth(int year, int month)
        {
            if (month < 1 || month > 12) throw new ArgumentOutOfRangeException(nameof(month), "Month must be between one and twelve.");
            int[] days = IsLeapYear(year) ? s_daysToMonth366 : s_daysToMonth365;
            return days[month] - days[month - 1];
        }

        /// <summary>The host's clock (a SIP asks the clock driver at /dev/rtc once, then counts the time-stamp counter).
        /// There are no time zones: local time is UTC, of kind Local.</summary>
        public static DateTime UtcNow => new DateTime(ClockTicks(), DateTimeKind.Utc);
        public static DateTime Now => new DateTime(ClockTicks(), DateTimeKind.Local);
        public static DateTime Today => Now.Date;

        private static unsafe long ClockTicks()
        {
            var clock = Internal.Runtime.RuntimeHost.UtcTicks;
            long ticks = clock == null ? -1 : clock();
            if (ticks < 0 || ticks > MaxTicks)
                throw new PlatformNotSupportedException("DateTime.Now/UtcNow/Today: no wall clock answered (the clock driver serves it at /dev/rtc; is it running?).");
            return ticks;
        }

        public long Ticks => (long)(_data & TicksMask);
        public DateTimeKind Kind => (DateTimeKind)(_data >> KindShift);

        public DateTime Date => new DateTime(Ticks - Ticks % TimeSpan.TicksPerDay, Kind);
        public TimeSpan TimeOfDay => new TimeSpan(Ticks % TimeSpan.TicksPerDay);
        public int Hour => (int)(Ticks / TimeSpan.TicksPerHour % 24);
        public int Minute => (int)(Ticks / TimeSpan.TicksPerMinute % 60);
        public int Second => (int)(Ticks / TimeSpan.TicksPerSecond % 60);
        public int Millisecond => (int)(Ticks / TimeSpan.TicksPerMillisecond % 1000);
        public int Microsecond => (int)(Ticks / TimeSpan.TicksPerMicrosecond % 1000);
        public int Nanosecond => (int)(Ticks % TimeSpan.TicksPerMicrosecond) * 100;
        public DayOfWeek DayOfWeek => (DayOfWeek)((Ticks / TimeSpan.TicksPerDay + 1) % 7);
        public int DayOfYear => GetDatePart(out _, out _, out _) + 1;
        public int Year { get { GetDatePart(out int y, out _, out _); return y; } }
        public int Month { get { GetDatePart(out _, out int m, out _); return m; } }
        public int Day { get { GetDatePart(out _, out _, out int d); return d; } }

        /// <summary>Year, month and day; returns the zero-based day of the year.</summary>
        private int GetDatePart(out int year, out int month, out int day)
        {
            int n = (int)(Ticks / TimeSpan.TicksPerDay);
            int y400 = n / 146097;
            n -= y400 * 146097;
            int y100 = n / 36524;
            if (y100 == 4) y100 = 3;
            n -= y100 * 36524;
            int y4 = n / 1461;
            n -= y4 * 1461;
            int y1 = n / 365;
            if (y1 == 4) y1 = 3;
            n -= y1 * 365;
            year = y400 * 400 + y100 * 100 + y4 * 4 + y1 + 1;
            int[] days = IsLeapYear(year) ? s_daysToMonth366 : s_daysToMonth365;
            int m = 1;
            while (n >= days[m]) m++;
            month = m;
            day = n - days[m - 1] + 1;
            return n;
        }

        public DateTime Add(TimeSpan value) => AddTicks(value.Ticks);
        public DateTime AddTicks(long value)
        {
            long ticks = Ticks + value;
            if ((ulong)ticks > MaxTicks) throw new ArgumentOutOfRangeException(nameof(value), "The added or subtracted value results in an un-representable DateTime.");
            return new DateTime(ticks, Kind);
        }

        public DateTime AddDays(double value) => AddUnits(value, TimeSpan.TicksPerDay);
        public DateTime AddHours(double value) => AddUnits(value, TimeSpan.TicksPerHour);
        public DateTime AddMinutes(double value) => AddUnits(value, TimeSpan.TicksPerMinute);
        public DateTime AddSeconds(double value) => AddUnits(value, TimeSpan.TicksPerSecond);
        public DateTime AddMilliseconds(double value) => AddUnits(value, TimeSpan.TicksPerMillisecond);
        public DateTime AddMicroseconds(double value) => AddUnits(value, TimeSpan.TicksPerMicrosecond);

        private DateTime AddUnits(double value, long scale)
        {
            double ticks = value * scale;
            if (!(ticks > -MaxTicks - 1.0 && ticks < MaxTicks + 1.0)) throw new ArgumentOutOfRangeException(nameof(value), "Value to add was out of range.");
            return AddTicks((long)ticks);
        }

        /// <summary>Months are added to the month; a day past the new month's end becomes its last day.</summary>
        public DateTime AddMonths(int months)
        {
            if (months < -120000 || months > 120000) throw new ArgumentOutOfRangeException(nameof(months), "Months value must be between +/-120000.");
            GetDatePart(out int y, out int m, out int d);
            int i = m - 1 + months;
            if (i >= 0) { m = i % 12 + 1; y += i / 12; }
            else { m = 12 + (i + 1) % 12; y += (i - 11) / 12; }
            if (y < 1 || y > 9999) throw new ArgumentOutOfRangeException(nameof(months), "The added or subtracted value results in an un-representable DateTime.");
            int days = DaysInMonth(y, m);
            if (d > days) d = days;
            return new DateTime(DateToTicks(y, m, d) + Ticks % TimeSpan.TicksPerDay, Kind);
        }

        public DateTime AddYears(int value)
        {
            if (value < -10000 || value > 10000) throw new ArgumentOutOfRangeException("years", "Years value must be between +/-10000.");
            return AddMonths(value * 12);
        }

        public TimeSpan Subtract(DateTime value) => new TimeSpan(Ticks - value.Ticks);
        public DateTime Subtract(TimeSpan value) => AddTicks(-value.Ticks);

        public DateTime ToUniversalTime() => new DateTime(Ticks, DateTimeKind.Utc);
        public DateTime ToLocalTime() => new DateTime(Ticks, DateTimeKind.Local);
        public static DateTime SpecifyKind(DateTime value, DateTimeKind kind) => new DateTime(value.Ticks, kind);

        public static DateTime operator +(DateTime d, TimeSpan t) => d.Add(t);
        public static DateTime operator -(DateTime d, TimeSpan t) => d.Subtract(t);
        public static TimeSpan operator -(DateTime d1, DateTime d2) => d1.Subtract(d2);
        public static bool operator ==(DateTime d1, DateTime d2) => d1.Ticks == d2.Ticks;
        public static bool operator !=(DateTime d1, DateTime d2) => d1.Ticks != d2.Ticks;
        public static bool operator <(DateTime t1, DateTime t2) => t1.Ticks < t2.Ticks;
        public static bool operator <=(DateTime t1, DateTime t2) => t1.Ticks <= t2.Ticks;
        public static bool operator >(DateTime t1, DateTime t2) => t1.Ticks > t2.Ticks;
        public static bool operator >=(DateTime t1, DateTime t2) => t1.Ticks >= t2.Ticks;

        public static int Compare(DateTime t1, DateTime t2) => t1.Ticks.CompareTo(t2.Ticks);
        public int CompareTo(DateTime value) => Ticks.CompareTo(value.Ticks);

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is DateTime d) return CompareTo(d);
            throw new ArgumentException("Object must be of type DateTime.");
        }

        public bool Equals(DateTime value) => Ticks == value.Ticks;
        public override bool Equals(object value) => value is DateTime d && Ticks == d.Ticks;
        public static bool Equals(DateTime t1, DateTime t2) => t1.Ticks == t2.Ticks;
        public override int GetHashCode() => Ticks.GetHashCode();

        public long ToBinary() => (long)_data;

        public static DateTime FromBinary(long dateData) => new DateTime(dateData & TicksMask, (DateTimeKind)((ulong)dateData >> KindShift));
    }
}
