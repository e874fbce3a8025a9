using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>An immutable regular expression in .NET's syntax, run by a backtracking interpreter
    /// (<see cref="RegexInterpreter"/>); safe to share between threads.</summary>
    public partial class Regex
    {
        public static readonly TimeSpan InfiniteMatchTimeout = new TimeSpan(0, 0, 0, 0, -1);

        // Longest timeout .NET accepts: Int32.MaxValue - 1 milliseconds.
        private static readonly TimeSpan MaximumMatchTimeout = TimeSpan.FromMilliseconds(int.MaxValue - 1);

        private const RegexOptions ValidOptions = RegexOptions.IgnoreCase | RegexOptions.Multiline | RegexOptions.ExplicitCapture
            | RegexOptions.Compiled | RegexOptions.Singleline | RegexOptions.IgnorePatternWhitespace | RegexOptions.RightToLeft
            | RegexOptions.ECMAScript | RegexOptions.CultureInvariant | RegexOptions.NonBacktracking;

        private readonly string pattern;
        private readonly RegexOptions roptions;
        private readonly TimeSpan internalMatchTimeout;

        private readonly RegexProgram _program;
        private readonly int[] _numbers;          // group numbers, ascending; a group's slot is its index here
        private readonly string[] _names;         // the name of each slot ("1" for an unnamed group)
        private readonly Dictionary<string, int> _numberByName;

        public Regex(string pattern) : this(pattern, RegexOptions.None, InfiniteMatchTimeout) { }

        public Regex(string pattern, RegexOptions options) : this(pattern, options, InfiniteMatchTimeout) { }

        public Regex(string pattern, RegexOptions options, TimeSpan matchTimeout)
        {
            if (pattern is null) throw new ArgumentNullException(nameof(pattern));
            if ((options & ~ValidOptions) != 0
                || ((options & RegexOptions.ECMAScript) != 0 && (options & ~(RegexOptions.ECMAScript | RegexOptions.IgnoreCase | RegexOptions.Multiline | RegexOptions.Compiled | RegexOptions.CultureInvariant)) != 0))
                throw new ArgumentOutOfRangeException(nameof(options));
            ValidateMatchTimeout(matchTimeout);
            this.pattern = pattern;
            roptions = options;
            internalMatchTimeout = matchTimeout;
            RegexNode root = RegexParser.Parse(pattern, options, out RegexParser parser);
            _numbers = parser.Numbers.ToArray();
            _names = parser.Names.ToArray();
            _numberByName = parser.GroupNumbers;
            _program = RegexCompiler.Compile(root, parser.Numbers, RightToLeft);
        }

        private static void ValidateMatchTimeout(TimeSpan matchTimeout)
        {
            if (matchTimeout != InfiniteMatchTimeout && (matchTimeout <= TimeSpan.Zero || matchTimeout > MaximumMatchTimeout))
                throw new ArgumentOutOfRangeException(nameof(matchTimeout));
        }

        public RegexOptions Options => roptions;

        public bool RightToLeft => (roptions & RegexOptions.RightToLeft) != 0;

        public TimeSpan MatchTimeout => internalMatchTimeout;

        public override string ToString() => pattern;

        // ---- groups ----

        internal int SlotOf(int number)
        {
            if (_numbers == null) return -1;
            int slot = Array.BinarySearch(_numbers, number);
            return slot >= 0 ? slot : -1;
        }

        public string[] GetGroupNames() => Copy(_names);

        public int[] GetGroupNumbers() => Copy(_numbers);

        private static T[] Copy<T>(T[] items)
        {
            var copy = new T[items.Length];
            Array.Copy(items, copy, items.Length);
            return copy;
        }

        public string GroupNameFromNumber(int i)
        {
            int slot = SlotOf(i);
            return slot >= 0 ? _names[slot] : string.Empty;
        }

        public int GroupNumberFromName(string name)
        {
            if (name is null) throw new ArgumentNullException(nameof(name));
            if (_numberByName.TryGetValue(name, out int number)) return number;
            return -1;
        }

        // ---- matching ----

        /// <summary>Searches text[begin, begin+length) from startat; after an empty match the search starts one further
        /// along (one back, right to left), as .NET's does.</summary>
        internal System.Text.RegularExpressions.Match RunMatch(string text, int begin, int length, int startat, bool previousWasEmpty)
        {
            int end = begin + length;
            if (previousWasEmpty)
            {
                if (RightToLeft)
                {
                    if (startat <= begin) return System.Text.RegularExpressions.Match.Empty;
                    startat--;
                }
                else
                {
                    if (startat >= end) return System.Text.RegularExpressions.Match.Empty;
                    startat++;
                }
            }
            var interpreter = new RegexInterpreter(this, _program);
            if (!interpreter.Scan(text, begin, end, startat, RightToLeft, out _, out _)) return System.Text.RegularExpressions.Match.Empty;
            return BuildMatch(text, begin, end, interpreter.Captures, interpreter.CaptureCount);
        }

        private System.Text.RegularExpressions.Match BuildMatch(string text, int begin, int end, int[] records, int recordCount)
        {
            var counts = new int[_numbers.Length];
            for (int i = 0; i < recordCount; i++) counts[records[i * 3]]++;
            var groups = new Group[_numbers.Length];
            for (int slot = 0; slot < groups.Length; slot++)
            {
                var starts = new int[counts[slot]];
                var lengths = new int[counts[slot]];
                int n = 0;
                for (int i = 0; i < recordCount && n < starts.Length; i++)
                {
                    if (records[i * 3] != slot) continue;
                    starts[n] = records[i * 3 + 1];
                    lengths[n++] = records[i * 3 + 2] - records[i * 3 + 1];
                }
                groups[slot] = new Group(text, starts, lengths, _names[slot]);
            }
            return new System.Text.RegularExpressions.Match(this, text, groups, begin, end);
        }

        private static void CheckInput(string input)
        {
            if (input is null) throw new ArgumentNullException(nameof(input));
        }

        private static void CheckStart(string input, int startat)
        {
            if ((uint)startat > (uint)input.Length)
                throw new ArgumentOutOfRangeException(nameof(startat), "Start index cannot be less than 0 or greater than input length.");
        }

        private int DefaultStart(string input) => RightToLeft ? input.Length : 0;

        public bool IsMatch(string input)
        {
            CheckInput(input);
            return RunMatch(input, 0, input.Length, DefaultStart(input), false).Success;
        }

        public bool IsMatch(string input, int startat)
        {
            CheckInput(input);
            CheckStart(input, startat);
            return RunMatch(input, 0, input.Length, startat, false).Success;
        }

        public bool IsMatch(ReadOnlySpan<char> input) => IsMatch(input.ToString());

        public Match Match(string input)
        {
            CheckInput(input);
            return RunMatch(input, 0, input.Length, DefaultStart(input), false);
        }

        public Match Match(string input, int startat)
        {
            CheckInput(input);
            CheckStart(input, startat);
            return RunMatch(input, 0, input.Length, startat, false);
        }

        public Match Match(string input, int beginning, int length)
        {
            CheckInput(input);
            if ((uint)beginning > (uint)input.Length)
                throw new ArgumentOutOfRangeException(nameof(beginning), "Start index cannot be less than 0 or greater than input length.");
            if ((uint)length > (uint)(input.Length - beginning))
                throw new ArgumentOutOfRangeException(nameof(length), "Length cannot be less than 0 or exceed input length.");
            return RunMatch(input, beginning, length, RightToLeft ? beginning + length : beginning, false);
        }

        public MatchCollection Matches(string input)
        {
            CheckInput(input);
            return new MatchCollection(this, input, DefaultStart(input));
        }

        public MatchCollection Matches(string input, int startat)
        {
            CheckInput(input);
            CheckStart(input, startat);
            return new MatchCollection(this, input, startat);
        }

        /// <summary>How many matches the input holds.</summary>
        public int Count(string input)
        {
            CheckInput(input);
            int count = 0;
            for (System.Text.RegularExpressions.Match match = Match(input); match.Success; match = match.NextMatch()) count++;
            return count;
        }

        public int Count(ReadOnlySpan<char> input) => Count(input.ToString());

        // ---- static forms ----

        private static readonly Regex[] s_cache = new Regex[16];
        private static int s_cacheNext;

        public static int CacheSize { get; set; } = 15;

        /// <summary>The static methods reuse recently built patterns. Entries are immutable and the array holds only
        /// references, so a race costs at worst a rebuilt pattern.</summary>
        private static Regex Cached(string pattern, RegexOptions options, TimeSpan timeout)
        {
            if (pattern is null) throw new ArgumentNullException(nameof(pattern));
            Regex[] cache = s_cache;
            for (int i = 0; i < cache.Length; i++)
            {
                Regex entry = cache[i];
                if (entry != null && entry.pattern == pattern && entry.roptions == options && entry.internalMatchTimeout == timeout) return entry;
            }
            var regex = new Regex(pattern, options, timeout);
            if (CacheSize > 0) cache[(uint)s_cacheNext++ % (uint)cache.Length] = regex;
            return regex;
        }

        public static bool IsMatch(string input, string pattern) => IsMatch(input, pattern, RegexOptions.None, InfiniteMatchTimeout);
        public static bool IsMatch(string input, string pattern, RegexOptions options) => IsMatch(input, pattern, options, InfiniteMatchTimeout);

        public static bool IsMatch(string input, string pattern, RegexOptions options, TimeSpan matchTimeout)
        {
            CheckInput(input);
            return Cached(pattern, options, matchTimeout).IsMatch(input);
        }

        public static Match Match(string input, string pattern) => Match(input, pattern, RegexOptions.None, InfiniteMatchTimeout);
        public static Match Match(string input, string pattern, RegexOptions options) => Match(input, pattern, options, InfiniteMatchTimeout);

        public static Match Match(string input, string pattern, RegexOptions options, TimeSpan matchTimeout)
        {
            CheckInput(input);
            return Cached(pattern, options, matchTimeout).Match(input);
        }

        public static MatchCollection Matches(string input, string pattern) => Matches(input, pattern, RegexOptions.None, InfiniteMatchTimeout);
        public static MatchCollection Matches(string input, string pattern, RegexOptions options) => Matches(input, pattern, options, InfiniteMatchTimeout);

        public static MatchCollection Matches(string input, string pattern, RegexOptions options, TimeSpan matchTimeout)
        {
            CheckInput(input);
            return Cached(pattern, options, matchTimeout).Matches(input);
        }

        public static int Count(string input, string pattern) => Count(input, pattern, RegexOptions.None, InfiniteMatchTimeout);
        public static int Count(string input, string pattern, RegexOptions options) => Count(input, pattern, options, InfiniteMatchTimeout);

        public static int Count(string input, string pattern, RegexOptions options, TimeSpan matchTimeout)
        {
            CheckInput(input);
            return Cached(pattern, options, matchTimeout).Count(input);
        }
    }
}
