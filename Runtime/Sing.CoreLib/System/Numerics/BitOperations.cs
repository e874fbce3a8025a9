namespace System.Numerics
{
    /// <summary>Bit twiddling the JIT turns into single instructions (tzcnt/bsf) in System.Private.CoreLib; the bodies
    /// are the fallback for calls it does not expand.</summary>
    public static class BitOperations
    {
        /// <summary>The index of the lowest set bit; 64 for 0.</summary>
        [System.Runtime.CompilerServices.Intrinsic]
        public static int TrailingZeroCount(ulong value)
        {
            if (value == 0) return 64;
            int n = 0;
            if ((value & 0xFFFFFFFF) == 0) { n += 32; value >>= 32; }
            if ((value & 0xFFFF) == 0) { n += 16; value >>= 16; }
            if ((value & 0xFF) == 0) { n += 8; value >>= 8; }
            if ((value & 0xF) == 0) { n += 4; value >>= 4; }
            if ((value & 0x3) == 0) { n += 2; value >>= 2; }
            if ((value & 0x1) == 0) n += 1;
            return n;
        }

        /// <summary>The number of zero bits above the highest set bit; 32 for 0.</summary>
        public static int LeadingZeroCount(uint value)
        {
            if (value == 0) return 32;
            int n = 0;
            if ((value & 0xFFFF0000) == 0) { n += 16; value <<= 16; }
            if ((value & 0xFF000000) == 0) { n += 8; value <<= 8; }
            if ((value & 0xF0000000) == 0) { n += 4; value <<= 4; }
            if ((value & 0xC0000000) == 0) { n += 2; value <<= 2; }
            if ((value & 0x80000000) == 0) n += 1;
            return n;
        }

        /// <summary>The number of zero bits above the highest set bit; 64 for 0.</summary>
        public static int LeadingZeroCount(ulong value) =>
            (value >> 32) != 0 ? LeadingZeroCount((uint)(value >> 32)) : 32 + LeadingZeroCount((uint)value);

        public static int TrailingZeroCount(uint value) => value == 0 ? 32 : TrailingZeroCount((ulong)value);

        /// <summary>The index of the highest set bit (floor of log2); 0 for 0, as .NET.</summary>
        public static int Log2(uint value) => 31 - LeadingZeroCount(value | 1);

        public static int Log2(ulong value) => 63 - LeadingZeroCount(value | 1);

        public static int PopCount(uint value)
        {
            value -= (value >> 1) & 0x55555555;
            value = (value & 0x33333333) + ((value >> 2) & 0x33333333);
            return (int)((((value + (value >> 4)) & 0x0F0F0F0F) * 0x01010101) >> 24);
        }

        public static int PopCount(ulong value) => PopCount((uint)value) + PopCount((uint)(value >> 32));

        public static bool IsPow2(int value) => value > 0 && (value & (value - 1)) == 0;

        public static bool IsPow2(uint value) => value != 0 && (value & (value - 1)) == 0;

        public static bool IsPow2(long value) => value > 0 && (value & (value - 1)) == 0;

        public static bool IsPow2(ulong value) => value != 0 && (value & (value - 1)) == 0;

        public static uint RotateLeft(uint value, int offset) => (value << offset) | (value >> (32 - offset));

        public static ulong RotateLeft(ulong value, int offset) => (value << offset) | (value >> (64 - offset));

        public static uint RotateRight(uint value, int offset) => (value >> offset) | (value << (32 - offset));

        public static ulong RotateRight(ulong value, int offset) => (value >> offset) | (value << (64 - offset));
    }
}
