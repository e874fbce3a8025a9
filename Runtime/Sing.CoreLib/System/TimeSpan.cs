namespace System
{
    /// <summary>A time interval in 100-nanosecond ticks. ToString is .NET's constant ("c") form,
    /// "[-][d.]hh:mm:ss[.fffffff]"; formats "c", "g" and "G" are supported, custom formats throw
    /// NotSupportedException. Parse reads the "c" form; ParseExact (TimeSpan.ParseExact.cs) the standard and custom formats.</summary>
    public readonly partial struct TimeSpan : IEquatable<TimeSpan>, IComparable<TimeSpan>, IComparable, ISpanFormattable
    {
        public const long TicksPerMillisecond = 10_000;
        public const long TicksPerSecond = 10_000_000;
        public const long TicksPerMinute = 600_000_000;
        public const long TicksPerHour = 36_000_000_000;
        public const long TicksPerDay = 864_000_000_000;
        public const long TicksPerMicrosecond = 10;

        public static readonly TimeSpan Zero = new TimeSpan(0);
        public static readonly TimeSpan MaxValue = new TimeSpan(long.MaxValue);
        public static readonly TimeSpan MinValue = new TimeSpan(long.MinValue);

        private readonly long _ticks;

        public TimeSpan(long ticks) { _ticks = ticks; }
        public TimeSpan(int hours, int minutes, int seconds) : this(0, hours, minutes, seconds, 0) { }
        public TimeSpan(int days, int hours, int minutes, int seconds) : this(days, hours, minutes, seconds, 0) { }

        public TimeSpan(int days, int hours, int minutes, int seconds, int milliseconds)
        {
            long totalMilliseconds = (((long)days * 24 + hours) * 60 * 60 + (long)minutes * 60 + seconds) * 1000 + milliseconds;
            if (totalMilliseconds > long.MaxValue / TicksPerMillisecond || totalMilliseconds < long.MinValue / TicksPerMillisecond)
                throw new ArgumentOutOfRangeException(null, "TimeSpan overflowed because the duration is too long.");
            _ticks = totalMilliseconds * TicksPerMillisecond;
        }

        public long Ticks => _ticks;
        public int Days => (int)(_ticks / TicksPerDay);
        public int Hours => (int)(_ticks / TicksPerHour % 24);
        public int Minutes => (int)(_ticks / TicksPerMinute % 60);
        public int Seconds => (int)(_ticks / TicksPerSecond % 60);
        public int Milliseconds => (int)(_ticks / TicksPerMillisecond % 1000);
        public int Microseconds => (int)(_ticks / TicksPerMicrosecond % 1000);
        public int Nanoseconds => (int)(_ticks % TicksPerMicrosecond) * 100;
        public double TotalMicroseconds => (double)_ticks / TicksPerMicrosecond;
        public double TotalNanoseconds => (double)_ticks * 100.0;
        public double TotalDays => (double)_ticks / TicksPerDay;
        public double TotalHours => (double)_ticks / TicksPerHour;
        public double TotalMinutes => (double)_ticks / TicksPerMinute;
        public double TotalSeconds => (double)_ticks / TicksPerSecond;
        public double TotalMilliseconds => (double)_ticks / TicksPerMillisecond;

        public static TimeSpan FromTicks(long value) => new TimeSpan(value);
        public static TimeSpan FromDays(double value) => Interval(value, TicksPerDay);
        public static TimeSpan FromHours(double value) => Interval(value, TicksPerHour);
        public static TimeSpan FromMinutes(double value) => Interval(value, TicksPerMinute);
        public static TimeSpan FromSeconds(double value) => Interval(value, TicksPerSecond);
        public static TimeSpan FromMilliseconds(double value) => Interval(value, TicksPerMillisecond);
        public static TimeSpan FromMicroseconds(double value) => Interval(value, TicksPerMicrosecond);
        public static TimeSpan FromDays(int days) => FromUnits(days, TicksPerDay);
        public static TimeSpan FromHours(int hours) => FromUnits(hours, TicksPerHour);
        public static TimeSpan FromMinutes(long minutes) => FromUnits(minutes, TicksPerMinute);
        public static TimeSpan FromSeconds(long seconds) => FromUnits(seconds, TicksPerSecond);
        public static TimeSpan FromMilliseconds(long milliseconds, long microseconds = 0) =>
            new TimeSpan(checked(milliseconds * TicksPerMillisecond + microseconds * TicksPerMicrosecond));

        private static TimeSpan FromUnits(long units, long ticksPerUnit)
        {
            if (units > long.MaxValue / ticksPerUnit || units < long.MinValue / ticksPerUnit) throw Overflow();
            return new TimeSpan(units * ticksPerUnit);
        }

        // As .NET: the product in ticks, truncated toward zero; NaN and overflow throw.
        private static TimeSpan Interval(double value, long scale)
        {
            if (double.IsNaN(value)) throw new ArgumentException("TimeSpan does not accept floating point Not-a-Number values.");
            double ticks = value * scale;
            if (ticks > long.MaxValue || ticks < long.MinValue) throw Overflow();
            return new TimeSpan((long)ticks);
        }

        private static OverflowException Overflow() => new OverflowException("TimeSpan overflowed because the duration is too long.");

        public TimeSpan Add(TimeSpan ts)
        {
            long result = _ticks + ts._ticks;
            if ((_ticks >> 63 == ts._ticks >> 63) && (_ticks >> 63 != result >> 63)) throw Overflow();
            return new TimeSpan(result);
        }

        public TimeSpan Subtract(TimeSpan ts)
        {
            long result = _ticks - ts._ticks;
            if ((_ticks >> 63 != ts._ticks >> 63) && (_ticks >> 63 != result >> 63)) throw Overflow();
            return new TimeSpan(result);
        }

        public TimeSpan Negate()
        {
            if (_ticks == long.MinValue) throw new OverflowException("Negating the minimum value of a twos complement number is invalid.");
            return new TimeSpan(-_ticks);
        }

        public TimeSpan Duration()
        {
            if (_ticks == long.MinValue) throw new OverflowException("The duration cannot be returned for TimeSpan.MinValue because the absolute value of TimeSpan.MinValue exceeds the value of TimeSpan.MaxValue.");
            return new TimeSpan(_ticks >= 0 ? _ticks : -_ticks);
        }

        public TimeSpan Multiply(double factor) => Interval((double)_ticks * factor, 1);
        public TimeSpan Divide(double divisor) => Interval((double)_ticks / divisor, 1);
        public double Divide(TimeSpan ts) => (double)_ticks / ts._ticks;

        public static TimeSpan operator +(TimeSpan t1, TimeSpan t2) => t1.Add(t2);
        public static TimeSpan operator -(TimeSpan t1, TimeSpan t2) => t1.Subtract(t2);
        public static TimeSpan operator -(TimeSpan t) => t.Negate();
        public static TimeSpan operator +(TimeSpan t) => t;
        public static TimeSpan operator *(TimeSpan timeSpan, double factor) => timeSpan.Multiply(factor);
        public static TimeSpan operator *(double factor, TimeSpan timeSpan) => timeSpan.Multiply(factor);
        public static TimeSpan operator /(TimeSpan timeSpan, double divisor) => timeSpan.Divide(divisor);
        public static double operator /(TimeSpan t1, TimeSpan t2) => t1.Divide(t2);
        public static bool operator ==(TimeSpan t1, TimeSpan t2) => t1._ticks == t2._ticks;
        public static bool operator !=(TimeSpan t1, TimeSpan t2) => t1._ticks != t2._ticks;
        public static bool operator <(TimeSpan t1, TimeSpan t2) => t1._ticks < t2._ticks;
        public static bool operator <=(TimeSpan t1, TimeSpan t2) => t1._ticks <= t2._ticks;
        public static bool operator >(TimeSpan t1, TimeSpan t2) => t1._ticks > t2._ticks;
        public static bool operator >=(TimeSpan t1, TimeSpan t2) => t1._ticks >= t2._ticks;

        public static int Compare(TimeSpan t1, TimeSpan t2) => t1._ticks.CompareTo(t2._ticks);
        public int CompareTo(TimeSpan value) => _ticks.CompareTo(value._ticks);

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is TimeSpan t) return CompareTo(t);
            throw new ArgumentException("Object must be of type TimeSpan.");
        }

        public bool Equals(TimeSpan obj) => _ticks == obj._ticks;
        public override bool Equals(object value) => value is TimeSpan t && _ticks == t._ticks;
        public static bool Equals(TimeSpan t1, TimeSpan t2) => t1._ticks == t2._ticks;
        public override int GetHashCode() => _ticks.GetHashCode();

        public override string ToString() => ToString(null, null);
        public string ToString(string format) => ToString(format, null);

        public string ToString(string format, IFormatProvider formatProvider)
        {
            Span<char> buffer = stackalloc char[32];
            TryFormat(buffer, out int written, format, formatProvider);
            return new string(buffer.Slice(0, written));
        }

        /// <summary>"c": [-][d.]hh:mm:ss[.fffffff]; "g": [-][d:]h:mm:ss[.FFFFFFF]; "G": [-]d:hh:mm:ss.fffffff.</summary>
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider formatProvider = null)
        {
            char kind = format.Length == 0 ? 'c' : format.Length == 1 ? format[0] : '?';
            if (kind == 'T' || kind == 't') kind = 'c';
            if (kind != 'c' && kind != 'g' && kind != 'G')
                return FormattedText.TryWrite(FormatCustom(_ticks, format), destination, out charsWritten);
            var text = new Text.StringBuilder(26);
            long ticks = _ticks;
            if (ticks < 0) text.Append('-');
            ulong magnitude = ticks < 0 ? (ulong)(-(ticks + 1)) + 1 : (ulong)ticks;
            ulong days = magnitude / TicksPerDay, rest = magnitude % TicksPerDay;
            ulong hours = rest / TicksPerHour, minutes = rest / TicksPerMinute % 60, seconds = rest / TicksPerSecond % 60, fraction = rest % TicksPerSecond;
            if (kind == 'c')
            {
                if (days > 0) text.Append(days).Append('.');
                Two(text, hours).Append(':');
                Two(text, minutes).Append(':');
                Two(text, seconds);
                if (fraction > 0) text.Append('.').Append(fraction.ToString("D7"));
            }
            else if (kind == 'g')
            {
                if (days > 0) text.Append(days).Append(':');
                text.Append(hours).Append(':');
                Two(text, minutes).Append(':');
                Two(text, seconds);
                if (fraction > 0) text.Append('.').Append(fraction.ToString("D7").TrimEnd('0'));
            }
            else
            {
                text.Append(days).Append(':');
                Two(text, hours).Append(':');
                Two(text, minutes).Append(':');
                Two(text, seconds).Append('.').Append(fraction.ToString("D7"));
            }
            charsWritten = 0;
            if (text.Length > destination.Length) return false;
            for (int i = 0; i < text.Length; i++) destination[i] = text[i];
            charsWritten = text.Length;
            return true;
        }

        /// <summary>A custom format, as .NET reads one: d…dddddddd days, h/hh hours, m/mm minutes, s/ss seconds,
        /// f…fffffff fraction digits, F…FFFFFFF the same without trailing zeros, 'text' or "text" literals, \c one
        /// character, % before a lone specifier. The sign is not printed (a "\-" literal prints it). Anything else,
        /// or a specifier repeated beyond its width, is a FormatException.</summary>
        private static string FormatCustom(long ticks, ReadOnlySpan<char> format)
        {
            ulong magnitude = ticks < 0 ? (ulong)(-(ticks + 1)) + 1 : (ulong)ticks;
            ulong days = magnitude / TicksPerDay, rest = magnitude % TicksPerDay;
            ulong hours = rest / TicksPerHour, minutes = rest / TicksPerMinute % 60, seconds = rest / TicksPerSecond % 60, fraction = rest % TicksPerSecond;
            var text = new Text.StringBuilder(format.Length + 8);
            int i = 0;
            while (i < format.Length)
            {
                char c = format[i];
                int run = 1;
                while (i + run < format.Length && format[i + run] == c) run++;
                switch (c)
                {
                    case 'd':
                        if (run > 8) throw BadFormat();
                        text.Append(days.ToString("D" + run.ToString()));
                        break;
                    case 'h':
                    case 'm':
                    case 's':
                        if (run > 2) throw BadFormat();
                        ulong part = c == 'h' ? hours : c == 'm' ? minutes : seconds;
                        if (run == 2) Two(text, part);
                        else text.Append(part);
                        break;
                    case 'f':
                    case 'F':
                        if (run > 7) throw BadFormat();
                        string digits = fraction.ToString("D7").Substring(0, run);
                        text.Append(c == 'F' ? digits.TrimEnd('0') : digits);
                        break;
                    case '\'':
                    case '"':
                        int close = format.Slice(i + 1).IndexOf(c);
                        if (close < 0) throw BadFormat();
                        text.Append(format.Slice(i + 1, close));
                        run = close + 2;
                        break;
                    case '\\':
                        if (i + 1 >= format.Length) throw BadFormat();
                        text.Append(format[i + 1]);
                        run = 2;
                        break;
                    case '%':
                        if (i + 1 >= format.Length || format[i + 1] == '%') throw BadFormat();
                        run = 1;
                        break;
                    default:
                        throw BadFormat();
                }
                i += run;
            }
            return text.ToString();
        }

        private static FormatException BadFormat() => new FormatException("Input string was not in a correct format.");

        private static Text.StringBuilder Two(Text.StringBuilder text, ulong value) => text.Append((char)('0' + value / 10)).Append((char)('0' + value % 10));

        public static TimeSpan Parse(string s)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (!TryParse(s, out TimeSpan result)) throw new FormatException("String '" + s + "' was not recognized as a valid TimeSpan.");
            return result;
        }

        public static TimeSpan Parse(string input, IFormatProvider formatProvider) => Parse(input);

        /// <summary>The one culture is the invariant one, so the provider changes nothing.</summary>
        public static bool TryParse(string input, IFormatProvider formatProvider, out TimeSpan result) => TryParse(input, out result);

        /// <summary>[ws][-]{ d | [d.]hh:mm[:ss[.ff]] }[ws], as the invariant culture reads it.</summary>
        public static bool TryParse(string s, out TimeSpan result)
        {
            result = Zero;
            if (s is null) return false;
            string t = s.Trim();
            bool negative = t.StartsWith('-');
            if (negative) t = t.Substring(1);
            long days = 0;
            int colon = t.IndexOf(':');
            if (colon < 0)
            {
                if (!long.TryParse(t, out days) || days > 10675199) return false;
                result = new TimeSpan((negative ? -days : days) * TicksPerDay);
                return true;
            }
            int dot = t.IndexOf('.');
            if (dot >= 0 && dot < colon)
            {
                if (!long.TryParse(t.Substring(0, dot), out days)) return false;
                t = t.Substring(dot + 1);
            }
            string[] parts = t.Split(':');
            if (parts.Length < 2 || parts.Length > 3) return false;
            if (!int.TryParse(parts[0], out int hours) || hours > 23 || !int.TryParse(parts[1], out int minutes) || minutes > 59) return false;
            int seconds = 0;
            long fraction = 0;
            if (parts.Length == 3)
            {
                string sec = parts[2];
                int point = sec.IndexOf('.');
                if (point >= 0)
                {
                    string digits = sec.Substring(point + 1);
                    if (digits.Length == 0 || digits.Length > 7 || !long.TryParse(digits, out fraction)) return false;
                    for (int i = digits.Length; i < 7; i++) fraction *= 10;
                    sec = sec.Substring(0, point);
                }
                if (!int.TryParse(sec, out seconds) || seconds > 59) return false;
            }
            long ticks = days * TicksPerDay + hours * TicksPerHour + minutes * TicksPerMinute + seconds * TicksPerSecond + fraction;
            result = new TimeSpan(negative ? -ticks : ticks);
            return true;
        }
    }
}
