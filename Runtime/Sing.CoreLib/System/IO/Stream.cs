using System.Threading;
using System.Threading.Tasks;

namespace System.IO
{
    public enum SeekOrigin
    {
        Begin = 0,
        Current = 1,
        End = 2,
    }

    public class IOException : SystemException
    {
        public IOException() : base("I/O error occurred.") { }
        public IOException(string message) : base(message) { }
        public IOException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class EndOfStreamException : IOException
    {
        public EndOfStreamException() : base("Attempted to read past the end of the stream.") { }
        public EndOfStreamException(string message) : base(message) { }
        public EndOfStreamException(string message, Exception innerException) : base(message, innerException) { }
    }

    /// <summary>A sequence of bytes to read, write and perhaps seek. Subclasses give the array forms of Read and Write;
    /// the span, byte and async forms are built on them (the async ones complete before they return: a SIP's
    /// streams are memory).</summary>
    public abstract class Stream : IDisposable, IAsyncDisposable
    {
        public static readonly Stream Null = new MemoryStream(new byte[0], false);

        public abstract bool CanRead { get; }
        public abstract bool CanSeek { get; }
        public abstract bool CanWrite { get; }
        public abstract long Length { get; }
        public abstract long Position { get; set; }

        public abstract int Read(byte[] buffer, int offset, int count);
        public abstract void Write(byte[] buffer, int offset, int count);
        public abstract long Seek(long offset, SeekOrigin origin);
        public abstract void SetLength(long value);
        public abstract void Flush();

        public virtual int Read(Span<byte> buffer)
        {
            byte[] bytes = new byte[buffer.Length];
            int n = Read(bytes, 0, bytes.Length);
            new ReadOnlySpan<byte>(bytes, 0, n).CopyTo(buffer);
            return n;
        }

        public virtual void Write(ReadOnlySpan<byte> buffer) => Write(buffer.ToArray(), 0, buffer.Length);

        public virtual int ReadByte()
        {
            byte[] one = new byte[1];
            return Read(one, 0, 1) == 0 ? -1 : one[0];
        }

        public virtual void WriteByte(byte value) => Write(new[] { value }, 0, 1);

        /// <summary>Reads exactly buffer.Length bytes, or throws EndOfStreamException.</summary>
        public void ReadExactly(Span<byte> buffer)
        {
            while (buffer.Length > 0)
            {
                int n = Read(buffer);
                if (n == 0) throw new EndOfStreamException("Unable to read beyond the end of the stream.");
                buffer = buffer.Slice(n);
            }
        }

        public void CopyTo(Stream destination) => CopyTo(destination, 81920);

        public virtual void CopyTo(Stream destination, int bufferSize)
        {
            if (destination is null) throw new ArgumentNullException(nameof(destination));
            if (bufferSize <= 0) throw new ArgumentOutOfRangeException(nameof(bufferSize), "Positive number required.");
            byte[] buffer = new byte[bufferSize];
            int n;
            while ((n = Read(buffer, 0, buffer.Length)) > 0) destination.Write(buffer, 0, n);
        }

        public virtual Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken = default)
        {
            cancellationToken.ThrowIfCancellationRequested();
            return Task.FromResult(Read(buffer, offset, count));
        }

        public virtual Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken = default)
        {
            cancellationToken.ThrowIfCancellationRequested();
            Write(buffer, offset, count);
            return Task.CompletedTask;
        }

        public Task CopyToAsync(Stream destination)
        {
            CopyTo(destination);
            return Task.CompletedTask;
        }

        public Task FlushAsync()
        {
            Flush();
            return Task.CompletedTask;
        }

        public virtual void Close() => Dispose(true);

        public void Dispose() => Close();

        public virtual ValueTask DisposeAsync()
        {
            Dispose();
            return default;
        }

        protected virtual void Dispose(bool disposing) { }

