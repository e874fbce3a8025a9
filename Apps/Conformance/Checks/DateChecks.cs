using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class DateChecks
    {
        public static void Run()
        {
            var d = new DateTime(2024, 2, 29, 13, 45, 30, 250);
            Line("datetime-tostring", d);
            Line("datetime-parts", d.Year + "-" + d.Month + "-" + d.Day + " " + d.Hour + ":" + d.Minute + ":" + d.Second + "." + d.Millisecond);
            Line("datetime-dayofweek", d.DayOfWeek);
            Line("datetime-dayofyear", d.DayOfYear);
            Line("datetime-iso", d.ToString("yyyy-MM-dd HH:mm:ss.fff"));
            Line("datetime-o", d.ToString("o"));
            Line("datetime-s", d.ToString("s"));
            Line("datetime-d", d.ToString("d"));
            Line("datetime-D", d.ToString("D"));
            Line("datetime-t", d.ToString("t") + " " + d.ToString("T"));
            Line("datetime-custom", d.ToString("dddd, MMMM d, yyyy h:mm tt"));
            Line("datetime-custom2", d.ToString("ddd dd MMM yy 'at' HH\\hmm"));
            Line("datetime-u", DateTime.SpecifyKind(d, DateTimeKind.Utc).ToString("u"));
            Line("datetime-r", d.ToString("R"));
            Line("datetime-addmonths", new DateTime(2024, 1, 31).AddMonths(1).ToString("yyyy-MM-dd"));
            Line("datetime-addyears", d.AddYears(1).ToString("yyyy-MM-dd"));
            Line("datetime-adddays", d.AddDays(1.5).ToString("s"));
            Line("datetime-subtract", (new DateTime(2025, 1, 1) - new DateTime(2024, 1, 1)).TotalDays);
            Line("datetime-compare", (d > new DateTime(2024, 1, 1)) + " " + d.CompareTo(d.AddTicks(1)));
            Line("datetime-date", d.Date.ToString("s"));
            Line("datetime-timeofday", d.TimeOfDay);
            Line("datetime-leap", DateTime.IsLeapYear(2000) + " " + DateTime.IsLeapYear(1900) + " " + DateTime.DaysInMonth(2023, 2));
            Line("datetime-parse-iso", DateTime.Parse("2023-07-04T09:05:00", CultureInfo.InvariantCulture).ToString("G"));
            Line("datetime-parse-slash", DateTime.Parse("12/25/2022 18:30:00", CultureInfo.InvariantCulture).ToString("o"));
            Line("datetime-tryparse-bad", DateTime.TryParse("2023-02-30", out _));
            Line("datetime-min-max", DateTime.MinValue.ToString("s") + " " + DateTime.MaxValue.ToString("s"));
            Line("datetime-unix-epoch", DateTime.UnixEpoch.AddSeconds(1700000000).ToString("u"));
            Line("datetime-kind", DateTime.SpecifyKind(d, DateTimeKind.Utc).Kind);
            Line("datetime-invalid", Throws(() => new DateTime(2023, 13, 1)));
            var dates = new List<DateTime> { new(2021, 5, 1), new(2020, 1, 1), new(2022, 3, 3) };
            Line("datetime-sort", dates.OrderBy(x => x).Select(x => x.ToString("yyyy-MM-dd")));
            Line("datetime-age", Age(new DateTime(1990, 8, 15), new DateTime(2024, 8, 14)));

            var span = new TimeSpan(1, 2, 3, 4, 5);
            Line("timespan", span);
            Line("timespan-parts", span.Days + " " + span.Hours + " " + span.Minutes + " " + span.Seconds + " " + span.Milliseconds);
            Line("timespan-totals", span.TotalHours + " " + span.TotalMinutes);
            Line("timespan-from", TimeSpan.FromMinutes(90) + " " + TimeSpan.FromSeconds(1.5) + " " + TimeSpan.FromMilliseconds(2500));
            Line("timespan-negative", TimeSpan.FromHours(-1.25));
            Line("timespan-arith", (TimeSpan.FromHours(1) + TimeSpan.FromMinutes(30) - TimeSpan.FromSeconds(10)));
            Line("timespan-g", span.ToString("g") + " | " + span.ToString("G"));
            Line("timespan-parse", TimeSpan.Parse("1.02:03:04.5").TotalSeconds);
            Line("timespan-parse2", TimeSpan.Parse("00:45"));
            Line("timespan-compare", (TimeSpan.FromDays(1) > TimeSpan.FromHours(23)) + " " + TimeSpan.Zero);
            Line("timespan-multiply", TimeSpan.FromMinutes(10) * 2.5);
            Line("timespan-duration", TimeSpan.FromSeconds(-5).Duration());

            var g = new Guid("6F9619FF-8B86-D011-B42D-00C04FC964FF");
            Line("guid", g);
            Line("guid-n", g.ToString("N"));
            Line("guid-b", g.ToString("B"));
            Line("guid-p", g.ToString("P"));
            Line("guid-bytes", BitConverter.ToString(g.ToByteArray()));
            Line("guid-roundtrip", new Guid(g.ToByteArray()) == g);
            Line("guid-empty", Guid.Empty);
            Line("guid-parse-n", Guid.Parse("6f9619ff8b86d011b42d00c04fc964ff") == g);
            Line("guid-tryparse-bad", Guid.TryParse("not-a-guid", out _));
            Guid fresh = Guid.NewGuid();
            Line("guid-new-version", fresh.ToString()[14] + " " + (fresh != Guid.NewGuid()));
            Line("guid-compare", g.CompareTo(Guid.Empty) > 0);
        }

        private static int Age(DateTime born, DateTime today)
        {
            int age = today.Year - born.Year;
            if (born.Date > today.AddYears(-age)) age--;
            return age;
        }
    }
}
