using System.Collections;
using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>The captures of one group, oldest first.</summary>
    public class CaptureCollection : IList<Capture>, IReadOnlyList<Capture>, ICollection
    {
        private readonly Capture[] _captures;

        internal CaptureCollection(Group group, Capture[] captures) => _captures = captures;

        public int Count => _captures.Length;

        public bool IsReadOnly => true;

        public Capture this[int i] => i >= 0 && i < _captures.Length ? _captures[i] : throw new ArgumentOutOfRangeException(nameof(i));

        Capture IList<Capture>.this[int index]
        {
            get => this[index];
            set => throw RegexCollection.ReadOnly();
        }

        public IEnumerator GetEnumerator() => new RegexCollectionEnumerator<Capture>(_captures);

        IEnumerator<Capture> IEnumerable<Capture>.GetEnumerator() => new RegexCollectionEnumerator<Capture>(_captures);

        public void CopyTo(Capture[] array, int arrayIndex) => RegexCollection.CopyTo(_captures, array, arrayIndex);

        int IList<Capture>.IndexOf(Capture item) => RegexCollection.IndexOf(_captures, item);
        bool ICollection<Capture>.Contains(Capture item) => RegexCollection.IndexOf(_captures, item) >= 0;
        void IList<Capture>.Insert(int index, Capture item) => throw RegexCollection.ReadOnly();
        void IList<Capture>.RemoveAt(int index) => throw RegexCollection.ReadOnly();
        void ICollection<Capture>.Add(Capture item) => throw RegexCollection.ReadOnly();
        void ICollection<Capture>.Clear() => throw RegexCollection.ReadOnly();
        bool ICollection<Capture>.Remove(Capture item) => throw RegexCollection.ReadOnly();
    }
}
