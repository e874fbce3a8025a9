namespace System.Collections.Generic
{
    /// <summary>Key-value pairs kept sorted by key in two parallel arrays: lookups by binary search (O(log n)),
    /// inserts and removals shift (O(n)). Also the storage of SortedDictionary.</summary>
    public class SortedList<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        private TKey[] _keys = new TKey[0];
        private TValue[] _values = new TValue[0];
        private int _size;
        private int _version;
        private readonly IComparer<TKey> _comparer;

        public SortedList() : this((IComparer<TKey>)null) { }

        public SortedList(IComparer<TKey> comparer) { _comparer = comparer ?? Comparer<TKey>.Default; }

        public SortedList(IDictionary<TKey, TValue> dictionary) : this(dictionary, null) { }

        public SortedList(IDictionary<TKey, TValue> dictionary, IComparer<TKey> comparer) : this(comparer)
        {
            if (dictionary is null) CollectionThrowHelpers.ArgumentNull("dictionary");
            foreach (KeyValuePair<TKey, TValue> pair in dictionary) Add(pair.Key, pair.Value);
        }

        public IComparer<TKey> Comparer => _comparer;
        public int Count => _size;
        public bool IsReadOnly => false;
        public int Capacity => _keys.Length;

        public TValue this[TKey key]
        {
            get
            {
                int index = IndexOfKey(key);
                if (index < 0) CollectionThrowHelpers.KeyNotFound(key);
                return _values[index];
            }
            set
            {
                int index = Search(key);
                if (index >= 0)
                {
                    _values[index] = value;
                    _version++;
                }
                else InsertAt(~index, key, value);
            }
        }

        public IList<TKey> Keys => GetKeyList();
        public IList<TValue> Values => GetValueList();
        ICollection<TKey> IDictionary<TKey, TValue>.Keys => GetKeyList();
        ICollection<TValue> IDictionary<TKey, TValue>.Values => GetValueList();
        IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => GetKeyList();
        IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => GetValueList();

        private List<TKey> GetKeyList()
        {
            var list = new List<TKey>(_size);
            for (int i = 0; i < _size; i++) list.Add(_keys[i]);
            return list;
        }

        private List<TValue> GetValueList()
        {
            var list = new List<TValue>(_size);
            for (int i = 0; i < _size; i++) list.Add(_values[i]);
            return list;
        }

        internal TKey KeyAt(int index) => _keys[index];
        internal TValue ValueAt(int index) => _values[index];
        internal int Version => _version;

        public TKey GetKeyAtIndex(int index)
        {
            if ((uint)index >= (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
            return _keys[index];
        }

        public TValue GetValueAtIndex(int index)
        {
            if ((uint)index >= (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
            return _values[index];
        }

        public void Add(TKey key, TValue value)
        {
            int index = Search(key);
            if (index >= 0) CollectionThrowHelpers.DuplicateKey(key);
            InsertAt(~index, key, value);
        }

        public bool TryAdd(TKey key, TValue value)
        {
            int index = Search(key);
            if (index >= 0) return false;
            InsertAt(~index, key, value);
            return true;
        }

        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => Add(item.Key, item.Value);

        public bool ContainsKey(TKey key) => IndexOfKey(key) >= 0;

        public bool ContainsValue(TValue value) => IndexOfValue(value) >= 0;

        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item)
        {
            int index = IndexOfKey(item.Key);
            return index >= 0 && EqualityComparer<TValue>.Default.Equals(_values[index], item.Value);
        }

        public int IndexOfKey(TKey key)
        {
            int index = Search(key);
            return index >= 0 ? index : -1;
        }

        public int IndexOfValue(TValue value)
        {
            for (int i = 0; i < _size; i++)
                if (EqualityComparer<TValue>.Default.Equals(_values[i], value)) return i;
            return -1;
        }

        public bool TryGetValue(TKey key, out TValue value)
        {
            int index = IndexOfKey(key);
            value = index >= 0 ? _values[index] : default;
            return index >= 0;
        }

        public bool Remove(TKey key)
        {
            int index = IndexOfKey(key);
            if (index < 0) return false;
            RemoveAt(index);
            return true;
        }

        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item) =>
            ((ICollection<KeyValuePair<TKey, TValue>>)this).Contains(item) && Remove(item.Key);

        public void RemoveAt(int index)
        {
            if ((uint)index >= (uint)_size) CollectionThrowHelpers.IndexOutOfRange();
            _size--;
            for (int i = index; i < _size; i++)
            {
                _keys[i] = _keys[i + 1];
                _values[i] = _values[i + 1];
            }
            _keys[_size] = default;
            _values[_size] = default;
            _version++;
        }

        public void Clear()
        {
            Array.Clear(_keys, 0, _size);
            Array.Clear(_values, 0, _size);
            _size = 0;
            _version++;
        }

        public void CopyTo(KeyValuePair<TKey, TValue>[] array, int arrayIndex)
        {
            if (array is null) CollectionThrowHelpers.ArgumentNull("array");
            if (arrayIndex < 0 || array.Length - arrayIndex < _size) CollectionThrowHelpers.ArgumentOutOfRange("arrayIndex");
            for (int i = 0; i < _size; i++) array[arrayIndex + i] = new KeyValuePair<TKey, TValue>(_keys[i], _values[i]);
        }

        private int Search(TKey key)
        {
            if (key == null) CollectionThrowHelpers.ArgumentNull("key");
            return Array.BinarySearch(_keys, 0, _size, key, _comparer);
        }

        private void InsertAt(int index, TKey key, TValue value)
        {
            if (_size == _keys.Length)
            {
                int capacity = _keys.Length == 0 ? 4 : _keys.Length * 2;
                Array.Resize(ref _keys, capacity);
                Array.Resize(ref _values, capacity);
            }
            for (int i = _size; i > index; i--)
            {
                _keys[i] = _keys[i - 1];
                _values[i] = _values[i - 1];
            }
            _keys[index] = key;
            _values[index] = value;
            _size++;
            _version++;
        }

        public IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator()
        {
            int version = _version;
            for (int i = 0; i < _size; i++)
            {
                if (version != _version) CollectionThrowHelpers.VersionChanged();
                yield return new KeyValuePair<TKey, TValue>(_keys[i], _values[i]);
            }
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }

    /// <summary>A dictionary enumerated in key order (a sorted array underneath: see SortedList).</summary>
    public class SortedDictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        private readonly SortedList<TKey, TValue> _list;

        public SortedDictionary() : this((IComparer<TKey>)null) { }

        public SortedDictionary(IComparer<TKey> comparer) { _list = new SortedList<TKey, TValue>(comparer); }

        public SortedDictionary(IDictionary<TKey, TValue> dictionary) : this(dictionary, null) { }

        public SortedDictionary(IDictionary<TKey, TValue> dictionary, IComparer<TKey> comparer) { _list = new SortedList<TKey, TValue>(dictionary, comparer); }

        public IComparer<TKey> Comparer => _list.Comparer;
        public int Count => _list.Count;
        public bool IsReadOnly => false;

        public TValue this[TKey key]
        {
            get => _list[key];
            set => _list[key] = value;
        }

        public ICollection<TKey> Keys => _list.Keys;
        public ICollection<TValue> Values => _list.Values;
        IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => _list.Keys;
        IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => _list.Values;

        public void Add(TKey key, TValue value) => _list.Add(key, value);
        public bool TryAdd(TKey key, TValue value) => _list.TryAdd(key, value);
        public bool ContainsKey(TKey key) => _list.ContainsKey(key);
        public bool ContainsValue(TValue value) => _list.ContainsValue(value);
        public bool TryGetValue(TKey key, out TValue value) => _list.TryGetValue(key, out value);
        public bool Remove(TKey key) => _list.Remove(key);
        public void Clear() => _list.Clear();
        public void CopyTo(KeyValuePair<TKey, TValue>[] array, int index) => _list.CopyTo(array, index);
        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => _list.Add(item.Key, item.Value);
        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item) => ((ICollection<KeyValuePair<TKey, TValue>>)_list).Contains(item);
        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item) => ((ICollection<KeyValuePair<TKey, TValue>>)_list).Remove(item);

        public IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator() => _list.GetEnumerator();
        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