        private protected static void CheckArguments(byte[] buffer, int offset, int count)
        {
            if (buffer is null) throw new ArgumentNullException(nameof(buffer));
            if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset), "Non-negative number required.");
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count), "Non-negative number required.");
            if (buffer.Length - offset < count) throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }
    }

    /// <summary>A stream over a byte array: one it owns and grows (the parameterless and capacity constructors), or
    /// one given to it, fixed in size.</summary>
    public class MemoryStream : Stream
    {
        private byte[] _buffer;
        private readonly int _origin;
        private int _position;
        private int _length;
        private int _capacity;
        private readonly bool _expandable;
        private bool _writable;
        private readonly bool _exposable;
        private bool _open = true;

        public MemoryStream() : this(0) { }

        public MemoryStream(int capacity)
        {
            if (capacity < 0) throw new ArgumentOutOfRangeException(nameof(capacity), "Capacity must be positive.");
            _buffer = capacity == 0 ? new byte[0] : new byte[capacity];
            _capacity = capacity;
            _expandable = _writable = _exposable = true;
        }

        public MemoryStream(byte[] buffer) : this(buffer, true) { }

        public MemoryStream(byte[] buffer, bool writable)
        {
            _buffer = buffer ?? throw new ArgumentNullException(nameof(buffer));
            _length = _capacity = buffer.Length;
            _writable = writable;
        }

        public MemoryStream(byte[] buffer, int index, int count) : this(buffer, index, count, true) { }

        public MemoryStream(byte[] buffer, int index, int count, bool writable)
        {
            CheckArguments(buffer, index, count);
            _buffer = buffer;
            _origin = _position = index;
            _length = _capacity = index + count;
            _writable = writable;
        }

        public override bool CanRead => _open;
        public override bool CanSeek => _open;
        public override bool CanWrite => _writable;

        public virtual int Capacity
        {
            get
            {
                EnsureOpen();
                return _capacity - _origin;
            }
            set
            {
                EnsureOpen();
                if (value < _length - _origin) throw new ArgumentOutOfRangeException(nameof(value), "capacity was less than the current size.");
                if (!_expandable && value != Capacity) throw new NotSupportedException("Memory stream is not expandable.");
                if (_expandable && value != _capacity)
                {
                    byte[] grown = new byte[value];
                    Array.Copy(_buffer, grown, _length);
                    _buffer = grown;
                    _capacity = value;
                }
            }
        }

        public override long Length
        {
            get
            {
                EnsureOpen();
                return _length - _origin;
            }
        }

        public override long Position
        {
            get
            {
                EnsureOpen();
                return _position - _origin;
            }
            set
            {
                EnsureOpen();
                if (value < 0) throw new ArgumentOutOfRangeException(nameof(value), "Non-negative number required.");
                if (value > int.MaxValue - _origin) throw new ArgumentOutOfRangeException(nameof(value), "Stream length must be non-negative and less than 2^31 - 1 - origin.");
                _position = _origin + (int)value;
            }
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            CheckArguments(buffer, offset, count);
            EnsureOpen();
            int n = Math.Max(0, Math.Min(count, _length - _position));
            Array.Copy(_buffer, _position, buffer, offset, n);
            _position += n;
            return n;
        }

        public override int Read(Span<byte> buffer)
        {
            EnsureOpen();
            int n = Math.Max(0, Math.Min(buffer.Length, _length - _position));
            new ReadOnlySpan<byte>(_buffer, _position, n).CopyTo(buffer);
            _position += n;
            return n;
        }

        public override int ReadByte()
        {
            EnsureOpen();
            return _position >= _length ? -1 : _buffer[_position++];
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            CheckArguments(buffer, offset, count);
            Write(new ReadOnlySpan<byte>(buffer, offset, count));
        }

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            EnsureOpen();
            if (!_writable) throw new NotSupportedException("Stream does not support writing.");
            int end = _position + buffer.Length;
            if (end < 0) throw new IOException("Stream was too long.");
            if (end > _length)
            {
                if (end > _capacity) Grow(end);
                // Bytes between the old end and a position set past it read as zeros.
                if (_position > _length) Array.Clear(_buffer, _length, _position - _length);
                _length = end;
            }
            buffer.CopyTo(new Span<byte>(_buffer, _position, buffer.Length));
            _position = end;
        }

        public override void WriteByte(byte value) => Write(new ReadOnlySpan<byte>(new[] { value }));

        public override long Seek(long offset, SeekOrigin loc)
        {
            EnsureOpen();
            long target = loc switch
            {
                SeekOrigin.Begin => _origin + offset,
                SeekOrigin.Current => _position + offset,
                SeekOrigin.End => _length + offset,
                _ => throw new ArgumentException("Invalid seek origin.", nameof(loc)),
            };
            if (target < _origin) throw new IOException("An attempt was made to move the position before the beginning of the stream.");
            if (target > int.MaxValue) throw new ArgumentOutOfRangeException(nameof(offset), "Stream length must be non-negative and less than 2^31 - 1 - origin.");
            _position = (int)target;
            return _position - _origin;
        }

        public override void SetLength(long value)
        {
            EnsureOpen();
            if (!_writable) throw new NotSupportedException("Stream does not support writing.");
            if (value < 0 || value > int.MaxValue - _origin) throw new ArgumentOutOfRangeException(nameof(value), "Stream length must be non-negative and less than 2^31 - 1 - origin.");
            int end = _origin + (int)value;
            if (end > _capacity) Grow(end);
            if (end > _length) Array.Clear(_buffer, _length, end - _length);
            _length = end;
            if (_position > end) _position = end;
        }

        public override void Flush() { }

        /// <summary>A copy of the bytes from the start to the length (works after Dispose too, as in .NET).</summary>
        public virtual byte[] ToArray()
        {
            byte[] copy = new byte[_length - _origin];
            Array.Copy(_buffer, _origin, copy, 0, copy.Length);
            return copy;
        }

        /// <summary>The underlying array itself, for a stream that made it.</summary>
        public virtual byte[] GetBuffer()
        {
            if (!_exposable) throw new UnauthorizedAccessException("MemoryStream's internal buffer cannot be accessed.");
            return _buffer;
        }

        public virtual void WriteTo(Stream stream)
        {
            if (stream is null) throw new ArgumentNullException(nameof(stream));
            EnsureOpen();
            stream.Write(_buffer, _origin, _length - _origin);
        }

        protected override void Dispose(bool disposing)
        {
            _open = false;
            _writable = false;
            base.Dispose(disposing);
        }

        private void Grow(int needed)
        {
            if (!_expandable) throw new NotSupportedException("Memory stream is not expandable.");
            int capacity = Math.Max(needed, Math.Max(256, _capacity * 2));
            byte[] grown = new byte[capacity];
            Array.Copy(_buffer, grown, _length);
            _buffer = grown;
            _capacity = capacity;
        }

        private void EnsureOpen()
        {
            if (!_open) throw new ObjectDisposedException(null, "Cannot access a closed Stream.");
        }
    }
}
