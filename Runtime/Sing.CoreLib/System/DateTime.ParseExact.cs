using System.Globalization;

namespace System
{
    /// <summary>DateTime.ParseExact/TryParseExact: the text must follow the format (a standard format's invariant
    /// pattern, or a custom one) exactly, as .NET's exact parse reads it: d/M/y/h/H/m/s take one or two digits,
    /// dd/MM/yy/hh/HH/mm/ss exactly two, yyyy four, f..fffffff exactly that many and F..FFFFFFF up to that many, ddd/dddd
    /// and MMM/MMMM names in any case (a day name must be the date's), t/tt A/P or AM/PM, z/zz/zzz/K offsets ("Z",
    /// "+hh", "+hh:mm"); other characters match themselves, quoted text and \ escapes too. Two-digit years are
    /// 1950-2049. A missing date is today's (0001-01-01 with NoCurrentDateDefault); an offset converts to local time
    /// (UTC here) unless the styles say otherwise.</summary>
    public readonly partial struct DateTime
    {
        public static DateTime ParseExact(string s, string format, IFormatProvider provider) => ParseExact(s, format, provider, DateTimeStyles.None);

        public static DateTime ParseExact(string s, string format, IFormatProvider provider, DateTimeStyles style)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (format is null) throw new ArgumentNullException(nameof(format));
            return ParseExact(s, new[] { format }, provider, style);
        }

