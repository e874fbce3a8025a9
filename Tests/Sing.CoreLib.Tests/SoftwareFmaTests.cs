using Xunit;

namespace Sing.CoreLib.Tests;

/// <summary>The corelib's software fused multiply-add (SoftwareFma), which the images use because baseline x86-64 has
/// no FMA instruction, bit for bit against the host's Math.FusedMultiplyAdd and MathF.FusedMultiplyAdd.</summary>
public class SoftwareFmaTests
{
    private static void Same(double x, double y, double z)
    {
        double want = Math.FusedMultiplyAdd(x, y, z), got = SoftwareFma.FusedMultiplyAdd(x, y, z);
        if (BitConverter.DoubleToInt64Bits(want) != BitConverter.DoubleToInt64Bits(got) && !(double.IsNaN(want) && double.IsNaN(got)))
            Assert.Fail($"fma({x:R}, {y:R}, {z:R}): .NET {want:R} ({BitConverter.DoubleToInt64Bits(want):x16}), ours {got:R} ({BitConverter.DoubleToInt64Bits(got):x16})");
    }

    private static void Same(float x, float y, float z)
    {
        float want = MathF.FusedMultiplyAdd(x, y, z), got = SoftwareFma.FusedMultiplyAdd(x, y, z);
        if (BitConverter.SingleToInt32Bits(want) != BitConverter.SingleToInt32Bits(got) && !(float.IsNaN(want) && float.IsNaN(got)))
            Assert.Fail($"fmaf({x:R}, {y:R}, {z:R}): .NET {want:R}, ours {got:R}");
    }

    public static TheoryData<double, double, double> Edges() => new()
    {
        { 0.1, 10, -1 },                                    // the product's rounding error is the whole answer
        { 1 + Math.Pow(2, -52), 1 - Math.Pow(2, -53), -1 }, // cancellation to a few bits
        { 1e308, 10, -1e308 * 9.5 },                        // the product overflows, the sum does not
        { double.MaxValue, 2, -double.MaxValue },
        { double.Epsilon, 0.5, 0 },                         // a subnormal result rounding to a tie
        { double.Epsilon, 1.5, 0 },
        { 1e-300, 1e-300, 1e-320 },                         // product far below the subnormals, z subnormal
        { 1e-200, 1e-200, -double.Epsilon },
        { 3, 1.0 / 3, -1 },
        { -0.0, 5, 0.0 },                                   // signed zeros
        { 0.0, -5, -0.0 },
        { 2, 3, double.PositiveInfinity },
        { double.PositiveInfinity, 0, 1 },                  // inf * 0: NaN
        { double.NaN, 1, 1 },
        { 1e200, 1e200, double.NegativeInfinity },          // product overflows, z infinite: z
        { 1 + Math.Pow(2, -30), 1 + Math.Pow(2, -30), -(1 + Math.Pow(2, -29)) },
        { Math.Pow(2, -1022), 0.5, double.Epsilon },
        { 1, 1, Math.Pow(2, -54) },                         // z below half an ulp of the product: no change
        { 1, 1, Math.Pow(2, -53) },                         // exactly half: ties to even
        { 1 + Math.Pow(2, -52), 1, Math.Pow(2, -53) },      // half, odd significand: rounds up
        { 1, 1, Math.Pow(2, -53) + Math.Pow(2, -105) },     // just above half
        { 3, 3002399751580331, Math.Pow(2, -100) },         // product 2^53 + 1, a tie, nudged up by a z far below it
        { 3, 3002399751580331, -Math.Pow(2, -100) },        // ... and down
        { -3, 3002399751580331, Math.Pow(2, -1070) },
    };

    [Theory]
    [MemberData(nameof(Edges))]
    public void EdgeCasesMatch(double x, double y, double z) => Same(x, y, z);

    [Fact]
    public void RandomBitPatternsMatch()
    {
        var random = new Random(20261128);
        for (int i = 0; i < 300_000; i++)
        {
            Same(BitConverter.Int64BitsToDouble(random.NextInt64()), BitConverter.Int64BitsToDouble(random.NextInt64()), BitConverter.Int64BitsToDouble(random.NextInt64()));
        }
    }

    [Fact]
    public void RandomValuesOfNearbyMagnitudesMatch()
    {
        // Random exponents near each other, so that the sum cancels, rounds near ties and lands among subnormals.
        var random = new Random(33);
        double Near(int exponent) => Math.ScaleB(1 + random.NextDouble(), exponent) * (random.Next(2) == 0 ? 1 : -1);
        for (int i = 0; i < 300_000; i++)
        {
            int e = random.Next(-1100, 1030);
            int ex = random.Next(-60, 60) + e / 2, ey = e - ex;
            Same(Near(ex), Near(ey), Near(e + random.Next(-60, 4)));
        }
    }

    [Fact]
    public void SinglePrecisionMatches()
    {
        var random = new Random(7);
        for (int i = 0; i < 300_000; i++)
            Same(BitConverter.Int32BitsToSingle(random.Next() ^ (random.Next(2) << 31)), BitConverter.Int32BitsToSingle(random.Next() ^ (random.Next(2) << 31)),
                BitConverter.Int32BitsToSingle(random.Next() ^ (random.Next(2) << 31)));
        float Near(int exponent) => MathF.ScaleB(1 + random.NextSingle(), exponent) * (random.Next(2) == 0 ? 1 : -1);
        for (int i = 0; i < 300_000; i++)
        {
            int e = random.Next(-160, 128);
            int ex = random.Next(-20, 20) + e / 2, ey = e - ex;
            Same(Near(ex), Near(ey), Near(e + random.Next(-30, 4)));
        }
    }
}
