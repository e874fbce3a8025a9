using System.Text;

namespace System.IO
{
    /// <summary>Primitive values to a stream in .NET's binary format: little-endian, strings as a 7-bit-encoded byte
    /// count and the bytes in the writer's encoding (UTF-8 by default), decimals as their four 32-bit parts.</summary>
    public class BinaryWriter : IDisposable, IAsyncDisposable
    {
        private readonly Encoding _encoding;
        private readonly bool _leaveOpen;

        protected Stream OutStream;

        public BinaryWriter(Stream output) : this(output, new UTF8Encoding(false), false) { }

        public BinaryWriter(Stream output, Encoding encoding) : this(output, encoding, false) { }

        public BinaryWriter(Stream output, Encoding encoding, bool leaveOpen)
        {
            OutStream = output ?? throw new ArgumentNullException(nameof(output));
            if (!output.CanWrite) throw new ArgumentException("Stream was not writable.");
            _encoding = encoding ?? throw new ArgumentNullException(nameof(encoding));
            _leaveOpen = leaveOpen;
        }

        public virtual Stream BaseStream => OutStream;

        public virtual void Write(bool value) => OutStream.WriteByte(value ? (byte)1 : (byte)0);
        public virtual void Write(byte value) => OutStream.WriteByte(value);
        public virtual void Write(sbyte value) => OutStream.WriteByte((byte)value);
        public virtual void Write(byte[] buffer) => OutStream.Write(buffer ?? throw new ArgumentNullException(nameof(buffer)), 0, buffer.Length);
        public virtual void Write(byte[] buffer, int index, int count) => OutStream.Write(buffer, index, count);
        public virtual void Write(ReadOnlySpan<byte> buffer) => OutStream.Write(buffer);
        public virtual void Write(short value) => Little((ulong)(ushort)value, 2);
        public virtual void Write(ushort value) => Little(value, 2);
        public virtual void Write(int value) => Little((uint)value, 4);
        public virtual void Write(uint value) => Little(value, 4);
        public virtual void Write(long value) => Little((ulong)value, 8);
        public virtual void Write(ulong value) => Little(value, 8);
        public virtual void Write(float value) => Little((uint)BitConverter.SingleToInt32Bits(value), 4);
        public virtual void Write(double value) => Little((ulong)BitConverter.DoubleToInt64Bits(value), 8);

        public virtual void Write(decimal value)
        {
            foreach (int part in decimal.GetBits(value)) Write(part);
        }

        public virtual void Write(char ch) => Write(_encoding.GetBytes(new[] { ch }));

        public virtual void Write(char[] chars) => Write(_encoding.GetBytes(chars ?? throw new ArgumentNullException(nameof(chars))));

        public virtual void Write(string value)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            byte[] bytes = _encoding.GetBytes(value);
            Write7BitEncodedInt(bytes.Length);
            Write(bytes);
        }

        /// <summary>Seven bits per byte, low first, the high bit set on every byte but the last.</summary>
        public void Write7BitEncodedInt(int value)
        {
            uint rest = (uint)value;
            while (rest >= 0x80)
            {
                OutStream.WriteByte((byte)(rest | 0x80));
                rest >>= 7;
            }
            OutStream.WriteByte((byte)rest);
        }

        public void Write7BitEncodedInt64(long value)
        {
            ulong rest = (ulong)value;
            while (rest >= 0x80)
            {
                OutStream.WriteByte((byte)(rest | 0x80));
                rest >>= 7;
            }
            OutStream.WriteByte((byte)rest);
        }

        public virtual long Seek(int offset, SeekOrigin origin) => OutStream.Seek(offset, origin);

        public virtual void Flush() => OutStream.Flush();

        public virtual void Close() => Dispose(true);

        public void Dispose() => Dispose(true);

        public virtual System.Threading.Tasks.ValueTask DisposeAsync()
        {
            Dispose();
            return default;
        }

        protected virtual void Dispose(bool disposing)
        {
            if (!disposing) return;
            OutStream.Flush();
            if (!_leaveOpen) OutStream.Dispose();
        }

