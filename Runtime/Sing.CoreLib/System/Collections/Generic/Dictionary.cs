namespace System.Collections.Generic
{
    /// <summary>A hash map with separate chaining through an entry array: buckets hold 1-based indices of the
    /// first entry of each chain, entries link to the next. The table size is a power of two and the hash is
    /// mixed before masking, so weak hashes (small ints, addresses) still spread. Removed entries go on a free
    /// list and are reused before the table grows. Enumeration (struct enumerator) visits entries in insertion
    /// order as long as nothing was removed.</summary>
    public class Dictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        private struct Entry
        {
            public int HashCode;
            public int Next;        // index of the next entry in the chain, -1 at its end; free list: -3 - next
            public TKey Key;
            public TValue Value;
        }

        private const int StartOfFreeList = -3;

        private int[] _buckets;
        private Entry[] _entries;
        private int _count;       // entries used, including freed ones
        private int _freeList = -1;
        private int _freeCount;
        private int _version;
        private int _bucketShift;  // 32 - log2(bucket count)
        private readonly IEqualityComparer<TKey> _comparer;
        // Reference-type keys without a comparer of their own: the default comparer, fetched once. Their code is shared
        // by every reference type, where EqualityComparer<TKey>.Default is a call that looks the type up; value-type
        // keys get code of their own, in which the compiler calls the default comparer's methods directly.
        private readonly EqualityComparer<TKey> _referenceDefault;

        public Dictionary() : this(0, null) { }

        public Dictionary(int capacity) : this(capacity, null) { }

        public Dictionary(IEqualityComparer<TKey> comparer) : this(0, comparer) { }

        public Dictionary(IDictionary<TKey, TValue> dictionary) : this(dictionary, null) { }

        public Dictionary(IDictionary<TKey, TValue> dictionary, IEqualityComparer<TKey> comparer) : this((IEnumerable<KeyValuePair<TKey, TValue>>)dictionary, comparer) { }

        public Dictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection) : this(collection, null) { }

        public Dictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection, IEqualityComparer<TKey> comparer) : this(0, comparer)
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            foreach (KeyValuePair<TKey, TValue> pair in collection) Add(pair.Key, pair.Value);
        }

        public Dictionary(int capacity, IEqualityComparer<TKey> comparer)
        {
            if (capacity < 0) CollectionThrowHelpers.ArgumentOutOfRange("capacity");
            if (capacity > 0) Initialize(capacity);
            _comparer = comparer;
            if (comparer == null && default(TKey) == null) _referenceDefault = EqualityComparer<TKey>.Default;
        }

        public int Count => _count - _freeCount;

        public bool IsReadOnly => false;

        public IEqualityComparer<TKey> Comparer => _comparer ?? EqualityComparer<TKey>.Default;

        public TValue this[TKey key]
        {
            get
            {
                int index = FindEntry(key);
                if (index < 0) CollectionThrowHelpers.KeyNotFound(key);
                return _entries[index].Value;
            }
            set => Insert(key, value, true);
        }

        public void Add(TKey key, TValue value) => Insert(key, value, false);

        public bool TryAdd(TKey key, TValue value)
        {
            if (key == null) CollectionThrowHelpers.ArgumentNull("key");
            if (FindEntry(key) >= 0) return false;
            Insert(key, value, false);
            return true;
        }

        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => Add(item.Key, item.Value);

        public bool ContainsKey(TKey key) => FindEntry(key) >= 0;

        public bool ContainsValue(TValue value)
        {
            EqualityComparer<TValue> comparer = EqualityComparer<TValue>.Default;
            for (int i = 0; i < _count; i++)
                if (_entries[i].Next >= -1 && comparer.Equals(_entries[i].Value, value)) return true;
            return false;
        }

        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item)
        {
            int index = FindEntry(item.Key);
            return index >= 0 && EqualityComparer<TValue>.Default.Equals(_entries[index].Value, item.Value);
        }

        public bool TryGetValue(TKey key, out TValue value)
        {
            int index = FindEntry(key);
            if (index >= 0)
            {
                value = _entries[index].Value;
                return true;
            }
            value = default;
            return false;
        }

        public TValue GetValueOrDefault(TKey key, TValue defaultValue = default) =>
            TryGetValue(key, out TValue value) ? value : defaultValue;

        public bool Remove(TKey key) => Remove(key, out _);

        public bool Remove(TKey key, out TValue value)
        {
            if (key == null) CollectionThrowHelpers.ArgumentNull("key");
            value = default;
            if (_buckets == null) return false;
            int hash = Hash(key);
            ref int bucket = ref _buckets[BucketOf(hash)];
            int previous = -1;
            for (int i = bucket - 1; i >= 0; previous = i, i = _entries[i].Next)
            {
                ref Entry entry = ref _entries[i];
                if (entry.HashCode != hash || !KeysEqual(entry.Key, key)) continue;
                if (previous < 0) bucket = entry.Next + 1;
                else _entries[previous].Next = entry.Next;
                value = entry.Value;
                entry.Next = StartOfFreeList - _freeList;
                entry.Key = default;
                entry.Value = default;
                _freeList = i;
                _freeCount++;
                // No version change: as in .NET, removing while enumerating is allowed (the slot is skipped).
                return true;
            }
            return false;
        }

        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item) => Remove(item.Key);

        public void Clear()
        {
            if (_count == 0) return;
            for (int i = 0; i < _buckets.Length; i++) _buckets[i] = 0;
            for (int i = 0; i < _count; i++) _entries[i] = default;
            _count = 0;
            _freeList = -1;
            _freeCount = 0;
            _version++;
        }

        public void CopyTo(KeyValuePair<TKey, TValue>[] array, int arrayIndex)
        {
            if (array is null) CollectionThrowHelpers.ArgumentNull("array");
            if (arrayIndex < 0 || array.Length - arrayIndex < Count) CollectionThrowHelpers.ArgumentOutOfRange("arrayIndex");
            foreach (KeyValuePair<TKey, TValue> pair in this) array[arrayIndex++] = pair;
        }

        /// <summary>Makes room for <paramref name="capacity"/> entries without growing again; returns the room.</summary>
        public int EnsureCapacity(int capacity)
        {
            if (capacity < 0) CollectionThrowHelpers.ArgumentOutOfRange("capacity");
            if (_buckets == null)
            {
                Initialize(capacity);
                return _entries.Length;
            }
            if (_entries.Length >= capacity) return _entries.Length;
            int size = _entries.Length;
            while (size < capacity) size <<= 1;
            Resize(size);
            return size;
        }

        private void Initialize(int capacity)
        {
            int size = 4;
            while (size < capacity) size <<= 1;
            SetBuckets(size);
            _entries = new Entry[size];
            _freeList = -1;
        }

        private int Hash(TKey key)
        {
            int hash = default(TKey) == null && _referenceDefault != null ? _referenceDefault.GetHashCode(key)
                : _comparer == null ? EqualityComparer<TKey>.Default.GetHashCode(key) : _comparer.GetHashCode(key);
            return hash & 0x7FFFFFFF;
        }

        private bool KeysEqual(TKey a, TKey b) =>
            default(TKey) == null && _referenceDefault != null ? _referenceDefault.Equals(a, b)
                : _comparer == null ? EqualityComparer<TKey>.Default.Equals(a, b) : _comparer.Equals(a, b);

        /// <summary>Fibonacci hashing: the golden-ratio multiply moves every input bit into the top bits.</summary>
        private int BucketOf(int hash) => (int)(((uint)hash * 0x9E3779B9u) >> _bucketShift);

        private void SetBuckets(int size)
        {
            _buckets = new int[size];
            int log = 0;
            while ((1 << log) < size) log++;
            _bucketShift = 32 - log;
        }

        private int FindEntry(TKey key)
        {
            if (key == null) CollectionThrowHelpers.ArgumentNull("key");
            if (_buckets == null) return -1;
            return FindEntry(key, Hash(key));
        }

        private int FindEntry(TKey key, int hash)
        {
            for (int i = _buckets[BucketOf(hash)] - 1; i >= 0; i = _entries[i].Next)
            {
                if (_entries[i].HashCode == hash && KeysEqual(_entries[i].Key, key)) return i;
            }
            return -1;
        }

        private void Insert(TKey key, TValue value, bool overwrite)
        {
            if (key == null) CollectionThrowHelpers.ArgumentNull("key");
            if (_buckets == null) Initialize(0);
            // One hash per insert: the lookup and the new entry share it (a string key is hashed once, not twice).
            int hash = Hash(key);
            int existing = FindEntry(key, hash);
            if (existing >= 0)
            {
                if (!overwrite) CollectionThrowHelpers.DuplicateKey(key);
                _entries[existing].Value = value;
                // No version change: as in .NET, replacing a value while enumerating is allowed.
                return;
            }
            int index;
            if (_freeCount > 0)
            {
                index = _freeList;
                _freeList = StartOfFreeList - _entries[index].Next;
                _freeCount--;
            }
            else
            {
                if (_count == _entries.Length) Resize(_entries.Length * 2);
                index = _count++;
            }
            ref int bucket = ref _buckets[BucketOf(hash)];
            ref Entry entry = ref _entries[index];
            entry.HashCode = hash;
            entry.Key = key;
            entry.Value = value;
            entry.Next = bucket - 1;
            bucket = index + 1;
            _version++;
        }

        private void Resize(int size)
        {
            var entries = new Entry[size];
            for (int i = 0; i < _count; i++) entries[i] = _entries[i];
            _entries = entries;
            SetBuckets(size);
            for (int i = 0; i < _count; i++)
            {
                if (entries[i].Next < -1) continue;   // free (cannot happen: resize only when no entry is free)
                ref int bucket = ref _buckets[BucketOf(entries[i].HashCode)];
                entries[i].Next = bucket - 1;
                bucket = i + 1;
            }
        }

        private KeyCollection _keys;
        private ValueCollection _values;

        /// <summary>Live views of the keys and values, made once per dictionary (so `foreach` over them allocates
        /// nothing after the first use).</summary>
        public KeyCollection Keys => _keys ??= new KeyCollection(this);

        public ValueCollection Values => _values ??= new ValueCollection(this);

        IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => Keys;

        IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => Values;

        ICollection<TKey> IDictionary<TKey, TValue>.Keys => Keys;

        ICollection<TValue> IDictionary<TKey, TValue>.Values => Values;

        public Enumerator GetEnumerator() => new Enumerator(this);

        IEnumerator<KeyValuePair<TKey, TValue>> IEnumerable<KeyValuePair<TKey, TValue>>.GetEnumerator() => new Enumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new Enumerator(this);

        public struct Enumerator : IEnumerator<KeyValuePair<TKey, TValue>>
        {
            private readonly Dictionary<TKey, TValue> _dictionary;
            private readonly int _version;
            private int _index;
            private KeyValuePair<TKey, TValue> _current;

            internal Enumerator(Dictionary<TKey, TValue> dictionary)
            {
                _dictionary = dictionary;
                _version = dictionary._version;
                _index = 0;
                _current = default;
            }

            public bool MoveNext()
            {
                if (_version != _dictionary._version) CollectionThrowHelpers.VersionChanged();
                while ((uint)_index < (uint)_dictionary._count)
                {
                    ref Entry entry = ref _dictionary._entries[_index++];
                    if (entry.Next >= -1)
                    {
                        _current = new KeyValuePair<TKey, TValue>(entry.Key, entry.Value);
                        return true;
                    }
                }
                _index = _dictionary._count + 1;
                _current = default;
                return false;
            }

            public KeyValuePair<TKey, TValue> Current => _current;

            object IEnumerator.Current => _current;

            public void Reset()
            {
                _index = 0;
                _current = default;
            }

            public void Dispose() { }
        }

        /// <summary>A live view of the keys.</summary>
        public sealed class KeyCollection : ICollection<TKey>, IReadOnlyCollection<TKey>
        {
            private readonly Dictionary<TKey, TValue> _dictionary;

            public KeyCollection(Dictionary<TKey, TValue> dictionary) { _dictionary = dictionary ?? throw new ArgumentNullException(nameof(dictionary)); }

            public int Count => _dictionary.Count;

            public bool IsReadOnly => true;

            public KeyEnumerator GetEnumerator() => new KeyEnumerator(_dictionary);

            IEnumerator<TKey> IEnumerable<TKey>.GetEnumerator() => new KeyEnumerator(_dictionary);

            IEnumerator IEnumerable.GetEnumerator() => new KeyEnumerator(_dictionary);

            public bool Contains(TKey item) => _dictionary.ContainsKey(item);

            public void CopyTo(TKey[] array, int index)
            {
                foreach (TKey key in this) array[index++] = key;
            }

            void ICollection<TKey>.Add(TKey item) => throw new NotSupportedException("Mutating a key collection derived from a dictionary is not allowed.");
            void ICollection<TKey>.Clear() => throw new NotSupportedException("Mutating a key collection derived from a dictionary is not allowed.");
            bool ICollection<TKey>.Remove(TKey item) => throw new NotSupportedException("Mutating a key collection derived from a dictionary is not allowed.");
        }

        public struct KeyEnumerator : IEnumerator<TKey>
        {
            private Enumerator _inner;

            internal KeyEnumerator(Dictionary<TKey, TValue> dictionary) { _inner = new Enumerator(dictionary); }

            public bool MoveNext() => _inner.MoveNext();

            public TKey Current => _inner.Current.Key;

            object IEnumerator.Current => Current;

            public void Reset() => _inner.Reset();

            public void Dispose() { }
        }

        /// <summary>A live view of the values.</summary>
        public sealed class ValueCollection : ICollection<TValue>, IReadOnlyCollection<TValue>
        {
            private readonly Dictionary<TKey, TValue> _dictionary;

            public ValueCollection(Dictionary<TKey, TValue> dictionary) { _dictionary = dictionary ?? throw new ArgumentNullException(nameof(dictionary)); }

            public int Count => _dictionary.Count;

            public bool IsReadOnly => true;

            public ValueEnumerator GetEnumerator() => new ValueEnumerator(_dictionary);

            IEnumerator<TValue> IEnumerable<TValue>.GetEnumerator() => new ValueEnumerator(_dictionary);

            IEnumerator IEnumerable.GetEnumerator() => new ValueEnumerator(_dictionary);

            public bool Contains(TValue item) => _dictionary.ContainsValue(item);

            public void CopyTo(TValue[] array, int index)
            {
                foreach (TValue value in this) array[index++] = value;
            }

            void ICollection<TValue>.Add(TValue item) => throw new NotSupportedException("Mutating a value collection derived from a dictionary is not allowed.");
            void ICollection<TValue>.Clear() => throw new NotSupportedException("Mutating a value collection derived from a dictionary is not allowed.");
            bool ICollection<TValue>.Remove(TValue item) => throw new NotSupportedException("Mutating a value collection derived from a dictionary is not allowed.");
        }

        public struct ValueEnumerator : IEnumerator<TValue>
        {
            private Enumerator _inner;

            internal ValueEnumerator(Dictionary<TKey, TValue> dictionary) { _inner = new Enumerator(dictionary); }

            public bool MoveNext() => _inner.MoveNext();

            public TValue Current => _inner.Current.Value;

            object IEnumerator.Current => Current;

            public void Reset() => _inner.Reset();

            public void Dispose() { }
        }
    }
}
