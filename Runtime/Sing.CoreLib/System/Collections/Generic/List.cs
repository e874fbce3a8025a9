namespace System.Collections.Generic
{
    /// <summary>A growable array. Enumeration uses a struct enumerator, so `foreach` over a List allocates
    /// nothing; changing the list while enumerating it throws InvalidOperationException.</summary>
    public partial class List<T> : IList<T>, IReadOnlyList<T>
    {
        private const int DefaultCapacity = 4;

        private T[] _items;
        private int _size;
        private int _version;

        public List() { _items = new T[0]; }

        public List(int capacity)
        {
            if (capacity < 0) CollectionThrowHelpers.ArgumentOutOfRange("capacity");
            _items = new T[capacity];
        }

        public List(IEnumerable<T> collection) : this()
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            AddRange(collection);
        }

        public int Count => _size;

        public bool IsReadOnly => false;

        public int Capacity
        {
            get => _items.Length;
            set
            {
                if (value < _size) CollectionThrowHelpers.ArgumentOutOfRange("value");
                if (value == _items.Length) return;
                var items = new T[value];
                for (int i = 0; i < _size; i++) items[i] = _items[i];
                _items = items;
            }
        }

        public T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
                return _items[index];
            }
            set
            {
                if ((uint)index >= (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
                _items[index] = value;
                _version++;
            }
        }

        public void Add(T item)
        {
            _version++;
            if (_size == _items.Length) Grow(_size + 1);
            _items[_size++] = item;
        }

        public void AddRange(IEnumerable<T> collection)
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            foreach (T item in collection) Add(item);
        }

        private void Grow(int minimum)
        {
            int capacity = _items.Length == 0 ? DefaultCapacity : _items.Length * 2;
            if (capacity < minimum) capacity = minimum;
            Capacity = capacity;
        }

        public void Insert(int index, T item)
        {
            if ((uint)index > (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
            if (_size == _items.Length) Grow(_size + 1);
            for (int i = _size; i > index; i--) _items[i] = _items[i - 1];
            _items[index] = item;
            _size++;
            _version++;
        }

        public void RemoveAt(int index)
        {
            if ((uint)index >= (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
            _size--;
            for (int i = index; i < _size; i++) _items[i] = _items[i + 1];
            _items[_size] = default;
            _version++;
        }

        public void RemoveRange(int index, int count)
        {
            if (index < 0 || count < 0 || _size - index < count) CollectionThrowHelpers.IndexOutOfRange();
            if (count == 0) return;
            for (int i = index; i + count < _size; i++) _items[i] = _items[i + count];
            for (int i = _size - count; i < _size; i++) _items[i] = default;
            _size -= count;
            _version++;
        }

        public bool Remove(T item)
        {
            int index = IndexOf(item);
            if (index < 0) return false;
            RemoveAt(index);
            return true;
        }

        public int RemoveAll(Predicate<T> match)
        {
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            int kept = 0;
            for (int i = 0; i < _size; i++)
                if (!match(_items[i])) _items[kept++] = _items[i];
            int removed = _size - kept;
            for (int i = kept; i < _size; i++) _items[i] = default;
            _size = kept;
            if (removed > 0) _version++;
            return removed;
        }

        public void Clear()
        {
            for (int i = 0; i < _size; i++) _items[i] = default;
            _size = 0;
            _version++;
        }

        public int IndexOf(T item)
        {
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = 0; i < _size; i++)
                if (comparer.Equals(_items[i], item)) return i;
            return -1;
        }

        public int IndexOf(T item, int index) => IndexOf(item, index, _size - index);

        public int IndexOf(T item, int index, int count)
        {
            if ((uint)index > (uint)_size) throw new ArgumentOutOfRangeException(nameof(index), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if (count < 0 || index > _size - count) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = index; i < index + count; i++)
                if (comparer.Equals(_items[i], item)) return i;
            return -1;
        }

        public int LastIndexOf(T item, int index) => LastIndexOf(item, index, index + 1);

        /// <summary>Searches backwards from <paramref name="index"/> over <paramref name="count"/> items.</summary>
        public int LastIndexOf(T item, int index, int count)
        {
            if (_size == 0) return -1;
            if ((uint)index >= (uint)_size) throw new ArgumentOutOfRangeException(nameof(index), "Index was out of range. Must be non-negative and less than the size of the collection.");
            if (count < 0 || index - count + 1 < 0) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = index; i > index - count; i--)
                if (comparer.Equals(_items[i], item)) return i;
            return -1;
        }

        public int LastIndexOf(T item)
        {
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = _size - 1; i >= 0; i--)
                if (comparer.Equals(_items[i], item)) return i;
            return -1;
        }

        public bool Contains(T item) => IndexOf(item) >= 0;

        public int FindIndex(Predicate<T> match)
        {
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            for (int i = 0; i < _size; i++)
                if (match(_items[i])) return i;
            return -1;
        }

        public T Find(Predicate<T> match)
        {
            int index = FindIndex(match);
            return index < 0 ? default : _items[index];
        }

        public List<T> FindAll(Predicate<T> match)
        {
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            var result = new List<T>();
            for (int i = 0; i < _size; i++)
                if (match(_items[i])) result.Add(_items[i]);
            return result;
        }

        public bool Exists(Predicate<T> match) => FindIndex(match) >= 0;

        public void ForEach(Action<T> action)
        {
            if (action is null) CollectionThrowHelpers.ArgumentNull("action");
            int version = _version;
            for (int i = 0; i < _size; i++)
            {
                if (version != _version) CollectionThrowHelpers.VersionChanged();
                action(_items[i]);
            }
        }

        public List<TOutput> ConvertAll<TOutput>(Func<T, TOutput> converter)
        {
            var result = new List<TOutput>(_size);
            for (int i = 0; i < _size; i++) result.Add(converter(_items[i]));
            return result;
        }

        public void Reverse()
        {
            for (int i = 0, j = _size - 1; i < j; i++, j--)
            {
                T temp = _items[i];
                _items[i] = _items[j];
                _items[j] = temp;
            }
            _version++;
        }

        /// <summary>The index of <paramref name="item"/> in this sorted list, or the complement of where it would go.</summary>
        public int BinarySearch(T item) => BinarySearch(0, _size, item, null);

        public int BinarySearch(T item, IComparer<T> comparer) => BinarySearch(0, _size, item, comparer);

        public int BinarySearch(int index, int count, T item, IComparer<T> comparer)
        {
            if (index < 0 || count < 0 || _size - index < count) CollectionThrowHelpers.IndexOutOfRange();
            return Array.BinarySearch(_items, index, count, item, comparer);
        }

        public bool TrueForAll(Predicate<T> match)
        {
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            for (int i = 0; i < _size; i++)
                if (!match(_items[i])) return false;
            return true;
        }

        public T FindLast(Predicate<T> match)
        {
            int index = FindLastIndex(match);
            return index < 0 ? default : _items[index];
        }

        public int FindLastIndex(Predicate<T> match)
        {
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            for (int i = _size - 1; i >= 0; i--)
                if (match(_items[i])) return i;
            return -1;
        }

        public void InsertRange(int index, IEnumerable<T> collection)
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            if ((uint)index > (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
            foreach (T item in new List<T>(collection)) Insert(index++, item);
        }

        public List<T> Slice(int start, int length) => GetRange(start, length);

        public System.Collections.ObjectModel.ReadOnlyCollection<T> AsReadOnly() => new System.Collections.ObjectModel.ReadOnlyCollection<T>(this);

        public void Sort() => Sort(Comparer<T>.Default);

        public void Sort(IComparer<T> comparer)
        {
            ArraySortHelper<T>.Sort(_items, 0, _size, comparer ?? Comparer<T>.Default);
            _version++;
        }

        public void Sort(Comparison<T> comparison)
        {
            if (comparison is null) CollectionThrowHelpers.ArgumentNull("comparison");
            Sort(new ComparisonComparer<T>(comparison));
        }

        public void CopyTo(T[] array, int arrayIndex)
        {
            if (array is null) CollectionThrowHelpers.ArgumentNull("array");
            if (arrayIndex < 0 || array.Length - arrayIndex < _size) CollectionThrowHelpers.ArgumentOutOfRange("arrayIndex");
            for (int i = 0; i < _size; i++) array[arrayIndex + i] = _items[i];
        }

        public T[] ToArray()
        {
            var result = new T[_size];
            for (int i = 0; i < _size; i++) result[i] = _items[i];
            return result;
        }

        public List<T> GetRange(int index, int count)
        {
            if (index < 0 || count < 0 || _size - index < count) CollectionThrowHelpers.IndexOutOfRange();
            var result = new List<T>(count);
            for (int i = 0; i < count; i++) result._items[i] = _items[index + i];
            result._size = count;
            return result;
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        IEnumerator<T> IEnumerable<T>.GetEnumerator() => new Enumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new Enumerator(this);

        public struct Enumerator : IEnumerator<T>
        {
            private readonly List<T> _list;
            private readonly int _version;
            private int _index;
            private T _current;

            internal Enumerator(List<T> list)
            {
                _list = list;
                _version = list._version;
                _index = 0;
                _current = default;
            }

            public bool MoveNext()
            {
                List<T> list = _list;
                if (_version != list._version) CollectionThrowHelpers.VersionChanged();
                if ((uint)_index < (uint)list._size)
                {
                    _current = list._items[_index++];
                    return true;
                }
                _current = default;
                _index = list._size + 1;
                return false;
            }

            public T Current => _current;

            object IEnumerator.Current => _current;

            public void Reset()
            {
                _index = 0;
                _current = default;
            }

            public void Dispose() { }
        }
    }
}
