#nullable enable
namespace Sing.Storage.Fat
{
    /// <summary>A wall-clock time as FAT stores it: local date from 1980 to 2107, seconds in two-second steps.</summary>
    public readonly struct FatTimestamp
    {
        public readonly int Year, Month, Day, Hour, Minute, Second;

        public FatTimestamp(int year, int month, int day, int hour, int minute, int second)
        {
            Year = year; Month = month; Day = day; Hour = hour; Minute = minute; Second = second;
        }

        /// <summary>1980-01-01 00:00:00, FAT's earliest time (used when no clock is available).</summary>
        public static FatTimestamp Epoch => new FatTimestamp(1980, 1, 1, 0, 0, 0);

        /// <summary>The FAT date word: bits 15-9 year since 1980, 8-5 month, 4-0 day. Out-of-range values clamp.</summary>
        public ushort Date
        {
            get
            {
                int year = Clamp(Year, 1980, 2107) - 1980;
                return (ushort)((year << 9) | (Clamp(Month, 1, 12) << 5) | Clamp(Day, 1, 31));
            }
        }

        /// <summary>The FAT time word: bits 15-11 hour, 10-5 minute, 4-0 seconds / 2.</summary>
        public ushort Time => (ushort)((Clamp(Hour, 0, 23) << 11) | (Clamp(Minute, 0, 59) << 5) | (Clamp(Second, 0, 59) / 2));

        public static FatTimestamp FromFat(ushort date, ushort time) =>
            new FatTimestamp(1980 + (date >> 9), (date >> 5) & 0xF, date & 0x1F, time >> 11, (time >> 5) & 0x3F, (time & 0x1F) * 2);

        private static int Clamp(int v, int low, int high) => v < low ? low : v > high ? high : v;

        public override string ToString() =>
            Year.ToString() + "-" + Two(Month) + "-" + Two(Day) + " " + Two(Hour) + ":" + Two(Minute) + ":" + Two(Second);

        private static string Two(int v) => v < 10 ? "0" + v.ToString() : v.ToString();
    }

    /// <summary>Where the volume takes the time for new and modified entries (the SIP asks /dev/rtc).</summary>
    public interface IFatClock
    {
        FatTimestamp Now();
    }
}
