using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class DateChecks
    {
        private static string Fails(Func<object> action)
        {
            try
            {
                return "no exception " + action();
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }

        // ISO 8601 week dates around year boundaries, where the week-numbering year differs from the calendar year.
        private static void IsoWeeks()
        {
            var days = new[] { new DateTime(2020, 12, 31), new DateTime(2021, 1, 3), new DateTime(2021, 1, 4), new DateTime(2024, 12, 30), new DateTime(2026, 11, 28), new DateTime(2027, 1, 1), new DateTime(1, 1, 1), new DateTime(9999, 12, 31) };
            foreach (DateTime day in days)
                Line("isoweek " + day.ToString("yyyy-MM-dd"), ISOWeek.GetYear(day) + "-W" + ISOWeek.GetWeekOfYear(day).ToString("00"));
            Line("isoweek-weeks", string.Join(" ", new[] { 2015, 2020, 2021, 2026, 2032, 2037 }.Select(y => y + ":" + ISOWeek.GetWeeksInYear(y))));
            Line("isoweek-start-end", ISOWeek.GetYearStart(2021).ToString("yyyy-MM-dd") + " " + ISOWeek.GetYearEnd(2020).ToString("yyyy-MM-dd") + " " + ISOWeek.GetYearStart(2026).ToString("yyyy-MM-dd"));
            Line("isoweek-to-date", ISOWeek.ToDateTime(2026, 48, DayOfWeek.Saturday).ToString("yyyy-MM-dd") + " " + ISOWeek.ToDateTime(2021, 53, DayOfWeek.Monday).ToString("yyyy-MM-dd"));
            Line("isoweek-bad-week", Throws(() => ISOWeek.ToDateTime(2020, 54, DayOfWeek.Monday)));
            Line("isoweek-bad-year", Throws(() => ISOWeek.GetWeeksInYear(0)));
            Line("isoweek-bad-day", Throws(() => ISOWeek.ToDateTime(2020, 1, (DayOfWeek)9)));
            Line("isoweek-past-end", Throws(() => ISOWeek.ToDateTime(9999, 52, DayOfWeek.Sunday)));
        }

        public static void Run()
        {
            var gregorian = new System.Globalization.GregorianCalendar();
            var weekDates = new[] { new DateTime(2021, 1, 1), new DateTime(2021, 1, 3), new DateTime(2021, 1, 4), new DateTime(2020, 12, 31), new DateTime(2024, 12, 30), new DateTime(2027, 1, 1), new DateTime(2026, 6, 15), new DateTime(1, 1, 8), new DateTime(2016, 1, 2) };
            foreach (System.Globalization.CalendarWeekRule rule in new[] { System.Globalization.CalendarWeekRule.FirstDay, System.Globalization.CalendarWeekRule.FirstFullWeek, System.Globalization.CalendarWeekRule.FirstFourDayWeek })
                foreach (DayOfWeek first in new[] { DayOfWeek.Sunday, DayOfWeek.Monday, DayOfWeek.Saturday })
                {
                    var weeks = new List<int>();
                    foreach (DateTime weekDate in weekDates) weeks.Add(gregorian.GetWeekOfYear(weekDate, rule, first));
                    Line("calendar-week " + rule + " " + first, string.Join(",", weeks));
                }
            var sweep = 0L;
            for (DateTime sweepDate = new DateTime(1999, 12, 1); sweepDate < new DateTime(2031, 2, 1); sweepDate = sweepDate.AddDays(1))
                foreach (System.Globalization.CalendarWeekRule rule in new[] { System.Globalization.CalendarWeekRule.FirstDay, System.Globalization.CalendarWeekRule.FirstFullWeek, System.Globalization.CalendarWeekRule.FirstFourDayWeek })
                    for (int first = 0; first < 7; first++) sweep = sweep * 31 + gregorian.GetWeekOfYear(sweepDate, rule, (DayOfWeek)first);
            Line("calendar-week-sweep", sweep);
            var day = new DateTime(2024, 1, 31, 10, 30, 0);
            Line("calendar-parts", gregorian.GetYear(day) + " " + gregorian.GetMonth(day) + " " + gregorian.GetDayOfMonth(day) + " " + gregorian.GetDayOfWeek(day) + " " + gregorian.GetDayOfYear(day) + " " + gregorian.GetEra(day));
            Line("calendar-lengths", gregorian.GetDaysInMonth(2024, 2) + " " + gregorian.GetDaysInMonth(2023, 2) + " " + gregorian.GetDaysInYear(2000) + " " + gregorian.GetDaysInYear(1900) + " " + gregorian.IsLeapYear(2024) + " " + gregorian.IsLeapYear(2100) + " " + gregorian.GetMonthsInYear(2024));
            Line("calendar-add", gregorian.AddDays(day, 30).ToString("s") + " " + gregorian.AddMonths(day, 1).ToString("s") + " " + gregorian.AddYears(new DateTime(2024, 2, 29), 1).ToString("s") + " " + gregorian.AddWeeks(day, -5).ToString("s"));
            Line("calendar-invariant", System.Globalization.CultureInfo.InvariantCulture.Calendar.GetType().Name + " " + System.Globalization.DateTimeFormatInfo.InvariantInfo.Calendar.GetType().Name + " " + System.Globalization.CultureInfo.InvariantCulture.DateTimeFormat.FirstDayOfWeek + " " + System.Globalization.CultureInfo.InvariantCulture.DateTimeFormat.CalendarWeekRule + " " + string.Join(",", gregorian.Eras) + " " + gregorian.CalendarType);
            Line("calendar-bad-rule", Fails(() => gregorian.GetWeekOfYear(day, (System.Globalization.CalendarWeekRule)5, DayOfWeek.Monday)));
            Line("calendar-bad-day", Fails(() => gregorian.GetWeekOfYear(day, System.Globalization.CalendarWeekRule.FirstDay, (DayOfWeek)9)));
            Line("calendar-bad-month", Fails(() => gregorian.GetDaysInMonth(2024, 13)));
            Line("calendar-bad-year", Fails(() => gregorian.IsLeapYear(0)));
            IsoWeeks();
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
            ClockChecks();
            OffsetChecks();
        }

        /// <summary>The wall clock: its kinds and that it reads a plausible, advancing time (the values themselves
        /// differ between any two runs).</summary>
        private static void ClockChecks()
        {
            DateTime first = DateTime.UtcNow;
            DateTime second = DateTime.UtcNow;
            Line("utcnow-kind", first.Kind);
            Line("now-kind", DateTime.Now.Kind);
            Line("utcnow-plausible", first.Year >= 2024 && first.Year < 2100);
            Line("utcnow-advances", second >= first && (second - first).TotalSeconds < 5);
            Line("today-is-midnight", DateTime.Today.TimeOfDay == TimeSpan.Zero && DateTime.Today.Kind == DateTimeKind.Local);
            Line("offset-utcnow", DateTimeOffset.UtcNow.Offset + " " + (Math.Abs((DateTimeOffset.UtcNow.UtcDateTime - DateTime.UtcNow).TotalSeconds) < 5));
            Line("unix-now-plausible", DateTimeOffset.UtcNow.ToUnixTimeSeconds() > 1700000000);
            TimeZoneInfo utc = TimeZoneInfo.Utc;
            Line("timezone-utc", utc.Id + " | " + utc.DisplayName + " | " + utc.StandardName + " | " + utc.BaseUtcOffset + " | " + utc);
            Line("timezone-utc-offset", utc.GetUtcOffset(new DateTime(2024, 7, 1)) + " " + utc.SupportsDaylightSavingTime + " " + utc.IsDaylightSavingTime(new DateTime(2024, 7, 1)));
            Line("timezone-from-utc", TimeZoneInfo.ConvertTimeFromUtc(new DateTime(2024, 1, 1, 5, 0, 0), utc).ToString("o"));
            Line("timezone-to-utc", TimeZoneInfo.ConvertTimeToUtc(new DateTime(2024, 1, 1, 5, 0, 0), utc).ToString("o"));
            Line("timezone-equal", utc.Equals(TimeZoneInfo.Utc) + " " + (utc == TimeZoneInfo.Utc));
        }

        private static void OffsetChecks()
        {
            var d = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2));
            var n = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(-330));
            Line("dto-tostring", d);
            Line("dto-g", d.ToString("G"));
            Line("dto-o", d.ToString("o"));
            Line("dto-u", d.ToString("u"));
            Line("dto-s", d.ToString("s"));
            Line("dto-d", d.ToString("d"));
            Line("dto-r", d.ToString("R"));
            Line("dto-custom", d.ToString("yyyy-MM-dd HH:mm zzz") + " | " + n.ToString("HH:mm z zz zzz 'zz' \\z K"));
            Line("dto-negative-offset", n + " | " + n.UtcDateTime.ToString("o") + " | " + n.ToUnixTimeSeconds());
            Line("dto-parts", d.Year + " " + d.Month + " " + d.Day + " " + d.Hour + " " + d.Minute + " " + d.Second + " " + d.Offset + " " + d.DayOfWeek);
            Line("dto-utc-ticks", d.UtcTicks + " " + d.Ticks + " " + d.UtcDateTime.Kind + " " + d.DateTime.Kind);
            Line("dto-from-unix", DateTimeOffset.FromUnixTimeSeconds(1700000000) + " " + DateTimeOffset.FromUnixTimeMilliseconds(1700000000123).ToString("o"));
            Line("dto-unix-ms", new DateTimeOffset(1969, 12, 31, 23, 59, 59, 500, TimeSpan.Zero).ToUnixTimeMilliseconds() + " " + new DateTimeOffset(1969, 12, 31, 23, 59, 59, 500, TimeSpan.Zero).ToUnixTimeSeconds());
            Line("dto-from-utc-datetime", new DateTimeOffset(new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc)));
            Line("dto-equal-instant", new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero) == new DateTimeOffset(2024, 1, 1, 2, 0, 0, TimeSpan.FromHours(2)));
            Line("dto-equals-exact", new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero).EqualsExact(new DateTimeOffset(2024, 1, 1, 2, 0, 0, TimeSpan.FromHours(2))));
            Line("dto-arith", d.AddHours(30) + " " + (d - n) + " " + d.CompareTo(n) + " " + d.Date.ToString("o") + " " + d.AddMonths(13).ToString("o"));
            Line("dto-to-offset", d.ToOffset(TimeSpan.FromHours(-8)).ToString("o") + " " + d.ToUniversalTime().ToString("o"));
            Line("dto-sort", string.Join(" ; ", new[] { d, n, d.AddMinutes(-1) }.OrderBy(x => x).Select(x => x.ToString("o"))));
            Line("dto-offset-seconds", Throws(() => new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.FromSeconds(30))));
            Line("dto-offset-range", Throws(() => new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.FromHours(15))));
            Line("dto-utc-kind-offset", Throws(() => new DateTimeOffset(new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc), TimeSpan.FromHours(1))));
            Line("dto-unix-range", Throws(() => DateTimeOffset.FromUnixTimeSeconds(long.MaxValue)));
            Line("dto-parse-offset", DateTimeOffset.Parse("2024-01-02T03:04:05+02:00").ToString("o") + " " + DateTimeOffset.Parse("2024-01-02T03:04:05+02:00").Offset);
            Line("dto-parse-z", DateTimeOffset.Parse("2024-03-04T05:06:07.1234567Z").ToString("o"));
            Line("dto-parse-no-offset", DateTimeOffset.Parse("2024-01-02 10:00").ToString("o"));
            Line("dto-parse-slashed", DateTimeOffset.Parse("01/02/2024 03:04:05 -05:30", CultureInfo.InvariantCulture).ToString("o"));
            Line("dto-parse-compact-offset", DateTimeOffset.Parse("2024-01-02T03:04:05+0530").ToString("o"));
            Line("dto-parse-roundtrip", DateTimeOffset.Parse(n.ToString("o")).EqualsExact(n) + " " + DateTimeOffset.Parse(d.ToString("o")).EqualsExact(d));
            Line("dto-tryparse-bad", DateTimeOffset.TryParse("2024-01-02T03:04:05+25:00", out DateTimeOffset bad) + " " + bad.ToString("o") + " "
                + DateTimeOffset.TryParse("not a date", out _) + " " + DateTimeOffset.TryParse("2024-02-30", out _));
            Line("dto-parse-error", Throws(() => DateTimeOffset.Parse("yesterday")).Split(':')[0]);
            DateTime withOffset = DateTime.Parse("2024-01-02T03:04:05+02:00", CultureInfo.InvariantCulture);
            DateTime zulu = DateTime.Parse("2024-01-02T03:04:05Z", CultureInfo.InvariantCulture);
            Line("datetime-parse-offset", withOffset.ToString("yyyy-MM-dd HH:mm:ss") + " " + withOffset.Kind + " " + zulu.ToString("yyyy-MM-dd HH:mm:ss") + " " + zulu.Kind);
        }

        private static int Age(DateTime born, DateTime today)
        {
            int age = today.Year - born.Year;
            if (born.Date > today.AddYears(-age)) age--;
            return age;
        }
    }
}
