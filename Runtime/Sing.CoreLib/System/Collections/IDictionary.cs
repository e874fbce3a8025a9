namespace System.Collections
{
    /// <summary>Non-generic key/value pairs (what Exception.Data is).</summary>
    public interface IDictionary : ICollection
    {
        object this[object key] { get; set; }
        ICollection Keys { get; }
        ICollection Values { get; }
        bool IsReadOnly { get; }
        bool IsFixedSize { get; }
        bool Contains(object key);
        void Add(object key, object value);
        void Clear();
        void Remove(object key);
        new IDictionaryEnumerator GetEnumerator();
    }

    /// <summary>Enumerates a non-generic dictionary's entries.</summary>
    public interface IDictionaryEnumerator : IEnumerator
    {
        object Key { get; }
        object Value { get; }
        DictionaryEntry Entry { get; }
    }
}
