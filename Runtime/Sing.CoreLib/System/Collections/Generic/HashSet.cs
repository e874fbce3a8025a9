namespace System.Collections.Generic
{
    /// <summary>A set of distinct items, built on Dictionary (the value slot is an unused byte).</summary>
    public class HashSet<T> : ISet<T>, IReadOnlyCollection<T>
    {
        private readonly Dictionary<T, byte> _map;

        public HashSet() { _map = new Dictionary<T, byte>(); }

        public HashSet(IEqualityComparer<T> comparer) { _map = new Dictionary<T, byte>(comparer); }

        public HashSet(IEnumerable<T> collection) : this()
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            UnionWith(collection);
        }

        public HashSet(IEnumerable<T> collection, IEqualityComparer<T> comparer) : this(comparer)
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            UnionWith(collection);
        }

        public HashSet(int capacity) : this(capacity, null) { }

        public HashSet(int capacity, IEqualityComparer<T> comparer) { _map = new Dictionary<T, byte>(capacity, comparer); }

        public int EnsureCapacity(int capacity) => _map.EnsureCapacity(capacity);

        public void CopyTo(T[] array) => CopyTo(array, 0, Count);

        public void CopyTo(T[] array, int arrayIndex, int count)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            ArgumentOutOfRangeException.ThrowIfNegative(arrayIndex);
            ArgumentOutOfRangeException.ThrowIfNegative(count);
            if (arrayIndex > array.Length || count > array.Length - arrayIndex)
                throw new ArgumentException("Destination array is not long enough to copy all the items in the collection. Check array index and length.");
            int copied = 0;
            foreach (T item in this)
            {
                if (copied == count) break;
                array[arrayIndex + copied++] = item;
            }
        }

        public IEqualityComparer<T> Comparer => _map.Comparer;

        public int Count => _map.Count;

        public bool TryGetValue(T equalValue, out T actualValue)
        {
            foreach (T item in this)
                if (_map.Comparer.Equals(item, equalValue)) { actualValue = item; return true; }
            actualValue = default;
            return false;
        }

        public int RemoveWhere(Predicate<T> match)
        {
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            var drop = new List<T>();
            foreach (T item in this)
                if (match(item)) drop.Add(item);
            foreach (T item in drop) Remove(item);
            return drop.Count;
        }

        // Set relations compare with this set's comparer.
        private HashSet<T> Other(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            return other is HashSet<T> set && ReferenceEquals(set.Comparer, Comparer) ? set : new HashSet<T>(other, Comparer);
        }

        public bool Overlaps(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            foreach (T item in other)
                if (Contains(item)) return true;
            return false;
        }

        public bool IsSubsetOf(IEnumerable<T> other)
        {
            HashSet<T> set = Other(other);
            foreach (T item in this)
                if (!set.Contains(item)) return false;
            return true;
        }

        public bool IsProperSubsetOf(IEnumerable<T> other)
        {
            HashSet<T> set = Other(other);
            return set.Count > Count && IsSubsetOf(set);
        }

        public bool IsSupersetOf(IEnumerable<T> other)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            foreach (T item in other)
                if (!Contains(item)) return false;
            return true;
        }

        public bool IsProperSupersetOf(IEnumerable<T> other)
        {
            HashSet<T> set = Other(other);
            return Count > set.Count && IsSupersetOf(set);
        }

        public void SymmetricExceptWith(IEnumerable<T> other)
        {
            foreach (T item in Other(other))
                if (!Remove(item)) Add(item);
        }

        public bool IsReadOnly => false;

        public bool Add(T item) => _map.TryAdd(item, 0);

        void ICollection<T>.Add(T item) => _map.TryAdd(item, 0);

        public bool Contains(T item) => _map.ContainsKey(item);

        public bool Remove(T item) => _map.Remove(item);

        public void Clear() => _map.Clear();

        public void UnionWith(IEnumerable<T> other)
        {
            foreach (T item in other) Add(item);
        }

        public void ExceptWith(IEnumerable<T> other)
        {
            foreach (T item in other) Remove(item);
        }

        public void IntersectWith(IEnumerable<T> other)
        {
            var keep = Other(other);
            var drop = new List<T>();
            foreach (T item in this)
                if (!keep.Contains(item)) drop.Add(item);
            foreach (T item in drop) Remove(item);
        }

        public bool SetEquals(IEnumerable<T> other)
        {
            var set = Other(other);
            if (set.Count != Count) return false;
            foreach (T item in set)
                if (!Contains(item)) return false;
            return true;
        }

        public void CopyTo(T[] array, int arrayIndex)
        {
            foreach (T item in this) array[arrayIndex++] = item;
        }

        public Enumerator GetEnumerator() => new Enumerator(_map);

        IEnumerator<T> IEnumerable<T>.GetEnumerator() => new Enumerator(_map);

        IEnumerator IEnumerable.GetEnumerator() => new Enumerator(_map);

        public struct Enumerator : IEnumerator<T>
        {
            private Dictionary<T, byte>.Enumerator _inner;

            internal Enumerator(Dictionary<T, byte> map) { _inner = map.GetEnumerator(); }

            public bool MoveNext() => _inner.MoveNext();

            public T Current => _inner.Current.Key;

            object IEnumerator.Current => _inner.Current.Key;

            public void Reset() => _inner.Reset();

            public void Dispose() { }
        }
    }
}
