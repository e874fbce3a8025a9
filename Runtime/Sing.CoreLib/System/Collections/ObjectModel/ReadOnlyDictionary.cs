using System.Collections.Generic;

namespace System.Collections.ObjectModel
{
    /// <summary>A read-only view of a dictionary (changes to it show through); mutators throw NotSupportedException.</summary>
    public class ReadOnlyDictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        private readonly IDictionary<TKey, TValue> _dictionary;
        private KeyCollection _keys;
        private ValueCollection _values;

        public ReadOnlyDictionary(IDictionary<TKey, TValue> dictionary) { _dictionary = dictionary ?? throw new ArgumentNullException(nameof(dictionary)); }

        public static ReadOnlyDictionary<TKey, TValue> Empty { get; } = new ReadOnlyDictionary<TKey, TValue>(new Dictionary<TKey, TValue>());

        protected IDictionary<TKey, TValue> Dictionary => _dictionary;

        public int Count => _dictionary.Count;

        public TValue this[TKey key] => _dictionary[key];

        public KeyCollection Keys => _keys ??= new KeyCollection(_dictionary.Keys);

        public ValueCollection Values => _values ??= new ValueCollection(_dictionary.Values);

        public bool ContainsKey(TKey key) => _dictionary.ContainsKey(key);

        public bool TryGetValue(TKey key, out TValue value) => _dictionary.TryGetValue(key, out value);

        public IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator() => _dictionary.GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => _dictionary.GetEnumerator();

        TValue IDictionary<TKey, TValue>.this[TKey key]
        {
            get => _dictionary[key];
            set => throw ReadOnly();
        }

        ICollection<TKey> IDictionary<TKey, TValue>.Keys => Keys;
        ICollection<TValue> IDictionary<TKey, TValue>.Values => Values;
        IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => Keys;
        IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => Values;
        bool ICollection<KeyValuePair<TKey, TValue>>.IsReadOnly => true;
        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item) => _dictionary.Contains(item);
        void ICollection<KeyValuePair<TKey, TValue>>.CopyTo(KeyValuePair<TKey, TValue>[] array, int arrayIndex) => _dictionary.CopyTo(array, arrayIndex);

        void IDictionary<TKey, TValue>.Add(TKey key, TValue value) => throw ReadOnly();
        bool IDictionary<TKey, TValue>.Remove(TKey key) => throw ReadOnly();
        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => throw ReadOnly();
        void ICollection<KeyValuePair<TKey, TValue>>.Clear() => throw ReadOnly();
        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item) => throw ReadOnly();

        private static NotSupportedException ReadOnly() => new NotSupportedException("Collection is read-only.");

        public sealed class KeyCollection : ICollection<TKey>, IReadOnlyCollection<TKey>
        {
            private readonly ICollection<TKey> _keys;

            internal KeyCollection(ICollection<TKey> keys) { _keys = keys; }

            public int Count => _keys.Count;
            public bool IsReadOnly => true;
            public bool Contains(TKey item) => _keys.Contains(item);
            public void CopyTo(TKey[] array, int arrayIndex) => _keys.CopyTo(array, arrayIndex);
            public IEnumerator<TKey> GetEnumerator() => _keys.GetEnumerator();
            IEnumerator IEnumerable.GetEnumerator() => _keys.GetEnumerator();
            void ICollection<TKey>.Add(TKey item) => throw ReadOnly();
            void ICollection<TKey>.Clear() => throw ReadOnly();
            bool ICollection<TKey>.Remove(TKey item) => throw ReadOnly();
        }

        public sealed class ValueCollection : ICollection<TValue>, IReadOnlyCollection<TValue>
        {
            private readonly ICollection<TValue> _values;

            internal ValueCollection(ICollection<TValue> values) { _values = values; }

            public int Count => _values.Count;
            public bool IsReadOnly => true;
            public bool Contains(TValue item) => _values.Contains(item);
            public void CopyTo(TValue[] array, int arrayIndex) => _values.CopyTo(array, arrayIndex);
            public IEnumerator<TValue> GetEnumerator() => _values.GetEnumerator();
            IEnumerator IEnumerable.GetEnumerator() => _values.GetEnumerator();
            void ICollection<TValue>.Add(TValue item) => throw ReadOnly();
            void ICollection<TValue>.Clear() => throw ReadOnly();
            bool ICollection<TValue>.Remove(TValue item) => throw ReadOnly();
        }
    }
}
