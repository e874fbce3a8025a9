using Sing.Qemu;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>`bench --configs` and `test --all-configs`: which configurations a spec names, how a boot's serial output
/// becomes rows or a refusal with its reason, the CSV's lines, the report's ratios to SIP-Phys beside 004's, and the
/// chart file.</summary>
public class ConfigurationBenchTests
{
    [Fact]
    public void SpecNamesAllSixOrAListInCanonicalSpelling()
    {
        Assert.Equal(6, ConfigurationBench.Parse("all").Count);
        Assert.Equal(["SIP-Phys", "HIP-R0-S"], ConfigurationBench.Parse("sip-phys, HIP-r0-s"));
        var e = Assert.Throws<ArgumentException>(() => ConfigurationBench.Parse("SIP-Phys,HIP-R9"));
        Assert.Contains("'HIP-R9' is not one of SIP-Phys, SIP-Page, HIP-R0, HIP-R0-S, HIP-R3, HIP-R3-S", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void BenchTakesConfigsAndTestTakesAllConfigs()
    {
        var line = new BuildCommandLine();
        var bench = line.Parse(["bench", "--configs", "all", "--quick"]);
        Assert.Empty(bench.Errors);
        Assert.Equal(6, line.OptionsOf(bench).Configs.Count);
        var bad = line.Parse(["bench", "--configs", "SIP-Fast"]);
        Assert.Contains(bad.Errors, err => err.Message.Contains("'SIP-Fast' is not one of", StringComparison.Ordinal));
        var test = line.Parse(["test", "--all-configs", "--filter", "X"]);
        Assert.Empty(test.Errors);
        Assert.True(test.GetValue(line.AllConfigs));
        Assert.Equal(["--filter", "X"], test.UnmatchedTokens);
    }

    private static QemuResult Boot(KernelExitStatus status, string serial) => new()
    {
        Status = status, ExitCode = 0, Serial = serial, SerialLogPath = "", QemuStandardError = "", Elapsed = TimeSpan.Zero, CommandLine = "",
    };

    private const string Rows = "BENCH-START tsc_hz=1000000000 repetitions=3 quick=1\n" +
        "BENCH Kernel.PageAlloc cycles_per_op=800 iterations=100 repetitions=3 min=800 max=800 collections=0 context_switches=0 suite=singbench\n" +
        "[singbench:1] BENCH PSR-1 cycles_per_op={0} iterations=2000 repetitions=5 min=1 max=1 collections=0 suite=singbench-sip\n" +
        "[singbench:1] BENCH ABICall cycles_per_op=26 iterations=1000 repetitions=5 min=26 max=26 collections=0 suite=singbench-sip\n" +
        "BENCH-DONE\n";

    [Fact]
    public void ARefusedConfigurationKeepsTheKernelsReason()
    {
        var run = ConfigurationBench.Read("HIP-R3", true, Boot(KernelExitStatus.Panic,
            "banner\n*** KERNEL PANIC: out of memory building the page tables of RAM\n"));
        Assert.Equal("out of memory building the page tables of RAM", run.Refused);
        Assert.Null(ConfigurationBench.Read("SIP-Phys", true, Boot(KernelExitStatus.Success, string.Format(System.Globalization.CultureInfo.InvariantCulture, Rows, 551))).Refused);
    }

    [Fact]
    public void CsvAndReportCarryEveryRowAndTheRatioToSipPhys()
    {
        var runs = new List<ConfigurationRun>();
        foreach (bool icount in new[] { true, false })
        {
            runs.Add(ConfigurationBench.Read("SIP-Phys", icount, Boot(KernelExitStatus.Success, string.Format(System.Globalization.CultureInfo.InvariantCulture, Rows, icount ? 550 : 1500))));
            runs.Add(ConfigurationBench.Read("HIP-R0-S", icount, Boot(KernelExitStatus.Success, string.Format(System.Globalization.CultureInfo.InvariantCulture, Rows, icount ? 605 : 30000))));
            runs.Add(ConfigurationBench.Read("HIP-R3", icount, Boot(KernelExitStatus.Panic, "*** KERNEL PANIC: not yet\n")));
        }
        var values = ConfigurationBench.Values(runs);
        string csv = ConfigurationBench.Csv(values, ["SIP-Phys", "HIP-R0-S", "HIP-R3"]);
        Assert.Contains("PSR-1,SIP-Phys,550,1500\n", csv, StringComparison.Ordinal);
        Assert.Contains("PSR-1,HIP-R0-S,605,30000\n", csv, StringComparison.Ordinal);
        Assert.DoesNotContain(",HIP-R3,", csv, StringComparison.Ordinal);
        string md = ConfigurationBench.Markdown(runs, values, new Options(QemuAccelerator.Tcg, false, null, 512, null, Quick: true));
        Assert.Contains("**HIP-R3** did not run: not yet", md, StringComparison.Ordinal);
        Assert.Contains("| PSR-1 | 550 | 605 (1.10x) |", md, StringComparison.Ordinal);
        Assert.Contains("| PSR-1 | 1,500 | 30,000 (20.00x) |", md, StringComparison.Ordinal);
    }

    [Fact]
    public void TheChartHasOnePanelPerModeAndIsAValidPng()
    {
        var icount = new List<ConfigurationValue> { new("PSR-1", "SIP-Phys", 550), new("PSR-1", "HIP-R0-S", 605), new("ABICall", "SIP-Phys", 26), new("ABICall", "HIP-R0-S", 26) };
        var tcg = new List<ConfigurationValue> { new("PSR-1", "SIP-Phys", 1500), new("PSR-1", "HIP-R0-S", 30000), new("ABICall", "SIP-Phys", 110), new("ABICall", "HIP-R0-S", 108) };
        byte[] png = ConfigurationChart.PngBothModes(icount, tcg, ConfigurationBench.ChartRows);
        var (width, height) = PngFile.Check(png);
        Assert.Equal(1600, width);
        Assert.True(height > 800, $"two panels stand one above the other ({height} px)");
    }
}
