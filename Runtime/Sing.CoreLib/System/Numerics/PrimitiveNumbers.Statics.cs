namespace System
{
    // The primitives' generic-math statics that PrimitiveStatics.cs does not already give (it covers int, long, double,
    // float at length): Max, Min, Clamp, Sign, and for signed types Abs, IsNegative, IsPositive, public where .NET has
    // them public (IsZero, and Abs/IsNegative/IsPositive of unsigned types, .NET implements explicitly: here the
    // interfaces' defaults serve), and the primitives as IMinMaxValue<T>, so `where T : INumber<T>` code can call T.Max,
    // T.MinValue and the rest.

    public partial struct Int32 : System.Numerics.IMinMaxValue<int>
    {
        static int System.Numerics.IMinMaxValue<int>.MinValue => MinValue;
        static int System.Numerics.IMinMaxValue<int>.MaxValue => MaxValue;
    }

    public partial struct Int64 : System.Numerics.IMinMaxValue<long>
    {
        static long System.Numerics.IMinMaxValue<long>.MinValue => MinValue;
        static long System.Numerics.IMinMaxValue<long>.MaxValue => MaxValue;
    }

    public partial struct Int16 : System.Numerics.IMinMaxValue<short>
    {
        static short System.Numerics.IMinMaxValue<short>.MinValue => MinValue;
        static short System.Numerics.IMinMaxValue<short>.MaxValue => MaxValue;
        public static short Max(short x, short y) => Math.Max(x, y);
        public static short Min(short x, short y) => Math.Min(x, y);
        public static short Clamp(short value, short min, short max) => (short)Math.Clamp((int)value, min, max);
        public static short Abs(short value) => Math.Abs(value);
        public static int Sign(short value) => Math.Sign(value);
        public static bool IsNegative(short value) => value < 0;
        public static bool IsPositive(short value) => value >= 0;
    }

    public partial struct Double : System.Numerics.IMinMaxValue<double>
    {
        static double System.Numerics.IMinMaxValue<double>.MinValue => MinValue;
        static double System.Numerics.IMinMaxValue<double>.MaxValue => MaxValue;
    }

    public partial struct Single : System.Numerics.IMinMaxValue<float>
    {
        static float System.Numerics.IMinMaxValue<float>.MinValue => MinValue;
        static float System.Numerics.IMinMaxValue<float>.MaxValue => MaxValue;
    }

    public partial struct Byte : System.Numerics.IMinMaxValue<byte>
    {
        static byte System.Numerics.IMinMaxValue<byte>.MinValue => MinValue;
        static byte System.Numerics.IMinMaxValue<byte>.MaxValue => MaxValue;
        public static byte Max(byte x, byte y) => Math.Max(x, y);
        public static byte Min(byte x, byte y) => Math.Min(x, y);
        public static byte Clamp(byte value, byte min, byte max) => Math.Clamp(value, min, max);
        public static int Sign(byte value) => value == 0 ? 0 : 1;
    }

    public partial struct UInt32 : System.Numerics.IMinMaxValue<uint>
    {
        static uint System.Numerics.IMinMaxValue<uint>.MinValue => MinValue;
        static uint System.Numerics.IMinMaxValue<uint>.MaxValue => MaxValue;
        public static uint Max(uint x, uint y) => Math.Max(x, y);
        public static uint Min(uint x, uint y) => Math.Min(x, y);
        public static uint Clamp(uint value, uint min, uint max) => Math.Clamp(value, min, max);
        public static int Sign(uint value) => value == 0 ? 0 : 1;
    }

    public partial struct UInt64 : System.Numerics.IMinMaxValue<ulong>
    {
        static ulong System.Numerics.IMinMaxValue<ulong>.MinValue => MinValue;
        static ulong System.Numerics.IMinMaxValue<ulong>.MaxValue => MaxValue;
        public static ulong Max(ulong x, ulong y) => Math.Max(x, y);
        public static ulong Min(ulong x, ulong y) => Math.Min(x, y);
        public static ulong Clamp(ulong value, ulong min, ulong max) => Math.Clamp(value, min, max);
        public static int Sign(ulong value) => value == 0 ? 0 : 1;
    }
}
