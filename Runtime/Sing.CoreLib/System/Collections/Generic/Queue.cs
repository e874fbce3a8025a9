namespace System.Collections.Generic
{
    /// <summary>First-in first-out queue on a circular array that doubles when full.</summary>
    public class Queue<T> : IReadOnlyCollection<T>
    {
        private T[] _items;
        private int _head;
        private int _size;
        private int _version;

        public Queue() { _items = new T[0]; }

        public Queue(int capacity)
        {
            if (capacity < 0) CollectionThrowHelpers.ArgumentOutOfRange("capacity");
            _items = new T[capacity];
        }

        public Queue(IEnumerable<T> collection) : this()
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            foreach (T item in collection) Enqueue(item);
        }

        public int Count => _size;

        public void Enqueue(T item)
        {
            if (_size == _items.Length) Grow();
            _items[(_head + _size) % _items.Length] = item;
            _size++;
            _version++;
        }

        public T Dequeue()
        {
            if (!TryDequeue(out T item)) CollectionThrowHelpers.QueueEmpty();
            return item;
        }

        public bool TryDequeue(out T item)
        {
            if (_size == 0)
            {
                item = default;
                return false;
            }
            item = _items[_head];
            _items[_head] = default;
            _head = (_head + 1) % _items.Length;
            _size--;
            _version++;
            return true;
        }

        public T Peek()
        {
            if (_size == 0) CollectionThrowHelpers.QueueEmpty();
            return _items[_head];
        }

        public bool TryPeek(out T item)
        {
            item = _size == 0 ? default : _items[_head];
            return _size != 0;
        }

        public bool Contains(T item)
        {
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = 0; i < _size; i++)
                if (comparer.Equals(_items[(_head + i) % _items.Length], item)) return true;
            return false;
        }

        public void Clear()
        {
            for (int i = 0; i < _items.Length; i++) _items[i] = default;
            _head = 0;
            _size = 0;
            _version++;
        }

        /// <summary>The elements in Dequeue order, from <paramref name="arrayIndex"/> on.</summary>
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
            for (int i = 0; i < _size; i++) result[i] = _items[(_head + i) % _items.Length];
            return result;
        }

        private void Grow()
        {
            int capacity = _items.Length == 0 ? 4 : _items.Length * 2;
            var items = new T[capacity];
            for (int i = 0; i < _size; i++) items[i] = _items[(_head + i) % _items.Length];
            _items = items;
            _head = 0;
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        IEnumerator<T> IEnumerable<T>.GetEnumerator() => new Enumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new Enumerator(this);

        /// <summary>Visits items from the head (next to dequeue) to the tail.</summary>
        public struct Enumerator : IEnumerator<T>
        {
            private readonly Queue<T> _queue;
            private readonly int _version;
            private int _index;
            private T _current;

            internal Enumerator(Queue<T> queue)
            {
                _queue = queue;
                _version = queue._version;
                _index = 0;
                _current = default;
            }

            public bool MoveNext()
            {
                if (_version != _queue._version) CollectionThrowHelpers.VersionChanged();
                if (_index >= _queue._size)
                {
                    _current = default;
                    return false;
                }
                _current = _queue._items[(_queue._head + _index++) % _queue._items.Length];
                return true;
            }

            public T Current => _current;

            object IEnumerator.Current => _current;

            public void Reset() { _index = 0; }

            public void Dispose() { }
        }
    }
}