        private void Little(ulong value, int bytes)
        {
            Span<byte> buffer = stackalloc byte[8];
            for (int i = 0; i < bytes; i++) buffer[i] = (byte)(value >> (8 * i));
            OutStream.Write(buffer.Slice(0, bytes));
        }
    }

    /// <summary>Reads what BinaryWriter writes; reading past the end is .NET's EndOfStreamException.</summary>
    public class BinaryReader : IDisposable
    {
        private readonly Stream _stream;
        private readonly Encoding _encoding;
        private readonly bool _leaveOpen;

        public BinaryReader(Stream input) : this(input, new UTF8Encoding(false), false) { }

        public BinaryReader(Stream input, Encoding encoding) : this(input, encoding, false) { }

        public BinaryReader(Stream input, Encoding encoding, bool leaveOpen)
        {
            _stream = input ?? throw new ArgumentNullException(nameof(input));
            if (!input.CanRead) throw new ArgumentException("Stream was not readable.");
            _encoding = encoding ?? throw new ArgumentNullException(nameof(encoding));
            _leaveOpen = leaveOpen;
        }

        public virtual Stream BaseStream => _stream;

        public virtual bool ReadBoolean() => ReadByte() != 0;

        public virtual byte ReadByte()
        {
            int b = _stream.ReadByte();
            return b < 0 ? throw new EndOfStreamException("Unable to read beyond the end of the stream.") : (byte)b;
        }

        public virtual sbyte ReadSByte() => (sbyte)ReadByte();
        public virtual short ReadInt16() => (short)Little(2);
        public virtual ushort ReadUInt16() => (ushort)Little(2);
        public virtual int ReadInt32() => (int)Little(4);
        public virtual uint ReadUInt32() => (uint)Little(4);
        public virtual long ReadInt64() => (long)Little(8);
        public virtual ulong ReadUInt64() => Little(8);
        public virtual float ReadSingle() => BitConverter.Int32BitsToSingle((int)Little(4));
        public virtual double ReadDouble() => BitConverter.Int64BitsToDouble((long)Little(8));
        public virtual decimal ReadDecimal() => new decimal(new[] { ReadInt32(), ReadInt32(), ReadInt32(), ReadInt32() });

        public virtual byte[] ReadBytes(int count)
        {
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count), "Non-negative number required.");
            byte[] bytes = new byte[count];
            int n = 0;
            while (n < count)
            {
                int read = _stream.Read(bytes, n, count - n);
                if (read == 0) break;
                n += read;
            }
            if (n < count) Array.Resize(ref bytes, n);
            return bytes;
        }

        public virtual string ReadString()
        {
            int length = Read7BitEncodedInt();
            if (length < 0) throw new IOException("BinaryReader encountered an invalid string length of " + length.ToString() + " characters.");
            byte[] bytes = ReadBytes(length);
            if (bytes.Length < length) throw new EndOfStreamException("Unable to read beyond the end of the stream.");
            return _encoding.GetString(bytes);
        }

        public int Read7BitEncodedInt()
        {
            uint result = 0;
            for (int shift = 0; shift < 35; shift += 7)
            {
                byte b = ReadByte();
                result |= (uint)(b & 0x7F) << shift;
                if (b < 0x80) return (int)result;
            }
            throw new FormatException("Too many bytes in what should have been a 7-bit encoded integer.");
        }

        public virtual int PeekChar()
        {
            if (!_stream.CanSeek) return -1;
            long at = _stream.Position;
            int b = _stream.ReadByte();
            _stream.Position = at;
            return b;
        }

        public virtual void Close() => Dispose(true);

        public void Dispose() => Dispose(true);

        protected virtual void Dispose(bool disposing)
        {
            if (disposing && !_leaveOpen) _stream.Dispose();
        }

        private ulong Little(int bytes)
        {
            ulong value = 0;
            for (int i = 0; i < bytes; i++) value |= (ulong)ReadByte() << (8 * i);
            return value;
        }
    }
}