        public static DateTime ParseExact(string s, string[] formats, IFormatProvider provider, DateTimeStyles style)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (formats is null) throw new ArgumentNullException(nameof(formats));
            if (formats.Length == 0) throw new FormatException("Format specifier '' was invalid.");
            foreach (string format in formats)
            {
                if (string.IsNullOrEmpty(format)) throw new FormatException("Format specifier '" + format + "' was invalid.");
                if (TryParseExactCore(s, format, style, out DateTime result)) return result;
            }
            throw new FormatException("String '" + s + "' was not recognized as a valid DateTime.");
        }

        public static bool TryParseExact(string s, string format, IFormatProvider provider, DateTimeStyles style, out DateTime result)
        {
            result = MinValue;
            return s is not null && !string.IsNullOrEmpty(format) && TryParseExactCore(s, format, style, out result);
        }

        public static bool TryParseExact(string s, string[] formats, IFormatProvider provider, DateTimeStyles style, out DateTime result)
        {
            result = MinValue;
            if (s is null || formats is null) return false;
            foreach (string format in formats)
                if (!string.IsNullOrEmpty(format) && TryParseExactCore(s, format, style, out result)) return true;
            result = MinValue;
            return false;
        }

        private static bool TryParseExactCore(string s, string format, DateTimeStyles style, out DateTime result)
        {
            result = MinValue;
            if (!TryParseExactClock(s, format, style, out DateTime clock, out ExactParser.Parts parts)) return false;
            try
            {
                result = WithKind(clock.Ticks, parts, style);
                return true;
            }
            catch (ArgumentOutOfRangeException)
            {
                return false;
            }
        }

        /// <summary>The time as written (kind Unspecified) and the offset written with it, if any: DateTimeOffset's exact parse.</summary>
        internal static bool TryParseExactWithOffset(string s, string format, DateTimeStyles style, out DateTime clock, out int offsetMinutes, out bool hasOffset)
        {
            bool ok = TryParseExactClock(s, format, style, out clock, out ExactParser.Parts parts);
            offsetMinutes = parts.OffsetMinutes;
            hasOffset = parts.HasOffset;
            return ok;
        }

        private static bool TryParseExactClock(string s, string format, DateTimeStyles style, out DateTime clock, out ExactParser.Parts parts)
        {
            clock = MinValue;
            if (!ExactParser.TryRead(s, format, style, out parts)) return false;
            try
            {
                DateTime date = parts.HasDate ? new DateTime(parts.Year, parts.Month, parts.Day)
                    : (style & DateTimeStyles.NoCurrentDateDefault) != 0 ? MinValue : Today;
                if (parts.DayOfWeek >= 0 && (int)date.DayOfWeek != parts.DayOfWeek) return false;
                clock = new DateTime(date.Ticks + parts.Hour * TimeSpan.TicksPerHour + parts.Minute * TimeSpan.TicksPerMinute
                    + parts.Second * TimeSpan.TicksPerSecond + parts.Fraction);
                return true;
            }
            catch (ArgumentOutOfRangeException)
            {
                return false;
            }
        }

        // The kind .NET gives: an offset converts the time to local (UTC here), or to UTC with AdjustToUniversal; "Z"
        // with RoundtripKind stays UTC; AssumeUniversal/AssumeLocal give a time without an offset one.
        private static DateTime WithKind(long ticks, in ExactParser.Parts parts, DateTimeStyles style)
        {
            bool toUniversal = (style & DateTimeStyles.AdjustToUniversal) != 0;
            if (parts.HasOffset)
            {
                long utc = ticks - parts.OffsetMinutes * TimeSpan.TicksPerMinute;
                if (utc < MinValue.Ticks || utc > MaxValue.Ticks) throw new ArgumentOutOfRangeException(nameof(ticks));
                if (parts.IsZulu && (style & DateTimeStyles.RoundtripKind) != 0) return new DateTime(utc, DateTimeKind.Utc);
                return new DateTime(utc, toUniversal ? DateTimeKind.Utc : DateTimeKind.Local);
            }
            if ((style & DateTimeStyles.AssumeUniversal) != 0) return new DateTime(ticks, toUniversal ? DateTimeKind.Utc : DateTimeKind.Local);
            if ((style & DateTimeStyles.AssumeLocal) != 0) return new DateTime(ticks, toUniversal ? DateTimeKind.Utc : DateTimeKind.Local);
            return new DateTime(ticks, DateTimeKind.Unspecified);
        }

        /// <summary>Reads text against a pattern into parts (no calendar checks beyond each field's range).</summary>
        private ref struct ExactParser
        {
            public struct Parts
            {
                public int Year, Month, Day, Hour, Minute, Second, DayOfWeek, OffsetMinutes;
                public long Fraction;
                public bool HasDate, HasOffset, IsZulu;
            }

            private readonly string _text;
            private readonly DateTimeStyles _style;
            private int _at;

            private ExactParser(string text, DateTimeStyles style)
            {
                _text = text;
                _style = style;
                _at = 0;
            }

            public static bool TryRead(string text, string format, DateTimeStyles style, out Parts parts)
            {
                parts = default;
                parts.DayOfWeek = -1;
                var reader = new ExactParser(text, style);
                string pattern = Expand(format);
                if ((style & DateTimeStyles.AllowLeadingWhite) != 0) reader.SkipWhite();
                int hour12 = -1, meridiem = -1, year = -1, month = -1, day = -1;
                int twoDigitYear = -1;
                for (int i = 0; i < pattern.Length;)
                {
                    char c = pattern[i];
                    int run = 1;
                    while (i + run < pattern.Length && pattern[i + run] == c) run++;
                    bool ok;
                    switch (c)
                    {
                        case 'd':
                            if (run <= 2) ok = reader.Number(run, 2, out day);
                            else
                            {
                                ok = reader.Name(s_dayNames, run == 3, out int dow);
                                parts.DayOfWeek = dow;
                            }
                            break;
                        case 'M':
                            if (run <= 2) ok = reader.Number(run, 2, out month);
                            else
                            {
                                ok = reader.Name(s_monthNames, run == 3, out int m);
                                month = m + 1;
                            }
                            break;
                        case 'y':
                            if (run <= 2)
                            {
                                ok = reader.Number(run, 2, out twoDigitYear);
                                year = -1;
                            }
                            else ok = reader.Number(run, run, out year);
                            break;
                        case 'h':
                            ok = reader.Number(Math.Min(run, 2), 2, out hour12) && hour12 >= 1 && hour12 <= 12;
                            break;
                        case 'H':
                            ok = reader.Number(Math.Min(run, 2), 2, out parts.Hour) && parts.Hour <= 23;
                            break;
                        case 'm':
                            ok = reader.Number(Math.Min(run, 2), 2, out parts.Minute) && parts.Minute <= 59;
                            break;
                        case 's':
                            ok = reader.Number(Math.Min(run, 2), 2, out parts.Second) && parts.Second <= 59;
                            break;
                        case 'f':
                        case 'F':
                            ok = run <= 7 && reader.Fraction(c == 'f' ? run : 0, run, out parts.Fraction);
                            break;
                        case 't':
                            ok = reader.Meridiem(run == 1, out meridiem);
                            break;
                        case 'z':
                        case 'K':
                            ok = reader.Offset(c == 'K', ref parts);
                            break;
                        case '\'':
                        case '"':
                        {
                            int end = pattern.IndexOf(c, i + 1);
                            if (end < 0) return false;
                            ok = reader.Literal(pattern.Substring(i + 1, end - i - 1));
                            run = end - i + 1;
                            break;
                        }
                        case '\\':
                            ok = i + 1 < pattern.Length && reader.Literal(pattern[i + 1].ToString());
                            run = 2;
                            break;
                        case '%':
                            ok = true;
                            run = 1;
                            break;
                        default:
                            ok = true;
                            for (int k = 0; k < run && ok; k++) ok = reader.Character(c);
                            break;
                    }
                    if (!ok) return false;
                    i += run;
                }
                if ((style & DateTimeStyles.AllowTrailingWhite) != 0) reader.SkipWhite();
                if (reader._at != text.Length) return false;
                if (twoDigitYear >= 0) year = twoDigitYear < 50 ? 2000 + twoDigitYear : 1900 + twoDigitYear;
                if (hour12 >= 0) parts.Hour = hour12 % 12 + (meridiem == 1 ? 12 : 0);
                else if (meridiem >= 0 && parts.Hour < 12 != (meridiem == 0)) return false;
                parts.HasDate = year >= 0 || month >= 0 || day >= 0;
                if (parts.HasDate)
                {
                    // A missing year is this year's, a missing month or day the first, as .NET fills them.
                    parts.Year = year >= 0 ? year : Today.Year;
                    parts.Month = month >= 0 ? month : 1;
                    parts.Day = day >= 0 ? day : 1;
                }
                return true;
            }

            private void SkipWhite()
            {
                while (_at < _text.Length && char.IsWhiteSpace(_text[_at])) _at++;
            }

            private bool Number(int minDigits, int maxDigits, out int value)
            {
                value = 0;
                int start = _at;
                while (_at < _text.Length && _at - start < maxDigits && _text[_at] >= '0' && _text[_at] <= '9')
                    value = value * 10 + (_text[_at++] - '0');
                return _at - start >= minDigits;
            }

            // Exactly `exact` digits (f), or up to `max` (F); scaled to ticks.
            private bool Fraction(int exact, int max, out long ticks)
            {
                ticks = 0;
                int start = _at;
                while (_at < _text.Length && _at - start < max && _text[_at] >= '0' && _text[_at] <= '9')
                    ticks = ticks * 10 + (_text[_at++] - '0');
                int digits = _at - start;
                if (digits < exact) return false;
                for (int k = digits; k < 7; k++) ticks *= 10;
                return true;
            }

            private bool Name(string[] names, bool abbreviated, out int index)
            {
                // The longest match first: "June" before "Jun" is not an issue for full names, but abbreviations all have 3.
                for (index = 0; index < names.Length; index++)
                {
                    string name = abbreviated ? names[index].Substring(0, 3) : names[index];
                    if (_at + name.Length <= _text.Length && string.Compare(_text, _at, name, 0, name.Length, StringComparison.OrdinalIgnoreCase) == 0)
                    {
                        _at += name.Length;
                        return true;
                    }
                }
                return false;
            }

            private bool Meridiem(bool oneLetter, out int meridiem)
            {
                meridiem = -1;
                string[] designators = { "AM", "PM" };
                for (int k = 0; k < 2; k++)
                {
                    string d = oneLetter ? designators[k].Substring(0, 1) : designators[k];
                    if (_at + d.Length <= _text.Length && string.Compare(_text, _at, d, 0, d.Length, StringComparison.OrdinalIgnoreCase) == 0)
                    {
                        _at += d.Length;
                        meridiem = k;
                        return true;
                    }
                }
                return false;
            }

            private bool Offset(bool kindSpecifier, ref Parts parts)
            {
                if (_at < _text.Length && (_text[_at] == 'Z' || _text[_at] == 'z'))
                {
                    _at++;
                    parts.HasOffset = parts.IsZulu = true;
                    return true;
                }
                if (_at >= _text.Length) return kindSpecifier;   // K matches nothing for an unspecified kind
                char sign = _text[_at];
                if (sign != '+' && sign != '-') return kindSpecifier;
                _at++;
                if (!Number(1, 2, out int hours)) return false;
                int minutes = 0;
                if (_at < _text.Length && _text[_at] == ':')
                {
                    _at++;
                    if (!Number(2, 2, out minutes)) return false;
                }
                else if (_at + 1 < _text.Length && char.IsAsciiDigit(_text[_at]) && char.IsAsciiDigit(_text[_at + 1]) && !Number(2, 2, out minutes)) return false;
                if (minutes > 59 || hours * 60 + minutes > 14 * 60) return false;
                parts.OffsetMinutes = (hours * 60 + minutes) * (sign == '-' ? -1 : 1);
                parts.HasOffset = true;
                return true;
            }

            private bool Literal(string literal)
            {
                for (int k = 0; k < literal.Length; k++)
                    if (!Character(literal[k])) return false;
                return true;
            }

            // A white space of the pattern also matches a run of them with AllowInnerWhite.
            private bool Character(char c)
            {
                if (char.IsWhiteSpace(c) && (_style & DateTimeStyles.AllowInnerWhite) != 0)
                {
                    SkipWhite();
                    return true;
                }
                if (_at >= _text.Length || _text[_at] != c) return false;
                _at++;
                return true;
            }
        }
    }
}
