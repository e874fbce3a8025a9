using Xunit;

namespace Sing.Build.Tests;

public class ComparisonTests
{
    private static readonly IReadOnlyDictionary<string, PaperFigure> s_paper = PaperReference.Parse("""
        # comment
        row,sing_sip_phys,sing_hip_r3,linux,source
        ABICall,80,304,437,004 Table 1, and 001 Table 1
        PageAlloc,385,2198,,004 §4.1
        """);

    private static ModeRuns Runs(params double[] threadYieldCycles) => new(
        threadYieldCycles.Select(c => SingBenchLines.Parse(SampleOutputs.Kernel.Replace("cycles_per_op=187", $"cycles_per_op={c}", StringComparison.Ordinal))).ToList(),
        [LinuxBenchLines.Parse(SampleOutputs.Linux)]);

    [Fact]
    public void MedianTakesTheMiddleAndIgnoresMissingValues()
    {
        Assert.Equal(3, Statistics.Median([5, 1, 3]));
        Assert.Equal(2.5, Statistics.Median([4, 1, 3, 2]));
        Assert.Equal(2, Statistics.Median([double.NaN, 2]));
        Assert.True(double.IsNaN(Statistics.Median([])));
    }

    [Fact]
    public void RatioIsMissingWithoutBothSides()
    {
        Assert.Equal(0.5, Statistics.Ratio(1, 2));
        Assert.True(double.IsNaN(Statistics.Ratio(double.NaN, 2)));
        Assert.True(double.IsNaN(Statistics.Ratio(1, 0)));
    }

    [Fact]
    public void ReferenceKeepsCommasInTheSourceAndLeavesGapsEmpty()
    {
        Assert.Equal("004 Table 1, and 001 Table 1", s_paper["ABICall"].Source);
        Assert.Equal(304, s_paper["ABICall"].SingularityHipR3);
        Assert.True(double.IsNaN(s_paper["PageAlloc"].Linux));
    }

    [Fact]
    public void TheRepositorysReferenceFileParses()
    {
        var figures = PaperReference.Load(PaperReference.DefaultPath);
        Assert.Equal(80, figures["ABICall"].SingularitySipPhys);
        Assert.Equal(5797, figures["PSR-1"].Linux);
        Assert.All(figures.Keys, k => Assert.Contains(k, ComparisonTable.PaperRows));
    }

    [Fact]
    public void RowsFollowThePaperAndJoinTheirPrimaryLinuxRow()
    {
        var rows = ComparisonTable.Build(Runs(180, 187, 200), Runs(800, 900, 1000), s_paper);
        Assert.Equal(ComparisonTable.PaperRows, rows.Select(r => r.Row));
        var yield = rows.Single(r => r.Row == "ThreadYield");
        Assert.Equal(187, yield.Icount.Singularity);
        Assert.Equal(1770, yield.Icount.Linux);
        Assert.Equal(187.0 / 1770, yield.Icount.Ratio, 6);
        Assert.Equal(900, yield.Tcg.Singularity);
        Assert.Equal("ThreadYield", yield.LinuxRow);
        Assert.Equal(2.002, yield.ContextSwitchesPerOp, 6); // 12012 switches over 3 x 2000 iterations (two yields each)

        var abi = rows.Single(r => r.Row == "ABICall");
        Assert.NotNull(abi.SkipReason);
        Assert.True(double.IsNaN(abi.Icount.Ratio));
        Assert.Equal(322, abi.Icount.Linux);
        Assert.Equal(80, abi.Paper!.SingularitySipPhys);
        Assert.Contains(abi.Notes, n => n.StartsWith("alt. Linux ABICall-clock_getres: 364", StringComparison.Ordinal));

        Assert.Equal("UnixRT-1", rows.Single(r => r.Row == "PSR-1").LinuxRow);
        Assert.Null(rows.Single(r => r.Row == "NameBind").LinuxRow);
    }

    [Fact]
    public void ExtraSipRowsFollowThePapersRows()
    {
        string extra = SampleOutputs.Kernel.Replace("BENCH-DONE", "BENCH PSR-1-Contract cycles_per_op=2350 iterations=2000 repetitions=3 min=2300 max=2400 collections=0 context_switches=4000 suite=singbench-sip\nBENCH-DONE", StringComparison.Ordinal);
        var runs = new ModeRuns([SingBenchLines.Parse(extra)], [LinuxBenchLines.Parse(SampleOutputs.Linux)]);
        var rows = ComparisonTable.Build(runs, runs, s_paper);
        Assert.Equal(ComparisonTable.PaperRows, rows.Take(ComparisonTable.PaperRows.Count).Select(r => r.Row));
        var contract = rows.Single(r => r.Row == "PSR-1-Contract");
        Assert.Equal(2350, contract.Icount.Singularity);
        Assert.Null(contract.LinuxRow);
    }

    [Fact]
    public void LinuxContextHoldsTheRowsThatAreNotPrimary()
    {
        var context = ComparisonTable.LinuxContext(Runs(187), Runs(900));
        Assert.Equal(["ABICall-clock_getres", "Getpid-int80"], context.Select(c => c.Name));
        Assert.True(double.IsNaN(context.Single(c => c.Name == "Getpid-int80").Icount));
    }

    [Fact]
    public void CsvHasTheHeaderAndOneLineOfEqualWidthPerRow()
    {
        var rows = ComparisonTable.Build(Runs(187), Runs(900), s_paper);
        string[] lines = ComparisonReport.Csv(rows).TrimEnd('\n').Split('\n');
        Assert.Equal(ComparisonReport.CsvHeader, lines[0]);
        Assert.Equal(rows.Count + 1, lines.Length);
        int columns = ComparisonReport.CsvHeader.Split(',').Length;
        // Quoted cells may hold commas; count the commas outside quotes.
        Assert.All(lines, l => Assert.Equal(columns, CountCells(l)));
        Assert.StartsWith("ThreadYield,187,1770,0.1056,900,", lines.Single(l => l.StartsWith("ThreadYield,", StringComparison.Ordinal)), StringComparison.Ordinal);
    }

    [Fact]
    public void MarkdownTableHasAHeaderSeparatorAndARowPerBenchmark()
    {
        var rows = ComparisonTable.Build(Runs(187), Runs(900), s_paper);
        string[] lines = ComparisonReport.MarkdownTable(rows).TrimEnd().Split('\n').Select(l => l.TrimEnd('\r')).ToArray();
        Assert.Equal(rows.Count + 2, lines.Length);
        int pipes = lines[0].Count(c => c == '|');
        Assert.All(lines, l => Assert.Equal(pipes, l.Count(c => c == '|')));
        Assert.Contains("| ThreadYield | 187 | 1,770 | 0.11 | 900 |", lines.Single(l => l.StartsWith("| ThreadYield ", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.Contains("skipped: no ABI yet", lines.Single(l => l.StartsWith("| ABICall ", StringComparison.Ordinal)), StringComparison.Ordinal);
    }

    private static int CountCells(string line)
    {
        int cells = 1;
        bool quoted = false;
        foreach (char c in line)
        {
            if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) cells++;
        }
        return cells;
    }
}
