using System.Collections.Generic;
using System.Threading;

namespace System.Collections.Concurrent
{
    /// <summary>A dictionary many threads use at once: every operation takes one lock, so each is atomic (GetOrAdd and
    /// AddOrUpdate call their factories outside it, as .NET's do, and may call them more than once). Entries live in
    /// buckets as .NET's do (31 at first; a new entry goes in front of its bucket; the table grows to 2n+1, skipping
    /// multiples of 3, 5 and 7, when it holds more entries than buckets), so enumeration order, which is by bucket,
    /// matches .NET's for keys whose hash codes are the same there (integers, enums, chars). Enumeration walks a
    /// snapshot.</summary>
    public class ConcurrentDictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        private const int DefaultCapacity = 31;

        private sealed class Node
        {
            public readonly TKey Key;
            public TValue Value;
            public readonly int Hash;
            public Node Next;

            public Node(TKey key, TValue value, int hash, Node next)
            {
                Key = key;
                Value = value;
                Hash = hash;
                Next = next;
            }
        }

        private readonly object _lock = new object();
        private readonly IEqualityComparer<TKey> _comparer;
        private Node[] _buckets;
        private int _count;

        public ConcurrentDictionary() : this(DefaultCapacity, null) { }

        public ConcurrentDictionary(IEqualityComparer<TKey> comparer) : this(DefaultCapacity, comparer) { }

        public ConcurrentDictionary(int concurrencyLevel, int capacity) : this(capacity, null)
        {
            if (concurrencyLevel < 1) throw new ArgumentOutOfRangeException(nameof(concurrencyLevel), "The concurrencyLevel argument must be positive.");
        }

