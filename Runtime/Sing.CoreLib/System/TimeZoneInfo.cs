namespace System
{
    /// <summary>Time zones: the system has no time-zone data and runs in UTC, so there is one zone, UTC, which is
    /// also Local. Conversions between it and UTC change only a DateTime's kind.</summary>
    public sealed class TimeZoneInfo : IEquatable<TimeZoneInfo>
    {
        private TimeZoneInfo() { }

        public static TimeZoneInfo Utc { get; } = new TimeZoneInfo();

        /// <summary>The zone the system keeps its clock in: UTC.</summary>
        public static TimeZoneInfo Local => Utc;

        public string Id => "UTC";
        public string DisplayName => "(UTC) Coordinated Universal Time";
        public string StandardName => "Coordinated Universal Time";
        public string DaylightName => "Coordinated Universal Time";
        public TimeSpan BaseUtcOffset => TimeSpan.Zero;
        public bool SupportsDaylightSavingTime => false;

        public TimeSpan GetUtcOffset(DateTime dateTime) => TimeSpan.Zero;
        public TimeSpan GetUtcOffset(DateTimeOffset dateTimeOffset) => TimeSpan.Zero;
        public bool IsDaylightSavingTime(DateTime dateTime) => false;

        public static DateTime ConvertTimeFromUtc(DateTime dateTime, TimeZoneInfo destinationTimeZone)
        {
            ArgumentNullException.ThrowIfNull(destinationTimeZone);
            if (dateTime.Kind == DateTimeKind.Local)
                throw new ArgumentException("The DateTime's Kind property is not DateTimeKind.Utc nor DateTimeKind.Unspecified.", nameof(dateTime));
            return DateTime.SpecifyKind(dateTime, DateTimeKind.Utc);
        }

        public static DateTime ConvertTimeToUtc(DateTime dateTime) => DateTime.SpecifyKind(dateTime, DateTimeKind.Utc);

        public static DateTime ConvertTimeToUtc(DateTime dateTime, TimeZoneInfo sourceTimeZone)
        {
            ArgumentNullException.ThrowIfNull(sourceTimeZone);
            return DateTime.SpecifyKind(dateTime, DateTimeKind.Utc);
        }

        public static DateTime ConvertTime(DateTime dateTime, TimeZoneInfo destinationTimeZone)
        {
            ArgumentNullException.ThrowIfNull(destinationTimeZone);
            return DateTime.SpecifyKind(dateTime, DateTimeKind.Utc);
        }

        public static DateTimeOffset ConvertTime(DateTimeOffset dateTimeOffset, TimeZoneInfo destinationTimeZone)
        {
            ArgumentNullException.ThrowIfNull(destinationTimeZone);
            return dateTimeOffset.ToUniversalTime();
        }

        /// <summary>"UTC" (and "Etc/UTC", its IANA name) is the only zone; any other id is not found.</summary>
        public static TimeZoneInfo FindSystemTimeZoneById(string id)
        {
            ArgumentNullException.ThrowIfNull(id);
            if (id == "UTC" || id == "Etc/UTC") return Utc;
            throw new TimeZoneNotFoundException("The time zone ID '" + id + "' was not found on the local computer.");
        }

        public bool Equals(TimeZoneInfo other) => other is not null;
        public override bool Equals(object obj) => obj is TimeZoneInfo;
        public override int GetHashCode() => 0x55544300;
        public override string ToString() => DisplayName;
    }

    public class TimeZoneNotFoundException : Exception
    {
        public TimeZoneNotFoundException() : base("Exception of type 'System.TimeZoneNotFoundException' was thrown.") { }
        public TimeZoneNotFoundException(string message) : base(message) { }
        public TimeZoneNotFoundException(string message, Exception innerException) : base(message, innerException) { }
    }
}
