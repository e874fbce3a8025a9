using System.Text;

namespace System
{
    /// <summary>Custom numeric format strings ("0.00", "#,##0.##", "000", "0.0%", "#,##0,,"M"", "0.00;(0.00);zero"),
    /// invariant: '0' and '#' digit placeholders, '.', ',' (grouping between placeholders; scaling by 1000 when
    /// right before the point or the end), '%' (×100) and '‰' (×1000), up to three ';' sections (positive, negative,
    /// zero), quoted literals and '\' escapes; everything else is copied. The value arrives as significant decimal
    /// digits: exact for integers and decimal, 15 significant digits for double (as .NET formats custom patterns);
    /// it is rounded half away from zero to the pattern's places. Exponent notation ("0.0E+0") throws
    /// NotSupportedException.</summary>
    internal static class CustomNumberFormat
    {
        /// <summary>A standard format is one letter and an optional precision; anything else is custom.</summary>
        public static bool IsCustom(ReadOnlySpan<char> format)
        {
            if (format.Length == 0) return false;
            if (!char.IsAsciiLetter(format[0])) return true;
            for (int i = 1; i < format.Length; i++)
                if (!char.IsAsciiDigit(format[i])) return true;
            return false;
        }

        /// <summary>Formats ±0.<paramref name="digits"/> × 10^<paramref name="exponent"/> (digits without leading
        /// zeros; empty for zero).</summary>
        /// <remarks>A value that rounds to zero is formatted with the first section (or the zero section) and keeps
        /// its minus sign only when <paramref name="keepsNegativeZero"/> (doubles: .NET prints "-0.00" for -0.004)
        /// and some digit is printed ("#" prints nothing, without a sign).</remarks>
        public static string Format(bool negative, ReadOnlySpan<char> digits, int exponent, ReadOnlySpan<char> format, bool keepsNegativeZero = false)
        {
            // Sections: positive[;negative[;zero]].
            Span<int> bounds = stackalloc int[4];
            int sections = SplitSections(format, bounds);
            bool isZero = digits.Length == 0;
            ReadOnlySpan<char> section = Section(format, bounds, 0);
            bool explicitNegative = false;
            if (negative && sections >= 2 && Section(format, bounds, 1).Length > 0)
            {
                section = Section(format, bounds, 1);
                explicitNegative = true;
            }
            if (isZero && sections >= 3) section = Section(format, bounds, 2);

            Analyze(section, out int integerPlaceholders, out int minInteger, out int maxDecimals, out int minDecimals, out bool grouping, out int scale);
            exponent += scale;

            // Round to maxDecimals places after the point, half away from zero: keep the leading
            // exponent + maxDecimals digits.
            var kept = new StringBuilder(digits.Length + 2);
            kept.Append(digits);
            int keep = exponent + maxDecimals;
            if (keep < kept.Length)
            {
                if (keep < 0) kept.Clear();
                else
                {
                    bool up = kept[keep] >= '5';
                    kept.Length = keep;
                    if (up)
                    {
                        int i = keep - 1;
                        while (i >= 0 && kept[i] == '9') kept[i--] = '0';
                        if (i >= 0) kept[i] = (char)(kept[i] + 1);
                        else
                        {
                            kept.Insert(0, '1');
                            exponent++;
                        }
                    }
                }
            }
            bool roundedToZero = true;
            for (int i = 0; i < kept.Length; i++) if (kept[i] != '0') roundedToZero = false;
            if (roundedToZero && !isZero)
            {
                // .NET formats a value that rounds to zero with the zero section, else the first one.
                section = Section(format, bounds, sections >= 3 ? 2 : 0);
                explicitNegative = false;
                if (sections >= 3 || !keepsNegativeZero) negative = false;
                Analyze(section, out integerPlaceholders, out minInteger, out maxDecimals, out minDecimals, out grouping, out scale);
            }
            else if (isZero && !keepsNegativeZero) negative = false;

            var integer = new StringBuilder();
            var fraction = new StringBuilder();
            if (!roundedToZero)
            {
                for (int i = 0; i < exponent; i++) integer.Append(i < kept.Length ? kept[i] : '0');
                for (int k = 0; k < maxDecimals; k++)
                {
                    int index = exponent + k;
                    fraction.Append(index >= 0 && index < kept.Length ? kept[index] : '0');
                }
            }
            while (fraction.Length > minDecimals && fraction[fraction.Length - 1] == '0') fraction.Length--;
            while (fraction.Length < minDecimals) fraction.Append('0');
            while (integer.Length < minInteger) integer.Insert(0, '0');

            var result = new StringBuilder();
            Emit(section, integer.ToString(), fraction.ToString(), integerPlaceholders, grouping, result);
            if (negative && !explicitNegative && (!roundedToZero || integer.Length + fraction.Length > 0)) result.Insert(0, '-');
            return result.ToString();
        }

