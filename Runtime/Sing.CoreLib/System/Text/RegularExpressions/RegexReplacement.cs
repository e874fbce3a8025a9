using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>A parsed replacement pattern: literal text and references ($n, ${name}, $&amp;, $`, $', $+, $_).</summary>
    internal sealed class RegexReplacement
    {
        private const int Before = -1, After = -2, LastGroup = -3, WholeInput = -4;

        // Each part is literal text (Literal set) or a group number / one of the special references above.
        private readonly List<(string Literal, int Group)> _parts = new List<(string, int)>();

        internal static RegexReplacement Parse(string replacement, Regex regex)
        {
            var result = new RegexReplacement();
            var literal = new StringBuilder();
            int i = 0;
            while (i < replacement.Length)
            {
                char c = replacement[i++];
                if (c != '$' || i == replacement.Length)
                {
                    literal.Append(c);
                    continue;
                }
                char next = replacement[i];
                int reference = int.MinValue;
                if (next == '$') { literal.Append('$'); i++; continue; }
                if (next == '&') { reference = 0; i++; }
                else if (next == '`') { reference = Before; i++; }
                else if (next == '\'') { reference = After; i++; }
                else if (next == '+') { reference = LastGroup; i++; }
                else if (next == '_') { reference = WholeInput; i++; }
                else if (next == '{')
                {
                    int close = replacement.IndexOf('}', i + 1);
                    if (close > i + 1)
                    {
                        string name = replacement.Substring(i + 1, close - i - 1);
                        int number = regex.GroupNumberFromName(name);
                        if (number < 0 && IsDigits(name) && int.TryParse(name, out int numbered) && regex.SlotOf(numbered) >= 0) number = numbered;
                        if (number >= 0)
                        {
                            reference = number;
                            i = close + 1;
                        }
                    }
                }
                else if (char.IsAsciiDigit(next))
                {
                    // All the digits name one group, or the '$' is literal ("$10" with no group 10 stays as written).
                    long number = 0;
                    int j = i;
                    while (j < replacement.Length && char.IsAsciiDigit(replacement[j]))
                    {
                        if (number <= int.MaxValue) number = number * 10 + (replacement[j] - '0');
                        j++;
                    }
                    if (number <= int.MaxValue && regex.SlotOf((int)number) >= 0)
                    {
                        reference = (int)number;
                        i = j;
                    }
                }
                if (reference == int.MinValue)
                {
                    literal.Append('$');
                    continue;
                }
                if (literal.Length > 0) result._parts.Add((literal.ToString(), 0));
                literal.Clear();
                result._parts.Add((null, reference));
            }
            if (literal.Length > 0) result._parts.Add((literal.ToString(), 0));
            return result;
        }

        private static bool IsDigits(string s)
        {
            foreach (char c in s)
                if (!char.IsAsciiDigit(c)) return false;
            return s.Length > 0;
        }

        internal void Append(StringBuilder text, Match match)
        {
            foreach ((string literal, int group) in _parts)
            {
                if (literal != null) text.Append(literal);
                else if (group >= 0) text.Append(match.Groups[group].ValueSpan);
                else if (group == Before) text.Append(match.Text, 0, match.Index);
                else if (group == After) text.Append(match.Text, match.Index + match.Length, match.Text.Length - match.Index - match.Length);
                else if (group == WholeInput) text.Append(match.Text);
                else
                {
                    GroupCollection groups = match.Groups;
                    text.Append(groups.Count > 1 ? ((IReadOnlyList<Group>)groups)[groups.Count - 1].Value : match.Value);
                }
            }
        }
    }
}
