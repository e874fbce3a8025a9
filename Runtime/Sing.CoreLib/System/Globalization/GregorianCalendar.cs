namespace System.Globalization
{
    public enum GregorianCalendarTypes
    {
        Localized = 1,
        USEnglish = 2,
        MiddleEastFrench = 9,
        Arabic = 10,
        TransliteratedEnglish = 11,
        TransliteratedFrench = 12,
    }

    // The proleptic Gregorian calendar over DateTime's own arithmetic; one era (1, AD).
    public class GregorianCalendar : Calendar
    {
        public const int ADEra = 1;

        public GregorianCalendar() : this(GregorianCalendarTypes.Localized) { }

        public GregorianCalendar(GregorianCalendarTypes type) => CalendarType = type;

        public virtual GregorianCalendarTypes CalendarType { get; set; }

        public override int[] Eras => new[] { ADEra };

        public override int GetYear(DateTime time) => time.Year;

        public override int GetMonth(DateTime time) => time.Month;

        public override int GetDayOfMonth(DateTime time) => time.Day;

        public override DayOfWeek GetDayOfWeek(DateTime time) => time.DayOfWeek;

        public override int GetDayOfYear(DateTime time) => time.DayOfYear;

        public override int GetEra(DateTime time) => ADEra;

        public override int GetDaysInMonth(int year, int month, int era)
        {
            CheckEra(era);
            CheckYear(year);
            if (month < 1 || month > 12) throw new ArgumentOutOfRangeException(nameof(month), month, "Month must be between one and twelve.");
            return DateTime.DaysInMonth(year, month);
        }

        public override int GetDaysInYear(int year, int era)
        {
            CheckEra(era);
            CheckYear(year);
            return DateTime.IsLeapYear(year) ? 366 : 365;
        }

        public override int GetMonthsInYear(int year, int era)
        {
            CheckEra(era);
            CheckYear(year);
            return 12;
        }

        public override bool IsLeapYear(int year, int era)
        {
            CheckEra(era);
            CheckYear(year);
            return DateTime.IsLeapYear(year);
        }

        public override DateTime AddMonths(DateTime time, int months) => time.AddMonths(months);

        public override DateTime AddYears(DateTime time, int years) => time.AddYears(years);

        public override DateTime ToDateTime(int year, int month, int day, int hour, int minute, int second, int millisecond, int era)
        {
            CheckEra(era);
            return new DateTime(year, month, day, hour, minute, second, millisecond);
        }

        private static void CheckEra(int era)
        {
            if (era != 0 && era != ADEra) throw new ArgumentOutOfRangeException(nameof(era), "Era value was not valid.");
        }

        private static void CheckYear(int year)
        {
            if (year < 1 || year > 9999) throw new ArgumentOutOfRangeException(nameof(year), "Year must be between 1 and 9999.");
        }
    }
}
