using System.Runtime;
using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>Floating-point Math (see Math.cs for the accuracy notes).</summary>
    public static unsafe partial class Math
    {
        private const double TwoPow52 = 4503599627370496.0;

        /// <summary>The compiler makes it the SQRTSD instruction, as it does for .NET's own (a call to the native routine
        /// made callers spill every XMM register: n-body ran 23% slower than stock .NET); the body is the fallback.</summary>
        [Intrinsic]
        public static double Sqrt(double d) => NativeSqrt(d);

        /// <summary>The largest integer ≤ d; -0.5 gives -1, -0.0 stays -0.0.</summary>
        public static double Floor(double d)
        {
            if (!(Abs(d) < TwoPow52)) return d;   // already integral, infinite or NaN
            double t = (double)(long)d;
            if (t > d) t -= 1;
            return t == 0 ? CopySign(0, d) : t;
        }

        public static double Ceiling(double a)
        {
            if (!(Abs(a) < TwoPow52)) return a;
            double t = (double)(long)a;
            if (t < a) t += 1;
            return t == 0 ? CopySign(0, a) : t;
        }

        public static double Truncate(double d)
        {
            if (!(Abs(d) < TwoPow52)) return d;
            double t = (double)(long)d;
            return t == 0 ? CopySign(0, d) : t;
        }

        /// <summary>Rounds to the nearest integer, halves to even.</summary>
        public static double Round(double a) => Round(a, MidpointRounding.ToEven);

        public static double Round(double value, MidpointRounding mode)
        {
            if (!(Abs(value) < TwoPow52))
            {
                if ((uint)mode > (uint)MidpointRounding.ToPositiveInfinity) throw InvalidMode(mode);
                return value;
            }
            double result;
            switch (mode)
            {
                case MidpointRounding.ToEven:
                case MidpointRounding.AwayFromZero:
                    double floor = Floor(value);
                    double fraction = value - floor;   // exact below 2^52
                    if (fraction > 0.5) result = floor + 1;
                    else if (fraction < 0.5) result = floor;
                    else if (mode == MidpointRounding.AwayFromZero) result = value > 0 ? floor + 1 : floor;
                    else result = (floor * 0.5 == Floor(floor * 0.5)) ? floor : floor + 1;
                    break;
                case MidpointRounding.ToZero: result = Truncate(value); break;
                case MidpointRounding.ToNegativeInfinity: result = Floor(value); break;
                case MidpointRounding.ToPositiveInfinity: result = Ceiling(value); break;
                default: throw InvalidMode(mode);
            }
            return result == 0 ? CopySign(0, value) : result;
        }

        private static readonly double[] s_powersOf10 =
        {
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
        };

        public static double Round(double value, int digits) => Round(value, digits, MidpointRounding.ToEven);

        /// <summary>As .NET: for |value| &lt; 1e16, scale by 10^digits, round, scale back (so the result is what
        /// .NET prints, including its known cases such as Round(2.675, 2) = 2.67).</summary>
        public static double Round(double value, int digits, MidpointRounding mode)
        {
            if ((uint)digits > 15) throw new ArgumentOutOfRangeException(nameof(digits), "Rounding digits must be between 0 and 15, inclusive.");
            if ((uint)mode > (uint)MidpointRounding.ToPositiveInfinity) throw InvalidMode(mode);
            if (Abs(value) < 1e16)
            {
                double power10 = s_powersOf10[digits];
                value *= power10;
                value = Round(value, mode);
                value /= power10;
            }
            return value;
        }

        private static ArgumentException InvalidMode(MidpointRounding mode) =>
            new ArgumentException("The value '" + ((int)mode).ToString() + "' is not valid for this usage of the type MidpointRounding.", "mode");

        public static double CopySign(double x, double y) =>
            BitConverter.Int64BitsToDouble((BitConverter.DoubleToInt64Bits(x) & long.MaxValue) | (BitConverter.DoubleToInt64Bits(y) & long.MinValue));

        public static double IEEERemainder(double x, double y)
        {
            if (double.IsNaN(x) || double.IsNaN(y) || double.IsInfinity(x) || y == 0) return double.NaN;
            if (double.IsInfinity(y)) return x;
            double r = x % y;
            double half = Abs(y) * 0.5;
            if (Abs(r) > half || (Abs(r) == half && ((x - r) / y) % 2 != 0)) r -= CopySign(Abs(y), r);
            return r == 0 ? CopySign(0, x) : r;
        }

        public static double BitIncrement(double x)
        {
            long bits = BitConverter.DoubleToInt64Bits(x);
            if ((bits & 0x7FF0000000000000) >= 0x7FF0000000000000) return bits == unchecked((long)0xFFF0000000000000) ? double.MinValue : x;
            if (bits == unchecked((long)0x8000000000000000)) return double.Epsilon;
            return BitConverter.Int64BitsToDouble(bits + (bits < 0 ? -1 : 1));
        }

        public static double BitDecrement(double x)
        {
            long bits = BitConverter.DoubleToInt64Bits(x);
            if ((bits & 0x7FF0000000000000) >= 0x7FF0000000000000) return bits == 0x7FF0000000000000 ? double.MaxValue : x;
            if (bits == 0) return -double.Epsilon;
            return BitConverter.Int64BitsToDouble(bits + (bits < 0 ? 1 : -1));
        }

        public static double ScaleB(double x, int n)
        {
            // Multiply by powers of two in steps that stay representable.
            while (n > 1000) { x *= 8.98846567431158e307; n -= 1023; if (double.IsInfinity(x)) return x; }
            while (n < -1000) { x *= 2.2250738585072014e-308 * 4503599627370496.0; n += 1022 - 52; if (x == 0) return x; }
            return x * BitConverter.Int64BitsToDouble((long)(n + 1023) << 52);
        }

        public static double Sin(double a)
        {
            if (double.IsNaN(a) || double.IsInfinity(a)) return double.NaN;
            if (Abs(a) >= 9.2233720368547758e18) a %= Tau;
            return NativeSin(a);
        }

        public static double Cos(double d)
        {
            if (double.IsNaN(d) || double.IsInfinity(d)) return double.NaN;
            if (Abs(d) >= 9.2233720368547758e18) d %= Tau;
            return NativeCos(d);
        }

        public static double Tan(double a)
        {
            if (double.IsNaN(a) || double.IsInfinity(a)) return double.NaN;
            if (Abs(a) >= 9.2233720368547758e18) a %= Tau;
            return NativeTan(a);
        }

        public static (double Sin, double Cos) SinCos(double x) => (Sin(x), Cos(x));

        public static double Asin(double d) => Abs(d) <= 1 ? NativeAsin(d) : double.NaN;

        public static double Acos(double d) => Abs(d) <= 1 ? NativeAcos(d) : double.NaN;

        public static double Atan(double d) => double.IsNaN(d) ? d : NativeAtan2(d, 1.0);

        public static double Atan2(double y, double x)
        {
            if (double.IsNaN(x) || double.IsNaN(y)) return double.NaN;
            if (double.IsInfinity(x) && double.IsInfinity(y))
                return CopySign(x > 0 ? PI / 4 : 3 * PI / 4, y);
            return NativeAtan2(y, x);
        }

        public static double Exp(double d)
        {
            if (double.IsNaN(d)) return d;
            if (d > 709.782712893384) return double.PositiveInfinity;
            if (d < -745.1332191019412) return 0.0;
            return NativeExp(d);
        }

        public static double Log(double d)
        {
            if (double.IsNaN(d) || d < 0) return double.NaN;
            if (d == 0) return double.NegativeInfinity;
            if (double.IsPositiveInfinity(d)) return d;
            return NativeLn(d);
        }

        public static double Log(double a, double newBase)
        {
            if (double.IsNaN(a)) return a;
            if (double.IsNaN(newBase)) return newBase;
            if (newBase == 1 || (a != 1 && (newBase == 0 || double.IsPositiveInfinity(newBase)))) return double.NaN;
            return Log(a) / Log(newBase);
        }

        public static double Log10(double d)
        {
            if (double.IsNaN(d) || d < 0) return double.NaN;
            if (d == 0) return double.NegativeInfinity;
            if (double.IsPositiveInfinity(d)) return d;
            return NativeLog10(d);
        }

        public static double Log2(double x)
        {
            if (double.IsNaN(x) || x < 0) return double.NaN;
            if (x == 0) return double.NegativeInfinity;
            if (double.IsPositiveInfinity(x)) return x;
            return NativeLog2(x);
        }

        public static int ILogB(double x)
        {
            if (double.IsNaN(x) || double.IsInfinity(x)) return int.MaxValue;
            if (x == 0) return int.MinValue;
            return (int)Floor(Log2(Abs(x)));
        }

        /// <summary>x^y with C's (IEEE 754 pow) special cases, which .NET follows.</summary>
        public static double Pow(double x, double y)
        {
            if (y == 0) return 1.0;
            if (x == 1) return 1.0;
            if (double.IsNaN(x) || double.IsNaN(y)) return double.NaN;
            bool yIsInteger = Floor(y) == y;
            bool yIsOdd = yIsInteger && Abs(y) < TwoPow52 * 2 && (y * 0.5) != Floor(y * 0.5);
            if (double.IsInfinity(y))
            {
                if (x == -1) return 1.0;
                bool bigBase = Abs(x) > 1;
                return (y > 0) == bigBase ? double.PositiveInfinity : 0.0;
            }
            if (x == 0)
            {
                if (y < 0) return yIsOdd ? CopySign(double.PositiveInfinity, x) : double.PositiveInfinity;
                return yIsOdd ? x : 0.0;
            }
            if (double.IsInfinity(x))
            {
                if (x < 0) return y < 0 ? (yIsOdd ? -0.0 : 0.0) : (yIsOdd ? double.NegativeInfinity : double.PositiveInfinity);
                return y < 0 ? 0.0 : double.PositiveInfinity;
            }
            if (x < 0 && !yIsInteger) return double.NaN;
            double magnitude = PowPositive(Abs(x), y);
            return x < 0 && yIsOdd ? -magnitude : magnitude;
        }

        private static double PowPositive(double x, double y)
        {
            // Small integer powers by extended-precision squaring (exact where the result fits, e.g. 10^n).
            if (Floor(y) == y && Abs(y) <= 64) return NativePowInteger(x, (long)y);
            double log2 = NativeLog2(x) * y;
            if (log2 >= 1024) return double.PositiveInfinity;
            if (log2 < -1080) return 0.0;
            return NativePowPositive(x, y);
        }

        public static double Cbrt(double d)
        {
            if (double.IsNaN(d) || double.IsInfinity(d) || d == 0) return d;
            double r = PowPositive(Abs(d), 1.0 / 3.0);
            r -= (r * r * r - Abs(d)) / (3 * r * r); // one Newton step
            return CopySign(r, d);
        }

        public static double Sinh(double value)
        {
            if (Abs(value) < 1e-5) return value + value * value * value / 6;
            double e = Exp(value);
            return (e - 1 / e) * 0.5;
        }

        public static double Cosh(double value)
        {
            double e = Exp(Abs(value));
            return (e + 1 / e) * 0.5;
        }

        public static double Tanh(double value)
        {
            if (double.IsNaN(value)) return value;
            if (Abs(value) > 22) return CopySign(1.0, value);
            if (Abs(value) < 1e-5) return value - value * value * value / 3;
            double e2 = Exp(2 * value);
            return (e2 - 1) / (e2 + 1);
        }

        public static double Asinh(double x) => double.IsInfinity(x) ? x : CopySign(Log(Abs(x) + Sqrt(x * x + 1)), x);

        public static double Acosh(double x) => x < 1 ? double.NaN : Log(x + Sqrt(x * x - 1));

        public static double Atanh(double x) => Abs(x) > 1 ? double.NaN : 0.5 * Log((1 + x) / (1 - x));

        /// <summary>x * y + z rounded once: the images target baseline x86-64, which has no FMA instruction, so it is
        /// computed exactly in software (SoftwareFma).</summary>
        public static double FusedMultiplyAdd(double x, double y, double z) => SoftwareFma.FusedMultiplyAdd(x, y, z);

        public static double ReciprocalEstimate(double d) => 1.0 / d;

        public static double ReciprocalSqrtEstimate(double d) => 1.0 / Sqrt(d);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_sqrt")] private static extern double NativeSqrt(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_sin")] private static extern double NativeSin(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_cos")] private static extern double NativeCos(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_tan")] private static extern double NativeTan(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_asin")] private static extern double NativeAsin(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_acos")] private static extern double NativeAcos(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_atan2")] private static extern double NativeAtan2(double y, double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_exp")] private static extern double NativeExp(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_ln")] private static extern double NativeLn(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_log10")] private static extern double NativeLog10(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_log2")] private static extern double NativeLog2(double x);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_pow_positive")] private static extern double NativePowPositive(double x, double y);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_pow_integer")] private static extern double NativePowInteger(double x, long n);
    }

    /// <summary>Single-precision Math: computed in double and rounded once.</summary>
    public static class MathF
    {
        public const float PI = 3.14159265f;
        public const float E = 2.71828183f;
        public const float Tau = 6.28318531f;

        public static float Abs(float x) => Math.Abs(x);
        public static float Sqrt(float x) => (float)Math.Sqrt(x);
        public static float FusedMultiplyAdd(float x, float y, float z) => SoftwareFma.FusedMultiplyAdd(x, y, z);
        public static float Floor(float x) => (float)Math.Floor(x);
        public static float Ceiling(float x) => (float)Math.Ceiling(x);
        public static float Truncate(float x) => (float)Math.Truncate(x);
        public static float Round(float x) => (float)Math.Round(x);
        public static float Round(float x, MidpointRounding mode) => (float)Math.Round(x, mode);
        public static float Round(float x, int digits) => (float)Math.Round(x, digits);
        public static float Round(float x, int digits, MidpointRounding mode) => (float)Math.Round(x, digits, mode);
        public static float Sin(float x) => (float)Math.Sin(x);
        public static float Cos(float x) => (float)Math.Cos(x);
        public static float Tan(float x) => (float)Math.Tan(x);
        public static float Asin(float x) => (float)Math.Asin(x);
        public static float Acos(float x) => (float)Math.Acos(x);
        public static float Atan(float x) => (float)Math.Atan(x);
        public static float Atan2(float y, float x) => (float)Math.Atan2(y, x);
        public static float Exp(float x) => (float)Math.Exp(x);
        public static float Log(float x) => (float)Math.Log(x);
        public static float Log(float x, float y) => (float)Math.Log(x, y);
        public static float Log10(float x) => (float)Math.Log10(x);
        public static float Log2(float x) => (float)Math.Log2(x);
        public static float Pow(float x, float y) => (float)Math.Pow(x, y);
        public static float Max(float x, float y) => Math.Max(x, y);
        public static float Min(float x, float y) => Math.Min(x, y);
        public static int Sign(float x) => Math.Sign(x);
        public static float CopySign(float x, float y) => (float)Math.CopySign(x, y);
        public static float Cbrt(float x) => (float)Math.Cbrt(x);
    }
}
