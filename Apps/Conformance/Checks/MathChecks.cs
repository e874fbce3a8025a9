using System;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class MathChecks
    {
        public static void Run()
        {
            Line("pi", Math.PI);
            // One rounding: the product's rounding error survives (computed in software where the CPU lacks FMA).
            Line("fma-error-term", Math.FusedMultiplyAdd(0.1, 10, -1).ToString("R"));
            Line("fma-overflowing-product", Math.FusedMultiplyAdd(double.MaxValue, 2, -double.MaxValue).ToString("R"));
            Line("fma-tie", Math.FusedMultiplyAdd(3, 3002399751580331, Math.Pow(2, -100)).ToString("R"));
            Line("fma-subnormal", Math.FusedMultiplyAdd(double.Epsilon, 1.5, 0).ToString("R"));
            Line("fma-nan", Math.FusedMultiplyAdd(double.PositiveInfinity, 0, 1));
            Line("fmaf", MathF.FusedMultiplyAdd(0.1f, 10f, -1f).ToString("R"));
            Line("e", Math.E);
            Line("sqrt2", Math.Sqrt(2));
            Line("sqrt-neg", Math.Sqrt(-1));
            Line("pow", Math.Pow(2, 10));
            Line("pow-frac", Math.Pow(2, 0.5));
            Line("pow-neg", Math.Pow(-2, 3));
            Line("pow-neg-frac", Math.Pow(-8, 1.0 / 3));
            Line("pow-10", Math.Pow(10, -3));
            Line("pow-1.1", Math.Pow(1.1, 2));
            Line("pow-big", Math.Pow(1.0001, 10000));
            Line("floor", Math.Floor(-2.5));
            Line("ceiling", Math.Ceiling(-2.5));
            Line("ceiling-neg-zero", Math.Ceiling(-0.5));
            Line("truncate", Math.Truncate(-7.9));
            Line("round-even", Math.Round(2.5) + " " + Math.Round(3.5) + " " + Math.Round(-2.5));
            Line("round-away", Math.Round(2.5, MidpointRounding.AwayFromZero));
            Line("round-digits", Math.Round(3.14159, 2));
            Line("round-digits-away", Math.Round(2.675, 2, MidpointRounding.AwayFromZero));
            Line("round-digits-even", Math.Round(1.125, 2));
            Line("round-tozero", Math.Round(-1.7, MidpointRounding.ToZero));
            Line("round-neg-infinity", Math.Round(1.7, MidpointRounding.ToNegativeInfinity));
            Line("abs", Math.Abs(-3) + " " + Math.Abs(-2.5));
            Line("abs-min", Throws(() => Math.Abs(int.MinValue)));
            Line("max-nan", Math.Max(double.NaN, 1.0));
            Line("min-nan", Math.Min(1.0, double.NaN));
            Line("max-zero", 1 / Math.Max(-0.0, 0.0));
            Line("min-zero", 1 / Math.Min(0.0, -0.0));
            Line("min-max-int", Math.Min(3, -4) + " " + Math.Max(3L, 9L));
            Line("clamp", Math.Clamp(15, 0, 10) + " " + Math.Clamp(-0.5, 0.0, 1.0));
            Line("sign", Math.Sign(-4.2) + " " + Math.Sign(0) + " " + Math.Sign(7L));
            Line("sign-nan", Throws(() => Math.Sign(double.NaN)));
            Line("sin", Math.Sin(Math.PI / 6));
            Line("cos", Math.Cos(Math.PI / 3));
            Line("tan", Math.Tan(Math.PI / 4));
            Line("sin1", Math.Sin(1));
            Line("cos1", Math.Cos(1));
            Line("sin-big", Math.Sin(1000));
            Line("asin", Math.Asin(0.5));
            Line("acos", Math.Acos(0.5));
            Line("atan", Math.Atan(1));
            Line("atan2", Math.Atan2(1, -1));
            Line("atan2-zero", Math.Atan2(0.0, -0.0));
            Line("exp", Math.Exp(1));
            Line("exp2", Math.Exp(-2.5));
            Line("log", Math.Log(10));
            Line("log-e", Math.Log(Math.E));
            Line("log10", Math.Log10(1000));
            Line("log10-2", Math.Log10(2));
            Line("log2", Math.Log2(1024));
            Line("log-base", Math.Log(8, 2));
            Line("log-zero", Math.Log(0));
            Line("log-neg", Math.Log(-1));
            Line("sinh-cosh-tanh", Math.Round(Math.Sinh(1), 10) + " " + Math.Round(Math.Cosh(1), 10) + " " + Math.Round(Math.Tanh(0.5), 10));
            Line("hypot-like", Math.Sqrt(3 * 3 + 4 * 4));
            Line("fmod", 7.5 % 2);
            Line("fmod-neg", -7.5 % 2);
            Line("fmod-small", 0.3 % 0.1);
            Line("fmod-inf", 5.0 % double.PositiveInfinity);
            Line("fmod-nan", 5.0 % 0.0);
            Line("float-mod", 7.5f % 2f);
            Line("int-div-mod", (-7 / 2) + " " + (-7 % 2));
            Line("divrem", Math.DivRem(17, 5));
            Line("bigmul", Math.BigMul(int.MaxValue, 2));
            Line("ieee-remainder", Math.IEEERemainder(10, 3));
            Line("copysign", Math.CopySign(3.0, -0.0));
            Line("bitincrement", Math.BitIncrement(1.0));
            Line("double-epsilon", double.Epsilon);
            Line("double-max", double.MaxValue);
            Line("infinity", 1.0 / 0);
            double nan = double.NaN;
            Line("nan-equality", nan == double.NaN);
            Line("nan-equals", double.NaN.Equals(double.NaN));
            Line("float-precision", 0.1f + 0.2f);
            Line("double-precision", 0.1 + 0.2);
            Line("mathf", MathF.Sqrt(2f) + " " + MathF.PI);
            Line("int-overflow-unchecked", unchecked(int.MaxValue + 1));
            Line("long-max", long.MaxValue);
            Line("ulong-max", ulong.MaxValue);
            Line("int-parse", int.Parse("-123") + 1);
            Line("double-parse", double.Parse("3.25e2"));
            Line("conversions", (int)3.99 + " " + (int)-3.99 + " " + (long)1e10 + " " + Wrap(300.7));
            double big = 1e10;
            Line("checked-conversion", Throws(() => Console.Write(checked((int)big))));
            Line("compound", Compound(1000, 0.05, 10));
            Line("hypotenuse", Math.Round(Math.Sqrt(Math.Pow(5, 2) + Math.Pow(12, 2)), 2));
            Line("degrees", Math.Round(Math.Atan2(1, 1) * 180 / Math.PI, 6));
        }

        private static byte Wrap(double d) => unchecked((byte)(int)d);

        private static double Compound(double principal, double rate, int years) => Math.Round(principal * Math.Pow(1 + rate, years), 2);
    }
}
