using System.Diagnostics.CodeAnalysis;

namespace System
{
    /// <summary>Splitting spans without allocating, as .NET 8 and 9 do: into a caller's Span&lt;Range&gt; with
    /// string.Split's options and count rule (the last range holds the rest when the ranges run out), and as an
    /// enumerator of ranges (every segment, empty ones included).</summary>
    public static partial class MemoryExtensions
    {
        public static int Split(this ReadOnlySpan<char> source, Span<Range> destination, char separator, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(source, destination, new Separators(separator), options);

        public static int Split(this ReadOnlySpan<char> source, Span<Range> destination, ReadOnlySpan<char> separator, StringSplitOptions options = StringSplitOptions.None) =>
            separator.IsEmpty ? SplitCore(source, destination, default, options) : SplitCore(source, destination, Separators.Sequence(separator), options);

        /// <summary>Splits at any of <paramref name="separators"/>; none given: at white space.</summary>
        public static int SplitAny(this ReadOnlySpan<char> source, Span<Range> destination, ReadOnlySpan<char> separators, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(source, destination, Separators.AnyChar(separators), options);

        /// <summary>Splits at any of the strings (empty ones ignored; none given: at white space).</summary>
        public static int SplitAny(this ReadOnlySpan<char> source, Span<Range> destination, ReadOnlySpan<string> separators, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(source, destination, Separators.AnyString(separators), options);

        public static SpanSplitEnumerator<T> Split<T>(this ReadOnlySpan<T> source, T separator) where T : IEquatable<T> =>
            new SpanSplitEnumerator<T>(source, separator);

        public static SpanSplitEnumerator<T> Split<T>(this ReadOnlySpan<T> source, ReadOnlySpan<T> separator) where T : IEquatable<T> =>
            new SpanSplitEnumerator<T>(source, separator, any: false);

        public static SpanSplitEnumerator<T> SplitAny<T>(this ReadOnlySpan<T> source, [UnscopedRef] params ReadOnlySpan<T> separators) where T : IEquatable<T> =>
            new SpanSplitEnumerator<T>(source, separators, any: true);

        /// <summary>The segments of a span between separators, as ranges into it.</summary>
        public ref struct SpanSplitEnumerator<T> where T : IEquatable<T>
        {
            private readonly ReadOnlySpan<T> _source;
            private readonly ReadOnlySpan<T> _separators;
            private readonly T _separator;
            private readonly int _mode;   // 0 one value, 1 a sequence, 2 any of several, 3 white space (chars), 4 none (whole span)
            private int _next;            // where the next segment starts; past the end when done
            private bool _done;

            internal SpanSplitEnumerator(ReadOnlySpan<T> source, T separator)
            {
                this = default;
                _source = source;
                _separator = separator;
                _mode = 0;
            }

            internal SpanSplitEnumerator(ReadOnlySpan<T> source, ReadOnlySpan<T> separators, bool any)
            {
                this = default;
                _source = source;
                _separators = separators;
                _mode = !separators.IsEmpty ? (any ? 2 : 1) : any && typeof(T) == typeof(char) ? 3 : 4;
            }

            public readonly ReadOnlySpan<T> Source => _source;

            public Range Current { get; private set; }

            public readonly SpanSplitEnumerator<T> GetEnumerator() => this;

            public bool MoveNext()
            {
                if (_done) return false;
                int start = _next;
                int at = -1, length = 0;
                for (int i = start; i < _source.Length; i++)
                {
                    length = MatchAt(i);
                    if (length == 0) continue;
                    at = i;
                    break;
                }
                if (at < 0)
                {
                    Current = new Range(start, _source.Length);
                    _done = true;
                    return true;
                }
                Current = new Range(start, at);
                _next = at + length;
                return true;
            }

            // The length of the separator at i (0: none there).
            private readonly int MatchAt(int i)
            {
                switch (_mode)
                {
                    case 0: return _source[i].Equals(_separator) ? 1 : 0;
                    case 1: return _source.Length - i >= _separators.Length && _source.Slice(i, _separators.Length).SequenceEqual(_separators) ? _separators.Length : 0;
                    case 2:
                        foreach (T s in _separators)
                            if (_source[i].Equals(s)) return 1;
                        return 0;
                    case 3: return char.IsWhiteSpace((char)(object)_source[i]) ? 1 : 0;
                    default: return 0;
                }
            }
        }

        // What separates: one char, a sequence, any of some chars, any of some strings, white space, or nothing.
        private readonly ref struct Separators
        {
            private readonly int _mode;   // 0 nothing, 1 char, 2 sequence, 3 any char, 4 any string, 5 white space
            private readonly char _char;
            private readonly ReadOnlySpan<char> _chars;
            private readonly ReadOnlySpan<string> _strings;

            public Separators(char c)
            {
                _mode = 1;
                _char = c;
                _chars = default;
                _strings = default;
            }

            private Separators(int mode, ReadOnlySpan<char> chars, ReadOnlySpan<string> strings)
            {
                _mode = mode;
                _char = '\0';
                _chars = chars;
                _strings = strings;
            }

            public static Separators Sequence(ReadOnlySpan<char> sequence) => new Separators(2, sequence, default);

            public static Separators AnyChar(ReadOnlySpan<char> chars) => new Separators(chars.IsEmpty ? 5 : 3, chars, default);

            public static Separators AnyString(ReadOnlySpan<string> strings)
            {
                foreach (string s in strings)
                    if (!string.IsNullOrEmpty(s)) return new Separators(4, default, strings);
                return new Separators(5, default, default);
            }

            /// <summary>The length of a separator starting at <paramref name="i"/> (0: none).</summary>
            public int MatchAt(ReadOnlySpan<char> source, int i)
            {
                switch (_mode)
                {
                    case 1: return source[i] == _char ? 1 : 0;
                    case 2: return source.Slice(i).StartsWith(_chars) ? _chars.Length : 0;
                    case 3: return _chars.Contains(source[i]) ? 1 : 0;
                    case 4:
                        foreach (string s in _strings)
                            if (!string.IsNullOrEmpty(s) && source.Slice(i).StartsWith(s.AsSpan())) return s.Length;
                        return 0;
                    case 5: return char.IsWhiteSpace(source[i]) ? 1 : 0;
                    default: return 0;
                }
            }
        }

        // string.Split's rules over ranges: at most destination.Length entries, the last holding the rest of the source;
        // TrimEntries trims each; RemoveEmptyEntries drops empty ones (and, when one range is left, the empty entries
        // before the rest).
        private static int SplitCore(ReadOnlySpan<char> source, Span<Range> destination, Separators separators, StringSplitOptions options)
        {
            bool trim = (options & StringSplitOptions.TrimEntries) != 0, removeEmpty = (options & StringSplitOptions.RemoveEmptyEntries) != 0;
            int count = destination.Length;
            if (count == 0) return 0;
            int written = 0;
            int start = 0;
            if (count > 1)
            {
                for (int i = 0; i < source.Length;)
                {
                    int length = separators.MatchAt(source, i);
                    if (length == 0)
                    {
                        i++;
                        continue;
                    }
                    Add(source, destination, ref written, start, i, trim, removeEmpty);
                    start = i + length;
                    i = start;
                    if (written == count - 1)
                    {
                        // One range left, for the rest: with RemoveEmptyEntries it starts at the next entry with data.
                        if (removeEmpty) start = SkipEmptyEntries(source, separators, start, trim);
                        break;
                    }
                }
            }
            Add(source, destination, ref written, start, source.Length, trim, removeEmpty);
            return written;
        }

        private static void Add(ReadOnlySpan<char> source, Span<Range> destination, ref int written, int start, int end, bool trim, bool removeEmpty)
        {
            if (trim)
            {
                while (start < end && char.IsWhiteSpace(source[start])) start++;
                while (end > start && char.IsWhiteSpace(source[end - 1])) end--;
            }
            if (removeEmpty && start == end) return;
            destination[written++] = new Range(start, end);
        }

        private static int SkipEmptyEntries(ReadOnlySpan<char> source, Separators separators, int start, bool trim)
        {
            for (int i = start; i < source.Length;)
            {
                int length = separators.MatchAt(source, i);
                if (length == 0)
                {
                    i++;
                    continue;
                }
                int from = start, to = i;
                if (trim)
                {
                    while (from < to && char.IsWhiteSpace(source[from])) from++;
                    while (to > from && char.IsWhiteSpace(source[to - 1])) to--;
                }
                if (from != to) return start;   // data before this separator: the rest starts here
                start = i + length;
                i = start;
            }
            return start;
        }
    }
}
