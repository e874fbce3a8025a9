using System.Globalization;
using System.Numerics;
using System.Text;
using Xunit;

namespace Sing.CoreLib.Tests;

/// <summary>The corelib's double/float parsing (FloatNumber) against the .NET runtime's (NumberStyles.Float |
/// AllowThousands, invariant culture), and round trips of everything the formatter prints.</summary>
public class FloatParsingTests
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;
    private const NumberStyles Styles = NumberStyles.Float | NumberStyles.AllowThousands;

    private static void Check(string text, List<string> failures)
    {
        bool expectedOk = double.TryParse(text, Styles, Invariant, out double expected);
        bool actualOk = FloatNumber.TryParseDouble(text, out double actual);
        if ((expectedOk != actualOk || BitConverter.DoubleToUInt64Bits(expected) != BitConverter.DoubleToUInt64Bits(actual)) && failures.Count < 20)
            failures.Add($"\"{Shorten(text)}\": expected {expectedOk} {expected:R}, got {actualOk} {actual:R}");
        bool expectedSingleOk = float.TryParse(text, Styles, Invariant, out float expectedSingle);
        bool actualSingleOk = FloatNumber.TryParseSingle(text, out float actualSingle);
        if ((expectedSingleOk != actualSingleOk || BitConverter.SingleToUInt32Bits(expectedSingle) != BitConverter.SingleToUInt32Bits(actualSingle)) && failures.Count < 20)
            failures.Add($"\"{Shorten(text)}\" as float: expected {expectedSingleOk} {expectedSingle:R}, got {actualSingleOk} {actualSingle:R}");
    }

    private static string Shorten(string text) => text.Length <= 80 ? text : text[..40] + "..." + text[^40..];

    private static void AssertNone(List<string> failures) => Assert.True(failures.Count == 0, string.Join("\n", failures));

    [Fact]
    public void EdgeCasesMatchDotNet()
    {
        string[] cases =
        {
            "0", "-0", "+0", " 1.5 ", "\t12\n", "1e400", "-1e400", "1e-400", "-1e-400", "Infinity", "-Infinity", "+Infinity",
            "infinity", "INFINITY", "NaN", "-NaN", "+NaN", "nan", ".5", "5.", ".", "1,000", "1,000.5", "1,,0", ",1", "1.0,5",
            "+.5e+3", "1e", "1e+", "e5", "E5", "0x10", "1_0", "  -0 ", "1 5", "Inf", "", " ", "+", "-", "--1", "+-1", "1e5.5",
            "1.7976931348623157E+308", "1.7976931348623158E+308", "1.7976931348623159E+308", "-1.7976931348623159E+308",
            "4.9406564584124654E-324", "2.4703282292062328E-324", "2.4703282292062327E-324", "2.2250738585072011e-308",
            "2.2250738585072012e-308", "00012.500e-2", "1e2147483648", "1e-2147483649", "0e9999999999", "123456789012345678901234567890",
            "9007199254740993", "9007199254740992.5", "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124", "1.00000000000000011102230246251565404236316680908203126",
            "3.4028235E+38", "3.4028236E+38", "3.40282356779733661637539395458142568448e38", "3.40282356779733661637539395458142568447e38",
            "1.4E-45", "7.0064923216240854E-46", "7.006492321624086E-46", "\u00A012", "1.5\0", "12e-0", "0.000", "000", "1e0001",
        };
        var failures = new List<string>();
        foreach (string c in cases) Check(c, failures);
        AssertNone(failures);
    }

    [Fact]
    public void InfinitySymbolIsAcceptedToo()
    {
        Assert.True(FloatNumber.TryParseDouble("∞", out double p) && double.IsPositiveInfinity(p));
        Assert.True(FloatNumber.TryParseDouble(" -∞ ", out double n) && double.IsNegativeInfinity(n));
    }

    [Fact]
    public void RandomDecimalStringsMatchDotNet()
    {
        var random = new Random(5);
        var failures = new List<string>();
        var sb = new StringBuilder();
        for (int i = 0; i < 100_000; i++)
        {
            sb.Clear();
            if (random.Next(4) == 0) sb.Append('-');
            int digits = random.Next(1, i % 10 == 0 ? 40 : 20);
            int point = random.Next(-1, digits + 1);
            for (int d = 0; d < digits; d++)
            {
                if (d == point) sb.Append('.');
                sb.Append((char)('0' + random.Next(10)));
            }
            if (random.Next(3) != 0)
            {
                sb.Append(random.Next(2) == 0 ? 'e' : 'E');
                int range = random.Next(3) == 0 ? 400 : 40;
                sb.Append(random.Next(-range, range).ToString(Invariant));
            }
            Check(sb.ToString(), failures);
        }
        AssertNone(failures);
    }

    [Fact]
    public void RandomlyDecoratedStringsMatchDotNet()
    {
        // Group separators, stray signs, points and exponent markers, white space and letters in random places.
        var random = new Random(17);
        var failures = new List<string>();
        const string alphabet = "0123456789012345678901234567890123456789.,,ee+-  \t\nE0x";
        var sb = new StringBuilder();
        for (int i = 0; i < 50_000; i++)
        {
            sb.Clear();
            int length = random.Next(1, 16);
            for (int c = 0; c < length; c++) sb.Append(alphabet[random.Next(alphabet.Length)]);
            Check(sb.ToString(), failures);
        }
        AssertNone(failures);
    }

    /// <summary>Exact decimal expansions of the midpoints between neighbouring doubles (and floats), and values a
    /// hair above and below them: the hardest inputs for correct rounding.</summary>
    [Fact]
    public void HalfwayPointsRoundToEven()
    {
        var random = new Random(9);
        var failures = new List<string>();
        for (int i = 0; i < 3_000; i++)
        {
            ulong bits = (ulong)random.NextInt64(1, 0x7FEFFFFFFFFFFFFF);
            if (i < 50) bits = (ulong)i;                                  // subnormals, where midpoints are longest
            string midpoint = ExactMidpoint(bits, 52, 1075);
            Check(midpoint, failures);
            Check(midpoint + "000001", failures);
            Check(Decrement(midpoint), failures);
            uint single = (uint)random.NextInt64(0, 0x7F7FFFFF);
            string singleMidpoint = ExactMidpoint(single, 23, 150);
            Check(singleMidpoint, failures);
            Check(singleMidpoint + "1", failures);
            Check(Decrement(singleMidpoint), failures);
        }
        AssertNone(failures);
    }

    /// <summary>The exact decimal text of (bits + 0.5 ulp) as a positive value.</summary>
    private static string ExactMidpoint(ulong bits, int fractionBits, int bias)
    {
        ulong biased = bits >> fractionBits, fraction = bits & ((1UL << fractionBits) - 1);
        BigInteger mantissa = biased == 0 ? fraction : fraction | (1UL << fractionBits);
        int exponent = (biased == 0 ? 1 : (int)biased) - bias;
        mantissa = mantissa * 2 + 1;
        exponent -= 1;
        if (exponent >= 0) return (mantissa << exponent).ToString(Invariant);
        BigInteger scaled = mantissa * BigInteger.Pow(5, -exponent);
        string digits = scaled.ToString(Invariant).PadLeft(-exponent + 1, '0');
        return digits[..^(-exponent)] + "." + digits[^(-exponent)..];
    }

    /// <summary>Lowers the last digit of a decimal text that ends in a nonzero digit, so it lies just below.</summary>
    private static string Decrement(string text) =>
        text[^1] is > '0' and <= '9' ? text[..^1] + (char)(text[^1] - 1) + "9999" : text;

    [Fact]
    public void EverythingFormattedReadsBack()
    {
        var random = new Random(13);
        var failures = new List<string>();
        var values = new List<double>(FloatFormattingTests.SpecialDoubles());
        values.AddRange(FloatFormattingTests.PowersOfTenAndNeighbours());
        for (int i = 0; i < 100_000; i++) values.Add(BitConverter.UInt64BitsToDouble((ulong)random.NextInt64() ^ ((ulong)random.Next(2) << 63)));
        foreach (double v in values)
        {
            if (double.IsNaN(v)) continue;
            foreach (string f in new[] { "", "R", "G17", "E16" })
            {
                string text = FloatNumber.FormatDouble(v, f);
                if ((!FloatNumber.TryParseDouble(text, out double back) || BitConverter.DoubleToUInt64Bits(back) != BitConverter.DoubleToUInt64Bits(v)) && failures.Count < 20)
                    failures.Add($"{v:R} \"{f}\" printed {text}, read back {back:R}");
            }
            float single = (float)v;
            string singleText = FloatNumber.FormatSingle(single, "");
            if ((!FloatNumber.TryParseSingle(singleText, out float singleBack) || BitConverter.SingleToUInt32Bits(singleBack) != BitConverter.SingleToUInt32Bits(single)) && failures.Count < 20)
                failures.Add($"{single:R}f printed {singleText}, read back {singleBack:R}");
        }
        AssertNone(failures);
    }
}
