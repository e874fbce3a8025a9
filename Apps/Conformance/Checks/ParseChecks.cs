using System;
using System.Globalization;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>Reading text with a format provider (issue 34): Convert's string overloads, TimeSpan.ParseExact and
    /// DateTime.Parse with DateTimeStyles. Failures print the exception's type and message.</summary>
    internal static class ParseChecks
    {
        private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

        private static string Try(Func<object> action)
        {
            try
            {
                object value = action();
                return value is DateTime d ? d.ToString("o") + " " + d.Kind : Show(value);
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }

        // Each Convert.ToX(string, IFormatProvider): a value, null (the type's zero), and the failures.
        private static void ConvertStrings()
        {
            Line("convert-provider-int16", Try(() => Convert.ToInt16(" -32768 ", Invariant)) + " | " + Try(() => Convert.ToInt16(null, Invariant)) + " | " + Try(() => Convert.ToInt16("32768", Invariant)));
            Line("convert-provider-int32", Try(() => Convert.ToInt32("+2147483647", Invariant)) + " | " + Try(() => Convert.ToInt32(null, Invariant)) + " | " + Try(() => Convert.ToInt32("1.0", Invariant)));
            Line("convert-provider-int64", Try(() => Convert.ToInt64("-9223372036854775808", Invariant)) + " | " + Try(() => Convert.ToInt64(null, Invariant)) + " | " + Try(() => Convert.ToInt64("9223372036854775808", Invariant)));
            Line("convert-provider-uint16", Try(() => Convert.ToUInt16("65535", Invariant)) + " | " + Try(() => Convert.ToUInt16(null, Invariant)) + " | " + Try(() => Convert.ToUInt16("65536", Invariant)) + " | " + Try(() => Convert.ToUInt16("", Invariant)));
            Line("convert-provider-uint32", Try(() => Convert.ToUInt32("4294967295", Invariant)) + " | " + Try(() => Convert.ToUInt32(null, Invariant)) + " | " + Try(() => Convert.ToUInt32("-1", Invariant)));
            Line("convert-provider-uint64", Try(() => Convert.ToUInt64("18446744073709551615", Invariant)) + " | " + Try(() => Convert.ToUInt64(null, Invariant)) + " | " + Try(() => Convert.ToUInt64("-0", Invariant)) + " | " + Try(() => Convert.ToUInt64("x", Invariant)));
            Line("convert-provider-byte", Try(() => Convert.ToByte("255", Invariant)) + " | " + Try(() => Convert.ToByte(null, Invariant)) + " | " + Try(() => Convert.ToByte("256", Invariant)));
            Line("convert-provider-sbyte", Try(() => Convert.ToSByte("-128", Invariant)) + " | " + Try(() => Convert.ToSByte(null, Invariant)) + " | " + Try(() => Convert.ToSByte("200", Invariant)) + " | " + Try(() => Convert.ToSByte("x", Invariant)));
            Line("convert-provider-double", Try(() => Convert.ToDouble("1,234.5e2", Invariant)) + " | " + Try(() => Convert.ToDouble(null, Invariant)) + " | " + Try(() => Convert.ToDouble("1..2", Invariant)));
            Line("convert-provider-single", Try(() => Convert.ToSingle("3.25", Invariant)) + " | " + Try(() => Convert.ToSingle(null, Invariant)) + " | " + Try(() => Convert.ToSingle("-Infinity", Invariant)) + " | " + Try(() => Convert.ToSingle("abc", Invariant)));
            Line("convert-provider-decimal", Try(() => Convert.ToDecimal("-1,234.500", Invariant)) + " | " + Try(() => Convert.ToDecimal(null, Invariant)) + " | " + Try(() => Convert.ToDecimal("1e3", Invariant)));
            Line("convert-provider-boolean", Try(() => Convert.ToBoolean(" true ", Invariant)) + " | " + Try(() => Convert.ToBoolean("FALSE", Invariant)) + " | " + Try(() => Convert.ToBoolean(null, Invariant)) + " | " + Try(() => Convert.ToBoolean("yes", Invariant)));
            Line("convert-provider-datetime", Try(() => Convert.ToDateTime("2024-02-29T10:11:12", Invariant)) + " | " + Try(() => Convert.ToDateTime("02/29/2024 23:59:59", Invariant)) + " | " + Try(() => Convert.ToDateTime(null, Invariant)));
            Line("convert-provider-datetime-bad", Throws(() => Convert.ToDateTime("2023-02-29", Invariant)).Split(':')[0]);
            Line("parse-unsigned-minus-zero", Try(() => byte.Parse("-0")) + " " + Try(() => ushort.Parse(" -00 ")) + " " + Try(() => uint.Parse("-0", NumberStyles.AllowLeadingSign)) + " " + Try(() => ulong.Parse("-0")) + " | " + Try(() => uint.Parse("-1")) + " | " + Try(() => ulong.Parse("-")));
            Line("parse-boolean-failures", Try(() => bool.Parse(null)) + " | " + Try(() => bool.Parse(" maybe ")) + " | " + Try(() => bool.Parse(" fAlSe ")));
            Line("convert-string-uint16-sbyte", Try(() => Convert.ToUInt16("7")) + " " + Try(() => Convert.ToSByte("-7")) + " " + Try(() => Convert.ToDateTime("2020-01-01")));
        }

        private static string Span(TimeSpan value) => value.Ticks + " " + value.ToString();

        // TimeSpan.ParseExact: each standard format, the custom specifiers, AssumeNegative and every kind of failure.
        private static void TimeSpanExact()
        {
            string[][] cases =
            {
                new[] { "c", "1.02:03:04.5", " -5 ", "1:2", "1:2:.5", "10675199.02:48:05.4775807", "-10675199.02:48:05.4775808", "10675199.02:48:05.4775808", "24:00", "1.2:3:4.12345678", "\u00a05", "\t5\t", "x" },
                new[] { "g", "1:02:03:04.5", "5", "-1:2", " 1:2:3 ", "25:1:1", "1:2:3:.5", "1:2:3.0123456789", "1.2:3:4", "0:23:60", "300000000", "- 1:2", "\u00a05" },
                new[] { "G", "1:2:3:4.5", "-0:00:00:00.0000001", "1:2:3:4", "5", "10675199:2:48:5.4775808" },
                new[] { "h\\:mm", "1:34", "12:34", "1:4", "24:00", "12:34 " },
                new[] { "hh\\:mm\\:ss", "01:02:03", "1:02:03", "01:02:60" },
                new[] { "%d", "0000123", "10675199", "10675200" },
                new[] { "dd\\.hh\\:mm\\:ss\\.fffffff", "01.02:03:04.1234567", "1.02:03:04.1234567", "01.02:03:04.123456" },
                new[] { "%s\\.FFF", "3.25", "3.", "3", "3.1234" },
                new[] { "m\\:s\\.ff", "1:2.05", "1:2.5", "-1:2.05" },
                new[] { "d' days 'h'h'", "2 days 5h", "2 days 5" },
                new[] { "d\"d\"", "7d" },
                new[] { "%h", "7" },
                new[] { "h", "7" },
                new[] { "", "7" },
                new[] { "hhh", "7" },
                new[] { "d%d", "7" },
                new[] { "'abc", "7" },
                new[] { "d\\", "7" },
                new[] { "%%", "7" },
            };
            foreach (string[] c in cases)
            {
                var results = new System.Collections.Generic.List<string>();
                for (int k = 1; k < c.Length; k++)
                {
                    string input = c[k];
                    results.Add(Try(() => Span(TimeSpan.ParseExact(input, c[0], Invariant))));
                }
                Line("timespan-exact '" + c[0] + "'", string.Join(" | ", results));
            }
            Line("timespan-exact-negative", Try(() => Span(TimeSpan.ParseExact("1:02", "h\\:mm", Invariant, TimeSpanStyles.AssumeNegative))) + " | "
                + Try(() => Span(TimeSpan.ParseExact("1:02", "g", Invariant, TimeSpanStyles.AssumeNegative))) + " | "
                + Try(() => Span(TimeSpan.ParseExact("10675199.02:48:05.4775808", "d\\.hh\\:mm\\:ss\\.fffffff", Invariant, TimeSpanStyles.AssumeNegative))));
            Line("timespan-exact-styles", Try(() => TimeSpan.ParseExact("1", "c", Invariant, (TimeSpanStyles)2)) + " | " + Try(() => TimeSpan.TryParseExact("1", "c", Invariant, (TimeSpanStyles)4, out _)));
            Line("timespan-exact-nulls", Try(() => TimeSpan.ParseExact(null, "c", Invariant)) + " | " + Try(() => TimeSpan.ParseExact("1", (string)null, Invariant)) + " | " + Try(() => TimeSpan.ParseExact("1", (string[])null, Invariant)));
            Line("timespan-exact-array", Try(() => Span(TimeSpan.ParseExact("1:2", new[] { "x", "%h", "h\\:m" }, Invariant))) + " | " + Try(() => Span(TimeSpan.ParseExact("5", new[] { "c", null }, Invariant))) + " | "
                + Try(() => TimeSpan.ParseExact("1", new[] { "hh", "mm" }, Invariant)) + " | " + Try(() => TimeSpan.ParseExact("1", new string[0], Invariant)) + " | "
                + Try(() => TimeSpan.ParseExact("1", new[] { "hh", null }, Invariant)) + " | " + Try(() => TimeSpan.ParseExact("", new[] { "c" }, Invariant)));
            Line("timespan-exact-span", Try(() => Span(TimeSpan.ParseExact("1:2".AsSpan(), "h\\:m".AsSpan(), Invariant))) + " | "
                + Try(() => Span(TimeSpan.ParseExact("3:4".AsSpan(), new[] { "c" }, Invariant, TimeSpanStyles.AssumeNegative))) + " | " + Try(() => TimeSpan.ParseExact("1:2x".AsSpan(), "h\\:m".AsSpan(), Invariant)));
            TimeSpan parsed;
            Line("timespan-tryexact", TimeSpan.TryParseExact("1:2", "g", Invariant, out parsed) + " " + parsed + " " + TimeSpan.TryParseExact("x", "g", Invariant, out parsed) + " " + parsed + " "
                + TimeSpan.TryParseExact(null, "c", Invariant, out parsed) + " " + TimeSpan.TryParseExact("1", (string)null, Invariant, out parsed) + " " + TimeSpan.TryParseExact("5", "'a", Invariant, out parsed) + " "
                + TimeSpan.TryParseExact("5", "%d", Invariant, TimeSpanStyles.AssumeNegative, out parsed) + " " + parsed + " " + TimeSpan.TryParseExact("1:2", new[] { "hh", "g" }, Invariant, out parsed) + " " + parsed + " "
                + TimeSpan.TryParseExact("7", (string[])null, Invariant, out parsed) + " " + TimeSpan.TryParseExact("7".AsSpan(), "%h".AsSpan(), Invariant, out parsed) + " " + parsed + " "
                + TimeSpan.TryParseExact("7".AsSpan(), new[] { "%m" }, Invariant, TimeSpanStyles.AssumeNegative, out parsed) + " " + parsed);
        }

        // A time alone takes today's date, which differs from run to run: print it as "today".
        private static string Dated(DateTime value) => value.Date == DateTime.Today ? "today " + value.ToString("HH:mm:ss.fffffff") + " " + value.Kind : value.ToString("o") + " " + value.Kind;

        // DateTime.Parse/TryParse with DateTimeStyles on the invariant forms (the local zone is UTC on both sides).
        private static void DateTimeStyled()
        {
            string[] inputs = { "2024-03-10T12:34:56", "2024-03-10T12:34:56Z", "2024-03-10T12:34:56.1234567-05:30", " 03/10/2024 12:34:56 +02:00 ", "\t03/10/2024\n", "2024-03-10", "12:34", "12:34:56.5Z", "12:34 +01:00" };
            var styles = new[]
            {
                DateTimeStyles.None, DateTimeStyles.AllowWhiteSpaces, DateTimeStyles.AllowLeadingWhite | DateTimeStyles.AllowTrailingWhite, DateTimeStyles.AssumeUniversal, DateTimeStyles.AssumeLocal,
                DateTimeStyles.AdjustToUniversal, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeLocal,
                DateTimeStyles.RoundtripKind, DateTimeStyles.NoCurrentDateDefault, DateTimeStyles.NoCurrentDateDefault | DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal,
            };
            foreach (DateTimeStyles style in styles)
            {
                var results = new System.Collections.Generic.List<string>();
                foreach (string input in inputs) results.Add(Try(() => Dated(DateTime.Parse(input, Invariant, style))));
                Line("datetime-parse-styles " + style, string.Join(" | ", results));
            }
            Line("datetime-parse-styles-edges", Try(() => Dated(DateTime.Parse("0001-01-01T00:00:00+01:00", Invariant, DateTimeStyles.None))) + " | " + Try(() => Dated(DateTime.Parse("0001-01-01T00:00:00Z", Invariant, DateTimeStyles.RoundtripKind))) + " | "
                + Try(() => Dated(DateTime.Parse("2024-03-10 Z", Invariant, DateTimeStyles.AdjustToUniversal))) + " | " + Try(() => Dated(DateTime.Parse("2024-03-10T12:00:00+00:00", Invariant, DateTimeStyles.RoundtripKind))));
            Line("datetime-parse-styles-range", Try(() => DateTime.Parse("9999-12-31T23:59:59-01:00", Invariant, DateTimeStyles.None)) + " | " + Try(() => DateTime.Parse("0001-01-01T00:30:00+01:00", Invariant, DateTimeStyles.AdjustToUniversal))
                + " | " + DateTime.TryParse("9999-12-31T23:59:59-01:00", Invariant, DateTimeStyles.None, out DateTime outOfRange) + " " + outOfRange.ToString("o"));
            Line("datetime-parse-styles-bad-text", Try(() => DateTime.Parse("2024-02-30", Invariant, DateTimeStyles.None)) + " | " + Try(() => DateTime.Parse("", Invariant, DateTimeStyles.AssumeUniversal)) + " | "
                + Try(() => DateTime.Parse(null, Invariant, DateTimeStyles.None)));
            Line("datetime-parse-styles-bad-styles", Try(() => DateTime.Parse("2024-01-01", Invariant, (DateTimeStyles)256)) + " | " + Try(() => DateTime.Parse("2024-01-01", Invariant, DateTimeStyles.AssumeLocal | DateTimeStyles.AssumeUniversal)) + " | "
                + Try(() => DateTime.Parse("2024-01-01", Invariant, DateTimeStyles.RoundtripKind | DateTimeStyles.AdjustToUniversal)) + " | " + Try(() => DateTime.Parse(null, Invariant, DateTimeStyles.RoundtripKind | DateTimeStyles.AssumeLocal)) + " | "
                + Try(() => DateTime.TryParse("2024-01-01", Invariant, DateTimeStyles.AssumeLocal | DateTimeStyles.AssumeUniversal, out _)) + " | " + Try(() => Dated(DateTime.Parse("2024-01-01", Invariant, DateTimeStyles.AllowInnerWhite))));
            DateTime parsed;
            Line("datetime-tryparse-styles", DateTime.TryParse("2024-03-10T12:34:56Z", Invariant, DateTimeStyles.RoundtripKind, out parsed) + " " + Dated(parsed) + " " + DateTime.TryParse("x", Invariant, DateTimeStyles.None, out parsed) + " " + Dated(parsed) + " "
                + DateTime.TryParse(null, Invariant, DateTimeStyles.None, out parsed) + " " + Dated(parsed) + " " + DateTime.TryParse("12:34", Invariant, DateTimeStyles.NoCurrentDateDefault, out parsed) + " " + Dated(parsed) + " "
                + DateTime.TryParse("12:34", Invariant, DateTimeStyles.AssumeUniversal, out parsed) + " " + Dated(parsed));
            Line("datetime-parse-time-only", Try(() => Dated(DateTime.Parse("23:59:59.9999999"))) + " | " + Try(() => Dated(DateTime.Parse("7:05", Invariant))) + " | " + DateTime.TryParse("24:00", out parsed) + " | " + Try(() => Dated(Convert.ToDateTime("08:15:30", Invariant))));
        }

        public static void Run()
        {
            ConvertStrings();
            TimeSpanExact();
            DateTimeStyled();
        }
    }
}
