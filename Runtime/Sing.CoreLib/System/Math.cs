namespace System
{
    /// <summary>Integer and floating-point basics. Abs of the most negative signed value throws, as in .NET.</summary>
    /// <summary>Math as in .NET. Integer functions are exact; Abs of the most negative value throws. The
    /// floating-point functions follow IEEE 754 and .NET for NaN, infinities and signed zeros. Sqrt, Floor, Ceiling,
    /// Truncate, Round and % (fmod) are exact. Sin/Cos/Tan/Asin/Acos/Atan/Atan2/Exp/Log/Pow run on the x87 unit in
    /// extended precision and are rounded once (Native/math.asm): almost always the correctly rounded result that
    /// .NET on Linux (glibc) prints, rarely one ulp away. Sin/Cos/Tan of |x| ≥ 2^63 reduce by a double 2π (less
    /// accurate there than glibc); the hyperbolic functions are computed from Exp.</summary>
    public static unsafe partial class Math
    {
        public const double PI = 3.14159265358979323846;
        public const double E = 2.7182818284590452354;
        public const double Tau = 6.283185307179586476925;

        public static byte Min(byte a, byte b) => a <= b ? a : b;
        public static sbyte Min(sbyte a, sbyte b) => a <= b ? a : b;
        public static short Min(short a, short b) => a <= b ? a : b;
        public static ushort Min(ushort a, ushort b) => a <= b ? a : b;
        public static int Min(int a, int b) => a <= b ? a : b;
        public static long Min(long a, long b) => a <= b ? a : b;
        public static uint Min(uint a, uint b) => a <= b ? a : b;
        public static ulong Min(ulong a, ulong b) => a <= b ? a : b;
        public static nint Min(nint a, nint b) => a <= b ? a : b;

        public static byte Max(byte a, byte b) => a >= b ? a : b;
        public static sbyte Max(sbyte a, sbyte b) => a >= b ? a : b;
        public static short Max(short a, short b) => a >= b ? a : b;
        public static ushort Max(ushort a, ushort b) => a >= b ? a : b;
        public static int Max(int a, int b) => a >= b ? a : b;
        public static long Max(long a, long b) => a >= b ? a : b;
        public static uint Max(uint a, uint b) => a >= b ? a : b;
        public static ulong Max(ulong a, ulong b) => a >= b ? a : b;
        public static nint Max(nint a, nint b) => a >= b ? a : b;

        /// <summary>NaN if either is NaN; +0 is larger than -0.</summary>
        public static double Max(double val1, double val2)
        {
            if (val1 != val2) return double.IsNaN(val1) ? val1 : val2 < val1 ? val1 : val2;
            return double.IsNegative(val2) ? val1 : val2;
        }

        public static double Min(double val1, double val2)
        {
            if (val1 != val2) return double.IsNaN(val1) ? val1 : val1 < val2 ? val1 : val2;
            return double.IsNegative(val1) ? val1 : val2;
        }

        public static float Max(float val1, float val2) => (float)Max((double)val1, val2);
        public static float Min(float val1, float val2) => (float)Min((double)val1, val2);

        public static double MaxMagnitude(double x, double y)
        {
            double ax = Abs(x), ay = Abs(y);
            if (ax > ay || double.IsNaN(ax)) return x;
            if (ax == ay) return double.IsNegative(x) ? y : x;
            return y;
        }

        public static double MinMagnitude(double x, double y)
        {
            double ax = Abs(x), ay = Abs(y);
            if (ax < ay || double.IsNaN(ax)) return x;
            if (ax == ay) return double.IsNegative(x) ? x : y;
            return y;
        }

        public static int Abs(int value)
        {
            if (value == int.MinValue) throw new OverflowException("Negating the minimum value of a twos complement number is invalid.");
            return value < 0 ? -value : value;
        }

        public static long Abs(long value)
        {
            if (value == long.MinValue) throw new OverflowException("Negating the minimum value of a twos complement number is invalid.");
            return value < 0 ? -value : value;
        }

        public static short Abs(short value)
        {
            if (value == short.MinValue) throw new OverflowException("Negating the minimum value of a twos complement number is invalid.");
            return value < 0 ? (short)-value : value;
        }

        public static sbyte Abs(sbyte value)
        {
            if (value == sbyte.MinValue) throw new OverflowException("Negating the minimum value of a twos complement number is invalid.");
            return value < 0 ? (sbyte)-value : value;
        }

        public static double Abs(double value) => BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits(value) & long.MaxValue);

        public static float Abs(float value) => BitConverter.Int32BitsToSingle(BitConverter.SingleToInt32Bits(value) & int.MaxValue);

        public static int Clamp(int value, int min, int max)
        {
            if (min > max) ThrowMinMax(min, max);
            return value < min ? min : value > max ? max : value;
        }

        public static long Clamp(long value, long min, long max)
        {
            if (min > max) ThrowMinMax(min, max);
            return value < min ? min : value > max ? max : value;
        }

        public static ulong Clamp(ulong value, ulong min, ulong max)
        {
            if (min > max) ThrowMinMax(min, max);
            return value < min ? min : value > max ? max : value;
        }

        public static uint Clamp(uint value, uint min, uint max)
        {
            if (min > max) ThrowMinMax(min, max);
            return value < min ? min : value > max ? max : value;
        }

        public static byte Clamp(byte value, byte min, byte max)
        {
            if (min > max) ThrowMinMax(min, max);
            return value < min ? min : value > max ? max : value;
        }

        public static double Clamp(double value, double min, double max)
        {
            if (min > max) ThrowMinMax(min, max);
            return value < min ? min : value > max ? max : value;
        }

        public static float Clamp(float value, float min, float max)
        {
            if (min > max) ThrowMinMax(min, max);
            return value < min ? min : value > max ? max : value;
        }

        private static void ThrowMinMax(object min, object max) =>
            throw new ArgumentException("'" + min.ToString() + "' cannot be greater than " + max.ToString() + ".");

        public static int Sign(int value) => value > 0 ? 1 : value < 0 ? -1 : 0;
        public static int Sign(long value) => value > 0 ? 1 : value < 0 ? -1 : 0;
        public static int Sign(short value) => value > 0 ? 1 : value < 0 ? -1 : 0;
        public static int Sign(sbyte value) => value > 0 ? 1 : value < 0 ? -1 : 0;

        public static int Sign(double value)
        {
            if (double.IsNaN(value)) throw new ArithmeticException("Function does not accept floating point Not-a-Number values.");
            return value > 0 ? 1 : value < 0 ? -1 : 0;
        }

        public static int Sign(float value) => Sign((double)value);

        public static int DivRem(int a, int b, out int remainder)
        {
            int quotient = a / b;
            remainder = a - quotient * b;
            return quotient;
        }

        public static long DivRem(long a, long b, out long remainder)
        {
            long quotient = a / b;
            remainder = a - quotient * b;
            return quotient;
        }

        public static (int Quotient, int Remainder) DivRem(int left, int right)
        {
            int quotient = left / right;
            return (quotient, left - quotient * right);
        }

        public static (long Quotient, long Remainder) DivRem(long left, long right)
        {
            long quotient = left / right;
            return (quotient, left - quotient * right);
        }

        public static long BigMul(int a, int b) => (long)a * b;

        // Checked floating-point to integer conversions; the compiler calls these by name for `checked((int)d)`.
        // The range tests are written so that NaN fails them.
        private static int ConvertToInt32Checked(double value)
        {
            if (!(value > -2147483649.0 && value < 2147483648.0)) throw new OverflowException();
            return (int)value;
        }

        private static uint ConvertToUInt32Checked(double value)
        {
            if (!(value > -1.0 && value < 4294967296.0)) throw new OverflowException();
            return (uint)(long)value;
        }

        private static long ConvertToInt64Checked(double value)
        {
            if (!(value >= -9223372036854775808.0 && value < 9223372036854775808.0)) throw new OverflowException();
            return (long)value;
        }

        private static ulong ConvertToUInt64Checked(double value)
        {
            if (!(value > -1.0 && value < 18446744073709551616.0)) throw new OverflowException();
            return Double.ConvertToUInt64(value);
        }
    }
}