        public ConcurrentDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection) : this(collection, null) { }

        public ConcurrentDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection, IEqualityComparer<TKey> comparer) : this(DefaultCapacity, comparer)
        {
            if (collection is null) throw new ArgumentNullException(nameof(collection));
            foreach (KeyValuePair<TKey, TValue> pair in collection)
                if (!TryAdd(pair.Key, pair.Value)) throw new ArgumentException("The source argument contains duplicate keys.");
        }

        private ConcurrentDictionary(int capacity, IEqualityComparer<TKey> comparer)
        {
            if (capacity < 0) throw new ArgumentOutOfRangeException(nameof(capacity), "The capacity argument must be greater than or equal to zero.");
            _buckets = new Node[Math.Max(capacity, 1)];
            _comparer = comparer ?? EqualityComparer<TKey>.Default;
        }

        public int Count
        {
            get
            {
                lock (_lock) return _count;
            }
        }

        public bool IsEmpty => Count == 0;

        public IEqualityComparer<TKey> Comparer => _comparer;

        public TValue this[TKey key]
        {
            get
            {
                if (!TryGetValue(key, out TValue value)) throw new KeyNotFoundException("The given key '" + key?.ToString() + "' was not present in the dictionary.");
                return value;
            }
            set => Set(key, value, overwrite: true);
        }

        public bool TryAdd(TKey key, TValue value) => Set(key, value, overwrite: false);

        public bool TryGetValue(TKey key, out TValue value)
        {
            int hash = HashOf(key);
            lock (_lock)
            {
                Node node = Find(key, hash);
                value = node is null ? default : node.Value;
                return node is not null;
            }
        }

        public bool ContainsKey(TKey key) => TryGetValue(key, out _);

        public bool TryRemove(TKey key, out TValue value)
        {
            int hash = HashOf(key);
            lock (_lock)
            {
                ref Node link = ref _buckets[Bucket(hash, _buckets.Length)];
                while (link is not null)
                {
                    if (link.Hash == hash && _comparer.Equals(link.Key, key))
                    {
                        value = link.Value;
                        link = link.Next;
                        _count--;
                        return true;
                    }
                    link = ref link.Next;
                }
            }
            value = default;
            return false;
        }

        public bool TryRemove(KeyValuePair<TKey, TValue> item)
        {
            int hash = HashOf(item.Key);
            lock (_lock)
            {
                Node node = Find(item.Key, hash);
                if (node is null || !EqualityComparer<TValue>.Default.Equals(node.Value, item.Value)) return false;
                return TryRemove(item.Key, out _);
            }
        }

        public bool TryUpdate(TKey key, TValue newValue, TValue comparisonValue)
        {
            int hash = HashOf(key);
            lock (_lock)
            {
                Node node = Find(key, hash);
                if (node is null || !EqualityComparer<TValue>.Default.Equals(node.Value, comparisonValue)) return false;
                node.Value = newValue;
                return true;
            }
        }

        public TValue GetOrAdd(TKey key, Func<TKey, TValue> valueFactory)
        {
            if (valueFactory is null) throw new ArgumentNullException(nameof(valueFactory));
            if (TryGetValue(key, out TValue existing)) return existing;
            return GetOrAddValue(key, valueFactory(key));
        }

        public TValue GetOrAdd<TArg>(TKey key, Func<TKey, TArg, TValue> valueFactory, TArg factoryArgument)
        {
            if (valueFactory is null) throw new ArgumentNullException(nameof(valueFactory));
            if (TryGetValue(key, out TValue existing)) return existing;
            return GetOrAddValue(key, valueFactory(key, factoryArgument));
        }

        public TValue GetOrAdd(TKey key, TValue value) => GetOrAddValue(key, value);

        private TValue GetOrAddValue(TKey key, TValue value)
        {
            int hash = HashOf(key);
            lock (_lock)
            {
                Node node = Find(key, hash);
                if (node is not null) return node.Value;
                Insert(key, value, hash);
                return value;
            }
        }

        public TValue AddOrUpdate(TKey key, Func<TKey, TValue> addValueFactory, Func<TKey, TValue, TValue> updateValueFactory)
        {
            if (addValueFactory is null) throw new ArgumentNullException(nameof(addValueFactory));
            if (updateValueFactory is null) throw new ArgumentNullException(nameof(updateValueFactory));
            return AddOrUpdateCore(key, k => addValueFactory(k), updateValueFactory);
        }

        public TValue AddOrUpdate(TKey key, TValue addValue, Func<TKey, TValue, TValue> updateValueFactory)
        {
            if (updateValueFactory is null) throw new ArgumentNullException(nameof(updateValueFactory));
            return AddOrUpdateCore(key, _ => addValue, updateValueFactory);
        }

        public TValue AddOrUpdate<TArg>(TKey key, Func<TKey, TArg, TValue> addValueFactory, Func<TKey, TValue, TArg, TValue> updateValueFactory, TArg factoryArgument)
        {
            if (addValueFactory is null) throw new ArgumentNullException(nameof(addValueFactory));
            if (updateValueFactory is null) throw new ArgumentNullException(nameof(updateValueFactory));
            return AddOrUpdateCore(key, k => addValueFactory(k, factoryArgument), (k, v) => updateValueFactory(k, v, factoryArgument));
        }

        // The factories run outside the lock; a value that changed meanwhile makes the loop try again (as .NET's).
        private TValue AddOrUpdateCore(TKey key, Func<TKey, TValue> add, Func<TKey, TValue, TValue> update)
        {
            int hash = HashOf(key);
            while (true)
            {
                if (TryGetValue(key, out TValue old))
                {
                    TValue updated = update(key, old);
                    if (TryUpdate(key, updated, old)) return updated;
                }
                else
                {
                    TValue added = add(key);
                    lock (_lock)
                    {
                        if (Find(key, hash) is null)
                        {
                            Insert(key, added, hash);
                            return added;
                        }
                    }
                }
            }
        }

        public void Clear()
        {
            lock (_lock)
            {
                _buckets = new Node[DefaultCapacity];
                _count = 0;
            }
        }

        public KeyValuePair<TKey, TValue>[] ToArray()
        {
            lock (_lock)
            {
                var items = new KeyValuePair<TKey, TValue>[_count];
                int i = 0;
                foreach (Node bucket in _buckets)
                    for (Node n = bucket; n is not null; n = n.Next) items[i++] = new KeyValuePair<TKey, TValue>(n.Key, n.Value);
                return items;
            }
        }

        public ICollection<TKey> Keys
        {
            get
            {
                var keys = new List<TKey>();
                foreach (KeyValuePair<TKey, TValue> pair in ToArray()) keys.Add(pair.Key);
                return new System.Collections.ObjectModel.ReadOnlyCollection<TKey>(keys);
            }
        }

        public ICollection<TValue> Values
        {
            get
            {
                var values = new List<TValue>();
                foreach (KeyValuePair<TKey, TValue> pair in ToArray()) values.Add(pair.Value);
                return new System.Collections.ObjectModel.ReadOnlyCollection<TValue>(values);
            }
        }

        IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => Keys;

        IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => Values;

        public IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator() => ((IEnumerable<KeyValuePair<TKey, TValue>>)ToArray()).GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        void IDictionary<TKey, TValue>.Add(TKey key, TValue value)
        {
            if (!TryAdd(key, value)) throw new ArgumentException("The key already existed in the dictionary.");
        }

        bool IDictionary<TKey, TValue>.Remove(TKey key) => TryRemove(key, out _);

        bool ICollection<KeyValuePair<TKey, TValue>>.IsReadOnly => false;

        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => ((IDictionary<TKey, TValue>)this).Add(item.Key, item.Value);

        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item) =>
            TryGetValue(item.Key, out TValue value) && EqualityComparer<TValue>.Default.Equals(value, item.Value);

        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item) => TryRemove(item);

        void ICollection<KeyValuePair<TKey, TValue>>.CopyTo(KeyValuePair<TKey, TValue>[] array, int arrayIndex)
        {
            KeyValuePair<TKey, TValue>[] items = ToArray();
            Array.Copy(items, 0, array, arrayIndex, items.Length);
        }

        private int HashOf(TKey key)
        {
            if (key is null) throw new ArgumentNullException(nameof(key));
            return _comparer.GetHashCode(key);
        }

        private static int Bucket(int hash, int buckets) => (int)((uint)hash % (uint)buckets);

        private Node Find(TKey key, int hash)
        {
            for (Node n = _buckets[Bucket(hash, _buckets.Length)]; n is not null; n = n.Next)
                if (n.Hash == hash && _comparer.Equals(n.Key, key)) return n;
            return null;
        }

        private bool Set(TKey key, TValue value, bool overwrite)
        {
            int hash = HashOf(key);
            lock (_lock)
            {
                Node node = Find(key, hash);
                if (node is not null)
                {
                    if (overwrite) node.Value = value;
                    return false;
                }
                Insert(key, value, hash);
                return true;
            }
        }

        // Under the lock.
        private void Insert(TKey key, TValue value, int hash)
        {
            int bucket = Bucket(hash, _buckets.Length);
            _buckets[bucket] = new Node(key, value, hash, _buckets[bucket]);
            if (++_count > _buckets.Length) Grow();
        }

        private void Grow()
        {
            int length = _buckets.Length * 2 + 1;
            while (length % 3 == 0 || length % 5 == 0 || length % 7 == 0) length += 2;
            var buckets = new Node[length];
            foreach (Node head in _buckets)
            {
                for (Node n = head; n is not null;)
                {
                    Node next = n.Next;
                    int b = Bucket(n.Hash, length);
                    n.Next = buckets[b];
                    buckets[b] = n;
                    n = next;
                }
            }
            _buckets = buckets;
        }
    }
}
