using Sing.Qemu;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>The storage rows and WebFiles in the reports (Bench/WebFiles/README.md): the SIPs' BENCH lines become rows
/// joined to the Linux rows of the same sing= name, they get their own figure, the configurations report carries
/// WebFiles' slowdown beside 001 Figure 5, and bench boots attach the image read-only.</summary>
public class StorageRowsTests
{
    private const string Storage =
        "[diskprobe:2] BENCH Disk.SeqRead-4K cycles_per_op=7287 iterations=131072 repetitions=1 min=7287 max=7287 requests=32768 mb_per_s=140 suite=singbench-sip\n" +
        "[webfiles:5] BENCH WebFiles cycles_per_op=535472 iterations=5000 repetitions=1 min=535472 max=535472 collections=0 total_cycles=2677360363 requests=5000 bytes=76541734 suite=singbench-sip\n" +
        "[webfiles:5] BENCH File.OpenReadClose cycles_per_op=71277 iterations=100 repetitions=5 min=67557 max=76905 collections=0 suite=singbench-sip\n";

    private const string LinuxStorage =
        "BENCH linux WebFiles cycles_per_op=600000 iterations=5000 min=600000 max=600000 reps=1 sing=WebFiles role=primary ref=004-4.3 secs=3.0\n" +
        "BENCH linux Disk.SeqRead-4K cycles_per_op=5000 iterations=131072 min=5000 max=5000 reps=1 sing=Disk.SeqRead-4K role=primary ref=- secs=1.0\n";

    [Fact]
    public void StorageRowsJoinTheLinuxRowsOfTheSameSingName()
    {
        var kernel = SingBenchLines.Parse(SampleOutputs.Kernel.Replace("BENCH-DONE", Storage + "BENCH-DONE", StringComparison.Ordinal));
        var linux = LinuxBenchLines.Parse(SampleOutputs.Linux.Replace("BENCH linux wall", LinuxStorage + "BENCH linux wall", StringComparison.Ordinal));
        var runs = new ModeRuns([kernel], [linux]);
        var rows = ComparisonTable.Build(runs, runs, new Dictionary<string, PaperFigure>());
        var webFiles = rows.Single(r => r.Row == "WebFiles");
        Assert.Equal(535472, webFiles.Icount.Singularity);
        Assert.Equal(600000, webFiles.Icount.Linux);
        Assert.Equal("WebFiles", webFiles.LinuxRow);
        Assert.Equal(7287, rows.Single(r => r.Row == "Disk.SeqRead-4K").Tcg.Singularity);
        Assert.Equal(5000, rows.Single(r => r.Row == "Disk.SeqRead-4K").Tcg.Linux);
        Assert.True(double.IsNaN(rows.Single(r => r.Row == "File.OpenReadClose").Icount.Linux));
    }

    [Fact]
    public void StorageRowsHaveTheirOwnFigureAndWebFilesIsAMacroRow()
    {
        Assert.Equal(FigureGroups.Storage, FigureGroups.Of("Disk.SeqRead-64K"));
        Assert.Equal(FigureGroups.Storage, FigureGroups.Of("File.OpenReadClose"));
        Assert.Equal(FigureGroups.Macro, FigureGroups.Of("WebFiles"));
        Assert.Contains(FigureGroups.Storage, FigureGroups.All);
    }

    [Fact]
    public void TheConfigurationsReportGivesWebFilesTaxBesideFigure5()
    {
        var values = new List<ConfigurationBench.RowValues>
        {
            new("WebFiles", "SIP-Phys", 400_000, 800_000),
            new("WebFiles", "SIP-Page", 425_000, 1_000_000),
            new("WebFiles", "HIP-R3-S", 600_000, 2_000_000),
            new("ABICall", "SIP-Phys", 80, 90),
        };
        string md = WebFilesTax.Markdown(values, ["SIP-Phys", "SIP-Page", "HIP-R3-S"]);
        Assert.Contains("| SIP-Page | 425,000 | +6.3% | 1,000,000 | +25.0% | 6.3% |", md, StringComparison.Ordinal);
        Assert.Contains("| HIP-R3-S | 600,000 | +50.0% | 2,000,000 | +150.0% | 37.7% |", md, StringComparison.Ordinal);
        Assert.Contains("| SIP-Phys | 400,000 |  | 800,000 |  |  |", md, StringComparison.Ordinal);
        Assert.Equal("", WebFilesTax.Markdown(values.Where(v => v.Row != "WebFiles").ToList(), ["SIP-Phys"]));
        Assert.Contains(WebFilesTax.Row, ConfigurationBench.ChartRows);
    }

    [Fact]
    public void BenchBootsAttachTheImageAsASnapshot()
    {
        var qemu = WebFilesImage.Attach(new QemuOptions { IsoPath = "s.iso" }, "/a,b/webfiles.img");
        string line = string.Join(' ', QemuCommandLine.Build(qemu, "file:s.log"));
        Assert.Contains("id=d0,file=/a,,b/webfiles.img,format=raw,if=none,snapshot=on", line, StringComparison.Ordinal);
        Assert.Contains("ide-hd,drive=d0,bus=ide.0", line, StringComparison.Ordinal);
        Assert.DoesNotContain("snapshot", string.Join(' ', QemuCommandLine.Build(new QemuOptions { IsoPath = "s.iso", Disks = ["d.img"] }, "file:s.log")), StringComparison.Ordinal);
    }
}
