namespace System
{
    /// <summary>Reinterpreting floating-point bits, and little-endian byte conversions (x86-64 is little-endian).</summary>
    public static unsafe class BitConverter
    {
        public static readonly bool IsLittleEndian = true;

        public static long DoubleToInt64Bits(double value) => *(long*)&value;
        public static double Int64BitsToDouble(long value) => *(double*)&value;
        public static ulong DoubleToUInt64Bits(double value) => *(ulong*)&value;
        public static double UInt64BitsToDouble(ulong value) => *(double*)&value;
        public static int SingleToInt32Bits(float value) => *(int*)&value;
        public static float Int32BitsToSingle(int value) => *(float*)&value;
        public static uint SingleToUInt32Bits(float value) => *(uint*)&value;
        public static float UInt32BitsToSingle(uint value) => *(float*)&value;

        public static byte[] GetBytes(bool value) => new[] { value ? (byte)1 : (byte)0 };
        public static byte[] GetBytes(char value) => GetBytes((ushort)value, 2);
        public static byte[] GetBytes(short value) => GetBytes((ushort)value, 2);
        public static byte[] GetBytes(ushort value) => GetBytes(value, 2);
        public static byte[] GetBytes(int value) => GetBytes((uint)value, 4);
        public static byte[] GetBytes(uint value) => GetBytes(value, 4);
        public static byte[] GetBytes(long value) => GetBytes((ulong)value, 8);
        public static byte[] GetBytes(ulong value) => GetBytes(value, 8);
        public static byte[] GetBytes(float value) => GetBytes(SingleToUInt32Bits(value), 4);
        public static byte[] GetBytes(double value) => GetBytes(DoubleToUInt64Bits(value), 8);

        private static byte[] GetBytes(ulong value, int count)
        {
            var bytes = new byte[count];
            for (int i = 0; i < count; i++) bytes[i] = (byte)(value >> (8 * i));
            return bytes;
        }

        public static short ToInt16(byte[] value, int startIndex) => (short)Read(value, startIndex, 2);
        public static ushort ToUInt16(byte[] value, int startIndex) => (ushort)Read(value, startIndex, 2);
        public static int ToInt32(byte[] value, int startIndex) => (int)Read(value, startIndex, 4);
        public static uint ToUInt32(byte[] value, int startIndex) => (uint)Read(value, startIndex, 4);
        public static long ToInt64(byte[] value, int startIndex) => (long)Read(value, startIndex, 8);
        public static ulong ToUInt64(byte[] value, int startIndex) => Read(value, startIndex, 8);
        public static double ToDouble(byte[] value, int startIndex) => UInt64BitsToDouble(Read(value, startIndex, 8));
        public static float ToSingle(byte[] value, int startIndex) => UInt32BitsToSingle((uint)Read(value, startIndex, 4));
        public static bool ToBoolean(byte[] value, int startIndex) => Read(value, startIndex, 1) != 0;

        // The span forms read the first bytes of the span; a shorter one is .NET's ArgumentOutOfRangeException.
        public static short ToInt16(ReadOnlySpan<byte> value) => (short)Read(value, 2);
        public static ushort ToUInt16(ReadOnlySpan<byte> value) => (ushort)Read(value, 2);
        public static int ToInt32(ReadOnlySpan<byte> value) => (int)Read(value, 4);
        public static uint ToUInt32(ReadOnlySpan<byte> value) => (uint)Read(value, 4);
        public static long ToInt64(ReadOnlySpan<byte> value) => (long)Read(value, 8);
        public static ulong ToUInt64(ReadOnlySpan<byte> value) => Read(value, 8);
        public static double ToDouble(ReadOnlySpan<byte> value) => UInt64BitsToDouble(Read(value, 8));
        public static float ToSingle(ReadOnlySpan<byte> value) => UInt32BitsToSingle((uint)Read(value, 4));
        public static bool ToBoolean(ReadOnlySpan<byte> value) => Read(value, 1) != 0;

        /// <summary>Writes the value's bytes at the start of <paramref name="destination"/>; false when it is too short.</summary>
        public static bool TryWriteBytes(Span<byte> destination, int value) => TryWrite(destination, (uint)value, 4);
        public static bool TryWriteBytes(Span<byte> destination, uint value) => TryWrite(destination, value, 4);
        public static bool TryWriteBytes(Span<byte> destination, long value) => TryWrite(destination, (ulong)value, 8);
        public static bool TryWriteBytes(Span<byte> destination, ulong value) => TryWrite(destination, value, 8);
        public static bool TryWriteBytes(Span<byte> destination, short value) => TryWrite(destination, (ushort)value, 2);
        public static bool TryWriteBytes(Span<byte> destination, ushort value) => TryWrite(destination, value, 2);
        public static bool TryWriteBytes(Span<byte> destination, double value) => TryWrite(destination, DoubleToUInt64Bits(value), 8);
        public static bool TryWriteBytes(Span<byte> destination, float value) => TryWrite(destination, SingleToUInt32Bits(value), 4);

        private static ulong Read(ReadOnlySpan<byte> value, int count)
        {
            if (value.Length < count) throw new ArgumentOutOfRangeException(nameof(value), "Specified argument was out of the range of valid values.");
            ulong result = 0;
            for (int i = count - 1; i >= 0; i--) result = (result << 8) | value[i];
            return result;
        }

        private static bool TryWrite(Span<byte> destination, ulong value, int count)
        {
            if (destination.Length < count) return false;
            for (int i = 0; i < count; i++) destination[i] = (byte)(value >> (8 * i));
            return true;
        }

        private static ulong Read(byte[] value, int startIndex, int count)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if ((uint)startIndex >= (uint)value.Length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than the size of the collection.");
            if (startIndex > value.Length - count) throw new ArgumentException("Destination array is not long enough to copy all the items in the collection. Check array index and length.", nameof(value));
            ulong result = 0;
            for (int i = count - 1; i >= 0; i--) result = (result << 8) | value[startIndex + i];
            return result;
        }

        /// <summary>"01-AB-FF": each byte as two upper-case hex digits, joined by '-'.</summary>
        public static string ToString(byte[] value)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            return ToString(value, 0, value.Length);
        }

        public static string ToString(byte[] value, int startIndex)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            return ToString(value, startIndex, value.Length - startIndex);
        }

        public static char ToChar(byte[] value, int startIndex) => (char)ToUInt16(value, startIndex);

        public static string ToString(byte[] value, int startIndex, int length)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (startIndex < 0 || (startIndex >= value.Length && startIndex > 0))
                throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than the size of the collection.");
            if (length < 0) throw new ArgumentOutOfRangeException(nameof(length), "Value must be positive.");
            if (startIndex > value.Length - length)
                throw new ArgumentException("Destination array is not long enough to copy all the items in the collection. Check array index and length.");
            if (length == 0) return string.Empty;
            var span = new ReadOnlySpan<byte>(value, startIndex, length);
            var text = new char[span.Length * 3 - 1];
            for (int i = 0; i < span.Length; i++)
            {
                text[3 * i] = "0123456789ABCDEF"[span[i] >> 4];
                text[3 * i + 1] = "0123456789ABCDEF"[span[i] & 0xF];
                if (i + 1 < span.Length) text[3 * i + 2] = '-';
            }
            return new string(text);
        }
    }
}
