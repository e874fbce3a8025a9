namespace System.Collections.Generic
{
    /// <summary>Last-in first-out stack on a growable array.</summary>
    public class Stack<T> : IReadOnlyCollection<T>
    {
        private T[] _items;
        private int _size;
        private int _version;

        public Stack() { _items = new T[0]; }

        public Stack(int capacity)
        {
            if (capacity < 0) CollectionThrowHelpers.ArgumentOutOfRange("capacity");
            _items = new T[capacity];
        }

        public Stack(IEnumerable<T> collection) : this()
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            foreach (T item in collection) Push(item);
        }

        /// <summary>The items in pop order (top first).</summary>
        /// <summary>The elements in Pop order, from <paramref name="arrayIndex"/> on.</summary>
        public void CopyTo(T[] array, int arrayIndex)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (arrayIndex < 0 || arrayIndex > array.Length) throw new ArgumentOutOfRangeException(nameof(arrayIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if (array.Length - arrayIndex < _size) throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
            T[] items = ToArray();
            Array.Copy(items, 0, array, arrayIndex, items.Length);
        }

        public T[] ToArray()
        {
            var result = new T[_size];
            for (int i = 0; i < _size; i++) result[i] = _items[_size - 1 - i];
            return result;
        }

        public int Count => _size;

        public void Push(T item)
        {
            if (_size == _items.Length)
            {
                var items = new T[_items.Length == 0 ? 4 : _items.Length * 2];
                for (int i = 0; i < _size; i++) items[i] = _items[i];
                _items = items;
            }
            _items[_size++] = item;
            _version++;
        }

        public T Pop()
        {
            if (!TryPop(out T item)) CollectionThrowHelpers.StackEmpty();
            return item;
        }

        public bool TryPop(out T item)
        {
            if (_size == 0)
            {
                item = default;
                return false;
            }
            item = _items[--_size];
            _items[_size] = default;
            _version++;
            return true;
        }

        public T Peek()
        {
            if (_size == 0) CollectionThrowHelpers.StackEmpty();
            return _items[_size - 1];
        }

        public bool TryPeek(out T item)
        {
            item = _size == 0 ? default : _items[_size - 1];
            return _size != 0;
        }

        public bool Contains(T item)
        {
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = 0; i < _size; i++)
                if (comparer.Equals(_items[i], item)) return true;
            return false;
        }

        public void Clear()
        {
            for (int i = 0; i < _size; i++) _items[i] = default;
            _size = 0;
            _version++;
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        IEnumerator<T> IEnumerable<T>.GetEnumerator() => new Enumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new Enumerator(this);

        /// <summary>Visits items from the top (next to pop) down.</summary>
        public struct Enumerator : IEnumerator<T>
        {
            private readonly Stack<T> _stack;
            private readonly int _version;
            private int _index;
            private T _current;

            internal Enumerator(Stack<T> stack)
            {
                _stack = stack;
                _version = stack._version;
                _index = stack._size;
                _current = default;
            }

            public bool MoveNext()
            {
                if (_version != _stack._version) CollectionThrowHelpers.VersionChanged();
                if (_index <= 0)
                {
                    _current = default;
                    return false;
                }
                _current = _stack._items[--_index];
                return true;
            }

            public T Current => _current;

            object IEnumerator.Current => _current;

            public void Reset() { _index = _stack._size; }

            public void Dispose() { }
        }
    }
}
