using System.Collections;
using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>Every successive match of a pattern in an input, found when first asked for (Count, an index or an
    /// enumeration), as .NET's is.</summary>
    public class MatchCollection : IList<Match>, IReadOnlyList<Match>, ICollection
    {
        private readonly Regex _regex;
        private readonly string _input;
        private readonly int _startat;
        private Match[] _matches;

        internal MatchCollection(Regex regex, string input, int startat)
        {
            _regex = regex;
            _input = input;
            _startat = startat;
        }

        private Match[] Matches
        {
            get
            {
                if (_matches != null) return _matches;
                var found = new List<Match>();
                for (Match match = _regex.RunMatch(_input, 0, _input.Length, _startat, false); match.Success; match = match.NextMatch())
                    found.Add(match);
                return _matches = found.ToArray();
            }
        }

        public int Count => Matches.Length;

        public bool IsReadOnly => true;

        public virtual Match this[int i] => i >= 0 && i < Matches.Length ? Matches[i] : throw new ArgumentOutOfRangeException(nameof(i));

        Match IList<Match>.this[int index]
        {
            get => this[index];
            set => throw RegexCollection.ReadOnly();
        }

        public IEnumerator GetEnumerator() => new RegexCollectionEnumerator<Match>(Matches);

        IEnumerator<Match> IEnumerable<Match>.GetEnumerator() => new RegexCollectionEnumerator<Match>(Matches);

        public void CopyTo(Match[] array, int arrayIndex) => RegexCollection.CopyTo(Matches, array, arrayIndex);

        int IList<Match>.IndexOf(Match item) => RegexCollection.IndexOf(Matches, item);
        bool ICollection<Match>.Contains(Match item) => RegexCollection.IndexOf(Matches, item) >= 0;
        void IList<Match>.Insert(int index, Match item) => throw RegexCollection.ReadOnly();
        void IList<Match>.RemoveAt(int index) => throw RegexCollection.ReadOnly();
        void ICollection<Match>.Add(Match item) => throw RegexCollection.ReadOnly();
        void ICollection<Match>.Clear() => throw RegexCollection.ReadOnly();
        bool ICollection<Match>.Remove(Match item) => throw RegexCollection.ReadOnly();
    }
}
