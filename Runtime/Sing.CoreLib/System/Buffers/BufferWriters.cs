namespace System.Buffers
{
    /// <summary>A sink that hands out memory to write into and is told how much was written (Utf8JsonWriter's output).</summary>
    public interface IBufferWriter<T>
    {
        void Advance(int count);

        Memory<T> GetMemory(int sizeHint = 0);

        Span<T> GetSpan(int sizeHint = 0);
    }

    /// <summary>An IBufferWriter over one growing array: what was written is <see cref="WrittenSpan"/>.</summary>
    public sealed class ArrayBufferWriter<T> : IBufferWriter<T>
    {
        private const int DefaultCapacity = 256;
        private T[] _buffer;
        private int _index;

        public ArrayBufferWriter()
        {
            _buffer = new T[0];
        }

        public ArrayBufferWriter(int initialCapacity)
        {
            if (initialCapacity <= 0) throw new ArgumentException("Value must be greater than zero.", nameof(initialCapacity));
            _buffer = new T[initialCapacity];
        }

        public ReadOnlyMemory<T> WrittenMemory => new ReadOnlyMemory<T>(_buffer, 0, _index);

        public ReadOnlySpan<T> WrittenSpan => new ReadOnlySpan<T>(_buffer, 0, _index);

        public int WrittenCount => _index;

        public int Capacity => _buffer.Length;

        public int FreeCapacity => _buffer.Length - _index;

        public void Clear()
        {
            new Span<T>(_buffer, 0, _index).Clear();
            _index = 0;
        }

        public void ResetWrittenCount() => _index = 0;

        public void Advance(int count)
        {
            if (count < 0) throw new ArgumentException("Value must be non-negative.", nameof(count));
            if (_index > _buffer.Length - count)
                throw new InvalidOperationException("Cannot advance past the end of the buffer, which has a size of " + _buffer.Length + ".");
            _index += count;
        }

        public Memory<T> GetMemory(int sizeHint = 0)
        {
            Reserve(sizeHint);
            return new Memory<T>(_buffer, _index, _buffer.Length - _index);
        }

        public Span<T> GetSpan(int sizeHint = 0)
        {
            Reserve(sizeHint);
            return new Span<T>(_buffer, _index, _buffer.Length - _index);
        }

        private void Reserve(int sizeHint)
        {
            if (sizeHint < 0) throw new ArgumentException("Value must be non-negative.", nameof(sizeHint));
            if (sizeHint == 0) sizeHint = 1;
            if (sizeHint <= _buffer.Length - _index) return;
            int grown = Math.Max(Math.Max(_buffer.Length * 2, DefaultCapacity), _index + sizeHint);
            if ((uint)grown > 0x7FFFFFC7) grown = Math.Max(_index + sizeHint, 0x7FFFFFC7);
            T[] bigger = new T[grown];
            Array.Copy(_buffer, bigger, _index);
            _buffer = bigger;
        }
    }
}
