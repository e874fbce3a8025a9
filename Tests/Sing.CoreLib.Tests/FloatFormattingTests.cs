using System.Globalization;
using Xunit;

namespace Sing.CoreLib.Tests;

/// <summary>The corelib's double/float formatting (FloatNumber) against the .NET runtime's, invariant culture: random bit
/// patterns, powers of ten and their neighbours, subnormals, boundaries, in every supported standard format.</summary>
public class FloatFormattingTests
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    internal static readonly string[] AllFormats =
    {
        "", "G", "g", "R", "r", "G1", "G2", "G5", "G15", "G16", "G17", "G20", "G0",
        "F", "F0", "F1", "F2", "F5", "F20", "N", "N0", "N3", "E", "e", "E0", "E3", "E16", "e20", "P", "P0", "P3",
    };

    /// <summary>Formats whose output grows with the magnitude (F, N, P print every integer digit).</summary>
    private static readonly string[] ShortFormats = { "", "R", "G3", "G17", "E", "E16", "e2" };

    private static double FromBits(ulong bits) => BitConverter.UInt64BitsToDouble(bits);

    private static void Check(double value, string format, List<string> failures)
    {
        string expected = value.ToString(format, Invariant);
        string actual = FloatNumber.FormatDouble(value, format);
        if (expected != actual && failures.Count < 20)
            failures.Add($"{BitConverter.DoubleToUInt64Bits(value):X16} \"{format}\": expected {expected}, got {actual}");
    }

    private static void Check(float value, string format, List<string> failures)
    {
        string expected = value.ToString(format, Invariant);
        string actual = FloatNumber.FormatSingle(value, format);
        if (expected != actual && failures.Count < 20)
            failures.Add($"{BitConverter.SingleToUInt32Bits(value):X8}f \"{format}\": expected {expected}, got {actual}");
    }

    private static void AssertNone(List<string> failures) => Assert.True(failures.Count == 0, string.Join("\n", failures));

    internal static IEnumerable<double> SpecialDoubles()
    {
        yield return 0.0;
        yield return -0.0;
        yield return double.NaN;
        yield return double.PositiveInfinity;
        yield return double.NegativeInfinity;
        yield return double.Epsilon;
        yield return double.MaxValue;
        yield return double.MinValue;
        yield return FromBits(0x0010000000000000);     // smallest normal
        yield return FromBits(0x000FFFFFFFFFFFFF);     // largest subnormal
        yield return 0.1 + 0.2;
        yield return 1.0 / 3;
        yield return 2.0 / 3;
        foreach (double v in new[] { 0.5, 1.5, 2.5, 3.5, 0.125, 0.375, 0.625, 0.05, 0.005, 0.015, 0.025, 1.005, 9.995, 9.9995, 99.5, 0.95, 0.995, 999999.5, 1e-5, 1e-4, 12345.6789 })
        {
            yield return v;
            yield return -v;
        }
        for (int i = 0; i < 64; i++)
        {
            yield return (double)(1UL << i);
            yield return (double)((1UL << i) - 1);
        }
        for (int e = -1074; e <= 1023; e += 7) yield return Math.ScaleB(1.0, e);
        for (ulong m = 1; m < 200; m++) yield return FromBits(m);
        yield return 9007199254740993.0;
        yield return 123456789012345678.0;
        yield return 1e23;
        yield return 5e-324;
        yield return 1.7976931348623157e308;
    }

    internal static IEnumerable<double> PowersOfTenAndNeighbours()
    {
        for (int e = -325; e <= 309; e++)
        {
            double p = double.Parse("1e" + e.ToString(Invariant), Invariant);
            yield return p;
            yield return Math.BitIncrement(p);
            yield return Math.BitDecrement(p);
            double q = double.Parse("5e" + e.ToString(Invariant), Invariant);
            yield return q;
            yield return Math.BitIncrement(q);
            yield return Math.BitDecrement(q);
        }
    }

    [Fact]
    public void KnownValuesPrintAsDotNet()
    {
        Assert.Equal("0.30000000000000004", FloatNumber.FormatDouble(0.1 + 0.2, ""));
        Assert.Equal("1E+21", FloatNumber.FormatDouble(1e21, ""));
        Assert.Equal("1.5", FloatNumber.FormatDouble(1.5, ""));
        Assert.Equal("100", FloatNumber.FormatDouble(100, ""));
        Assert.Equal("1E-07", FloatNumber.FormatDouble(1e-7, ""));
        Assert.Equal("NaN", FloatNumber.FormatDouble(double.NaN, ""));
        Assert.Equal("Infinity", FloatNumber.FormatDouble(double.PositiveInfinity, ""));
        Assert.Equal("-Infinity", FloatNumber.FormatDouble(double.NegativeInfinity, ""));
        Assert.Equal("-0", FloatNumber.FormatDouble(-0.0, ""));
        Assert.Equal("0.12", FloatNumber.FormatDouble(0.125, "F2"));
        Assert.Equal("0.38", FloatNumber.FormatDouble(0.375, "F2"));
        Assert.Equal("1,234.57", FloatNumber.FormatDouble(1234.5678, "N"));
        Assert.Equal("1.234568E+003", FloatNumber.FormatDouble(1234.5678, "E"));
        Assert.Equal("12.50 %", FloatNumber.FormatDouble(0.125, "P"));
        Assert.Equal("0.1", FloatNumber.FormatSingle(0.1f, ""));
        Assert.Equal("3.4028235E+38", FloatNumber.FormatSingle(float.MaxValue, ""));
    }

    [Fact]
    public void SpecialValuesMatchInEveryFormat()
    {
        var failures = new List<string>();
        foreach (double v in SpecialDoubles())
            foreach (string f in AllFormats) Check(v, f, failures);
        AssertNone(failures);
    }

    [Fact]
    public void PowersOfTenMatchInEveryFormat()
    {
        var failures = new List<string>();
        foreach (double v in PowersOfTenAndNeighbours())
            foreach (string f in AllFormats) Check(v, f, failures);
        AssertNone(failures);
    }

    [Fact]
    public void RandomBitPatternsMatchShortestAndScientific()
    {
        var random = new Random(20261122);
        var failures = new List<string>();
        for (int i = 0; i < 200_000; i++)
        {
            double v = FromBits((ulong)random.NextInt64() ^ ((ulong)random.Next(2) << 63));
            if (double.IsNaN(v)) continue;
            Check(v, "", failures);
            if (i % 4 == 0)
                foreach (string f in ShortFormats) Check(v, f, failures);
        }
        AssertNone(failures);
    }

    [Fact]
    public void RandomBitPatternsMatchInEveryFormat()
    {
        var random = new Random(7);
        var failures = new List<string>();
        for (int i = 0; i < 5_000; i++)
        {
            double v = FromBits((ulong)random.NextInt64() ^ ((ulong)random.Next(2) << 63));
            foreach (string f in AllFormats) Check(v, f, failures);
        }
        AssertNone(failures);
    }

    [Fact]
    public void RandomModerateValuesMatchInEveryFormat()
    {
        // Magnitudes where fixed formats have digits on both sides of the point, and halfway cases are common.
        var random = new Random(11);
        var failures = new List<string>();
        for (int i = 0; i < 40_000; i++)
        {
            double v = i % 3 == 0
                ? random.Next(-100000, 100000) / Math.Pow(2, random.Next(0, 12))
                : (random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-8, 20));
            foreach (string f in AllFormats) Check(v, f, failures);
        }
        AssertNone(failures);
    }

    [Fact]
    public void SinglesMatch()
    {
        var random = new Random(3);
        var failures = new List<string>();
        string[] formats = { "", "R", "G", "G3", "G9", "E", "E10", "F2", "N1", "P0" };
        foreach (float v in new[] { 0f, -0f, float.NaN, float.PositiveInfinity, float.NegativeInfinity, float.Epsilon, float.MaxValue, float.MinValue, 0.1f, 1f / 3, 16777216f, 1e10f, 3.4e38f, 1e-7f, 2.5f, 0.125f })
            foreach (string f in formats) Check(v, f, failures);
        for (int i = 0; i < 100_000; i++)
        {
            float v = BitConverter.UInt32BitsToSingle((uint)random.NextInt64(0, 1L << 32));
            if (float.IsNaN(v)) continue;
            Check(v, "", failures);
            if (i % 10 == 0)
                foreach (string f in formats) Check(v, f, failures);
        }
        for (int e = -45; e <= 38; e++)
        {
            float p = float.Parse("1e" + e.ToString(Invariant), Invariant);
            foreach (float v in new[] { p, MathF.BitIncrement(p), MathF.BitDecrement(p) })
                foreach (string f in formats) Check(v, f, failures);
        }
        AssertNone(failures);
    }

    [Fact]
    public void EveryPrecisionMatches()
    {
        var failures = new List<string>();
        double[] values = { 0.1, 1.0 / 3, 123.456, -9.995, 0.125, 2.5, 1e-10, 1e21, 1e22, 1.7976931348623157e308, 5e-324, 2.2250738585072014E-308, 0.0, 999.9999999999999 };
        foreach (double v in values)
            for (int precision = 0; precision <= 99; precision++)
                foreach (char kind in "FEGNPe")
                    Check(v, kind + precision.ToString(Invariant), failures);
        foreach (float v in new[] { 0.1f, 1f / 3, float.MaxValue, float.Epsilon, 9.995f })
            for (int precision = 0; precision <= 99; precision += 3)
                foreach (char kind in "FEGN")
                    Check(v, kind + precision.ToString(Invariant), failures);
        AssertNone(failures);
    }

    [Fact]
    public unsafe void TryFormatReportsShortBuffers()
    {
        char* buffer = stackalloc char[4];
        var span = new Span<char>(buffer, 4);
        Assert.False(FloatNumber.TryFormatDouble(12345.5, span, out int written, ""));
        Assert.Equal(0, written);
        Assert.True(FloatNumber.TryFormatDouble(1.25, span, out written, ""));
        Assert.Equal("1.25", span.Slice(0, written).ToString());
        Assert.Throws<FormatException>(() => FloatNumber.FormatDouble(1, "Q"));
        // A letter followed by more than digits is a custom pattern (here all literals), as in .NET.
        Assert.Equal(1.0.ToString("F1x", System.Globalization.CultureInfo.InvariantCulture), FloatNumber.FormatDouble(1, "F1x"));
    }

    [Fact]
    public void LongestOutputsFitTheBuffer()
    {
        foreach (string f in new[] { "N99", "P99", "F99", "E99", "G99" })
        {
            Assert.Equal(double.MinValue.ToString(f, Invariant), FloatNumber.FormatDouble(double.MinValue, f));
            Assert.Equal(double.Epsilon.ToString(f, Invariant), FloatNumber.FormatDouble(double.Epsilon, f));
            Assert.True(FloatNumber.FormatDouble(double.MinValue, f).Length <= FloatNumber.MaxFormattedLength);
        }
    }
}
