using System.Runtime.CompilerServices;

namespace System.Threading
{
    /// <summary>Atomic operations. The compiler expands these [Intrinsic] methods to lock-prefixed instructions;
    /// the bodies are the fallback only and never run on x64.</summary>
    public static partial class Interlocked
    {
        [Intrinsic]
        public static int CompareExchange(ref int location, int value, int comparand) => CompareExchange(ref location, value, comparand);

        [Intrinsic]
        public static long CompareExchange(ref long location, long value, long comparand) => CompareExchange(ref location, value, comparand);

        [Intrinsic]
        public static IntPtr CompareExchange(ref IntPtr location, IntPtr value, IntPtr comparand) =>
            (IntPtr)CompareExchange(ref Unsafe.As<IntPtr, long>(ref location), (long)value, (long)comparand);

        /// <summary>References are compared and swapped as addresses (the collector neither moves objects nor
        /// needs a write barrier). Field-like events use the generic form.</summary>
        public static object CompareExchange(ref object location, object value, object comparand) =>
            AddressToObject(CompareExchange(ref Unsafe.As<object, long>(ref location), ObjectToAddress(value), ObjectToAddress(comparand)));

        public static T CompareExchange<T>(ref T location, T value, T comparand) where T : class =>
            Unsafe.As<T>(CompareExchange(ref Unsafe.As<T, object>(ref location), value, comparand));

        public static object Exchange(ref object location, object value) =>
            AddressToObject(Exchange(ref Unsafe.As<object, long>(ref location), ObjectToAddress(value)));

        public static T Exchange<T>(ref T location, T value) where T : class =>
            Unsafe.As<T>(Exchange(ref Unsafe.As<T, object>(ref location), value));

        private static long ObjectToAddress(object o) => Unsafe.As<object, long>(ref o);

        private static object AddressToObject(long address) => Unsafe.As<long, object>(ref address);

        [Intrinsic]
        public static int Exchange(ref int location, int value) => Exchange(ref location, value);

        [Intrinsic]
        public static long Exchange(ref long location, long value) => Exchange(ref location, value);

        [Intrinsic]
        public static int ExchangeAdd(ref int location, int value) => ExchangeAdd(ref location, value);

        [Intrinsic]
        public static long ExchangeAdd(ref long location, long value) => ExchangeAdd(ref location, value);

        public static int Increment(ref int location) => ExchangeAdd(ref location, 1) + 1;
        public static long Increment(ref long location) => ExchangeAdd(ref location, 1) + 1;
        public static int Decrement(ref int location) => ExchangeAdd(ref location, -1) - 1;
        public static long Decrement(ref long location) => ExchangeAdd(ref location, -1) - 1;
        public static int Add(ref int location, int value) => ExchangeAdd(ref location, value) + value;
        public static long Add(ref long location, long value) => ExchangeAdd(ref location, value) + value;

        [Intrinsic]
        public static void MemoryBarrier() => MemoryBarrier();

        /// <summary>A 64-bit read that is atomic (on x86-64 every aligned long read is).</summary>
        public static long Read(ref long location) => CompareExchange(ref location, 0, 0);

        public static int And(ref int location, int value)
        {
            int current;
            do current = Volatile.Read(ref location);
            while (CompareExchange(ref location, current & value, current) != current);
            return current;
        }

        public static int Or(ref int location, int value)
        {
            int current;
            do current = Volatile.Read(ref location);
            while (CompareExchange(ref location, current | value, current) != current);
            return current;
        }
    }

    public static class Volatile
    {
        public static int Read(ref int location) => Unsafe.As<int, VolatileInt>(ref location).Value;
        public static void Write(ref int location, int value) => Unsafe.As<int, VolatileInt>(ref location).Value = value;
        public static long Read(ref long location) => Unsafe.As<long, VolatileLong>(ref location).Value;
        public static void Write(ref long location, long value) => Unsafe.As<long, VolatileLong>(ref location).Value = value;

        // The other 4- and 8-byte types read and write through the int and long forms (same width, same ordering).
        public static uint Read(ref uint location) => (uint)Read(ref Unsafe.As<uint, int>(ref location));
        public static void Write(ref uint location, uint value) => Write(ref Unsafe.As<uint, int>(ref location), (int)value);
        public static ulong Read(ref ulong location) => (ulong)Read(ref Unsafe.As<ulong, long>(ref location));
        public static void Write(ref ulong location, ulong value) => Write(ref Unsafe.As<ulong, long>(ref location), (long)value);
        public static nint Read(ref nint location) => (nint)Read(ref Unsafe.As<nint, long>(ref location));
        public static void Write(ref nint location, nint value) => Write(ref Unsafe.As<nint, long>(ref location), value);
        public static nuint Read(ref nuint location) => (nuint)Read(ref Unsafe.As<nuint, long>(ref location));
        public static void Write(ref nuint location, nuint value) => Write(ref Unsafe.As<nuint, long>(ref location), (long)value);
        public static double Read(ref double location) => BitConverter.Int64BitsToDouble(Read(ref Unsafe.As<double, long>(ref location)));
        public static void Write(ref double location, double value) => Write(ref Unsafe.As<double, long>(ref location), BitConverter.DoubleToInt64Bits(value));
        public static bool Read(ref bool location) => Unsafe.As<bool, VolatileBool>(ref location).Value;
        public static void Write(ref bool location, bool value) => Unsafe.As<bool, VolatileBool>(ref location).Value = value;
        public static T Read<T>(ref T location) where T : class => Unsafe.As<T, VolatileObject>(ref location).Value as T;
        public static void Write<T>(ref T location, T value) where T : class => Unsafe.As<T, VolatileObject>(ref location).Value = value;

        private struct VolatileBool { public volatile bool Value; }
        private struct VolatileObject { public volatile object Value; }
        private struct VolatileInt { public volatile int Value; }
        private struct VolatileLong { public long Value; }
    }
}
