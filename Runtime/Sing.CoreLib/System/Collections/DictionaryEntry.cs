namespace System.Collections
{
    /// <summary>One key/value pair of a non-generic dictionary.</summary>
    public struct DictionaryEntry
    {
        private object _key;
        private object _value;

        public DictionaryEntry(object key, object value)
        {
            _key = key;
            _value = value;
        }

        public object Key
        {
            get => _key;
            set => _key = value;
        }

        public object Value
        {
            get => _value;
            set => _value = value;
        }

        public void Deconstruct(out object key, out object value)
        {
            key = _key;
            value = _value;
        }
    }
}
