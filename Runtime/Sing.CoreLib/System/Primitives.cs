namespace System
{
    // The layout of primitive types is special-cased by the compiler; the single field lets methods read `this`.
    public struct Void { }

    public struct Boolean
    {
        private bool m_value;
        public override string ToString() => m_value ? "True" : "False";
    }

    public struct Char
    {
        private char m_value;
        public override string ToString() => new string(m_value, 1);
    }

    public struct SByte
    {
        private sbyte m_value;
        public override string ToString() => Number.Int64ToDecimal(m_value);
    }

    public struct Byte
    {
        private byte m_value;
        public override string ToString() => Number.UInt64ToDecimal(m_value);
    }

    public struct Int16
    {
        private short m_value;
        public override string ToString() => Number.Int64ToDecimal(m_value);
    }

    public struct UInt16
    {
        private ushort m_value;
        public override string ToString() => Number.UInt64ToDecimal(m_value);
    }

    public struct Int32
    {
        private int m_value;
        public const int MaxValue = 0x7fffffff;
        public const int MinValue = unchecked((int)0x80000000);
        public override string ToString() => Number.Int64ToDecimal(m_value);
        public override int GetHashCode() => m_value;
    }

    public struct UInt32
    {
        private uint m_value;
        public const uint MaxValue = 0xffffffff;
        public const uint MinValue = 0;
        public override string ToString() => Number.UInt64ToDecimal(m_value);
    }

    public struct Int64
    {
        private long m_value;
        public const long MaxValue = 0x7fffffffffffffff;
        public const long MinValue = unchecked((long)0x8000000000000000);
        public override string ToString() => Number.Int64ToDecimal(m_value);
    }

    public struct UInt64
    {
        private ulong m_value;
        public const ulong MaxValue = 0xffffffffffffffff;
        public const ulong MinValue = 0;
        public override string ToString() => Number.UInt64ToDecimal(m_value);
    }

    public struct Single
    {
        private float m_value;
    }

    public struct Double
    {
        private double m_value;

        // Conversion helpers the compiler calls by name (JitHelper) for conversions the CPU lacks.
        internal static ulong ConvertToUInt64(double value)
        {
            const double two63 = 9223372036854775808.0;
            if (value < two63) return (ulong)(long)value;
            return (ulong)(long)(value - two63) + 0x8000000000000000UL;
        }

        internal static double ConvertFromUInt64(ulong value)
        {
            if ((long)value >= 0) return (double)(long)value;
            double half = (double)(long)((value >> 1) | (value & 1));
            return half + half;
        }

        internal static double ConvertFromInt64(long value) => (double)value;
    }
}
