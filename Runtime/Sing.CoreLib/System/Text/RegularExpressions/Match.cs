namespace System.Text.RegularExpressions
{
    /// <summary>The result of one search: the whole match (group 0), the groups, and the way to the next match.</summary>
    public class Match : Group
    {
        private readonly Regex _regex;
        private readonly Group[] _groups;
        private readonly int _begin, _end;
        private GroupCollection _groupCollection;

        internal Match(Regex regex, string text, Group[] groups, int begin, int end)
            : base(text, groups[0].Success ? new[] { groups[0].Index } : new int[0], groups[0].Success ? new[] { groups[0].Length } : new int[0], "0")
        {
            _regex = regex;
            _groups = groups;
            _begin = begin;
            _end = end;
        }

        /// <summary>The failed match (.NET's Match.Empty): no groups beyond 0, nothing after it.</summary>
        public static Match Empty { get; } = new Match(null, string.Empty, new[] { new Group(string.Empty, new int[0], new int[0], "0") }, 0, 0);

        public virtual GroupCollection Groups => _groupCollection ??= new GroupCollection(_regex, this, _groups);

        /// <summary>The next match after this one, starting where this one ended (one further after an empty match).</summary>
        public Match NextMatch()
        {
            if (_regex == null || !Success) return Empty;
            return _regex.RunMatch(Text, _begin, _end - _begin, _regex.RightToLeft ? Index : Index + Length, Length == 0);
        }

        /// <summary>The replacement pattern expanded for this match ($1, ${name}, $$ ...).</summary>
        public virtual string Result(string replacement)
        {
            if (replacement is null) throw new ArgumentNullException(nameof(replacement));
            if (_regex == null) throw new NotSupportedException("Result cannot be called on a failed Match.");
            var text = new StringBuilder();
            RegexReplacement.Parse(replacement, _regex).Append(text, this);
            return text.ToString();
        }

        internal Group GroupBySlot(int slot) => _groups[slot];

        public static Match Synchronized(Match inner) => inner ?? throw new ArgumentNullException(nameof(inner));
    }
}
