#nullable enable
using System;
using System.Text;

namespace Sing.Web.Http
{
    /// <summary>HTTP dates (RFC 9110 §5.6.7): written as IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), read in that
    /// form and the two obsolete ones, RFC 850 ("Sunday, 06-Nov-94 08:49:37 GMT") and asctime ("Sun Nov  6 08:49:37
    /// 1994"). All times are UTC and whole seconds.</summary>
    public static class HttpDate
    {
        private static readonly string[] s_days = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
        private static readonly string[] s_longDays = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
        private static readonly string[] s_months = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

        /// <summary>IMF-fixdate of <paramref name="utc"/>, fractions of a second dropped.</summary>
        public static string Format(DateTime utc)
        {
            var text = new StringBuilder(29);
            Append(text, utc);
            return text.ToString();
        }

        public static void Append(StringBuilder text, DateTime utc)
        {
            text.Append(s_days[(int)utc.DayOfWeek]).Append(", ");
            Two(text, utc.Day).Append(' ').Append(s_months[utc.Month - 1]).Append(' ');
            Four(text, utc.Year).Append(' ');
            Two(text, utc.Hour).Append(':');
            Two(text, utc.Minute).Append(':');
            Two(text, utc.Second).Append(" GMT");
        }

        /// <summary>The month's three-letter name as HTTP and the Common Log Format write it (1 = "Jan").</summary>
        public static string MonthName(int month) => s_months[month - 1];

        /// <summary>Reads any of the three forms; false (and <paramref name="utc"/> unset) for anything else, so a
        /// malformed If-Modified-Since is ignored as RFC 9110 §13.1.3 requires. A two-digit RFC 850 year 00-69 is
        /// 2000-2069, 70-99 is 1970-1999.</summary>
        public static bool TryParse(string text, out DateTime utc)
        {
            utc = default;
            text = text.Trim(' ', '\t');
            int comma = text.IndexOf(',');
            if (comma == 3) return TryImfFixdate(text, out utc);
            if (comma > 3) return TryRfc850(text, comma, out utc);
            if (comma < 0) return TryAsctime(text, out utc);
            return false;
        }

        // "Sun, 06 Nov 1994 08:49:37 GMT"
        private static bool TryImfFixdate(string s, out DateTime utc)
        {
            utc = default;
            if (s.Length != 29 || Array.IndexOf(s_days, s.Substring(0, 3)) < 0 || s[4] != ' ' || s[7] != ' ' || s[11] != ' ' || s[16] != ' '
                || !s.EndsWith(" GMT", StringComparison.Ordinal))
                return false;
            int day = Digits(s, 5, 2), month = Month(s, 8), year = Digits(s, 12, 4);
            return Time(s, 17, out int hour, out int minute, out int second) && Make(year, month, day, hour, minute, second, out utc);
        }

        // "Sunday, 06-Nov-94 08:49:37 GMT"
        private static bool TryRfc850(string s, int comma, out DateTime utc)
        {
            utc = default;
            if (Array.IndexOf(s_longDays, s.Substring(0, comma)) < 0) return false;
            string rest = s.Substring(comma + 1);
            // " 06-Nov-94 08:49:37 GMT"
            if (rest.Length != 23 || rest[0] != ' ' || rest[3] != '-' || rest[7] != '-' || rest[10] != ' ' || !rest.EndsWith(" GMT", StringComparison.Ordinal))
                return false;
            int day = Digits(rest, 1, 2), month = Month(rest, 4), yy = Digits(rest, 8, 2);
            if (yy < 0) return false;
            int year = yy < 70 ? 2000 + yy : 1900 + yy;
            return Time(rest, 11, out int hour, out int minute, out int second) && Make(year, month, day, hour, minute, second, out utc);
        }

        // "Sun Nov  6 08:49:37 1994"
        private static bool TryAsctime(string s, out DateTime utc)
        {
            utc = default;
            if (s.Length != 24 || Array.IndexOf(s_days, s.Substring(0, 3)) < 0 || s[3] != ' ' || s[7] != ' ' || s[10] != ' ' || s[19] != ' ')
                return false;
            int month = Month(s, 4);
            int day = s[8] == ' ' ? Digits(s, 9, 1) : Digits(s, 8, 2);
            int year = Digits(s, 20, 4);
            return Time(s, 11, out int hour, out int minute, out int second) && Make(year, month, day, hour, minute, second, out utc);
        }

        // "08:49:37" at <at>
        private static bool Time(string s, int at, out int hour, out int minute, out int second)
        {
            hour = Digits(s, at, 2);
            minute = Digits(s, at + 3, 2);
            second = Digits(s, at + 6, 2);
            return s[at + 2] == ':' && s[at + 5] == ':' && hour >= 0 && minute >= 0 && second >= 0;
        }

        private static bool Make(int year, int month, int day, int hour, int minute, int second, out DateTime utc)
        {
            utc = default;
            if (year < 1 || month < 1 || day < 1 || day > DateTime.DaysInMonth(Math.Max(year, 1), Math.Max(month, 1)) || hour > 23 || minute > 59 || second > 60)
                return false;
            if (second == 60) second = 59;   // a leap second names the last second of its minute
            utc = new DateTime(year, month, day, hour, minute, second, DateTimeKind.Utc);
            return true;
        }

        private static int Month(string s, int at)
        {
            if (at + 3 > s.Length) return -1;
            int m = Array.IndexOf(s_months, s.Substring(at, 3)) + 1;
            return m > 0 ? m : -1;
        }

        /// <summary>The decimal number in s[at..at+count), or -1 if any of those is not a digit.</summary>
        private static int Digits(string s, int at, int count)
        {
            if (at + count > s.Length) return -1;
            int value = 0;
            for (int i = at; i < at + count; i++)
            {
                char c = s[i];
                if (c < '0' || c > '9') return -1;
                value = value * 10 + (c - '0');
            }
            return value;
        }

        private static StringBuilder Two(StringBuilder text, int v) => text.Append((char)('0' + v / 10)).Append((char)('0' + v % 10));

        private static StringBuilder Four(StringBuilder text, int v) =>
            text.Append((char)('0' + v / 1000 % 10)).Append((char)('0' + v / 100 % 10)).Append((char)('0' + v / 10 % 10)).Append((char)('0' + v % 10));
    }
}
