namespace System
{
    public static unsafe class Buffer
    {
        /// <summary>Copies bytes; overlapping ranges are handled by choosing the copy direction. Forward copies
        /// use the CPU's string instructions (Native/runtime.asm).</summary>
        public static void Memmove(byte* destination, byte* source, nuint length)
        {
            if (destination == source || length == 0) return;
            if (length <= 16)
            {
                // Short (strings' parts, small structs): two moves that may overlap each other, both read before either
                // is written, so any overlap of the ranges is safe too.
                if (length >= 8)
                {
                    ulong head = *(ulong*)source, tail = *(ulong*)(source + length - 8);
                    *(ulong*)destination = head;
                    *(ulong*)(destination + length - 8) = tail;
                }
                else if (length >= 4)
                {
                    uint head = *(uint*)source, tail = *(uint*)(source + length - 4);
                    *(uint*)destination = head;
                    *(uint*)(destination + length - 4) = tail;
                }
                else if (length >= 2)
                {
                    ushort head = *(ushort*)source, tail = *(ushort*)(source + length - 2);
                    *(ushort*)destination = head;
                    *(ushort*)(destination + length - 2) = tail;
                }
                else *destination = *source;
                return;
            }
            if (destination < source || destination >= source + length)
            {
                if (length >= 64)
                {
                    CopyForward(destination, source, length);
                    return;
                }
                nuint i = 0;
                for (; i + 8 <= length; i += 8) *(ulong*)(destination + i) = *(ulong*)(source + i);
                for (; i < length; i++) destination[i] = source[i];
            }
            else
            {
                nuint i = length;
                while (i >= 8) { i -= 8; *(ulong*)(destination + i) = *(ulong*)(source + i); }
                while (i > 0) { i--; destination[i] = source[i]; }
            }
        }

        /// <summary>.NET's bounded copy: <paramref name="sourceBytesToCopy"/> bytes, refused (ArgumentOutOfRangeException)
        /// when more than <paramref name="destinationSizeInBytes"/>; overlap handled as by <see cref="Memmove"/>.</summary>
        public static void MemoryCopy(void* source, void* destination, long destinationSizeInBytes, long sourceBytesToCopy)
        {
            if (sourceBytesToCopy < 0 || sourceBytesToCopy > destinationSizeInBytes)
                throw new ArgumentOutOfRangeException(nameof(sourceBytesToCopy));
            Memmove((byte*)destination, (byte*)source, (nuint)sourceBytesToCopy);
        }

        /// <summary>Copies memory that may contain references (the compiler calls this for struct copies).
        /// The collector needs no barrier work, so this is a plain move.</summary>
        internal static void BulkMoveWithWriteBarrier(ref byte destination, ref byte source, nuint byteCount) =>
            Memmove((byte*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref destination),
                (byte*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref source), byteCount);

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall)]
        [System.Runtime.RuntimeImport("sing_copy_forward")]
        private static extern void CopyForward(byte* destination, byte* source, nuint length);

        /// <summary>Zeroes <paramref name="length"/> bytes (array elements of any type: zero is every type's default).</summary>
        internal static void Zero(byte* destination, nuint length)
        {
            if (length > 0) FillNative(destination, 0, length);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall)]
        [System.Runtime.RuntimeImport("sing_fill")]
        private static extern void FillNative(byte* destination, ulong pattern, nuint length);

        public static void Fill(byte* destination, byte value, nuint length)
        {
            ulong pattern = value * 0x0101010101010101UL;
            if (length >= 64)
            {
                FillNative(destination, pattern, length);
                return;
            }
            nuint i = 0;
            for (; i + 8 <= length; i += 8) *(ulong*)(destination + i) = pattern;
            for (; i < length; i++) destination[i] = value;
        }
    }
}
