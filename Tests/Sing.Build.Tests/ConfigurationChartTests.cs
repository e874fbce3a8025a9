using Xunit;

namespace Sing.Build.Tests;

public class ConfigurationChartTests
{
    private static readonly ConfigurationValue[] s_values =
    [
        new("ABICall", "SIP-Phys", 80), new("ABICall", "SIP-Page", 82), new("ABICall", "HIP-R3", 304),
        new("PSR-1", "SIP-Phys", 1041), new("PSR-1", "HIP-R3", 2580),
        new("PageAlloc", "SIP-Phys", 385), new("PageAlloc", "SIP-Page", 1886),
    ];

    [Fact]
    public void BarsAreEachConfigurationOverTheBaselineByRow()
    {
        var (rows, series) = ConfigurationChart.Relative(s_values);
        Assert.Equal(["ABICall", "PSR-1", "PageAlloc"], rows);
        Assert.Equal(["SIP-Page", "HIP-R3"], series.Select(s => s.Name));
        var hipR3 = series.Single(s => s.Name == "HIP-R3");
        Assert.Equal(3.8, hipR3.Values[0], 9);
        Assert.Equal(2580.0 / 1041, hipR3.Values[1], 9);
        Assert.True(double.IsNaN(hipR3.Values[2]), "no HIP-R3 PageAlloc value");
        Assert.Equal(1886.0 / 385, series.Single(s => s.Name == "SIP-Page").Values[2], 9);
    }

    [Fact]
    public void AnotherBaselineCanBeNamedAndAMissingOneIsRefused()
    {
        var (_, series) = ConfigurationChart.Relative(s_values, baseline: "HIP-R3");
        Assert.Equal(["SIP-Phys", "SIP-Page"], series.Select(s => s.Name));
        var e = Assert.Throws<ArgumentException>(() => ConfigurationChart.Relative(s_values, baseline: "HIP-R0"));
        Assert.Contains("HIP-R0", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TheChartIsAPngOfTheStatedSize()
    {
        byte[] png = ConfigurationChart.Png(s_values, "SingBench by configuration (icount)");
        File.WriteAllBytes(Path.Combine(Path.GetTempPath(), "sing-build-chart-tests-configs.png"), png);
        Assert.Equal((ChartStyle.Width, ChartImage.HeightOf(1)), PngFile.Check(png));
    }
}
