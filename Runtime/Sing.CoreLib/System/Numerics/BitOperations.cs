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
    }
}
