using Xunit;

namespace Sing.Build.Tests;

public class ChartTests
{
    [Theory]
    [InlineData("ABICall", "syscalls-threads")]
    [InlineData("PageAlloc", "syscalls-threads")]
    [InlineData("ThreadYield", "syscalls-threads")]
    [InlineData("Kernel.CreateThread", "syscalls-threads")]
    [InlineData("CreateChannel", "processes-channels")]
    [InlineData("NameBind", "processes-channels")]
    [InlineData("CreateProc", "processes-channels")]
    [InlineData("SR-1K", "message-sizes")]
    [InlineData("PSR-32K", "message-sizes")]
    [InlineData("PSR-1-Contract", "message-sizes")]
    [InlineData("WebFiles", "macro")]
    [InlineData("BartokStandIn", "macro")]
    public void EachRowGoesToItsFigure(string row, string figure)
    {
        Assert.Equal(figure, FigureGroups.Of(row).Key);
    }

    [Fact]
    public void FiguresFollowReportOrderAndHoldEveryDrawableRowOnce()
    {
        var rows = SampleResults.Rows();
        var figures = ComparisonFigures.Build(rows);
        Assert.Equal(["syscalls-threads", "processes-channels", "message-sizes"], figures.Select(f => f.Group.Key));
        Assert.Equal(rows.Select(r => r.Row).Order(), figures.SelectMany(f => f.Rows).Select(r => r.Row).Order());
        Assert.Equal(["ABICall", "PageAlloc", "CreateThread", "ThreadYield", "Kernel.PageAlloc", "Kernel.CreateThread", "Kernel.ThreadYield"],
            figures[0].Rows.Select(r => r.Row));
        Assert.Equal(["CreateChannel", "NameBind", "CreateProc"], figures[1].Rows.Select(r => r.Row));
    }

    [Fact]
    public void RowsWithNothingMeasuredAreLeftOutAndEmptyFiguresDropped()
    {
        var empty = new ComparisonRow("NameBind", "not implemented", new ModeFigures(double.NaN, double.NaN), new ModeFigures(double.NaN, double.NaN),
            null, null, double.NaN, []);
        var yield = SampleResults.Rows().Single(r => r.Row == "ThreadYield");
        var figures = ComparisonFigures.Build([empty, yield]);
        Assert.Equal(["syscalls-threads"], figures.Select(f => f.Group.Key));
    }

    [Fact]
    public void RatiosAreSingularityOverLinuxAndThePapersSipPhysOverLinux()
    {
        var figure = ComparisonFigures.Build(SampleResults.Rows())[0];
        var abi = figure.Ratios.Single(r => r.Row == "ABICall");
        Assert.Equal(26.0 / 322, abi.Icount, 9);
        Assert.Equal(170.0 / 1114, abi.Tcg, 9);
        Assert.Equal(80.0 / 437, abi.Paper, 9); // Bench/reference.csv: ABICall 80 (SIP-Phys), 437 (Linux)
        var pageAlloc = figure.Ratios.Single(r => r.Row == "PageAlloc");
        Assert.True(double.IsNaN(pageAlloc.Paper), "the paper gives no Linux PageAlloc figure");
        var kernelRow = figure.Ratios.Single(r => r.Row == "Kernel.ThreadYield");
        Assert.True(double.IsNaN(kernelRow.Icount) && double.IsNaN(kernelRow.Tcg), "kernel rows have no Linux counterpart");
        Assert.True(figure.HasRatios);
    }

    [Fact]
    public void LogScaleKeepsOneInsideForRatiosAndSpansTheDecadesOfCycles()
    {
        Assert.Equal(new LogScale(-1, 1), LogScale.Spanning([0.5, 2], aroundOne: true));
        Assert.Equal(new LogScale(-2, 2), LogScale.Spanning([0.03, 12, double.NaN], aroundOne: true));
        Assert.Equal(new LogScale(2, 7), LogScale.Spanning([187, 2_400_000], aroundOne: false));
        Assert.Equal("1x", LogScale.RatioLabel(0));
        Assert.Equal("0.01x", LogScale.RatioLabel(-2));
        Assert.Equal("10K", LogScale.CyclesLabel(4));
        Assert.Equal("1/12", LogScale.RatioText(26.0 / 322));
        Assert.Equal("1/392", LogScale.RatioText(561.0 / 219_683));
        Assert.Equal("1/2.5", LogScale.RatioText(0.4));
        Assert.Equal("3.8x", LogScale.RatioText(3.8));
        Assert.Equal("1.03x", LogScale.RatioText(1.03));
        Assert.Equal("23x", LogScale.RatioText(23.04));
    }

    [Fact]
    public void EveryComparisonChartIsAPngOfTheStatedSize()
    {
        string dir = ChartDirectory();
        foreach (var figure in ComparisonFigures.Build(SampleResults.Rows()))
        {
            byte[] png = ComparisonChart.Png(figure, "quick run of 2026-11-22 (Bench/README.md)");
            File.WriteAllBytes(Path.Combine(dir, figure.Group.FileName), png);
            Assert.Equal((ChartStyle.Width, ChartImage.HeightOf(figure.HasRatios ? 2 : 1)), PngFile.Check(png));
        }
    }

    [Fact]
    public void TheRuntimeChartIsAPngOfTheStatedSize()
    {
        byte[] png = RuntimeChart.Png(SampleResults.Runtime(), "quick run of 2026-11-22 (Bench/README.md)");
        File.WriteAllBytes(Path.Combine(ChartDirectory(), FigureGroups.Runtime.FileName), png);
        Assert.Equal((ChartStyle.Width, ChartImage.HeightOf(1)), PngFile.Check(png));
    }

    [Fact]
    public void RuntimeRowsAreTheRuntimeSuitesMediansWithNanoseconds()
    {
        var boot = SingBenchLines.Parse(SampleOutputs.Kernel);
        var rows = RuntimeReport.Rows([boot], [boot]);
        var alloc = Assert.Single(rows);
        Assert.Equal("AllocSmallObject", alloc.Name);
        Assert.Equal(553, alloc.Icount);
        Assert.Equal(553 / 999839520.0 * 1e9, alloc.TcgNs, 6);
    }

    [Fact]
    public void APanelRefusesSeriesOfTheWrongLength()
    {
        var spec = new BarPanelSpec("t", "x", "y", ["a", "b"], [new BarSeries("s", ChartStyle.SingularityIcount, [1])], [], IsRatio: false, LabelBars: false);
        Assert.Throws<ArgumentException>(() => BarPanel.Create(spec));
    }

    /// <summary>Where the tests leave the charts they draw, to be looked at.</summary>
    private static string ChartDirectory()
    {
        string dir = Path.Combine(Path.GetTempPath(), "sing-build-chart-tests");
        Directory.CreateDirectory(dir);
        return dir;
    }
}
