namespace System.Buffers.Binary
{
    /// <summary>Integers and floating-point values read from and written to spans of bytes in a stated byte order, as
    /// .NET's BinaryPrimitives: the Read/Write forms throw ArgumentOutOfRangeException (parameter "length") for a span
    /// too short, the Try forms return false. Plain indexed span access: every byte is bounds-checked.</summary>
    public static class BinaryPrimitives
    {
        public static byte ReverseEndianness(byte value) => value;
        public static sbyte ReverseEndianness(sbyte value) => value;
        public static ushort ReverseEndianness(ushort value) => (ushort)((value >> 8) | (value << 8));
        public static short ReverseEndianness(short value) => (short)ReverseEndianness((ushort)value);
        public static uint ReverseEndianness(uint value) =>
            (value >> 24) | ((value >> 8) & 0x0000FF00u) | ((value << 8) & 0x00FF0000u) | (value << 24);
        public static int ReverseEndianness(int value) => (int)ReverseEndianness((uint)value);
        public static ulong ReverseEndianness(ulong value) => ((ulong)ReverseEndianness((uint)value) << 32) | ReverseEndianness((uint)(value >> 32));
        public static long ReverseEndianness(long value) => (long)ReverseEndianness((ulong)value);
        public static nuint ReverseEndianness(nuint value) => (nuint)ReverseEndianness((ulong)value);
        public static nint ReverseEndianness(nint value) => (nint)ReverseEndianness((long)value);

        public static void ReverseEndianness(ReadOnlySpan<ushort> source, Span<ushort> destination) { Check(source.Length, destination.Length); for (int i = 0; i < source.Length; i++) destination[i] = ReverseEndianness(source[i]); }
        public static void ReverseEndianness(ReadOnlySpan<short> source, Span<short> destination) { Check(source.Length, destination.Length); for (int i = 0; i < source.Length; i++) destination[i] = ReverseEndianness(source[i]); }
        public static void ReverseEndianness(ReadOnlySpan<uint> source, Span<uint> destination) { Check(source.Length, destination.Length); for (int i = 0; i < source.Length; i++) destination[i] = ReverseEndianness(source[i]); }
        public static void ReverseEndianness(ReadOnlySpan<int> source, Span<int> destination) { Check(source.Length, destination.Length); for (int i = 0; i < source.Length; i++) destination[i] = ReverseEndianness(source[i]); }
        public static void ReverseEndianness(ReadOnlySpan<ulong> source, Span<ulong> destination) { Check(source.Length, destination.Length); for (int i = 0; i < source.Length; i++) destination[i] = ReverseEndianness(source[i]); }
        public static void ReverseEndianness(ReadOnlySpan<long> source, Span<long> destination) { Check(source.Length, destination.Length); for (int i = 0; i < source.Length; i++) destination[i] = ReverseEndianness(source[i]); }

        private static void Check(int source, int destination)
        {
            if (destination < source) throw new ArgumentException("Destination is too short.", nameof(destination));
        }

        // The unsigned value of the first `size` bytes, little-endian or big-endian; the caller checked the length.
        private static ulong Load(ReadOnlySpan<byte> source, int size, bool bigEndian)
        {
            ulong value = 0;
            for (int i = 0; i < size; i++) value |= (ulong)source[bigEndian ? size - 1 - i : i] << (8 * i);
            return value;
        }

        private static void Store(Span<byte> destination, ulong value, int size, bool bigEndian)
        {
            for (int i = 0; i < size; i++) destination[bigEndian ? size - 1 - i : i] = (byte)(value >> (8 * i));
        }

        private static ulong Read(ReadOnlySpan<byte> source, int size, bool bigEndian)
        {
            if (source.Length < size) throw new ArgumentOutOfRangeException("length");
            return Load(source, size, bigEndian);
        }

        private static void Write(Span<byte> destination, ulong value, int size, bool bigEndian)
        {
            if (destination.Length < size) throw new ArgumentOutOfRangeException("length");
            Store(destination, value, size, bigEndian);
        }

        private static bool TryRead(ReadOnlySpan<byte> source, int size, bool bigEndian, out ulong value)
        {
            value = source.Length < size ? 0 : Load(source, size, bigEndian);
            return source.Length >= size;
        }

        private static bool TryWrite(Span<byte> destination, ulong value, int size, bool bigEndian)
        {
            if (destination.Length < size) return false;
            Store(destination, value, size, bigEndian);
            return true;
        }

