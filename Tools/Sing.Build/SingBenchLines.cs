using System.Globalization;
using System.Text.RegularExpressions;

namespace Sing.Build;

/// <summary>One measured row of the kernel's bench mode (BENCH name cycles_per_op=N iterations=N ...). Fields that
/// older kernels did not print (context switches, suite) are null.</summary>
internal sealed record KernelRowLine(string Name, double CyclesPerOp, long Iterations, int Repetitions, double Min, double Max,
    long? Collections, long? ContextSwitches, string? Suite);

/// <summary>A row the kernel skipped because the feature it measures is not implemented (BENCH-SKIP name reason="...").</summary>
internal sealed record KernelSkipLine(string Name, string Reason);

/// <summary>Everything one kernel bench-mode boot printed: the TSC rate, its rows and skips in output order.</summary>
internal sealed record KernelBenchOutput(double TscHz, bool Quick, IReadOnlyList<KernelRowLine> Rows, IReadOnlyList<KernelSkipLine> Skips, bool Done);

/// <summary>Parses the kernel's BENCH-START / BENCH / BENCH-SKIP / BENCH-DONE lines (Kernel/Bench/BenchmarkRunner.cs).</summary>
internal static partial class SingBenchLines
{
    public static KernelBenchOutput Parse(string serial)
    {
        ArgumentNullException.ThrowIfNull(serial);
        var start = StartLine().Match(serial);
        double hz = start.Success ? double.Parse(start.Groups["hz"].Value, CultureInfo.InvariantCulture) : double.NaN;
        bool quick = start.Success && start.Groups["quick"].Value == "1";
        var rows = new List<KernelRowLine>();
        var skips = new List<KernelSkipLine>();
        foreach (string line in serial.Split('\n'))
        {
            var row = RowLine().Match(line);
            if (row.Success)
            {
                var fields = KeyValues.Parse(row.Groups["fields"].Value);
                rows.Add(new KernelRowLine(
                    row.Groups["name"].Value,
                    KeyValues.Number(fields, "cycles_per_op") ?? double.NaN,
                    (long)(KeyValues.Number(fields, "iterations") ?? 0),
                    (int)(KeyValues.Number(fields, "repetitions") ?? 0),
                    KeyValues.Number(fields, "min") ?? double.NaN,
                    KeyValues.Number(fields, "max") ?? double.NaN,
                    (long?)KeyValues.Number(fields, "collections"),
                    (long?)KeyValues.Number(fields, "context_switches"),
                    fields.GetValueOrDefault("suite")));
                continue;
            }
            var skip = SkipLine().Match(line);
            if (skip.Success)
            {
                var fields = KeyValues.Parse(skip.Groups["fields"].Value);
                skips.Add(new KernelSkipLine(skip.Groups["name"].Value, fields.GetValueOrDefault("reason") ?? "not implemented"));
            }
        }
        bool done = serial.Contains("BENCH-DONE", StringComparison.Ordinal);
        return new KernelBenchOutput(hz, quick, rows, skips, start.Success && done);
    }

    [GeneratedRegex(@"^BENCH-START tsc_hz=(?<hz>\d+)(?:.*?\bquick=(?<quick>\d))?", RegexOptions.Multiline)]
    private static partial Regex StartLine();

    // Rows printed by a SIP carry the kernel's "[program:pid] " prefix.
    [GeneratedRegex(@"^(?:\[[^\]]*\] )?BENCH (?<name>\S+) (?<fields>cycles_per_op=.*)$")]
    private static partial Regex RowLine();

    [GeneratedRegex(@"^(?:\[[^\]]*\] )?BENCH-SKIP (?<name>\S+)(?<fields>.*)$")]
    private static partial Regex SkipLine();
}
