using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>One managed-runtime row: medians per mode, the TCG figure in nanoseconds, and its iteration count.</summary>
internal sealed record RuntimeRow(string Name, double Icount, double Tcg, double TcgNs, long Iterations);

/// <summary>The managed-runtime rows (allocation, calls, throw/catch, GC pauses; suite=runtime) in both emulator
/// modes, written to artifacts/bench/runtime.md, .csv and chart-runtime.png from the kernel boots the SingBench harness
/// made. Under -icount the TSC counts instructions; plain TCG cycles follow the host clock at the guest's calibrated
/// TSC rate.</summary>
internal static class RuntimeReport
{
    public static IReadOnlyList<RuntimeRow> Rows(IReadOnlyList<KernelBenchOutput> icount, IReadOnlyList<KernelBenchOutput> tcg)
    {
        ArgumentNullException.ThrowIfNull(icount);
        ArgumentNullException.ThrowIfNull(tcg);
        var names = icount.Concat(tcg).SelectMany(k => k.Rows).Where(r => r.Suite is null or "runtime").Select(r => r.Name).Distinct().ToList();
        double tcgHz = Statistics.Median(tcg.Select(k => k.TscHz));
        return names.Select(name =>
        {
            double ic = Median(icount, name), tc = Median(tcg, name);
            long iterations = icount.Concat(tcg).SelectMany(k => k.Rows).First(r => r.Name == name).Iterations;
            return new RuntimeRow(name, ic, tc, Statistics.Ratio(tc, tcgHz) * 1e9, iterations);
        }).ToList();
    }

    public static void Write(string directory, IReadOnlyList<KernelBenchOutput> icount, IReadOnlyList<KernelBenchOutput> tcg, string chartSubtitle, IWorkProgress progress)
    {
        ArgumentNullException.ThrowIfNull(icount);
        ArgumentNullException.ThrowIfNull(tcg);
        ArgumentNullException.ThrowIfNull(progress);
        var rows = Rows(icount, tcg);
        var csv = new StringBuilder("benchmark,icount_cycles_per_op,tcg_cycles_per_op,tcg_ns_per_op,iterations\n");
        var md = new StringBuilder();
        md.AppendLine("# Managed runtime costs in the kernel object space");
        md.AppendLine();
        md.AppendLine(CultureInfo.InvariantCulture,
            $"Median over {icount.Count} icount and {tcg.Count} TCG boot(s), each the median of its repetitions after a warm-up. icount: TSC = instructions (`-icount shift=0,sleep=off`); TCG: guest TSC at its calibrated rate under plain TCG (wall-clock driven).");
        md.AppendLine();
        md.AppendLine("| benchmark | icount cycles/op | TCG cycles/op | TCG ns/op | iterations |");
        md.AppendLine("|---|---:|---:|---:|---:|");
        foreach (var r in rows)
        {
            csv.AppendLine(CultureInfo.InvariantCulture, $"{r.Name},{Format.Csv(r.Icount)},{Format.Csv(r.Tcg)},{Format.Csv(r.TcgNs, "0.0")},{r.Iterations}");
            md.AppendLine(CultureInfo.InvariantCulture, $"| {r.Name} | {Format.Cycles(r.Icount)} | {Format.Cycles(r.Tcg)} | {(double.IsNaN(r.TcgNs) ? Format.Missing : r.TcgNs.ToString("N1", CultureInfo.InvariantCulture))} | {r.Iterations} |");
        }
        if (rows.Count > 0)
        {
            File.WriteAllBytes(Path.Combine(directory, FigureGroups.Runtime.FileName), RuntimeChart.Png(rows, chartSubtitle));
            md.AppendLine();
            md.AppendLine(CultureInfo.InvariantCulture, $"![{FigureGroups.Runtime.Title}]({FigureGroups.Runtime.FileName})");
        }
        File.WriteAllText(Path.Combine(directory, "runtime.csv"), csv.ToString());
        File.WriteAllText(Path.Combine(directory, "runtime.md"), md.ToString());
        progress.Log("");
        progress.Log(md.ToString());
    }

    private static double Median(IReadOnlyList<KernelBenchOutput> runs, string name) =>
        Statistics.Median(runs.Select(k => k.Rows.FirstOrDefault(r => r.Name == name)?.CyclesPerOp ?? double.NaN));
}
