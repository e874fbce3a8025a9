using System.Globalization;
using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The kernel's SingBench mode (bench=singbench bench.quick) runs the SingBench SIP, which prints a row (or
/// the kernel a skip) for each of 004 §4.1's rows, and leaves QEMU successfully; the kernel-internal rows' counters
/// mean what they say. Checks shapes, never timings.</summary>
public class SingBenchBootTests
{
    private static readonly Lazy<Task<QemuResult>> s_run = new(() => Machine.BootAsync("bench=singbench bench.quick", "singbench-quick", instructionCounting: true));

    [Fact]
    public async Task EveryPaperRowIsMeasuredOrSkippedWithAReason()
    {
        var run = await s_run.Value;
        Assert.True(run.Status == KernelExitStatus.Success, run.Describe());
        Assert.Contains("BENCH-DONE", run.Serial, StringComparison.Ordinal);
        string[] paperRows = ["ABICall", "PageAlloc", "CreateThread", "ThreadYield", "CreateChannel", "NameBind", "CreateProc",
            "SR-1", "SR-32", "SR-1K", "SR-32K", "PSR-1", "PSR-32", "PSR-1K", "PSR-32K"];
        foreach (string row in paperRows)
        {
            bool measured = Regex.IsMatch(run.Serial, $@"^\[singbench:\d+\] BENCH {Regex.Escape(row)} cycles_per_op=[1-9]\d* iterations=\d+ repetitions=\d+ .*suite=singbench-sip$", RegexOptions.Multiline);
            bool skipped = Regex.IsMatch(run.Serial, $@"^BENCH-SKIP {Regex.Escape(row)} reason=""[^""]+"" suite=singbench-sip$", RegexOptions.Multiline);
            Assert.True(measured ^ skipped, $"{row}: exactly one BENCH or BENCH-SKIP line expected.\n{run.Describe()}");
        }
    }

    [Fact]
    public async Task ThreadYieldSwitchesOnEveryYieldAndPageAllocNever()
    {
        var run = await s_run.Value;
        // Each timed iteration is two yields (there and back): two switches, plus a few for the partner's start and end.
        long iterations = Field(run, "Kernel.ThreadYield", "iterations") * Field(run, "Kernel.ThreadYield", "repetitions");
        Assert.InRange(Field(run, "Kernel.ThreadYield", "context_switches"), 2 * iterations, 2 * iterations + 64);
        Assert.Equal(0, Field(run, "Kernel.PageAlloc", "context_switches"));
        Assert.Equal(100, Field(run, "Kernel.PageAlloc", "iterations")); // 1,000 in the paper, a tenth in quick mode
    }

    /// <summary>Every row of Bench/expected-icount.csv within its tolerance of the committed figure (<see cref="IcountTable"/>);
    /// the failure lists every row that moved.</summary>
    [Fact]
    public async Task IcountFiguresMatchTheCommittedTable()
    {
        var run = await s_run.Value;
        Assert.True(run.Status == KernelExitStatus.Success, run.Describe());
        IcountTable.AssertMatches(run.Serial, "expected-icount.csv");
    }

    private static long Field(QemuResult run, string row, string key)
    {
        var m = Regex.Match(run.Serial, $@"^BENCH {Regex.Escape(row)} .*\b{key}=(\d+)", RegexOptions.Multiline);
        Assert.True(m.Success, $"{row} has no {key}.\n{run.Describe()}");
        return long.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
    }
}
