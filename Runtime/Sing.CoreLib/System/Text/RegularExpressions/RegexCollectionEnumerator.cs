using System.Collections;
using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>Enumerates the items of the match, group and capture collections (an array the collection owns).</summary>
    internal sealed class RegexCollectionEnumerator<T> : IEnumerator<T>
    {
        private readonly T[] _items;
        private int _index = -1;

        internal RegexCollectionEnumerator(T[] items) => _items = items;

        public T Current => _index >= 0 && _index < _items.Length ? _items[_index] : throw new InvalidOperationException("Enumeration has either not started or has already finished.");

        object IEnumerator.Current => Current;

        public bool MoveNext() => ++_index < _items.Length || (_index = _items.Length) < 0;

        public void Reset() => _index = -1;

        public void Dispose() { }
    }

    /// <summary>The read-only list members the three collections share; changing them throws as .NET's do.</summary>
    internal static class RegexCollection
    {
        internal static NotSupportedException ReadOnly() => new NotSupportedException("Collection is read-only.");

        internal static void CopyTo<T>(T[] items, T[] array, int arrayIndex)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            Array.Copy(items, 0, array, arrayIndex, items.Length);
        }

        internal static int IndexOf<T>(T[] items, T item) where T : class
        {
            for (int i = 0; i < items.Length; i++)
                if (items[i] == item) return i;
            return -1;
        }
    }
}
