namespace System.Globalization
{
    /// <summary>The invariant culture's date and time patterns and names, the ones DateTime's formatting uses; read-only.</summary>
    public sealed class DateTimeFormatInfo : IFormatProvider
    {
        private static DateTimeFormatInfo s_invariant;

        public static DateTimeFormatInfo InvariantInfo => s_invariant ??= new DateTimeFormatInfo();

        private Calendar _calendar;

        /// <summary>The Gregorian calendar (the invariant culture's).</summary>
        public Calendar Calendar => _calendar ??= new GregorianCalendar();

        public static DateTimeFormatInfo CurrentInfo => InvariantInfo;

        public static DateTimeFormatInfo GetInstance(IFormatProvider provider) => InvariantInfo;

        public bool IsReadOnly => true;
        public string ShortDatePattern => "MM/dd/yyyy";
        public string LongDatePattern => "dddd, dd MMMM yyyy";
        public string ShortTimePattern => "HH:mm";
        public string LongTimePattern => "HH:mm:ss";
        public string FullDateTimePattern => "dddd, dd MMMM yyyy HH:mm:ss";
        public string MonthDayPattern => "MMMM dd";
        public string YearMonthPattern => "yyyy MMMM";
        public string RFC1123Pattern => "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'";
        public string SortableDateTimePattern => "yyyy'-'MM'-'dd'T'HH':'mm':'ss";
        public string UniversalSortableDateTimePattern => "yyyy'-'MM'-'dd HH':'mm':'ss'Z'";
        public string DateSeparator => "/";
        public string TimeSeparator => ":";
        public string AMDesignator => "AM";
        public string PMDesignator => "PM";
        public DayOfWeek FirstDayOfWeek => DayOfWeek.Sunday;

        public CalendarWeekRule CalendarWeekRule => CalendarWeekRule.FirstDay;

        public string[] DayNames => new[] { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
        public string[] AbbreviatedDayNames => new[] { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
        public string[] ShortestDayNames => new[] { "Su", "Mo", "Tu", "We", "Th", "Fr", "Sa" };
        public string[] MonthNames => new[] { "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December", "" };
        public string[] AbbreviatedMonthNames => new[] { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "" };

        public string GetDayName(DayOfWeek dayofweek) => DayNames[CheckDay(dayofweek)];
        public string GetAbbreviatedDayName(DayOfWeek dayofweek) => AbbreviatedDayNames[CheckDay(dayofweek)];
        public string GetMonthName(int month) => MonthNames[CheckMonth(month) - 1];
        public string GetAbbreviatedMonthName(int month) => AbbreviatedMonthNames[CheckMonth(month) - 1];

        public object GetFormat(Type formatType) => formatType == typeof(DateTimeFormatInfo) ? this : null;

        private static int CheckDay(DayOfWeek day) =>
            (uint)day <= 6 ? (int)day : throw new ArgumentOutOfRangeException("dayofweek", "Valid values are between 0 and 6, inclusive.");

        private static int CheckMonth(int month) =>
            month >= 1 && month <= 13 ? month : throw new ArgumentOutOfRangeException(nameof(month), "Valid values are between 1 and 13, inclusive.");
    }
}
