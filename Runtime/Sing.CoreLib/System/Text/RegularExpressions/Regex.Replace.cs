using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    // Replace and Split: both walk the matches in order (right to left under RightToLeft) and stitch the text between.
    public partial class Regex
    {
        private static void CheckCount(int count)
        {
            if (count < -1) throw new ArgumentOutOfRangeException(nameof(count), "Count cannot be less than -1.");
        }

        /// <summary>Up to count matches (all for -1) from startat, in the order the engine finds them.</summary>
        private List<Match> CollectMatches(string input, int count, int startat)
        {
            var matches = new List<Match>();
            if (count == 0) return matches;
            for (Match match = RunMatch(input, 0, input.Length, startat, false); match.Success; match = match.NextMatch())
            {
                matches.Add(match);
                if (matches.Count == count) break;
            }
            return matches;
        }

        public string Replace(string input, string replacement) => Replace(input, replacement, -1, input is null ? 0 : DefaultStart(input));

        public string Replace(string input, string replacement, int count) => Replace(input, replacement, count, input is null ? 0 : DefaultStart(input));

        public string Replace(string input, string replacement, int count, int startat)
        {
            CheckInput(input);
            if (replacement is null) throw new ArgumentNullException(nameof(replacement));
            CheckCount(count);
            CheckStart(input, startat);
            RegexReplacement parsed = RegexReplacement.Parse(replacement, this);
            return Replace(input, count, startat, (text, match) => parsed.Append(text, match));
        }

        public string Replace(string input, MatchEvaluator evaluator) => Replace(input, evaluator, -1, input is null ? 0 : DefaultStart(input));

        public string Replace(string input, MatchEvaluator evaluator, int count) => Replace(input, evaluator, count, input is null ? 0 : DefaultStart(input));

        public string Replace(string input, MatchEvaluator evaluator, int count, int startat)
        {
            CheckInput(input);
            if (evaluator is null) throw new ArgumentNullException(nameof(evaluator));
            CheckCount(count);
            CheckStart(input, startat);
            return Replace(input, count, startat, (text, match) => text.Append(evaluator(match)));
        }

        private string Replace(string input, int count, int startat, Action<StringBuilder, Match> append)
        {
            List<Match> matches = CollectMatches(input, count, startat);
            if (matches.Count == 0) return input;
            if (RightToLeft) matches.Reverse();
            var text = new StringBuilder(input.Length);
            int previous = 0;
            foreach (Match match in matches)
            {
                text.Append(input, previous, match.Index - previous);
                append(text, match);
                previous = match.Index + match.Length;
            }
            text.Append(input, previous, input.Length - previous);
            return text.ToString();
        }

        public static string Replace(string input, string pattern, string replacement) =>
            Replace(input, pattern, replacement, RegexOptions.None, InfiniteMatchTimeout);

        public static string Replace(string input, string pattern, string replacement, RegexOptions options) =>
            Replace(input, pattern, replacement, options, InfiniteMatchTimeout);

        public static string Replace(string input, string pattern, string replacement, RegexOptions options, TimeSpan matchTimeout)
        {
            CheckInput(input);
            return Cached(pattern, options, matchTimeout).Replace(input, replacement);
        }

        public static string Replace(string input, string pattern, MatchEvaluator evaluator) =>
            Replace(input, pattern, evaluator, RegexOptions.None, InfiniteMatchTimeout);

        public static string Replace(string input, string pattern, MatchEvaluator evaluator, RegexOptions options) =>
            Replace(input, pattern, evaluator, options, InfiniteMatchTimeout);

        public static string Replace(string input, string pattern, MatchEvaluator evaluator, RegexOptions options, TimeSpan matchTimeout)
        {
            CheckInput(input);
            return Cached(pattern, options, matchTimeout).Replace(input, evaluator);
        }

        public string[] Split(string input) => Split(input, 0, input is null ? 0 : DefaultStart(input));

        public string[] Split(string input, int count) => Split(input, count, input is null ? 0 : DefaultStart(input));

        /// <summary>The pieces between matches; each match's captured groups (1 and up, those that matched) are
        /// inserted after the piece before it, as .NET does. count limits the pieces (0 or -1: no limit).</summary>
        public string[] Split(string input, int count, int startat)
        {
            CheckInput(input);
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count), "Count cannot be less than -1.");
            CheckStart(input, startat);
            if (count == 1) return new[] { input };
            List<Match> matches = CollectMatches(input, count == 0 ? -1 : count - 1, startat);
            if (matches.Count == 0) return new[] { input };
            var pieces = new List<string>();
            if (!RightToLeft)
            {
                int previous = 0;
                foreach (Match match in matches)
                {
                    pieces.Add(input.Substring(previous, match.Index - previous));
                    previous = match.Index + match.Length;
                    AddCapturedGroups(pieces, match);
                }
                pieces.Add(input.Substring(previous));
            }
            else
            {
                int previous = input.Length;
                foreach (Match match in matches)
                {
                    pieces.Add(input.Substring(match.Index + match.Length, previous - match.Index - match.Length));
                    previous = match.Index;
                    AddCapturedGroups(pieces, match);
                }
                pieces.Add(input.Substring(0, previous));
                pieces.Reverse();
            }
            return pieces.ToArray();
        }

        /// <summary>Groups in number order (right to left too: the whole list is reversed afterwards, as .NET's).</summary>
        private void AddCapturedGroups(List<string> pieces, Match match)
        {
            for (int slot = 1; slot < _numbers.Length; slot++)
                if (match.GroupBySlot(slot).Success) pieces.Add(match.GroupBySlot(slot).Value);
        }

        public static string[] Split(string input, string pattern) => Split(input, pattern, RegexOptions.None, InfiniteMatchTimeout);

        public static string[] Split(string input, string pattern, RegexOptions options) => Split(input, pattern, options, InfiniteMatchTimeout);

        public static string[] Split(string input, string pattern, RegexOptions options, TimeSpan matchTimeout)
        {
            CheckInput(input);
            return Cached(pattern, options, matchTimeout).Split(input);
        }
    }
}
