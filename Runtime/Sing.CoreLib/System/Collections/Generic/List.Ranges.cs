namespace System.Collections.Generic
{
    /// <summary>The range and capacity forms of List's members (index, count), as .NET has them.</summary>
    public partial class List<T>
    {
        private void CheckRange(int index, int count)
        {
            if (index < 0) CollectionThrowHelpers.ArgumentOutOfRange("index");
            if (count < 0) CollectionThrowHelpers.ArgumentOutOfRange("count");
            if (_size - index < count) throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }

        public void CopyTo(T[] array) => CopyTo(array, 0);

        public void CopyTo(int index, T[] array, int arrayIndex, int count)
        {
            if (_size - index < count) throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
            Array.Copy(_items, index, array, arrayIndex, count);
        }

        public int FindIndex(int startIndex, Predicate<T> match) => FindIndex(startIndex, _size - startIndex, match);

        public int FindIndex(int startIndex, int count, Predicate<T> match)
        {
            if ((uint)startIndex > (uint)_size) CollectionThrowHelpers.ArgumentOutOfRange("startIndex");
            if (count < 0 || startIndex > _size - count) CollectionThrowHelpers.ArgumentOutOfRange("count");
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            for (int i = startIndex; i < startIndex + count; i++)
                if (match(_items[i])) return i;
            return -1;
        }

        public int FindLastIndex(int startIndex, Predicate<T> match) => FindLastIndex(startIndex, startIndex + 1, match);

        public int FindLastIndex(int startIndex, int count, Predicate<T> match)
        {
            if (match is null) CollectionThrowHelpers.ArgumentNull("match");
            if (_size == 0)
            {
                if (startIndex != -1) CollectionThrowHelpers.ArgumentOutOfRange("startIndex");
            }
            else if ((uint)startIndex >= (uint)_size) CollectionThrowHelpers.ArgumentOutOfRange("startIndex");
            if (count < 0 || startIndex - count + 1 < 0) CollectionThrowHelpers.ArgumentOutOfRange("count");
            for (int i = startIndex; i > startIndex - count; i--)
                if (match(_items[i])) return i;
            return -1;
        }

        public void Reverse(int index, int count)
        {
            CheckRange(index, count);
            Array.Reverse(_items, index, count);
            _version++;
        }

        public void Sort(int index, int count, IComparer<T> comparer)
        {
            CheckRange(index, count);
            ArraySortHelper<T>.Sort(_items, index, count, comparer ?? Comparer<T>.Default);
            _version++;
        }

        /// <summary>Grows the backing array to at least <paramref name="capacity"/> (doubling, as Add does); returns the capacity.</summary>
        public int EnsureCapacity(int capacity)
        {
            if (capacity < 0) CollectionThrowHelpers.ArgumentOutOfRange("capacity");
            if (_items.Length < capacity) Capacity = Math.Max(capacity, _items.Length == 0 ? DefaultCapacity : _items.Length * 2);
            return _items.Length;
        }

        /// <summary>Shrinks the backing array to the count when less than 90% of it is used.</summary>
        public void TrimExcess()
        {
            if (_size < (int)(_items.Length * 0.9)) Capacity = _size;
        }
    }
}
