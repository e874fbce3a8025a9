namespace System
{
    /// <summary>Why TimeSpan text did not parse; each maps to the exception .NET throws for it.</summary>
    internal enum TimeSpanParseError
    {
        None,
        /// <summary>FormatException "String '…' was not recognized as a valid TimeSpan."</summary>
        BadTimeSpan,
        /// <summary>OverflowException: a component out of range or with too many digits.</summary>
        Overflow,
        /// <summary>FormatException "Input string was not in a correct format." (text not matching a custom format).</summary>
        InvalidString,
        /// <summary>FormatException "Format specifier '…' was invalid." (an unknown one-character or empty format).</summary>
        BadFormatSpecifier,
        /// <summary>FormatException: a quoted literal in the format is not closed.</summary>
        BadQuote,
        /// <summary>FormatException: an empty array of formats.</summary>
        NoFormatSpecifiers,
    }

    /// <summary>TimeSpan.ParseExact's reading of text against one format, as .NET reads it with the invariant culture:
    /// "c" (also "t", "T") the constant form [ws][-]{d | [d.]h:m[:s][.f]}[ws]; "g" the general form
    /// [-][d:]h:m[:s[.f]] or [-]d; "G" only [-]d:h:m:s.f; anything longer a custom format (d..dddddddd, h, hh, m,
    /// mm, s, ss, f..fffffff, F..FFFFFFF, 'literal', "literal", \c, %x). Kept free of the TimeSpan type (it gives
    /// ticks) so the host tests can run it against the real runtime.</summary>
    internal static class TimeSpanParser
    {
        private const long TicksPerSecond = 10_000_000;
        private const long TicksPerMinute = 60 * TicksPerSecond;
        private const long TicksPerHour = 60 * TicksPerMinute;
        private const long TicksPerDay = 24 * TicksPerHour;
        private const int MaxDays = 10_675_199; // long.MaxValue ticks in whole days
        private const long MaxMilliseconds = long.MaxValue / 10_000;

        /// <summary>Parses <paramref name="input"/> by one <paramref name="format"/>. <paramref name="quote"/> is the
        /// unmatched quote character when the result is BadQuote.</summary>
        public static TimeSpanParseError ParseExact(ReadOnlySpan<char> input, ReadOnlySpan<char> format, bool assumeNegative, out long ticks, out char quote)
        {
            ticks = 0;
            quote = '\0';
            if (format.Length == 0) return TimeSpanParseError.BadFormatSpecifier;
            if (format.Length == 1)
            {
                // One character is a standard format; these ignore AssumeNegative, as .NET's do.
                switch (format[0])
                {
                    case 'c':
                    case 't':
                    case 'T':
                        return ParseConstant(input, out ticks);
                    case 'g':
                        return ParseGeneral(input, false, out ticks);
                    case 'G':
                        return ParseGeneral(input, true, out ticks);
                    default:
                        return TimeSpanParseError.BadFormatSpecifier;
                }
            }
            return ParseCustom(input, format, assumeNegative, out ticks, out quote);
        }

        /// <summary>Parses by each format in turn, the first that reads the whole input winning. A null or empty
        /// format met before that is BadFormatSpecifier; any other failure of them all is BadTimeSpan.</summary>
        public static TimeSpanParseError ParseExactAny(ReadOnlySpan<char> input, string[] formats, bool assumeNegative, out long ticks)
        {
            ticks = 0;
            if (input.Length == 0) return TimeSpanParseError.BadTimeSpan;
            if (formats.Length == 0) return TimeSpanParseError.NoFormatSpecifiers;
            foreach (string format in formats)
            {
                if (string.IsNullOrEmpty(format)) return TimeSpanParseError.BadFormatSpecifier;
                if (ParseExact(input, format.AsSpan(), assumeNegative, out ticks, out _) == TimeSpanParseError.None) return TimeSpanParseError.None;
            }
            ticks = 0;
            return TimeSpanParseError.BadTimeSpan;
        }

        /// <summary>The exception .NET throws for <paramref name="error"/> (format is "" after a null or empty
        /// entry in an array of formats).</summary>
        public static Exception Failure(TimeSpanParseError error, ReadOnlySpan<char> input, ReadOnlySpan<char> format, char quote) => error switch
        {
            TimeSpanParseError.Overflow => new OverflowException("The TimeSpan string '" + input.ToString() + "' could not be parsed because at least one of the numeric components is out of range or contains too many digits."),
            TimeSpanParseError.InvalidString => new FormatException("Input string was not in a correct format."),
            TimeSpanParseError.BadFormatSpecifier => new FormatException("Format specifier '" + format.ToString() + "' was invalid."),
            TimeSpanParseError.BadQuote => new FormatException("Cannot find a matching quote character for the character '" + quote.ToString() + "'."),
            TimeSpanParseError.NoFormatSpecifiers => new FormatException("No format specifiers were provided."),
            _ => new FormatException("String '" + input.ToString() + "' was not recognized as a valid TimeSpan."),
        };

        // ---- "c": a hand-written reader, blanks being only ' ' and '\t' ----

        private static TimeSpanParseError ParseConstant(ReadOnlySpan<char> s, out long ticks)
        {
            ticks = 0;
            int pos = 0;
            while (pos < s.Length && (s[pos] == ' ' || s[pos] == '\t')) pos++;
            bool negative = pos < s.Length && s[pos] == '-';
            if (negative) pos++;
            int digitsEnd = pos;
            while (digitsEnd < s.Length && char.IsAsciiDigit(s[digitsEnd])) digitsEnd++;
            long time;
            TimeSpanParseError error;
            if (digitsEnd < s.Length && s[digitsEnd] == ':')
            {
                error = ConstantTime(s, ref pos, out time);
                if (error != TimeSpanParseError.None) return error;
            }
            else
            {
                error = ConstantInt(s, ref pos, MaxDays, out int days);
                if (error != TimeSpanParseError.None) return error;
                time = days * TicksPerDay;
                if (pos < s.Length && s[pos] == '.')
                {
                    pos++;
                    error = ConstantTime(s, ref pos, out long rest);
                    if (error != TimeSpanParseError.None) return error;
                    time = unchecked(time + rest);
                }
            }
            // The sum may pass long.MaxValue; negated it is still in range only when it is exactly 2^63.
            if (negative)
            {
                time = unchecked(-time);
                if (time > 0) return TimeSpanParseError.Overflow;
            }
            else if (time < 0)
            {
                return TimeSpanParseError.Overflow;
            }
            while (pos < s.Length && (s[pos] == ' ' || s[pos] == '\t')) pos++;
            if (pos < s.Length) return TimeSpanParseError.BadTimeSpan;
            ticks = time;
            return TimeSpanParseError.None;
        }

        // Digits up to max; too many digits is an overflow as soon as it is seen, none at all a bad TimeSpan.
        private static TimeSpanParseError ConstantInt(ReadOnlySpan<char> s, ref int pos, int max, out int value)
        {
            value = 0;
            int start = pos;
            while (pos < s.Length && char.IsAsciiDigit(s[pos]))
            {
                if ((value & 0xF0000000) != 0) return TimeSpanParseError.Overflow;
                value = unchecked(value * 10 + (s[pos] - '0'));
                if (value < 0) return TimeSpanParseError.Overflow;
                pos++;
            }
            if (pos == start) return TimeSpanParseError.BadTimeSpan;
            return value > max ? TimeSpanParseError.Overflow : TimeSpanParseError.None;
        }

        // h:m[:[s][.fffffff]] — the seconds may be left out before a fraction ("1:2:.5"); digits past seven stay unread.
        private static TimeSpanParseError ConstantTime(ReadOnlySpan<char> s, ref int pos, out long time)
        {
            time = 0;
            TimeSpanParseError error = ConstantInt(s, ref pos, 23, out int unit);
            if (error != TimeSpanParseError.None) return error;
            time = unit * TicksPerHour;
            if (pos >= s.Length || s[pos] != ':') return TimeSpanParseError.BadTimeSpan;
            pos++;
            error = ConstantInt(s, ref pos, 59, out unit);
            if (error != TimeSpanParseError.None) return error;
            time += unit * TicksPerMinute;
            if (pos < s.Length && s[pos] == ':')
            {
                pos++;
                if (pos >= s.Length || s[pos] != '.')
                {
                    error = ConstantInt(s, ref pos, 59, out unit);
                    if (error != TimeSpanParseError.None) return error;
                    time += unit * TicksPerSecond;
                }
                if (pos < s.Length && s[pos] == '.')
                {
                    pos++;
                    long place = TicksPerSecond;
                    while (place > 1 && pos < s.Length && char.IsAsciiDigit(s[pos]))
                    {
                        place /= 10;
                        time += (s[pos] - '0') * place;
                        pos++;
                    }
                }
            }
            return TimeSpanParseError.None;
        }

        // ---- "g" and "G": numbers and the separators between them, matched against the invariant patterns ----

        /// <summary>A number as read: its value and how many leading zeros it had (which matter for a fraction).</summary>
        private struct Number
        {
            public int Value;
            public int Zeros;
        }

        private static TimeSpanParseError ParseGeneral(ReadOnlySpan<char> input, bool requireFull, out long ticks)
        {
            ticks = 0;
            ReadOnlySpan<char> s = TrimWhite(input);
            if (s.Length == 0) return TimeSpanParseError.BadTimeSpan;
            // Up to five numbers and six separators around them (the first and last may be empty).
            Span<Number> numbers = stackalloc Number[5];
            Span<int> sepStart = stackalloc int[6];
            Span<int> sepLength = stackalloc int[6];
            int numCount = 0, sepCount = 0;
            int pos = 0;
            bool lastWasNumber = false;
            while (pos < s.Length)
            {
                if (char.IsAsciiDigit(s[pos]))
                {
                    if (!lastWasNumber && sepCount == 0)
                    {
                        sepStart[0] = pos;
                        sepLength[0] = 0;
                        sepCount = 1;
                    }
                    var n = new Number();
                    while (pos < s.Length && s[pos] == '0') { n.Zeros++; pos++; }
                    while (pos < s.Length && char.IsAsciiDigit(s[pos]))
                    {
                        n.Value = unchecked(n.Value * 10 + (s[pos] - '0'));
                        if ((n.Value & 0xF0000000) != 0) return TimeSpanParseError.Overflow;
                        pos++;
                    }
                    if (numCount >= 5) return TimeSpanParseError.BadTimeSpan;
                    numbers[numCount++] = n;
                    lastWasNumber = true;
                }
                else
                {
                    int start = pos;
                    while (pos < s.Length && !char.IsAsciiDigit(s[pos])) pos++;
                    if (sepCount >= 6) return TimeSpanParseError.BadTimeSpan;
                    sepStart[sepCount] = start;
                    sepLength[sepCount++] = pos - start;
                    lastWasNumber = false;
                }
            }
            if (lastWasNumber)
            {
                if (sepCount >= 6) return TimeSpanParseError.BadTimeSpan;
                sepStart[sepCount] = s.Length;
                sepLength[sepCount++] = 0;
            }
            if (sepCount != numCount + 1) return TimeSpanParseError.BadTimeSpan;

            // The separators as one string "start|sep1|...|end" makes each pattern a plain comparison.
            Span<char> shape = stackalloc char[s.Length + 6];
            int shapeLength = 0;
            for (int k = 0; k < sepCount; k++)
            {
                if (k > 0) shape[shapeLength++] = '|';
                s.Slice(sepStart[k], sepLength[k]).CopyTo(shape.Slice(shapeLength));
                shapeLength += sepLength[k];
            }
            ReadOnlySpan<char> found = shape.Slice(0, shapeLength);
            bool negative = found.Length > 0 && found[0] == '-';
            ReadOnlySpan<char> body = negative ? found.Slice(1) : found;
            // The start separator must be empty (or "-"): anything else leaves a non-empty first field.
            if (body.Length == 0 || body[0] != '|') return TimeSpanParseError.BadTimeSpan;
            body = body.Slice(1);
            var zero = new Number();
            Number n0 = numbers[0], n1 = numbers[1], n2 = numbers[2], n3 = numbers[3], n4 = numbers[4];
            // Each shape this many numbers may have, in .NET's order; a later one is tried only if an earlier did
            // not match or overflowed ("25:1:1" is not h:m:s, so it is d:h:m).
            bool matched = false, overflow = false;
            switch (numCount)
            {
                case 1:
                    if (requireFull) return TimeSpanParseError.BadTimeSpan;
                    Try(body, "", zero, zero, zero, zero, zero, n0, ref matched, ref overflow, ref ticks, negative);
                    break;
                case 2:
                    if (requireFull) return TimeSpanParseError.BadTimeSpan;
                    Try(body, ":|", zero, n0, n1, zero, zero, zero, ref matched, ref overflow, ref ticks, negative);
                    break;
                case 3:
                    if (requireFull) return TimeSpanParseError.BadTimeSpan;
                    Try(body, ":|:|", zero, n0, n1, n2, zero, zero, ref matched, ref overflow, ref ticks, negative);
                    Try(body, ":|:|", n0, n1, n2, zero, zero, zero, ref matched, ref overflow, ref ticks, negative);
                    Try(body, ":|:.|", zero, n0, n1, zero, n2, zero, ref matched, ref overflow, ref ticks, negative);
                    break;
                case 4:
                    if (requireFull) return TimeSpanParseError.BadTimeSpan;
                    Try(body, ":|:|.|", zero, n0, n1, n2, n3, zero, ref matched, ref overflow, ref ticks, negative);
                    Try(body, ":|:|:|", n0, n1, n2, n3, zero, zero, ref matched, ref overflow, ref ticks, negative);
                    Try(body, ":|:|:.|", n0, n1, n2, zero, n3, zero, ref matched, ref overflow, ref ticks, negative);
                    break;
                case 5:
                    Try(body, ":|:|:|.|", n0, n1, n2, n3, n4, zero, ref matched, ref overflow, ref ticks, negative);
                    break;
                default:
                    return TimeSpanParseError.BadTimeSpan;
            }
            if (!matched) return TimeSpanParseError.BadTimeSpan;
            return overflow ? TimeSpanParseError.Overflow : TimeSpanParseError.None;
        }

        // One candidate shape (the separators after the start, '|' between them); days come from daysOnly for "d".
        private static void Try(ReadOnlySpan<char> body, string shape, Number days, Number hours, Number minutes, Number seconds, Number fraction, Number daysOnly,
            ref bool matched, ref bool overflow, ref long ticks, bool negative)
        {
            if (matched && !overflow) return;
            if (!body.SequenceEqual(shape.AsSpan())) return;
            matched = true;
            Number d = shape.Length == 0 ? daysOnly : days;
            overflow = !ToTicks(!negative, d.Value, hours.Value, minutes.Value, seconds.Value, fraction, out long t);
            ticks = overflow ? 0 : negative ? unchecked(-t) : t;
        }

        // Fraction digits as read: value with its leading zeros; scaled to seven digits, longer ones rounded half away.
        private static bool FractionTicks(Number fraction, out long ticks)
        {
            ticks = 0;
            if (fraction.Value == 0) return true;
            if (fraction.Zeros == 0 && fraction.Value > 9_999_999) return false;
            int digits = fraction.Zeros;
            for (int v = fraction.Value; v > 0; v /= 10) digits++;
            if (digits <= 7)
            {
                ticks = fraction.Value;
                for (int k = digits; k < 7; k++) ticks *= 10;
                return true;
            }
            int drop = digits - 7;
            if (drop > 9) return true; // the value (below 2^28) rounds to nothing
            long divisor = 1;
            for (int k = 0; k < drop; k++) divisor *= 10;
            ticks = (fraction.Value + divisor / 2) / divisor;
            return true;
        }

        // The components range-checked and summed as .NET does: whole milliseconds first, then the fraction, the
        // sum wrapping as a long (so -10675199.02:48:05.4775808 reaches long.MinValue).
        private static bool ToTicks(bool positive, int days, int hours, int minutes, int seconds, Number fraction, out long ticks)
        {
            ticks = 0;
            if (days > MaxDays || hours > 23 || minutes > 59 || seconds > 59 || !FractionTicks(fraction, out long fractionTicks)) return false;
            long milliseconds = (((long)days * 24 + hours) * 3600 + (long)minutes * 60 + seconds) * 1000;
            if (milliseconds > MaxMilliseconds) return false;
            long result = unchecked(milliseconds * 10_000 + fractionTicks);
            if (positive && result < 0) return false;
            ticks = result;
            return true;
        }

        private static ReadOnlySpan<char> TrimWhite(ReadOnlySpan<char> s)
        {
            int start = 0, end = s.Length;
            while (start < end && char.IsWhiteSpace(s[start])) start++;
            while (end > start && char.IsWhiteSpace(s[end - 1])) end--;
            return s.Slice(start, end - start);
        }

        // ---- custom formats ----

        private static TimeSpanParseError ParseCustom(ReadOnlySpan<char> input, ReadOnlySpan<char> format, bool assumeNegative, out long ticks, out char quote)
        {
            ticks = 0;
            quote = '\0';
            int days = 0, hours = 0, minutes = 0, seconds = 0;
            var fraction = new Number();
            bool seenD = false, seenH = false, seenM = false, seenS = false, seenF = false;
            int pos = 0;
            int i = 0;
            while (i < format.Length)
            {
                char c = format[i];
                int run = 1;
                while (i + run < format.Length && format[i + run] == c) run++;
                switch (c)
                {
                    case 'h':
                    case 'm':
                    case 's':
                        {
                            ref bool seen = ref (c == 'h' ? ref seenH : ref (c == 'm' ? ref seenM : ref seenS));
                            // One letter reads one or two digits; two letters exactly two.
                            if (run > 2 || seen || !Digits(input, ref pos, run, 2, out Number n)) return TimeSpanParseError.InvalidString;
                            seen = true;
                            if (c == 'h') hours = n.Value;
                            else if (c == 'm') minutes = n.Value;
                            else seconds = n.Value;
                            break;
                        }
                    case 'd':
                        {
                            // "d" reads one to eight digits; "dd".."dddddddd" exactly that many.
                            if (run > 8 || seenD || !Digits(input, ref pos, run, run == 1 ? 8 : run, out Number n)) return TimeSpanParseError.InvalidString;
                            seenD = true;
                            days = n.Value;
                            break;
                        }
                    case 'f':
                        if (run > 7 || seenF || !Digits(input, ref pos, run, run, out fraction)) return TimeSpanParseError.InvalidString;
                        seenF = true;
                        break;
                    case 'F':
                        // Up to that many digits, none at all being fine.
                        if (run > 7 || seenF) return TimeSpanParseError.InvalidString;
                        Digits(input, ref pos, run, run, out fraction);
                        seenF = true;
                        break;
                    case '\'':
                    case '"':
                        {
                            // A quoted literal; inside it a backslash takes the next character as it is.
                            int k = i + 1;
                            bool closed = false;
                            while (k < format.Length)
                            {
                                char q = format[k];
                                if (q == c) { closed = true; break; }
                                if (q == '\\')
                                {
                                    k++;
                                    if (k >= format.Length) break;
                                    q = format[k];
                                }
                                if (pos >= input.Length || input[pos] != q)
                                {
                                    // Check the quote closes before calling it a mismatch, as .NET reads the literal first.
                                    if (!QuoteCloses(format, k + 1, c)) { quote = c; return TimeSpanParseError.BadQuote; }
                                    return TimeSpanParseError.InvalidString;
                                }
                                pos++;
                                k++;
                            }
                            if (!closed) { quote = c; return TimeSpanParseError.BadQuote; }
                            run = k - i + 1;
                            break;
                        }
                    case '%':
                        // "%x" is the specifier x alone; "%%" and a trailing '%' are errors.
                        if (i + 1 >= format.Length || format[i + 1] == '%') return TimeSpanParseError.InvalidString;
                        run = 1;
                        break;
                    case '\\':
                        if (i + 1 >= format.Length || pos >= input.Length || input[pos] != format[i + 1]) return TimeSpanParseError.InvalidString;
                        pos++;
                        run = 2;
                        break;
                    default:
                        return TimeSpanParseError.InvalidString;
                }
                i += run;
            }
            if (pos < input.Length) return TimeSpanParseError.BadTimeSpan;
            bool positive = !assumeNegative;
            if (!ToTicks(positive, days, hours, minutes, seconds, fraction, out long t)) return TimeSpanParseError.Overflow;
            ticks = positive ? t : unchecked(-t);
            return TimeSpanParseError.None;
        }

        // Whether the quoted literal whose next character is at from is closed later (escapes skipped).
        private static bool QuoteCloses(ReadOnlySpan<char> format, int from, char quote)
        {
            for (int k = from; k < format.Length; k++)
            {
                if (format[k] == quote) return true;
                if (format[k] == '\\') k++;
            }
            return false;
        }

        // Between min and max ASCII digits; the number keeps its leading zeros apart for a fraction.
        private static bool Digits(ReadOnlySpan<char> input, ref int pos, int min, int max, out Number n)
        {
            n = new Number();
            int count = 0;
            while (count < max && pos < input.Length && char.IsAsciiDigit(input[pos]))
            {
                n.Value = n.Value * 10 + (input[pos] - '0');
                if (n.Value == 0) n.Zeros++;
                pos++;
                count++;
            }
            return count >= min;
        }
    }
}
