using System.Globalization;
using System.Text;

namespace System
{
    /// <summary>DateTime text in the invariant culture. Standard formats d D f F g G m M o O r R s t T u y Y
    /// expand to custom patterns; custom patterns support d dd ddd dddd, M MM MMM MMMM, y yy yyy yyyy yyyyy,
    /// h hh H HH, m mm, s ss, f..fffffff, F..FFFFFFF, t tt, K, z zz zzz (UTC offset 0 for Utc and Local: there are
    /// no time zones), : / as literal separators, quoted literals and \ escapes. Parse reads ISO 8601
    /// (yyyy-MM-dd[THH:mm[:ss[.fffffff]]][Z]) and the invariant "MM/dd/yyyy[ HH:mm[:ss]]".</summary>
    public readonly partial struct DateTime
    {
        private static readonly string[] s_dayNames = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
        private static readonly string[] s_monthNames =
            { "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December" };

        public override string ToString() => ToString(null, null);
        public string ToString(string format) => ToString(format, null);
        public string ToString(IFormatProvider provider) => ToString(null, provider);

        public string ToString(string format, IFormatProvider provider) => Format(this, format);

        public string ToShortDateString() => Format(this, "d");
        public string ToLongDateString() => Format(this, "D");
        public string ToShortTimeString() => Format(this, "t");
        public string ToLongTimeString() => Format(this, "T");

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
        {
            return FormattedText.TryWrite(Format(this, format.Length == 0 ? null : new string(format)), destination, out charsWritten);
        }

        private static string Expand(string format) => format switch
        {
            "d" => "MM/dd/yyyy",
            "D" => "dddd, dd MMMM yyyy",
            "f" => "dddd, dd MMMM yyyy HH:mm",
            "F" => "dddd, dd MMMM yyyy HH:mm:ss",
            "g" => "MM/dd/yyyy HH:mm",
            "G" => "MM/dd/yyyy HH:mm:ss",
            "m" or "M" => "MMMM dd",
            "o" or "O" => "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffffK",
            "r" or "R" => "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'",
            "s" => "yyyy'-'MM'-'dd'T'HH':'mm':'ss",
            "t" => "HH:mm",
            "T" => "HH:mm:ss",
            "u" => "yyyy'-'MM'-'dd HH':'mm':'ss'Z'",
            "y" or "Y" => "yyyy MMMM",
            _ when format.Length == 1 => throw new FormatException("Input string was not in a correct format."),
            _ => format,
        };

        private static string Format(DateTime value, string format)
        {
            string pattern = Expand(string.IsNullOrEmpty(format) ? "G" : format);
            var text = new StringBuilder(pattern.Length + 8);
            value.GetDatePart(out int year, out int month, out int day);
            int i = 0;
            while (i < pattern.Length)
            {
                char c = pattern[i];
                int run = 1;
                while (i + run < pattern.Length && pattern[i + run] == c) run++;
                switch (c)
                {
                    case 'd':
                        if (run == 1) text.Append(day);
                        else if (run == 2) Pad(text, day, 2);
                        else if (run == 3) text.Append(s_dayNames[(int)value.DayOfWeek], 0, 3);
                        else text.Append(s_dayNames[(int)value.DayOfWeek]);
                        break;
                    case 'M':
                        if (run == 1) text.Append(month);
                        else if (run == 2) Pad(text, month, 2);
                        else if (run == 3) text.Append(s_monthNames[month - 1], 0, 3);
                        else text.Append(s_monthNames[month - 1]);
                        break;
                    case 'y':
                        if (run == 1) text.Append(year % 100);
                        else if (run == 2) Pad(text, year % 100, 2);
                        else Pad(text, year, run);
                        break;
                    case 'h':
                        int hour12 = value.Hour % 12 == 0 ? 12 : value.Hour % 12;
                        if (run == 1) text.Append(hour12); else Pad(text, hour12, 2);
                        break;
                    case 'H':
                        if (run == 1) text.Append(value.Hour); else Pad(text, value.Hour, 2);
                        break;
                    case 'm':
                        if (run == 1) text.Append(value.Minute); else Pad(text, value.Minute, 2);
                        break;
                    case 's':
                        if (run == 1) text.Append(value.Second); else Pad(text, value.Second, 2);
                        break;
                    case 'f':
                    case 'F':
                    {
                        if (run > 7) throw new FormatException("Input string was not in a correct format.");
                        long fraction = value.Ticks % TimeSpan.TicksPerSecond;
                        for (int k = run; k < 7; k++) fraction /= 10;
                        string digits = fraction.ToString("D" + run.ToString());
                        if (c == 'F')
                        {
                            digits = digits.TrimEnd('0');
                            if (digits.Length == 0 && text.Length > 0 && text[text.Length - 1] == '.') text.Length--;
                        }
                        text.Append(digits);
                        break;
                    }
                    case 't':
                        string designator = value.Hour < 12 ? "AM" : "PM";
                        text.Append(run == 1 ? designator.Substring(0, 1) : designator);
                        break;
                    case 'K':
                        if (value.Kind == DateTimeKind.Utc) text.Append('Z');
                        else if (value.Kind == DateTimeKind.Local) text.Append("+00:00");
                        break;
                    case 'z':
                        text.Append(run == 1 ? "+0" : run == 2 ? "+00" : "+00:00");
                        break;
                    case '\'':
                    case '"':
                    {
                        int end = pattern.IndexOf(c, i + 1);
                        if (end < 0) throw new FormatException("Cannot find a matching quote character for the character '" + c + "'.");
                        text.Append(pattern, i + 1, end - i - 1);
                        run = end - i + 1;
                        break;
                    }
                    case '\\':
                        if (i + 1 >= pattern.Length) throw new FormatException("Input string was not in a correct format.");
                        text.Append(pattern[i + 1]);
                        run = 2;
                        break;
                    case '%':
                        run = 1;
                        break;
                    default:
                        text.Append(c, run);
                        break;
                }
                i += run;
            }
            return text.ToString();
        }

        private static void Pad(StringBuilder text, int value, int width)
        {
            string digits = value.ToString();
            for (int k = digits.Length; k < width; k++) text.Append('0');
            text.Append(digits);
        }

        public static DateTime Parse(string s) => Parse(s, null, DateTimeStyles.None);

        public static DateTime Parse(string s, IFormatProvider provider) => Parse(s, provider, DateTimeStyles.None);

        public static bool TryParse(string s, out DateTime result) => TryParse(s, null, DateTimeStyles.None, out result);

        public static bool TryParse(string s, IFormatProvider provider, out DateTime result) => TryParse(s, provider, DateTimeStyles.None, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out DateTime result) => TryParse(s.ToString(), null, DateTimeStyles.None, out result);

        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out DateTime result) => TryParse(s.ToString(), provider, DateTimeStyles.None, out result);

        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, DateTimeStyles styles, out DateTime result) => TryParse(s.ToString(), provider, styles, out result);

        /// <summary>The forms Parse accepts (ISO 8601 "yyyy-MM-dd[THH:mm[:ss[.fffffff]]]" and the invariant
        /// "MM/dd/yyyy[ HH:mm[:ss]]"), each optionally followed by an offset: "Z", "+hh:mm", "-hh:mm", "+hhmm" or "+hh"
        /// (after a space too). <paramref name="clock"/> is the time as written; the offset is given apart.</summary>
        internal static bool TryParseWithOffset(string s, out DateTime clock, out int offsetMinutes, out bool hasOffset) =>
            TryParseText(s, out clock, out offsetMinutes, out hasOffset, out _, out bool timeOnly) && !timeOnly;

        /// <summary>As TryParseWithOffset, and a time alone ("HH:mm[:ss[.fffffff]]", <paramref name="timeOnly"/>,
        /// the clock on 0001-01-01) too; <paramref name="isZulu"/> tells a "Z" offset from "+00:00".</summary>
        internal static bool TryParseText(string s, out DateTime clock, out int offsetMinutes, out bool hasOffset, out bool isZulu, out bool timeOnly)
        {
            clock = MinValue;
            offsetMinutes = 0;
            hasOffset = false;
            isZulu = false;
            timeOnly = false;
            if (s is null) return false;
            string t = s.Trim();
            try
            {
                t = StripOffset(t, out offsetMinutes, out hasOffset, out isZulu);
                if (t is null) return false;
                if (t.Length >= 10 && t[4] == '-' && t[7] == '-') return TryIso(t, out clock);
                if (t.Length >= 8 && (t.IndexOf('/') is 1 or 2)) return TrySlashed(t, out clock);
                if (t.IndexOf(':') is 1 or 2 && t.IndexOf('-') < 0 && t.IndexOf('/') < 0 && TryTime(t, out long ticks))
                {
                    clock = new DateTime(ticks);
                    timeOnly = true;
                    return true;
                }
            }
            catch (ArgumentOutOfRangeException)
            {
                return false;
            }
            return false;
        }

        /// <summary>The text without its trailing offset (null when the offset is malformed or out of ±14:00).</summary>
        private static string StripOffset(string t, out int offsetMinutes, out bool hasOffset, out bool isZulu)
        {
            offsetMinutes = 0;
            hasOffset = false;
            isZulu = false;
            // "Z" after a date (yyyy-MM-dd Z) or after a time (12:34Z).
            if ((t.Length > 10 || t.IndexOf(':') >= 0) && (t[t.Length - 1] == 'Z' || t[t.Length - 1] == 'z'))
            {
                hasOffset = true;
                isZulu = true;
                return t.Substring(0, t.Length - 1).TrimEnd();
            }
            // A sign after the first ':' of the time: the date's own '-' separators come before it.
            int sign = Math.Max(t.LastIndexOf('+'), t.LastIndexOf('-'));
            if (sign < 0 || t.IndexOf(':') < 0 || t.IndexOf(':') > sign) return t;
            string digits = t.Substring(sign + 1).Replace(":", "");
            if ((digits.Length != 2 && digits.Length != 4) || !int.TryParse(digits, NumberStyles.None, null, out int hhmm)) return null;
            int hours = digits.Length == 2 ? hhmm : hhmm / 100, minutes = digits.Length == 2 ? 0 : hhmm % 100;
            if (minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
            offsetMinutes = (hours * 60 + minutes) * (t[sign] == '-' ? -1 : 1);
            hasOffset = true;
            return t.Substring(0, sign).TrimEnd();
        }

        private static bool TryIso(string t, out DateTime result)
        {
            result = MinValue;
            if (!int.TryParse(t.AsSpan(0, 4), NumberStyles.None, null, out int y) || !int.TryParse(t.AsSpan(5, 2), NumberStyles.None, null, out int mo)
                || !int.TryParse(t.AsSpan(8, 2), NumberStyles.None, null, out int d)) return false;
            var date = new DateTime(y, mo, d);
            if (t.Length == 10) { result = date; return true; }
            if (t[10] != 'T' && t[10] != ' ') return false;
            if (!TryTime(t.Substring(11), out long ticks)) return false;
            result = new DateTime(date.Ticks + ticks);
            return true;
        }

        private static bool TrySlashed(string t, out DateTime result)
        {
            result = MinValue;
            int space = t.IndexOf(' ');
            string datePart = space < 0 ? t : t.Substring(0, space);
            string[] parts = datePart.Split('/');
            if (parts.Length != 3 || !int.TryParse(parts[0], NumberStyles.None, null, out int mo) || !int.TryParse(parts[1], NumberStyles.None, null, out int d)
                || !int.TryParse(parts[2], NumberStyles.None, null, out int y) || parts[2].Length != 4) return false;
            var date = new DateTime(y, mo, d);
            if (space < 0) { result = date; return true; }
            if (!TryTime(t.Substring(space + 1).Trim(), out long ticks)) return false;
            result = new DateTime(date.Ticks + ticks);
            return true;
        }

        // HH:mm[:ss[.fffffff]]
        private static bool TryTime(string time, out long ticks)
        {
            ticks = 0;
            string[] parts = time.Split(':');
            if (parts.Length < 2 || parts.Length > 3) return false;
            if (!int.TryParse(parts[0], NumberStyles.None, null, out int h) || h > 23 || !int.TryParse(parts[1], NumberStyles.None, null, out int mi) || mi > 59) return false;
            int sec = 0;
            long fraction = 0;
            if (parts.Length == 3)
            {
                string s = parts[2];
                int dot = s.IndexOf('.');
                if (dot >= 0)
                {
                    string digits = s.Substring(dot + 1);
                    if (digits.Length == 0 || digits.Length > 7 || !long.TryParse(digits, NumberStyles.None, null, out fraction)) return false;
                    for (int k = digits.Length; k < 7; k++) fraction *= 10;
                    s = s.Substring(0, dot);
                }
                if (!int.TryParse(s, NumberStyles.None, null, out sec) || sec > 59) return false;
            }
            ticks = h * TimeSpan.TicksPerHour + mi * TimeSpan.TicksPerMinute + sec * TimeSpan.TicksPerSecond + fraction;
            return true;
        }
    }
}
