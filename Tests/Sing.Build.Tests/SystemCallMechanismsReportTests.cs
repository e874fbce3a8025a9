using Xunit;

namespace Sing.Build.Tests;

/// <summary>The report's "System-call mechanisms (002 Table 2)" section and bench's --cpu option, which lets the
/// SYSENTER rows run (an Intel vendor string).</summary>
public class SystemCallMechanismsReportTests
{
    private const string Kernel =
        "BENCH-START tsc_hz=1000000000 repetitions=3 quick=1\n" +
        "BENCH Ring3.Syscall-Null cycles_per_op=64 iterations=2000 repetitions=3 min=64 max=64 collections=0 context_switches=0 suite=singbench\n" +
        "BENCH Ring3.Syscall-GetId cycles_per_op=77 iterations=2000 repetitions=3 min=77 max=77 collections=0 context_switches=0 suite=singbench\n" +
        "BENCH Ring3.Int80-GetId cycles_per_op=420 iterations=2000 repetitions=3 min=420 max=420 collections=0 context_switches=0 suite=singbench\n" +
        "BENCH-SKIP Ring3.Sysenter-Null reason=\"SYSENTER reaches the kernel only on Intel CPUs\" suite=singbench\n" +
        "BENCH-SKIP Ring3.Sysenter-GetId reason=\"SYSENTER reaches the kernel only on Intel CPUs\" suite=singbench\n" +
        "BENCH Ring3.Trap-GetId cycles_per_op=900 iterations=2000 repetitions=3 min=900 max=900 collections=0 context_switches=0 suite=singbench\n" +
        "BENCH-DONE\n";

    private const string Linux =
        "BENCH linux start version=1 mode=quick reps=3 kernel=6.1.0 cpu=QEMU\n" +
        "BENCH linux Getpid-syscall cycles_per_op=310 iterations=1000 min=310 max=311 ns_per_op=310 reps=3 sing=- role=info ref=002-T2-sysenter secs=0.00\n" +
        "BENCH linux Getpid-int80 skipped=1 sing=- role=info ref=002-T2-int80\n" +
        "BENCH linux done status=ok\n";

    private static string Line(string section, string row) =>
        section.Split('\n').Single(l => l.StartsWith("| " + row + " |", StringComparison.Ordinal) || l.Contains("| " + row + " |", StringComparison.Ordinal));

    [Fact]
    public void SectionPutsOurRowsBesideLinuxAndThePaper()
    {
        var icount = new ModeRuns([SingBenchLines.Parse(Kernel)], [LinuxBenchLines.Parse(Linux)]);
        var tcg = new ModeRuns([SingBenchLines.Parse(Kernel.Replace("=77 ", "=150 ", StringComparison.Ordinal))], [LinuxBenchLines.Parse(Linux)]);
        string md = SystemCallMechanismsReport.Markdown(icount, tcg);
        Assert.Contains("## System-call mechanisms (002 Table 2)", md, StringComparison.Ordinal);
        // getpid through SYSCALL: ours in both modes, the guest's syscall row, 002's sysenter (181) and stack machine (81).
        Assert.Equal("| getpid, SYSCALL | Ring3.Syscall-GetId | 77 | 150 | Getpid-syscall | 310 | 310 | 181 | 81 |", Line(md, "Ring3.Syscall-GetId"));
        // The guest skipped its int 0x80 row: no figure, 002's 330 still shown.
        Assert.Equal("| getpid, INT 0x80 | Ring3.Int80-GetId | 420 | 420 | Getpid-int80 | – | – | 330 | – |", Line(md, "Ring3.Int80-GetId"));
        Assert.Equal("| getpid, trap (emulated load from a supervisor page) | Ring3.Trap-GetId | 900 | 900 | – | – | – | – | 98 |", Line(md, "Ring3.Trap-GetId"));
        Assert.Contains("| Ring3.Sysenter-GetId | skipped | skipped |", md, StringComparison.Ordinal);
        Assert.Contains("--cpu max,vendor=GenuineIntel", md, StringComparison.Ordinal);
    }

    [Fact]
    public void BenchTakesACpuModelForBothGuests()
    {
        var line = new BuildCommandLine();
        var plain = line.OptionsOf(line.Parse(["bench", "--quick"]));
        Assert.Equal("max", plain.CpuModel);
        Assert.Equal("max", plain.ToQemu().CpuModel);
        var intel = line.OptionsOf(line.Parse(["bench", "--configs", "HIP-R3", "--cpu", "max,vendor=GenuineIntel"]));
        Assert.Equal("max,vendor=GenuineIntel", intel.CpuModel);
        Assert.Equal("max,vendor=GenuineIntel", intel.ToQemu().CpuModel);
    }
}
