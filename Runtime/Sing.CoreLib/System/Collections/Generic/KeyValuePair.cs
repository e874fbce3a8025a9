namespace System.Collections.Generic
{
    /// <summary>A dictionary entry.</summary>
    public readonly struct KeyValuePair<TKey, TValue>
    {
        private readonly TKey _key;
        private readonly TValue _value;

        public KeyValuePair(TKey key, TValue value)
        {
            _key = key;
            _value = value;
        }

        public TKey Key => _key;
        public TValue Value => _value;

        /// <summary>"[key, value]", as .NET prints a pair.</summary>
        public override string ToString() => "[" + _key?.ToString() + ", " + _value?.ToString() + "]";

        public void Deconstruct(out TKey key, out TValue value)
        {
            key = _key;
            value = _value;
        }
    }
}

namespace System.Collections.Generic
{
    public static class KeyValuePair
    {
        public static KeyValuePair<TKey, TValue> Create<TKey, TValue>(TKey key, TValue value) => new KeyValuePair<TKey, TValue>(key, value);
    }
}
