using System.Collections;
using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>A match's groups, in group-number order, by index or by name. A name or number the pattern does not
    /// have gives an unsuccessful group, as .NET's indexers do.</summary>
    public class GroupCollection : IList<Group>, IReadOnlyList<Group>, IReadOnlyDictionary<string, Group>, ICollection
    {
        private readonly Regex _regex;
        private readonly Group[] _groups;

        internal GroupCollection(Regex regex, Match match, Group[] groups)
        {
            _regex = regex;
            _groups = groups;
            if (_groups.Length > 0) _groups[0] = match;
        }

        public int Count => _groups.Length;

        public bool IsReadOnly => true;

        /// <summary>By group number (not position): numbers the pattern lacks give an unsuccessful group.</summary>
        public Group this[int groupnum]
        {
            get
            {
                int slot = _regex == null ? (groupnum == 0 ? 0 : -1) : _regex.SlotOf(groupnum);
                return slot >= 0 ? _groups[slot] : new Group(string.Empty, new int[0], new int[0], groupnum.ToString());
            }
        }

        public Group this[string groupname]
        {
            get
            {
                if (groupname is null) throw new ArgumentNullException(nameof(groupname));
                int number = _regex == null ? (groupname == "0" ? 0 : -1) : _regex.GroupNumberFromName(groupname);
                return number >= 0 ? this[number] : new Group(string.Empty, new int[0], new int[0], groupname);
            }
        }

        Group IList<Group>.this[int index]
        {
            get => _groups[index];
            set => throw RegexCollection.ReadOnly();
        }

        Group IReadOnlyList<Group>.this[int index] => _groups[index];

        public IEnumerable<string> Keys
        {
            get
            {
                var names = new string[_groups.Length];
                for (int i = 0; i < names.Length; i++) names[i] = _groups[i].Name;
                return names;
            }
        }

        public IEnumerable<Group> Values
        {
            get
            {
                var values = new Group[_groups.Length];
                Array.Copy(_groups, values, values.Length);
                return values;
            }
        }

        public bool ContainsKey(string key) => _regex != null ? _regex.GroupNumberFromName(key) >= 0 : key == "0";

        public bool TryGetValue(string key, out Group value)
        {
            value = ContainsKey(key) ? this[key] : null;
            return value != null;
        }

        public IEnumerator GetEnumerator() => new RegexCollectionEnumerator<Group>(_groups);

        IEnumerator<Group> IEnumerable<Group>.GetEnumerator() => new RegexCollectionEnumerator<Group>(_groups);

        IEnumerator<KeyValuePair<string, Group>> IEnumerable<KeyValuePair<string, Group>>.GetEnumerator()
        {
            var pairs = new KeyValuePair<string, Group>[_groups.Length];
            for (int i = 0; i < pairs.Length; i++) pairs[i] = new KeyValuePair<string, Group>(_groups[i].Name, _groups[i]);
            return new RegexCollectionEnumerator<KeyValuePair<string, Group>>(pairs);
        }

        public void CopyTo(Group[] array, int arrayIndex) => RegexCollection.CopyTo(_groups, array, arrayIndex);

        int IList<Group>.IndexOf(Group item) => RegexCollection.IndexOf(_groups, item);
        bool ICollection<Group>.Contains(Group item) => RegexCollection.IndexOf(_groups, item) >= 0;
        void IList<Group>.Insert(int index, Group item) => throw RegexCollection.ReadOnly();
        void IList<Group>.RemoveAt(int index) => throw RegexCollection.ReadOnly();
        void ICollection<Group>.Add(Group item) => throw RegexCollection.ReadOnly();
        void ICollection<Group>.Clear() => throw RegexCollection.ReadOnly();
        bool ICollection<Group>.Remove(Group item) => throw RegexCollection.ReadOnly();
    }
}