        public static short ReadInt16BigEndian(ReadOnlySpan<byte> source) => (short)Read(source, 2, true);
        public static bool TryReadInt16BigEndian(ReadOnlySpan<byte> source, out short value)
        {
            bool ok = TryRead(source, 2, true, out ulong raw);
            value = (short)raw;
            return ok;
        }
        public static void WriteInt16BigEndian(Span<byte> destination, short value) => Write(destination, (ulong)value, 2, true);
        public static bool TryWriteInt16BigEndian(Span<byte> destination, short value) => TryWrite(destination, (ulong)value, 2, true);
        public static short ReadInt16LittleEndian(ReadOnlySpan<byte> source) => (short)Read(source, 2, false);
        public static bool TryReadInt16LittleEndian(ReadOnlySpan<byte> source, out short value)
        {
            bool ok = TryRead(source, 2, false, out ulong raw);
            value = (short)raw;
            return ok;
        }
        public static void WriteInt16LittleEndian(Span<byte> destination, short value) => Write(destination, (ulong)value, 2, false);
        public static bool TryWriteInt16LittleEndian(Span<byte> destination, short value) => TryWrite(destination, (ulong)value, 2, false);
        public static ushort ReadUInt16BigEndian(ReadOnlySpan<byte> source) => (ushort)Read(source, 2, true);
        public static bool TryReadUInt16BigEndian(ReadOnlySpan<byte> source, out ushort value)
        {
            bool ok = TryRead(source, 2, true, out ulong raw);
            value = (ushort)raw;
            return ok;
        }
        public static void WriteUInt16BigEndian(Span<byte> destination, ushort value) => Write(destination, (ulong)value, 2, true);
        public static bool TryWriteUInt16BigEndian(Span<byte> destination, ushort value) => TryWrite(destination, (ulong)value, 2, true);
        public static ushort ReadUInt16LittleEndian(ReadOnlySpan<byte> source) => (ushort)Read(source, 2, false);
        public static bool TryReadUInt16LittleEndian(ReadOnlySpan<byte> source, out ushort value)
        {
            bool ok = TryRead(source, 2, false, out ulong raw);
            value = (ushort)raw;
            return ok;
        }
        public static void WriteUInt16LittleEndian(Span<byte> destination, ushort value) => Write(destination, (ulong)value, 2, false);
        public static bool TryWriteUInt16LittleEndian(Span<byte> destination, ushort value) => TryWrite(destination, (ulong)value, 2, false);
        public static int ReadInt32BigEndian(ReadOnlySpan<byte> source) => (int)Read(source, 4, true);
        public static bool TryReadInt32BigEndian(ReadOnlySpan<byte> source, out int value)
        {
            bool ok = TryRead(source, 4, true, out ulong raw);
            value = (int)raw;
            return ok;
        }
        public static void WriteInt32BigEndian(Span<byte> destination, int value) => Write(destination, (ulong)value, 4, true);
        public static bool TryWriteInt32BigEndian(Span<byte> destination, int value) => TryWrite(destination, (ulong)value, 4, true);
        public static int ReadInt32LittleEndian(ReadOnlySpan<byte> source) => (int)Read(source, 4, false);
        public static bool TryReadInt32LittleEndian(ReadOnlySpan<byte> source, out int value)
        {
            bool ok = TryRead(source, 4, false, out ulong raw);
            value = (int)raw;
            return ok;
        }
        public static void WriteInt32LittleEndian(Span<byte> destination, int value) => Write(destination, (ulong)value, 4, false);
        public static bool TryWriteInt32LittleEndian(Span<byte> destination, int value) => TryWrite(destination, (ulong)value, 4, false);
        public static uint ReadUInt32BigEndian(ReadOnlySpan<byte> source) => (uint)Read(source, 4, true);
        public static bool TryReadUInt32BigEndian(ReadOnlySpan<byte> source, out uint value)
        {
            bool ok = TryRead(source, 4, true, out ulong raw);
            value = (uint)raw;
            return ok;
        }
        public static void WriteUInt32BigEndian(Span<byte> destination, uint value) => Write(destination, (ulong)value, 4, true);
        public static bool TryWriteUInt32BigEndian(Span<byte> destination, uint value) => TryWrite(destination, (ulong)value, 4, true);
        public static uint ReadUInt32LittleEndian(ReadOnlySpan<byte> source) => (uint)Read(source, 4, false);
        public static bool TryReadUInt32LittleEndian(ReadOnlySpan<byte> source, out uint value)
        {
            bool ok = TryRead(source, 4, false, out ulong raw);
            value = (uint)raw;
            return ok;
        }
        public static void WriteUInt32LittleEndian(Span<byte> destination, uint value) => Write(destination, (ulong)value, 4, false);
        public static bool TryWriteUInt32LittleEndian(Span<byte> destination, uint value) => TryWrite(destination, (ulong)value, 4, false);
        public static long ReadInt64BigEndian(ReadOnlySpan<byte> source) => (long)Read(source, 8, true);
        public static bool TryReadInt64BigEndian(ReadOnlySpan<byte> source, out long value)
        {
            bool ok = TryRead(source, 8, true, out ulong raw);
            value = (long)raw;
            return ok;
        }
        public static void WriteInt64BigEndian(Span<byte> destination, long value) => Write(destination, (ulong)value, 8, true);
        public static bool TryWriteInt64BigEndian(Span<byte> destination, long value) => TryWrite(destination, (ulong)value, 8, true);
        public static long ReadInt64LittleEndian(ReadOnlySpan<byte> source) => (long)Read(source, 8, false);
        public static bool TryReadInt64LittleEndian(ReadOnlySpan<byte> source, out long value)
        {
            bool ok = TryRead(source, 8, false, out ulong raw);
            value = (long)raw;
            return ok;
        }
        public static void WriteInt64LittleEndian(Span<byte> destination, long value) => Write(destination, (ulong)value, 8, false);
        public static bool TryWriteInt64LittleEndian(Span<byte> destination, long value) => TryWrite(destination, (ulong)value, 8, false);
        public static ulong ReadUInt64BigEndian(ReadOnlySpan<byte> source) => (ulong)Read(source, 8, true);
        public static bool TryReadUInt64BigEndian(ReadOnlySpan<byte> source, out ulong value)
        {
            bool ok = TryRead(source, 8, true, out ulong raw);
            value = (ulong)raw;
            return ok;
        }
        public static void WriteUInt64BigEndian(Span<byte> destination, ulong value) => Write(destination, (ulong)value, 8, true);
        public static bool TryWriteUInt64BigEndian(Span<byte> destination, ulong value) => TryWrite(destination, (ulong)value, 8, true);
        public static ulong ReadUInt64LittleEndian(ReadOnlySpan<byte> source) => (ulong)Read(source, 8, false);
        public static bool TryReadUInt64LittleEndian(ReadOnlySpan<byte> source, out ulong value)
        {
            bool ok = TryRead(source, 8, false, out ulong raw);
            value = (ulong)raw;
            return ok;
        }
        public static void WriteUInt64LittleEndian(Span<byte> destination, ulong value) => Write(destination, (ulong)value, 8, false);
        public static bool TryWriteUInt64LittleEndian(Span<byte> destination, ulong value) => TryWrite(destination, (ulong)value, 8, false);
        public static nint ReadIntPtrBigEndian(ReadOnlySpan<byte> source) => (nint)Read(source, 8, true);
        public static bool TryReadIntPtrBigEndian(ReadOnlySpan<byte> source, out nint value)
        {
            bool ok = TryRead(source, 8, true, out ulong raw);
            value = (nint)raw;
            return ok;
        }
        public static void WriteIntPtrBigEndian(Span<byte> destination, nint value) => Write(destination, (ulong)value, 8, true);
        public static bool TryWriteIntPtrBigEndian(Span<byte> destination, nint value) => TryWrite(destination, (ulong)value, 8, true);
        public static nint ReadIntPtrLittleEndian(ReadOnlySpan<byte> source) => (nint)Read(source, 8, false);
        public static bool TryReadIntPtrLittleEndian(ReadOnlySpan<byte> source, out nint value)
        {
            bool ok = TryRead(source, 8, false, out ulong raw);
            value = (nint)raw;
            return ok;
        }
        public static void WriteIntPtrLittleEndian(Span<byte> destination, nint value) => Write(destination, (ulong)value, 8, false);
        public static bool TryWriteIntPtrLittleEndian(Span<byte> destination, nint value) => TryWrite(destination, (ulong)value, 8, false);
        public static nuint ReadUIntPtrBigEndian(ReadOnlySpan<byte> source) => (nuint)Read(source, 8, true);
        public static bool TryReadUIntPtrBigEndian(ReadOnlySpan<byte> source, out nuint value)
        {
            bool ok = TryRead(source, 8, true, out ulong raw);
            value = (nuint)raw;
            return ok;
        }
        public static void WriteUIntPtrBigEndian(Span<byte> destination, nuint value) => Write(destination, (ulong)value, 8, true);
        public static bool TryWriteUIntPtrBigEndian(Span<byte> destination, nuint value) => TryWrite(destination, (ulong)value, 8, true);
        public static nuint ReadUIntPtrLittleEndian(ReadOnlySpan<byte> source) => (nuint)Read(source, 8, false);
        public static bool TryReadUIntPtrLittleEndian(ReadOnlySpan<byte> source, out nuint value)
        {
            bool ok = TryRead(source, 8, false, out ulong raw);
            value = (nuint)raw;
            return ok;
        }
        public static void WriteUIntPtrLittleEndian(Span<byte> destination, nuint value) => Write(destination, (ulong)value, 8, false);
        public static bool TryWriteUIntPtrLittleEndian(Span<byte> destination, nuint value) => TryWrite(destination, (ulong)value, 8, false);
        public static float ReadSingleBigEndian(ReadOnlySpan<byte> source) => BitConverter.UInt32BitsToSingle((uint)Read(source, 4, true));
        public static bool TryReadSingleBigEndian(ReadOnlySpan<byte> source, out float value)
        {
            bool ok = TryRead(source, 4, true, out ulong raw);
            value = BitConverter.UInt32BitsToSingle((uint)raw);
            return ok;
        }
        public static void WriteSingleBigEndian(Span<byte> destination, float value) => Write(destination, BitConverter.SingleToUInt32Bits(value), 4, true);
        public static bool TryWriteSingleBigEndian(Span<byte> destination, float value) => TryWrite(destination, BitConverter.SingleToUInt32Bits(value), 4, true);
        public static float ReadSingleLittleEndian(ReadOnlySpan<byte> source) => BitConverter.UInt32BitsToSingle((uint)Read(source, 4, false));
        public static bool TryReadSingleLittleEndian(ReadOnlySpan<byte> source, out float value)
        {
            bool ok = TryRead(source, 4, false, out ulong raw);
            value = BitConverter.UInt32BitsToSingle((uint)raw);
            return ok;
        }
        public static void WriteSingleLittleEndian(Span<byte> destination, float value) => Write(destination, BitConverter.SingleToUInt32Bits(value), 4, false);
        public static bool TryWriteSingleLittleEndian(Span<byte> destination, float value) => TryWrite(destination, BitConverter.SingleToUInt32Bits(value), 4, false);
        public static double ReadDoubleBigEndian(ReadOnlySpan<byte> source) => BitConverter.UInt64BitsToDouble((ulong)Read(source, 8, true));
        public static bool TryReadDoubleBigEndian(ReadOnlySpan<byte> source, out double value)
        {
            bool ok = TryRead(source, 8, true, out ulong raw);
            value = BitConverter.UInt64BitsToDouble((ulong)raw);
            return ok;
        }
        public static void WriteDoubleBigEndian(Span<byte> destination, double value) => Write(destination, BitConverter.DoubleToUInt64Bits(value), 8, true);
        public static bool TryWriteDoubleBigEndian(Span<byte> destination, double value) => TryWrite(destination, BitConverter.DoubleToUInt64Bits(value), 8, true);
        public static double ReadDoubleLittleEndian(ReadOnlySpan<byte> source) => BitConverter.UInt64BitsToDouble((ulong)Read(source, 8, false));
        public static bool TryReadDoubleLittleEndian(ReadOnlySpan<byte> source, out double value)
        {
            bool ok = TryRead(source, 8, false, out ulong raw);
            value = BitConverter.UInt64BitsToDouble((ulong)raw);
            return ok;
        }
        public static void WriteDoubleLittleEndian(Span<byte> destination, double value) => Write(destination, BitConverter.DoubleToUInt64Bits(value), 8, false);
        public static bool TryWriteDoubleLittleEndian(Span<byte> destination, double value) => TryWrite(destination, BitConverter.DoubleToUInt64Bits(value), 8, false);
    }
}