        private static int SplitSections(ReadOnlySpan<char> format, Span<int> bounds)
        {
            int count = 0;
            bounds[0] = 0;
            char quote = '\0';
            for (int i = 0; i < format.Length; i++)
            {
                char c = format[i];
                if (quote != '\0') { if (c == quote) quote = '\0'; continue; }
                if (c == '\'' || c == '"') quote = c;
                else if (c == '\\') i++;
                else if (c == ';' && count < 2) bounds[++count] = i + 1;
            }
            bounds[count + 1] = format.Length + 1;
            return count + 1;
        }

        private static ReadOnlySpan<char> Section(ReadOnlySpan<char> format, Span<int> bounds, int index) =>
            format.Slice(bounds[index], Math.Min(bounds[index + 1] - 1, format.Length) - bounds[index]);

        private static void Analyze(ReadOnlySpan<char> section, out int integerPlaceholders, out int minInteger, out int maxDecimals,
            out int minDecimals, out bool grouping, out int scale)
        {
            integerPlaceholders = 0; minInteger = 0; maxDecimals = 0; minDecimals = 0; grouping = false; scale = 0;
            bool point = false, seenDigit = false;
            int firstZero = -1, commasBeforePoint = 0;
            char quote = '\0';
            for (int i = 0; i < section.Length; i++)
            {
                char c = section[i];
                if (quote != '\0') { if (c == quote) quote = '\0'; continue; }
                switch (c)
                {
                    case '\'': case '"': quote = c; break;
                    case '\\': i++; break;
                    case '0': case '#':
                        if (point)
                        {
                            maxDecimals++;
                            if (c == '0') minDecimals = maxDecimals;
                        }
                        else
                        {
                            if (commasBeforePoint > 0 && seenDigit) grouping = true;
                            commasBeforePoint = 0;
                            if (c == '0' && firstZero < 0) firstZero = integerPlaceholders;
                            integerPlaceholders++;
                            seenDigit = true;
                        }
                        break;
                    case '.':
                        if (!point) { point = true; scale -= 3 * commasBeforePoint; commasBeforePoint = 0; }
                        break;
                    case ',':
                        if (!point && seenDigit) commasBeforePoint++;
                        break;
                    case '%': scale += 2; break;
                    case '‰': scale += 3; break;
                    case 'E': case 'e':
                        if (i + 1 < section.Length && (section[i + 1] == '0' || section[i + 1] == '+' || section[i + 1] == '-'))
                            throw new NotSupportedException("Exponent notation in custom numeric formats is not supported.");
                        break;
                }
            }
            if (!point) scale -= 3 * commasBeforePoint;
            minInteger = firstZero < 0 ? 0 : integerPlaceholders - firstZero;
        }

        private static void Emit(ReadOnlySpan<char> section, string integer, string fraction, int integerPlaceholders, bool grouping, StringBuilder result)
        {
            int placeholder = 0, fractionIndex = 0;
            bool point = false;
            char quote = '\0';
            int excess = integer.Length - integerPlaceholders;
            for (int i = 0; i < section.Length; i++)
            {
                char c = section[i];
                if (quote != '\0')
                {
                    if (c == quote) quote = '\0';
                    else result.Append(c);
                    continue;
                }
                switch (c)
                {
                    case '\'': case '"': quote = c; break;
                    case '\\':
                        if (i + 1 < section.Length) result.Append(section[++i]);
                        break;
                    case '0': case '#':
                        if (point)
                        {
                            if (fractionIndex < fraction.Length) result.Append(fraction[fractionIndex]);
                            fractionIndex++;
                        }
                        else
                        {
                            // The first placeholder also prints the digits there are no placeholders for.
                            int from = placeholder == 0 ? 0 : excess + placeholder;
                            int to = excess + placeholder;
                            for (int j = Math.Max(from, 0); j <= to && j < integer.Length; j++)
                            {
                                if (j < 0) continue;
                                if (grouping && j > 0 && (integer.Length - j) % 3 == 0) result.Append(',');
                                result.Append(integer[j]);
                            }
                            placeholder++;
                        }
                        break;
                    case '.':
                        if (!point)
                        {
                            point = true;
                            if (fraction.Length > 0) result.Append('.');
                        }
                        break;
                    case ',':
                        break;
                    default:
                        result.Append(c);
                        break;
                }
            }
        }
    }
}
