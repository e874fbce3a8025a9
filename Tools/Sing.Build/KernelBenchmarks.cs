using System.Globalization;
using System.Text.RegularExpressions;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>One row of a benchmark run: cycles per operation as the guest's TSC measured it.</summary>
internal sealed record BenchRow(string Name, double CyclesPerOp, long Iterations, double TscHz, string Mode);

/// <summary>Runs the kernel's in-OS benchmarks (kernel option bench=...) under QEMU and parses their BENCH lines.</summary>
internal static partial class KernelBenchmarks
{
    public static async Task<IReadOnlyList<BenchRow>> RunAsync(Options options, string selection, bool icount, string mode)
    {
        var qemu = options.ToQemu() with { InstructionCounting = icount, KernelOptions = $"bench={selection}", Timeout = TimeSpan.FromMinutes(10) };
        var result = await QemuRunner.RunAsync(qemu);
        var start = StartLine().Match(result.Serial);
        if (result.Status != KernelExitStatus.Success || !start.Success || !result.Serial.Contains("BENCH-DONE", StringComparison.Ordinal))
            throw new InvalidOperationException($"kernel benchmarks ({mode}) did not complete.\n{result.Describe()}");
        double hz = double.Parse(start.Groups[1].Value, CultureInfo.InvariantCulture);
        return RowLine().Matches(result.Serial)
            .Select(m => new BenchRow(m.Groups[1].Value, double.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture),
                long.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture), hz, mode))
            .ToList();
    }

    [GeneratedRegex(@"^BENCH-START tsc_hz=(\d+)", RegexOptions.Multiline)]
    private static partial Regex StartLine();

    [GeneratedRegex(@"^BENCH (\S+) cycles_per_op=(\d+) iterations=(\d+)", RegexOptions.Multiline)]
    private static partial Regex RowLine();
}
