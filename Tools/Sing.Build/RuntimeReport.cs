using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>The managed-runtime rows (allocation, calls, throw/catch, GC pauses) in both emulator modes, written to
/// artifacts/bench/runtime.md and .csv. Under -icount the TSC counts instructions; plain TCG cycles follow the
/// host clock at the guest's calibrated TSC rate.</summary>
internal static class RuntimeReport
{
    public static async Task<int> RunAsync(Options options)
    {
        Console.WriteLine("running kernel runtime benchmarks (icount, then plain TCG)...");
        var icount = await KernelBenchmarks.RunAsync(options, "runtime", icount: true, "icount");
        var tcg = await KernelBenchmarks.RunAsync(options, "runtime", icount: false, "tcg");
        string dir = Path.Combine(Cli.Root, "artifacts", "bench");
        Directory.CreateDirectory(dir);

        var csv = new StringBuilder("benchmark,icount_cycles_per_op,tcg_cycles_per_op,tcg_ns_per_op,iterations\n");
        var md = new StringBuilder();
        md.AppendLine("# Managed runtime costs in the kernel object space");
        md.AppendLine();
        md.AppendLine("Median of 5 repetitions after a warm-up. icount: TSC = instructions (`-icount shift=0,sleep=off`); TCG: guest TSC at its calibrated rate under plain TCG (wall-clock driven).");
        md.AppendLine();
        md.AppendLine("| benchmark | icount cycles/op | TCG cycles/op | TCG ns/op | iterations |");
        md.AppendLine("|---|---:|---:|---:|---:|");
        foreach (var row in icount)
        {
            var other = tcg.FirstOrDefault(r => r.Name == row.Name);
            double tcgCycles = other?.CyclesPerOp ?? double.NaN;
            double ns = other is null ? double.NaN : tcgCycles / other.TscHz * 1e9;
            csv.AppendLine(CultureInfo.InvariantCulture, $"{row.Name},{row.CyclesPerOp},{tcgCycles},{ns:F1},{row.Iterations}");
            md.AppendLine(CultureInfo.InvariantCulture, $"| {row.Name} | {row.CyclesPerOp:N0} | {tcgCycles:N0} | {ns:N1} | {row.Iterations} |");
        }
        File.WriteAllText(Path.Combine(dir, "runtime.csv"), csv.ToString());
        File.WriteAllText(Path.Combine(dir, "runtime.md"), md.ToString());
        Console.WriteLine();
        Console.WriteLine(md.ToString());
        Console.WriteLine($"report: {Path.Combine(dir, "runtime.md")} and runtime.csv");
        return 0;
    }
}
