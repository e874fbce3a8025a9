using System.Text;

namespace Sing.Kernel.Tests
{
    /// <summary>double and float formatting and parsing in the kernel (corelib FloatNumber): each expected string is
    /// what .NET 10 prints in the invariant culture (generated on the host from the real runtime), and parsing must
    /// give .NET's exact bits. The host project Tests/Sing.CoreLib.Tests compares the same code with .NET at scale.</summary>
    internal static unsafe class FloatFormattingTests
    {
        private static readonly (string Expected, double Value, string Format)[] s_shortest =
        {
            ("0.30000000000000004", 0.30000000000000004, ""),
            ("1E+21", 1E+21, ""),
            ("1.5", 1.5, ""),
            ("100", 100.0, ""),
            ("1E-07", 1E-07, ""),
            ("NaN", double.NaN, ""),
            ("Infinity", double.PositiveInfinity, ""),
            ("-Infinity", double.NegativeInfinity, ""),
            ("-0", -0.0, ""),
            ("0", 0.0, ""),
            ("1E+23", 1E+23, ""),
            ("10000000000000000", 10000000000000000.0, ""),
            ("1E+17", 1E+17, ""),
            ("0.0001", 0.0001, ""),
            ("1E-05", 1E-05, ""),
            ("1.7976931348623157E+308", 1.7976931348623157E+308, ""),
            ("-1.7976931348623157E+308", -1.7976931348623157E+308, ""),
            ("5E-324", 5E-324, ""),
            ("2.2250738585072014E-308", 2.2250738585072014E-308, ""),
            ("123456789.125", 123456789.125, ""),
            ("-0.3333333333333333", -0.3333333333333333, ""),
            ("9007199254740992", 9007199254740992.0, ""),
        };

        private static readonly (string Expected, double Value, string Format)[] s_precision =
        {
            ("0.12", 0.125, "F2"),
            ("0.38", 0.375, "F2"),
            ("2", 2.5, "F0"),
            ("4", 3.5, "F0"),
            ("-3.2", -3.25, "F1"),
            ("-0.00", -0.001, "F2"),
            ("0.10000000000000000555", 0.1, "F20"),
            ("1000000000000000000000.00", 1E+21, "F"),
            ("12345.68", 12345.6789, "F"),
            ("0.01", 0.006, "F2"),
            ("9.99", 9.995, "F2"),
            ("1000.00", 999.9999, "F2"),
            ("1,234,567.89", 1234567.891, "N"),
            ("-1,234,568", -1234567.891, "N0"),
            ("0.500", 0.5, "N3"),
            ("1,000,000,000,000,000,000,000", 1E+21, "N0"),
            ("1.234568E+003", 1234.5678, "E"),
            ("0.000000E+000", 0.0, "E"),
            ("-1.000e-004", -0.0001, "e3"),
            ("1.00E-300", 1E-300, "E2"),
            ("5E-324", 5E-324, "E0"),
            ("1.7976931348623157E+308", 1.7976931348623157E+308, "E16"),
            ("12.50 %", 0.125, "P"),
            ("38 %", 0.375, "P0"),
            ("-0.1 %", -0.001, "P1"),
            ("1,234,567.80 %", 12345.678, "P"),
            ("0.10000000000000001", 0.1, "G17"),
            ("0.33333", 0.3333333333333333, "G5"),
            ("1.23E+04", 12345.6789, "G3"),
            ("1E+15", 1000000000000000.0, "G3"),
            ("2", 2.5, "G1"),
            ("0.00012", 0.000123456, "G2"),
            ("1e-05", 1E-05, "g"),
            ("1.2345678901234568E+17", 1.2345678901234568E+17, "R"),
            ("100", 100.0, "G20"),
        };

        private static readonly (string Expected, float Value, string Format)[] s_singles =
        {
            ("0.1", 0.1f, ""),
            ("0.33333334", 0.33333334f, ""),
            ("16777216", 16777216f, ""),
            ("1E+10", 1E+10f, ""),
            ("3.4028235E+38", 3.4028235E+38f, ""),
            ("1E-45", 1E-45f, ""),
            ("1E-07", 1E-07f, ""),
            ("0.10000000149011611938", 0.1f, "F20"),
            ("2.50E+000", 2.5f, "E2"),
            ("0.333333343", 0.33333334f, "G9"),
            ("-0", -0.0f, ""),
            ("NaN", float.NaN, ""),
            ("339,999,995,214,436,424,907,732,413,799,364,296,704", 3.4E+38f, "N0"),
        };

        private static readonly (string Text, ulong Bits)[] s_parsed =
        {
            ("1.5", 0x3FF8000000000000UL),
            (" -2.25e3 ", 0xC0A1940000000000UL),
            ("1e400", 0x7FF0000000000000UL),
            ("-1e-400", 0x8000000000000000UL),
            ("1,000.5", 0x408F440000000000UL),
            ("NaN", 0xFFF8000000000000UL),
            ("-Infinity", 0xFFF0000000000000UL),
            ("0.1", 0x3FB999999999999AUL),
            ("2.2250738585072011e-308", 0x000FFFFFFFFFFFFFUL),
            ("4.9406564584124654E-324", 0x0000000000000001UL),
            ("2.4703282292062327E-324", 0x0000000000000000UL),
            ("1.7976931348623158E+308", 0x7FEFFFFFFFFFFFFFUL),
            ("123456789012345678901234567890", 0x45F8EE90FF6C373EUL),
            ("0.30000000000000004", 0x3FD3333333333334UL),
            ("9007199254740993", 0x4340000000000000UL),
            (".5", 0x3FE0000000000000UL),
            ("5.", 0x4014000000000000UL),
        };

