using System.Runtime.CompilerServices;

namespace System.Threading
{
    /// <summary>The unsigned and floating-point forms of the atomic operations, over the same 32- and 64-bit
    /// instructions as the signed ones (a double or float travels as its bits).</summary>
    public static partial class Interlocked
    {
        public static uint CompareExchange(ref uint location, uint value, uint comparand) =>
            (uint)CompareExchange(ref Unsafe.As<uint, int>(ref location), (int)value, (int)comparand);

        public static ulong CompareExchange(ref ulong location, ulong value, ulong comparand) =>
            (ulong)CompareExchange(ref Unsafe.As<ulong, long>(ref location), (long)value, (long)comparand);

        public static double CompareExchange(ref double location, double value, double comparand) =>
            BitConverter.Int64BitsToDouble(CompareExchange(ref Unsafe.As<double, long>(ref location), BitConverter.DoubleToInt64Bits(value), BitConverter.DoubleToInt64Bits(comparand)));

        public static float CompareExchange(ref float location, float value, float comparand) =>
            BitConverter.Int32BitsToSingle(CompareExchange(ref Unsafe.As<float, int>(ref location), BitConverter.SingleToInt32Bits(value), BitConverter.SingleToInt32Bits(comparand)));

        public static uint Exchange(ref uint location, uint value) => (uint)Exchange(ref Unsafe.As<uint, int>(ref location), (int)value);

        public static ulong Exchange(ref ulong location, ulong value) => (ulong)Exchange(ref Unsafe.As<ulong, long>(ref location), (long)value);

        public static double Exchange(ref double location, double value) =>
            BitConverter.Int64BitsToDouble(Exchange(ref Unsafe.As<double, long>(ref location), BitConverter.DoubleToInt64Bits(value)));

        public static float Exchange(ref float location, float value) =>
            BitConverter.Int32BitsToSingle(Exchange(ref Unsafe.As<float, int>(ref location), BitConverter.SingleToInt32Bits(value)));

        public static uint Add(ref uint location, uint value) => (uint)Add(ref Unsafe.As<uint, int>(ref location), (int)value);

        public static ulong Add(ref ulong location, ulong value) => (ulong)Add(ref Unsafe.As<ulong, long>(ref location), (long)value);

        public static uint Increment(ref uint location) => Add(ref location, 1u);

        public static ulong Increment(ref ulong location) => Add(ref location, 1ul);

        public static uint Decrement(ref uint location) => (uint)Add(ref Unsafe.As<uint, int>(ref location), -1);

        public static ulong Decrement(ref ulong location) => (ulong)Add(ref Unsafe.As<ulong, long>(ref location), -1L);

        public static ulong Read(ref ulong location) => (ulong)Read(ref Unsafe.As<ulong, long>(ref location));

        public static uint And(ref uint location, uint value) => (uint)And(ref Unsafe.As<uint, int>(ref location), (int)value);

        public static uint Or(ref uint location, uint value) => (uint)Or(ref Unsafe.As<uint, int>(ref location), (int)value);

        public static long And(ref long location, long value)
        {
            long current;
            do current = Volatile.Read(ref location);
            while (CompareExchange(ref location, current & value, current) != current);
            return current;
        }

        public static long Or(ref long location, long value)
        {
            long current;
            do current = Volatile.Read(ref location);
            while (CompareExchange(ref location, current | value, current) != current);
            return current;
        }

        public static ulong And(ref ulong location, ulong value) => (ulong)And(ref Unsafe.As<ulong, long>(ref location), (long)value);

        public static ulong Or(ref ulong location, ulong value) => (ulong)Or(ref Unsafe.As<ulong, long>(ref location), (long)value);
    }
}
