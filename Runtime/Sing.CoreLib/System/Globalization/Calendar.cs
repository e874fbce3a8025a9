namespace System.Globalization
{
    public enum CalendarWeekRule
    {
        FirstDay = 0,
        FirstFullWeek = 1,
        FirstFourDayWeek = 2,
    }

    // A calendar's view of a DateTime (year, month, day, week of year). GregorianCalendar is the only one here
    // (CultureInfo.Calendar, DateTimeFormatInfo.Calendar).
    public abstract class Calendar
    {
        public virtual DateTime MinSupportedDateTime => DateTime.MinValue;

        public virtual DateTime MaxSupportedDateTime => DateTime.MaxValue;

        public abstract int[] Eras { get; }

        public abstract int GetYear(DateTime time);

        public abstract int GetMonth(DateTime time);

        public abstract int GetDayOfMonth(DateTime time);

        public abstract DayOfWeek GetDayOfWeek(DateTime time);

        public abstract int GetDayOfYear(DateTime time);

        public abstract int GetEra(DateTime time);

        public abstract int GetDaysInMonth(int year, int month, int era);

        public virtual int GetDaysInMonth(int year, int month) => GetDaysInMonth(year, month, 0);

        public abstract int GetDaysInYear(int year, int era);

        public virtual int GetDaysInYear(int year) => GetDaysInYear(year, 0);

        public abstract int GetMonthsInYear(int year, int era);

        public virtual int GetMonthsInYear(int year) => GetMonthsInYear(year, 0);

        public abstract bool IsLeapYear(int year, int era);

        public virtual bool IsLeapYear(int year) => IsLeapYear(year, 0);

        public abstract DateTime AddMonths(DateTime time, int months);

        public abstract DateTime AddYears(DateTime time, int years);

        public virtual DateTime AddDays(DateTime time, int days) => time.AddDays(days);

        public virtual DateTime AddWeeks(DateTime time, int weeks) => AddDays(time, weeks * 7);

        public virtual DateTime AddHours(DateTime time, int hours) => time.AddHours(hours);

        public virtual DateTime AddMinutes(DateTime time, int minutes) => time.AddMinutes(minutes);

        public virtual DateTime AddSeconds(DateTime time, int seconds) => time.AddSeconds(seconds);

        public virtual DateTime AddMilliseconds(DateTime time, double milliseconds) => time.AddMilliseconds(milliseconds);

        public virtual int GetHour(DateTime time) => time.Hour;

        public virtual int GetMinute(DateTime time) => time.Minute;

        public virtual int GetSecond(DateTime time) => time.Second;

        public virtual double GetMilliseconds(DateTime time) => time.Millisecond;

        public abstract DateTime ToDateTime(int year, int month, int day, int hour, int minute, int second, int millisecond, int era);

        public virtual DateTime ToDateTime(int year, int month, int day, int hour, int minute, int second, int millisecond) =>
            ToDateTime(year, month, day, hour, minute, second, millisecond, 0);

        /// <summary>The week of the year holding <paramref name="time"/>: week 1 starts on January 1 (FirstDay), or is
        /// the first week with all seven days (FirstFullWeek) or at least four days (FirstFourDayWeek) in the year;
        /// days before it belong to the previous year's last week.</summary>
        public virtual int GetWeekOfYear(DateTime time, CalendarWeekRule rule, DayOfWeek firstDayOfWeek)
        {
            if ((int)firstDayOfWeek < 0 || (int)firstDayOfWeek > 6)
                throw new ArgumentOutOfRangeException(nameof(firstDayOfWeek), firstDayOfWeek, "Valid values are between Sunday and Saturday, inclusive.");
            switch (rule)
            {
                case CalendarWeekRule.FirstDay:
                {
                    int dayOfYear = GetDayOfYear(time) - 1;
                    int jan1 = ((int)GetDayOfWeek(time) - dayOfYear % 7 + 7) % 7;
                    int before = (jan1 - (int)firstDayOfWeek + 7) % 7;
                    return (dayOfYear + before) / 7 + 1;
                }
                case CalendarWeekRule.FirstFullWeek:
                    return WeekWithFullDays(time, (int)firstDayOfWeek, 7);
                case CalendarWeekRule.FirstFourDayWeek:
                    return WeekWithFullDays(time, (int)firstDayOfWeek, 4);
            }
            throw new ArgumentOutOfRangeException(nameof(rule), rule, "Valid values are between FirstDay and FirstFourDayWeek, inclusive.");
        }

        private int WeekWithFullDays(DateTime time, int firstDayOfWeek, int fullDays)
        {
            while (true)
            {
                int dayOfYear = GetDayOfYear(time) - 1;
                int jan1 = ((int)GetDayOfWeek(time) - dayOfYear % 7 + 7) % 7;
                // Days from January 1 to the first week start; a partial week of at least fullDays days counts as week 1.
                int toFirstWeek = (firstDayOfWeek - jan1 + 7) % 7;
                if (toFirstWeek != 0 && toFirstWeek >= fullDays) toFirstWeek -= 7;
                int day = dayOfYear - toFirstWeek;
                if (day >= 0) return day / 7 + 1;
                // Not matched to .NET: the first days of year 1 (before its first week), which .NET numbers from a year 0.
                if (time.Ticks < TimeSpan.TicksPerDay * (dayOfYear + 1)) return 1;
                time = time.AddDays(-(dayOfYear + 1));
            }
        }
    }
}
