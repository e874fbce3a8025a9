namespace System.Text
{
    /// <summary>The capacity, range and copy forms of StringBuilder's members, as .NET has them.</summary>
    public sealed unsafe partial class StringBuilder
    {
        public StringBuilder(string value, int capacity) : this(Math.Max(capacity, value?.Length ?? 0))
        {
            if (capacity < 0) throw new ArgumentOutOfRangeException(nameof(capacity), "'capacity' must be greater than zero.");
            Append(value);
        }

        public StringBuilder(string value, int startIndex, int length, int capacity) : this(capacity)
        {
            Append(value ?? "", startIndex, length);
        }

        public StringBuilder(int capacity, int maxCapacity) : this(capacity)
        {
            if (maxCapacity < 1) throw new ArgumentOutOfRangeException(nameof(maxCapacity), "MaxCapacity must be one or greater.");
        }

        public int MaxCapacity => int.MaxValue;

        public StringBuilder Replace(char oldChar, char newChar, int startIndex, int count)
        {
            CheckRange(startIndex, count);
            for (int i = startIndex; i < startIndex + count; i++)
                if (_chars[i] == oldChar) _chars[i] = newChar;
            return this;
        }

        /// <summary>Replaces the occurrences that lie wholly inside [startIndex, startIndex + count).</summary>
        public StringBuilder Replace(string oldValue, string newValue, int startIndex, int count)
        {
            if (oldValue is null) throw new ArgumentNullException(nameof(oldValue));
            if (oldValue.Length == 0) throw new ArgumentException("The value cannot be an empty string.", nameof(oldValue));
            CheckRange(startIndex, count);
            string current = ToString();
            string middle = current.Substring(startIndex, count).Replace(oldValue, newValue ?? "");
            _length = 0;
            return Append(current, 0, startIndex).Append(middle).Append(current, startIndex + count, current.Length - startIndex - count);
        }

        private void CheckRange(int startIndex, int count)
        {
            if ((uint)startIndex > (uint)_length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if (count < 0 || startIndex > _length - count) throw new ArgumentOutOfRangeException(nameof(count), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
        }

        public StringBuilder AppendJoin<T>(char separator, Collections.Generic.IEnumerable<T> values) => AppendJoin(new string(separator, 1), values);

        public StringBuilder Append(StringBuilder value, int startIndex, int count)
        {
            if (value is null) return count == 0 ? this : throw new ArgumentNullException(nameof(value));
            return Append(value.ToString(), startIndex, count);
        }

        public StringBuilder Append(ReadOnlyMemory<char> value) => Append(value.Span);

        public StringBuilder Insert(int index, string value, int count)
        {
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count), "Non-negative number required.");
            if (string.IsNullOrEmpty(value) || count == 0) return this;
            var repeated = new StringBuilder(value.Length * count);
            for (int i = 0; i < count; i++) repeated.Append(value);
            return Insert(index, repeated.ToString());
        }

        public void CopyTo(int sourceIndex, char[] destination, int destinationIndex, int count)
        {
            if (destination is null) throw new ArgumentNullException(nameof(destination));
            if (destinationIndex < 0 || destinationIndex > destination.Length) throw new ArgumentOutOfRangeException(nameof(destinationIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            CopyTo(sourceIndex, new Span<char>(destination, destinationIndex, destination.Length - destinationIndex), count);
        }

        public bool Equals(ReadOnlySpan<char> span) => span.SequenceEqual(new ReadOnlySpan<char>(_chars, 0, _length));
    }
}
