using System;

namespace Sing.Network.Tcp
{
    /// <summary>A byte queue over a ring that grows on demand (doubling from 2 KiB) up to its capacity, so an idle
    /// connection holds little memory. <see cref="Growth"/> asks the engine's budget before each growth.</summary>
    public sealed class ByteRing
    {
        private byte[] _buffer = Array.Empty<byte>();
        private int _head, _count;

        public ByteRing(int capacity) { Capacity = capacity; }

        public int Capacity { get; }
        public int Count => _count;
        public int Free => Capacity - _count;
        public int Allocated => _buffer.Length;

        /// <summary>Asked before growing by the given bytes: false keeps the ring as it is.</summary>
        public Func<int, bool>? Growth;

        /// <summary>Appends as much of <paramref name="data"/> as fits; returns how much.</summary>
        public int Write(ReadOnlySpan<byte> data)
        {
            int n = Math.Min(data.Length, Capacity - _count);
            if (n <= 0) return 0;
            if (_count + n > _buffer.Length && !Grow(_count + n)) n = Math.Min(n, _buffer.Length - _count);
            if (n <= 0) return 0;
            int tail = (_head + _count) % _buffer.Length;
            int first = Math.Min(n, _buffer.Length - tail);
            data.Slice(0, first).CopyTo(new Span<byte>(_buffer, tail, first));
            data.Slice(first, n - first).CopyTo(new Span<byte>(_buffer, 0, n - first));
            _count += n;
            return n;
        }

        /// <summary>Copies <paramref name="destination"/>.Length bytes starting <paramref name="offset"/> bytes in, without
        /// removing them (a segment to send or send again).</summary>
        public void Peek(int offset, Span<byte> destination)
        {
            int start = (_head + offset) % Math.Max(1, _buffer.Length);
            int first = Math.Min(destination.Length, _buffer.Length - start);
            new ReadOnlySpan<byte>(_buffer, start, first).CopyTo(destination);
            new ReadOnlySpan<byte>(_buffer, 0, destination.Length - first).CopyTo(destination.Slice(first));
        }

        public int Read(Span<byte> destination)
        {
            int n = Math.Min(destination.Length, _count);
            if (n == 0) return 0;
            Peek(0, destination.Slice(0, n));
            Discard(n);
            return n;
        }

        public void Discard(int n)
        {
            n = Math.Min(n, _count);
            if (n == 0) return;
            _head = (_head + n) % _buffer.Length;
            _count -= n;
            if (_count == 0) _head = 0;
        }

        /// <summary>Gives the memory back (the connection ended).</summary>
        public int Release()
        {
            int had = _buffer.Length;
            _buffer = Array.Empty<byte>();
            _head = _count = 0;
            return had;
        }

        private bool Grow(int needed)
        {
            int size = Math.Max(2048, _buffer.Length);
            while (size < needed) size *= 2;
            size = Math.Min(size, Capacity);
            if (size <= _buffer.Length || (Growth != null && !Growth(size - _buffer.Length))) return false;
            var grown = new byte[size];
            Peek(0, new Span<byte>(grown, 0, _count));
            _buffer = grown;
            _head = 0;
            return true;
        }
    }
}
