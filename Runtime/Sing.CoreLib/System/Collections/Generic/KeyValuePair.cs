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

        public void Deconstruct(out TKey key, out TValue value)
        {
            key = _key;
            value = _value;
        }
    }
}
