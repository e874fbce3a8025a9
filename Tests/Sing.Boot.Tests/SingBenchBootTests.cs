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

    /// <summary>Icount figures are deterministic: every row of Bench/expected-icount.csv must be within 5% of the committed
    /// value, either way (a saving not written down is a table out of date), or within the row's own tolerance when the
    /// table gives one in a third column (a row whose figure also depends on where interrupts fall). The failure lists
    /// every row that moved.</summary>
    [Fact]
    public async Task IcountFiguresMatchTheCommittedTable()
    {
        var run = await s_run.Value;
        Assert.True(run.Status == KernelExitStatus.Success, run.Describe());
        const double DefaultTolerance = 0.05;
        var moved = new List<string>();
        string table = Path.Combine(Repository.Root, "Bench", "expected-icount.csv");
        foreach (string line in File.ReadLines(table))
        {
            if (line.StartsWith('#') || line.StartsWith("row,", StringComparison.Ordinal) || line.Trim().Length == 0) continue;
            string[] fields = line.Split(',');
            string row = fields[0];
            long expected = long.Parse(fields[1], CultureInfo.InvariantCulture);
            double tolerance = fields.Length > 2 ? double.Parse(fields[2].TrimEnd('%'), CultureInfo.InvariantCulture) / 100 : DefaultTolerance;
            var m = Regex.Match(run.Serial, $@"^(?:\[singbench:\d+\] )?BENCH {Regex.Escape(row)} cycles_per_op=(\d+) ", RegexOptions.Multiline);
            if (!m.Success)
            {
                moved.Add($"{row}: expected {expected}, not measured");
                continue;
            }
            long now = long.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
            double change = (now - expected) / (double)expected;
            if (Math.Abs(change) > tolerance)
                moved.Add($"{row}: expected {expected}, now {now} ({change:+0.0%;-0.0%}, tolerance {tolerance:0%})");
        }
        Assert.True(moved.Count == 0, "icount rows moved by more than their tolerance (update Bench/expected-icount.csv in the commit that changes them, and say why):\n"
            + string.Join("\n", moved));
    }

    private static long Field(QemuResult run, string row, string key)
    {
        var m = Regex.Match(run.Serial, $@"^BENCH {Regex.Escape(row)} .*\b{key}=(\d+)", RegexOptions.Multiline);
        Assert.True(m.Success, $"{row} has no {key}.\n{run.Describe()}");
        return long.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
    }
}
