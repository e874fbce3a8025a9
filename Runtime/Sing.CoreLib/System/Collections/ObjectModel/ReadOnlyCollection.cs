using System.Collections.Generic;

namespace System.Collections.ObjectModel
{
    /// <summary>A read-only view of a list (changes to the list show through); mutators throw NotSupportedException.</summary>
    public class ReadOnlyCollection<T> : IList<T>, IReadOnlyList<T>
    {
        private readonly IList<T> _list;

        public ReadOnlyCollection(IList<T> list) { _list = list ?? throw new ArgumentNullException(nameof(list)); }

        public static ReadOnlyCollection<T> Empty { get; } = new ReadOnlyCollection<T>(new T[0]);

        public int Count => _list.Count;
        public bool IsReadOnly => true;
        public T this[int index] => _list[index];

        T IList<T>.this[int index]
        {
            get => _list[index];
            set => throw ReadOnly();
        }

        public bool Contains(T value) => _list.Contains(value);
        public int IndexOf(T value) => _list.IndexOf(value);
        public void CopyTo(T[] array, int index) => _list.CopyTo(array, index);
        public IEnumerator<T> GetEnumerator() => _list.GetEnumerator();
        IEnumerator IEnumerable.GetEnumerator() => _list.GetEnumerator();

        void ICollection<T>.Add(T item) => throw ReadOnly();
        void ICollection<T>.Clear() => throw ReadOnly();
        bool ICollection<T>.Remove(T item) => throw ReadOnly();
        void IList<T>.Insert(int index, T item) => throw ReadOnly();
        void IList<T>.RemoveAt(int index) => throw ReadOnly();

        private static NotSupportedException ReadOnly() => new NotSupportedException("Collection is read-only.");
    }
}
