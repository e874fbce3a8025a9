using System;
using System.Globalization;
using System.Numerics;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>System.Numerics.BigInteger: arithmetic with .NET's signs, bit operations, text both ways, conversions.</summary>
    internal static class BigIntegerChecks
    {
        public static void Run()
        {
            BigInteger big = BigInteger.Parse("123456789012345678901234567890");
            BigInteger other = BigInteger.Parse("-987654321098765432109876543210");
            Line("parse", big + " " + other);
            Line("add", big + other);
            Line("subtract", big - other);
            Line("multiply", big * other);
            Line("divide", other / big + " " + other % big);
            Line("divide-signs", (BigInteger)(-7) / 2 + " " + (BigInteger)(-7) % 2 + " " + (BigInteger)7 / -2 + " " + (BigInteger)7 % -2);
            Line("divrem", BigInteger.DivRem(other, 1000000007, out BigInteger remainder) + " r " + remainder);
            Line("divrem-tuple", BigInteger.DivRem(100, 7));
            Line("pow", BigInteger.Pow(2, 100) + " " + BigInteger.Pow(-3, 41));
            Line("factorial-30", Factorial(30));
            Line("factorial-digits", Factorial(100).ToString().Length);
            Line("modpow", BigInteger.ModPow(3, 200, 1000000007) + " " + BigInteger.ModPow(-2, 3, 5) + " " + BigInteger.ModPow(7, 0, 1));
            Line("gcd", BigInteger.GreatestCommonDivisor(big, other) + " " + BigInteger.GreatestCommonDivisor(-12, 18) + " " + BigInteger.GreatestCommonDivisor(0, 5));
            Line("abs-negate", BigInteger.Abs(other) + " " + BigInteger.Negate(big) + " " + -BigInteger.Zero);
            Line("compare", (big > other) + " " + (big < other) + " " + BigInteger.Compare(big, big) + " " + big.CompareTo(other) + " " + (big == BigInteger.Parse(big.ToString())));
            Line("compare-long", (big > long.MaxValue) + " " + (BigInteger.One == 1) + " " + (5 < (BigInteger)6));
            Line("min-max", BigInteger.Min(big, other) + " " + BigInteger.Max(big, other));
            Line("properties", $"{BigInteger.Zero.IsZero} {BigInteger.One.IsOne} {big.IsEven} {other.Sign} {BigInteger.Zero.Sign} {BigInteger.MinusOne} {BigInteger.Pow(2, 70).IsPowerOfTwo}");
            Line("increment", Increment(ulong.MaxValue) + " " + Decrement(long.MinValue));
            Line("and-or-xor", ((BigInteger)(-5) & 3) + " " + ((BigInteger)(-5) | 3) + " " + ((BigInteger)(-5) ^ 12) + " " + (big & 0xFFFF) + " " + (other | 0xFF));
            Line("not", ~(BigInteger)5 + " " + ~(BigInteger)(-1) + " " + ~big);
            Line("shift", (BigInteger.One << 100) + " " + ((BigInteger)(-5) >> 1) + " " + ((BigInteger)(-1) >> 10) + " " + (big >> 40) + " " + (other >> 40) + " " + (big << -3));
            Line("bit-length", BigInteger.Pow(2, 100).GetBitLength() + " " + (-BigInteger.Pow(2, 100)).GetBitLength() + " " + BigInteger.MinusOne.GetBitLength() + " " + BigInteger.Zero.GetBitLength());
            Line("bytes", string.Join(",", new BigInteger(-129).ToByteArray()) + " " + new BigInteger(new byte[] { 0xFF, 0x7F }) + " " + new BigInteger(new byte[] { 0x80 }));
            Line("format-hex", $"{(BigInteger)255:X} {(BigInteger)15:X} {(BigInteger)(-1):X} {(BigInteger)(-128):X} {(BigInteger)(-200):x} {(BigInteger)255:x8} {(BigInteger)(-1):X4}");
            Line("format-n", big.ToString("N0") + " " + other.ToString("N") + " " + ((BigInteger)1234).ToString("N3"));
            Line("format-d", ((BigInteger)42).ToString("D8") + " " + ((BigInteger)(-42)).ToString("D5") + " " + big.ToString("D"));
            Line("format-other", ((BigInteger)1234).ToString("F1") + " " + big.ToString("E3") + " " + ((BigInteger)(-5)).ToString("C0") + " " + ((BigInteger)12).ToString("P0"));
            Line("format-interpolated", $"[{big,35}] [{(BigInteger)7,-4}] {BigInteger.Pow(7, 30):N0}");
            Line("parse-styles", BigInteger.Parse("  -00123  ") + " " + BigInteger.Parse("1,234,567", NumberStyles.AllowThousands) + " " + BigInteger.Parse("FF", NumberStyles.HexNumber) + " " + BigInteger.Parse("0FF", NumberStyles.HexNumber) + " " + BigInteger.Parse("+5"));
            Line("parse-exponent", BigInteger.Parse("1.50e1", NumberStyles.Float) + " " + BigInteger.Parse("-2E+3", NumberStyles.Any) + " " + BigInteger.TryParse("12e-1", NumberStyles.Float, null, out _) + " " + BigInteger.TryParse("1e3", NumberStyles.Integer, null, out _));
            Line("tryparse", BigInteger.TryParse("12x", out BigInteger bad) + " " + bad + " " + BigInteger.TryParse("99999999999999999999999", out BigInteger good) + " " + good);
            Line("parse-errors", Check.Throws(() => BigInteger.Parse("abc")) + " / " + Check.Throws(() => BigInteger.Parse("")) + " / " + Check.Throws(() => BigInteger.Parse(null)));
            Line("divide-by-zero", Check.Throws(() => _ = big / BigInteger.Zero));
            Line("negative-exponent", Check.Throws(() => BigInteger.Pow(2, -1)));
            Line("to-int", (int)(BigInteger)int.MinValue + " " + (long)BigInteger.Parse("-9223372036854775808") + " " + (ulong)BigInteger.Parse("18446744073709551615") + " " + (byte)(BigInteger)200);
            Line("to-int-overflow", Check.Throws(() => _ = (int)BigInteger.Pow(2, 40)) + " / " + Check.Throws(() => _ = (ulong)BigInteger.MinusOne) + " / " + Check.Throws(() => _ = (long)BigInteger.Pow(2, 64)));
            Line("to-double", (double)big + " " + (double)BigInteger.Pow(3, 100) + " " + (double)BigInteger.Pow(10, 400) + " " + (float)big);
            Line("from-double", (BigInteger)1e20 + " " + (BigInteger)(-123.99) + " " + new BigInteger(double.MaxValue).ToString().Length + " " + (BigInteger)0.5);
            Line("from-double-errors", Check.Throws(() => _ = (BigInteger)double.NaN) + " / " + Check.Throws(() => _ = (BigInteger)double.PositiveInfinity));
            Line("decimal", (decimal)BigInteger.Parse("79228162514264337593543950335") + " " + (BigInteger)123.9m + " " + (BigInteger)(-0.9m) + " " + Check.Throws(() => _ = (decimal)BigInteger.Pow(10, 30)));
            Line("log", BigInteger.Log10(1000) + " " + Math.Round(BigInteger.Log(BigInteger.Pow(2, 200)), 6) + " " + BigInteger.Log(BigInteger.Zero) + " " + BigInteger.Log(-1));
            Line("equality", big.Equals(BigInteger.Parse(big.ToString())) + " " + big.Equals((object)5) + " " + (big.GetHashCode() == BigInteger.Parse(big.ToString()).GetHashCode()) + " " + BigInteger.One.Equals(1L));
            Line("generic-sum", Sum(new BigInteger[] { big, other, 1 }));
            Line("fibonacci-200", Fibonacci(200));
            Line("sqrt-2-digits", SquareRootDigits(2, 40));
        }

        private static BigInteger Factorial(int n)
        {
            BigInteger result = BigInteger.One;
            for (int i = 2; i <= n; i++) result *= i;
            return result;
        }

        private static BigInteger Increment(BigInteger value) => ++value;

        private static BigInteger Decrement(BigInteger value) => --value;

        private static T Sum<T>(T[] values) where T : INumber<T>
        {
            T total = T.Zero;
            foreach (T value in values) total += value;
            return total;
        }

        private static BigInteger Fibonacci(int n)
        {
            BigInteger a = 0, b = 1;
            for (int i = 0; i < n; i++) (a, b) = (b, a + b);
            return a;
        }

        /// <summary>The first digits of √n by Newton's method on integers.</summary>
        private static string SquareRootDigits(int n, int digits)
        {
            BigInteger target = n * BigInteger.Pow(10, 2 * digits);
            BigInteger x = target;
            BigInteger y = (x + 1) / 2;
            while (y < x)
            {
                x = y;
                y = (x + target / x) / 2;
            }
            return x.ToString();
        }
    }
}