        private static ulong Bits(double value) => *(ulong*)&value;

        private static string Describe(string format) => format.Length == 0 ? "ToString()" : string.Concat("ToString(\"", format, "\")");

        /// <summary>The shortest round-trip text: ToString(), G, R.</summary>
        public static void Shortest(TestContext t)
        {
            foreach (var c in s_shortest)
            {
                t.Equal(c.Expected, c.Value.ToString(), string.Concat(c.Expected, " ToString()"));
                t.Equal(c.Expected, c.Value.ToString("R"), string.Concat(c.Expected, " ToString(\"R\")"));
            }
            t.Equal("0.30000000000000004", (0.1 + 0.2).ToString(), "0.1 + 0.2 computed in the kernel");
            t.Equal("1e+21", 1e21.ToString("g"), "lower-case exponent");
        }

        /// <summary>G[n], F[n], N[n], E[n], P[n]: exact decimal value rounded half to even, as .NET does.</summary>
        public static void Precision(TestContext t)
        {
            foreach (var c in s_precision)
                t.Equal(c.Expected, c.Value.ToString(c.Format), string.Concat(c.Expected, " ", Describe(c.Format)));
            bool threw = false;
            try { 1.5.ToString("Q"); }
            catch (System.FormatException) { threw = true; }
            t.True(threw, "an unknown format throws FormatException");
        }

        public static void Singles(TestContext t)
        {
            foreach (var c in s_singles)
                t.Equal(c.Expected, c.Value.ToString(c.Format), string.Concat(c.Expected, "f ", Describe(c.Format)));
            t.True(float.TryParse("0.1", out float tenth) && tenth == 0.1f, "float.TryParse(0.1)");
            t.True(float.TryParse("3.4028236E+38", out float over) && float.IsPositiveInfinity(over), "float overflow reads as infinity");
            t.True(float.TryParse("16777217", out float odd) && odd == 16777216f, "float ties to even");
        }

        public static void Parse(TestContext t)
        {
            foreach (var c in s_parsed)
            {
                bool ok = double.TryParse(c.Text, out double value);
                t.True(ok, string.Concat("double.TryParse(\"", c.Text, "\") succeeds"));
                t.Equal(c.Bits, Bits(value), string.Concat("bits of double.Parse(\"", c.Text, "\")"));
            }
            t.Equal(Bits(-2.5), Bits(double.Parse(" -2.5 ")), "double.Parse");
            t.True(double.TryParse("Infinity", out double inf) && double.IsPositiveInfinity(inf), "Infinity");
            t.True(double.TryParse("-\u221E", out double negInf) && double.IsNegativeInfinity(negInf), "the infinity sign");
            t.True(double.TryParse("nan", out double nan) && double.IsNaN(nan), "NaN in any case");
            string[] bad = { "", " ", "-", ".", "1e", "1e+", "e5", "0x10", "1 5", "Inf", "1..5", ",1", "1.5f" };
            foreach (string b in bad) t.True(!double.TryParse(b, out _), string.Concat("rejects \"", b, "\""));
            bool threw = false;
            try { double.Parse("abc"); }
            catch (System.FormatException) { threw = true; }
            t.True(threw, "double.Parse throws FormatException on junk");
            // Everything printed reads back to the same bits.
            double x = 1.0;
            for (int i = 0; i < 200; i++)
            {
                x = x * 1.7320508075688772 + 1e-3;
                if (Bits(double.Parse(x.ToString())) != Bits(x)) t.Fail(string.Concat("round trip of ", x.ToString("E16")));
                double y = 1.0 / x;
                if (Bits(double.Parse(y.ToString())) != Bits(y)) t.Fail(string.Concat("round trip of ", y.ToString("E16")));
            }
        }

        /// <summary>Interpolation holes, alignment and format, composite formatting, Concat and StringBuilder.</summary>
        public static void Interpolation(TestContext t)
        {
            double d = 1.5, e = -3.25;
            float f = 0.1f;
            t.Equal("1.5|2.50|    -3.2|1E+21|0.1", $"{d}|{2.5:F2}|{e,8:F1}|{1e21}|{f}", "interpolated doubles");
            t.Equal("a2.5", "a" + 2.5, "string + double");
            t.Equal("a2.5", string.Concat("a", 2.5), "string.Concat(object, object)");
            t.Equal("1.23E+004|   -0.2", string.Format("{0:E2}|{1,7:N1}", 12345.678, -0.25), "string.Format");
            var builder = new StringBuilder();
            builder.Append(0.1).Append(' ').Append(-0.0).Append(' ').Append(1e-7f).Append(' ').Append(double.MaxValue);
            t.Equal("0.1 -0 1E-07 1.7976931348623157E+308", builder.ToString(), "StringBuilder.Append(double/float)");
            string wide = $"{double.MinValue:N99}";
            t.Equal(512, (ulong)wide.Length, "the longest N99 text grows the interpolation buffer");
        }

        /// <summary>The same formatting inside a SIP (probe exits with a bit per failed check).</summary>
        public static void InSip(TestContext t) =>
            t.Equal(0, (ulong)ProcessTests.Run(t, "probe", "floats"), "a SIP formats and parses doubles as .NET does");
    }
}
