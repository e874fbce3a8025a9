namespace System
{
    /// <summary>A slice of an array that, unlike a span, may be stored in fields. Span gives the span view (checked
    /// against the array's bounds when made).</summary>
    public readonly struct Memory<T> : IEquatable<Memory<T>>
    {
        private readonly T[] _array;
        private readonly int _start;
        private readonly int _length;

        public Memory(T[] array)
        {
            _array = array;
            _start = 0;
            _length = array is null ? 0 : array.Length;
        }

        public Memory(T[] array, int start, int length)
        {
            if (array is null)
            {
                if (start != 0 || length != 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
                this = default;
                return;
            }
            if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start)) ThrowHelpers.ThrowArgumentOutOfRangeException();
            _array = array;
            _start = start;
            _length = length;
        }

        public static Memory<T> Empty => default;
        public int Length => _length;
        public bool IsEmpty => _length == 0;
        public Span<T> Span => _array is null ? default : new Span<T>(_array, _start, _length);

        public Memory<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new Memory<T>(_array, _start + start, _length - start);
        }

        public Memory<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start)) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new Memory<T>(_array, _start + start, length);
        }

        public T[] ToArray() => Span.ToArray();
        public void CopyTo(Memory<T> destination) => Span.CopyTo(destination.Span);

        public static implicit operator Memory<T>(T[] array) => new Memory<T>(array);
        public static implicit operator ReadOnlyMemory<T>(Memory<T> memory) => new ReadOnlyMemory<T>(memory._array, memory._start, memory._length);

        public bool Equals(Memory<T> other) => _array == other._array && _start == other._start && _length == other._length;
        public override bool Equals(object obj) => obj is Memory<T> other && Equals(other);
        public override int GetHashCode() => (_array?.GetHashCode() ?? 0) ^ _start ^ (_length << 16);
        public override string ToString() =>
            typeof(T) == typeof(char) ? Span.ToString() : "System.Memory<" + typeof(T).Name + ">[" + _length.ToString() + "]";
    }

    /// <summary>A read-only slice of an array or a string that may be stored in fields.</summary>
    public readonly struct ReadOnlyMemory<T> : IEquatable<ReadOnlyMemory<T>>
    {
        private readonly object _owner; // T[] or (for ReadOnlyMemory<char>) string
        private readonly int _start;
        private readonly int _length;

        public ReadOnlyMemory(T[] array)
        {
            _owner = array;
            _start = 0;
            _length = array is null ? 0 : array.Length;
        }

        public ReadOnlyMemory(T[] array, int start, int length)
        {
            if (array is null)
            {
                if (start != 0 || length != 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
                this = default;
                return;
            }
            if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start)) ThrowHelpers.ThrowArgumentOutOfRangeException();
            _owner = array;
            _start = start;
            _length = length;
        }

        // Only MemoryExtensions.AsMemory(string) makes these, with T = char and a checked range.
        internal ReadOnlyMemory(string text, int start, int length)
        {
            _owner = text;
            _start = start;
            _length = length;
        }

        public static ReadOnlyMemory<T> Empty => default;
        public int Length => _length;
        public bool IsEmpty => _length == 0;

        public ReadOnlySpan<T> Span
        {
            get
            {
                if (_owner is null) return default;
                if (_owner is string text)
                {
                    // T is char here (see the string constructor); the range was checked when the memory was made.
                    ref char first = ref System.Runtime.CompilerServices.Unsafe.Add(ref text.GetRawData(), _start);
                    return new ReadOnlySpan<T>(ref System.Runtime.CompilerServices.Unsafe.As<char, T>(ref first), _length);
                }
                return new ReadOnlySpan<T>((T[])_owner, _start, _length);
            }
        }

        public ReadOnlyMemory<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return With(_start + start, _length - start);
        }

        public ReadOnlyMemory<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start)) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return With(_start + start, length);
        }

        private ReadOnlyMemory<T> With(int start, int length) =>
            _owner is string text ? new ReadOnlyMemory<T>(text, start, length) : new ReadOnlyMemory<T>((T[])_owner, start, length);

        public T[] ToArray() => Span.ToArray();

        public static implicit operator ReadOnlyMemory<T>(T[] array) => new ReadOnlyMemory<T>(array);

        public bool Equals(ReadOnlyMemory<T> other) => _owner == other._owner && _start == other._start && _length == other._length;
        public override bool Equals(object obj) => obj is ReadOnlyMemory<T> other && Equals(other);
        public override int GetHashCode() => (_owner?.GetHashCode() ?? 0) ^ _start ^ (_length << 16);

        public override string ToString() => _owner is string text ? text.Substring(_start, _length) : "System.ReadOnlyMemory<" + typeof(T).Name + ">[" + _length.ToString() + "]";
    }
}
