namespace System.Globalization
{
    /// <summary>ISO 8601 week dates: weeks start on Monday, and week 1 of a year is the one holding its first Thursday
    /// (so the week-numbering year can start in late December or end in early January).</summary>
    public static class ISOWeek
    {
        private const int WeeksInLongYear = 53, WeeksInShortYear = 52, MinYear = 1, MaxYear = 9999;

        public static int GetWeekOfYear(DateTime date)
        {
            int week = WeekNumber(date);
            if (week < 1) return GetWeeksInYear(date.Year - 1);
            if (week > GetWeeksInYear(date.Year)) return 1;
            return week;
        }

        public static int GetYear(DateTime date)
        {
            int week = WeekNumber(date);
            if (week < 1) return date.Year - 1;
            if (week > GetWeeksInYear(date.Year)) return date.Year + 1;
            return date.Year;
        }

        public static DateTime GetYearStart(int year) => ToDateTime(year, 1, DayOfWeek.Monday);

        public static DateTime GetYearEnd(int year) => ToDateTime(year, GetWeeksInYear(year), DayOfWeek.Sunday);

        /// <summary>53 when the year starts on a Thursday, or is a leap year starting on a Wednesday; else 52.</summary>
        public static int GetWeeksInYear(int year)
        {
            CheckYear(year);
            static int EndsOn(int y) => (y + y / 4 - y / 100 + y / 400) % 7;   // weekday of 31 December (0 Sunday)
            return EndsOn(year) == 4 || EndsOn(year - 1) == 3 ? WeeksInLongYear : WeeksInShortYear;
        }

        public static DateTime ToDateTime(int year, int week, DayOfWeek dayOfWeek)
        {
            CheckYear(year);
            if (week < 1 || week > WeeksInLongYear)
                throw new ArgumentOutOfRangeException(nameof(week), "The week parameter must be in the range 1 through 53.");
            if ((uint)dayOfWeek > (uint)DayOfWeek.Saturday)
                throw new ArgumentOutOfRangeException(nameof(dayOfWeek), "The DayOfWeek enumeration must be in the range 0 through 6.");
            // 4 January is always in week 1: count from the Monday of its week.
            DateTime january4 = new DateTime(year, 1, 4);
            int correction = IsoDay(january4.DayOfWeek) + 3;
            int ordinal = week * 7 + IsoDay(dayOfWeek) - correction;   // day of the year, 1-based; may fall outside it
            return new DateTime(year, 1, 1).AddDays(ordinal - 1);
        }

        // Week of the calendar year the date lies in, which may be 0 (the last week of the previous year) or one past
        // the year's weeks (week 1 of the next).
        private static int WeekNumber(DateTime date) => (date.DayOfYear - IsoDay(date.DayOfWeek) + 10) / 7;

        private static int IsoDay(DayOfWeek day) => day == DayOfWeek.Sunday ? 7 : (int)day;

        private static void CheckYear(int year)
        {
            if (year < MinYear || year > MaxYear) throw new ArgumentOutOfRangeException(nameof(year), "Year must be between 1 and 9999.");
        }
    }
}
