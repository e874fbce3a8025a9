namespace System.Collections.Generic
{
    /// <summary>Distinct items in sorted order, kept in a sorted list (binary search; inserts shift). GetViewBetween
    /// returns a new set holding that range (a copy, where .NET returns a live view).</summary>
    public class SortedSet<T> : ISet<T>, IReadOnlyCollection<T>
    {
        private readonly List<T> _items = new List<T>();
        private readonly IComparer<T> _comparer;

        public SortedSet() : this((IComparer<T>)null) { }

        public SortedSet(IComparer<T> comparer) { _comparer = comparer ?? Comparer<T>.Default; }

        public SortedSet(IEnumerable<T> collection) : this(collection, null) { }

        public SortedSet(IEnumerable<T> collection, IComparer<T> comparer) : this(comparer)
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            UnionWith(collection);
        }

        public IComparer<T> Comparer => _comparer;
        public int Count => _items.Count;
        public bool IsReadOnly => false;
        public T Min => _items.Count == 0 ? default : _items[0];
        public T Max => _items.Count == 0 ? default : _items[_items.Count - 1];

        public bool Add(T item)
        {
            int index = _items.BinarySearch(item, _comparer);
            if (index >= 0) return false;
            _items.Insert(~index, item);
            return true;
        }

        void ICollection<T>.Add(T item) => Add(item);

        public bool Remove(T item)
        {
            int index = _items.BinarySearch(item, _comparer);
            if (index < 0) return false;
            _items.RemoveAt(index);
            return true;
        }

        public int RemoveWhere(Predicate<T> match) => _items.RemoveAll(match);

        public bool Contains(T item) => _items.BinarySearch(item, _comparer) >= 0;

        public void Clear() => _items.Clear();

        public void CopyTo(T[] array, int arrayIndex) => _items.CopyTo(array, arrayIndex);

        public bool TryGetValue(T equalValue, out T actualValue)
        {
            int index = _items.BinarySearch(equalValue, _comparer);
            actualValue = index >= 0 ? _items[index] : default;
            return index >= 0;
        }

        public SortedSet<T> GetViewBetween(T lowerValue, T upperValue)
        {
            if (_comparer.Compare(lowerValue, upperValue) > 0) throw new ArgumentException("Must be less than or equal to upperValue.", nameof(lowerValue));
            var view = new SortedSet<T>(_comparer);
            foreach (T item in _items)
                if (_comparer.Compare(item, lowerValue) >= 0 && _comparer.Compare(item, upperValue) <= 0) view._items.Add(item);
            return view;
        }

        public IEnumerable<T> Reverse()
        {
            for (int i = _items.Count - 1; i >= 0; i--) yield return _items[i];
        }

        private SortedSet<T> Other(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            return other is SortedSet<T> set && ReferenceEquals(set._comparer, _comparer) ? set : new SortedSet<T>(other, _comparer);
        }

        public void UnionWith(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            foreach (T item in other) Add(item);
        }

        public void IntersectWith(IEnumerable<T> other)
        {
            SortedSet<T> set = Other(other);
            _items.RemoveAll(item => !set.Contains(item));
        }

        public void ExceptWith(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            foreach (T item in other) Remove(item);
        }

        public void SymmetricExceptWith(IEnumerable<T> other)
        {
            foreach (T item in Other(other))
                if (!Remove(item)) Add(item);
        }

        public bool IsSubsetOf(IEnumerable<T> other)
        {
            SortedSet<T> set = Other(other);
            foreach (T item in _items)
                if (!set.Contains(item)) return false;
            return true;
        }

        public bool IsProperSubsetOf(IEnumerable<T> other) => Other(other).Count > Count && IsSubsetOf(other);

        public bool IsSupersetOf(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            foreach (T item in other)
                if (!Contains(item)) return false;
            return true;
        }

        public bool IsProperSupersetOf(IEnumerable<T> other) => Count > Other(other).Count && IsSupersetOf(other);

        public bool Overlaps(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            foreach (T item in other)
                if (Contains(item)) return true;
            return false;
        }

        public bool SetEquals(IEnumerable<T> other)
        {
            SortedSet<T> set = Other(other);
            return set.Count == Count && IsSubsetOf(set);
        }

        public List<T>.Enumerator GetEnumerator() => _items.GetEnumerator();
        IEnumerator<T> IEnumerable<T>.GetEnumerator() => _items.GetEnumerator();
        IEnumerator IEnumerable.GetEnumerator() => _items.GetEnumerator();
    }
}
