namespace Sing.Build;

/// <summary>One emulator mode's medians for a row: Singularity and Linux cycles per operation (NaN when missing).</summary>
internal sealed record ModeFigures(double Singularity, double Linux)
{
    /// <summary>Singularity ÷ Linux: below 1 means Singularity does the operation in fewer cycles.</summary>
    public double Ratio => Statistics.Ratio(Singularity, Linux);
}

/// <summary>One line of the side-by-side table.</summary>
internal sealed record ComparisonRow(string Row, string? SkipReason, ModeFigures Icount, ModeFigures Tcg, string? LinuxRow,
    PaperFigure? Paper, double ContextSwitchesPerOp, IReadOnlyList<string> Notes);

/// <summary>A Linux row that is not the primary comparison for a SingBench row (alternatives and context rows).</summary>
internal sealed record LinuxContextRow(string Name, double Icount, double Tcg, string? SingRow, LinuxRowRole Role, string? PaperRef);

/// <summary>The measurements of one mode: every kernel boot's output and every Linux boot's output.</summary>
internal sealed record ModeRuns(IReadOnlyList<KernelBenchOutput> Kernel, IReadOnlyList<LinuxBenchOutput> Linux);

/// <summary>Joins SingBench rows, Linux rows (by their sing= field) and the paper's figures into the report's rows,
/// taking medians over the boots of each mode.</summary>
internal static class ComparisonTable
{
    /// <summary>004 §4.1's rows in Figure 4's order.</summary>
    public static readonly IReadOnlyList<string> PaperRows =
    [
        "ABICall", "PageAlloc", "CreateThread", "ThreadYield", "CreateChannel", "NameBind", "CreateProc",
        "SR-1", "SR-32", "SR-1K", "SR-32K", "PSR-1", "PSR-32", "PSR-1K", "PSR-32K",
    ];

    public static IReadOnlyList<ComparisonRow> Build(ModeRuns icount, ModeRuns tcg, IReadOnlyDictionary<string, PaperFigure> paper)
    {
        ArgumentNullException.ThrowIfNull(icount);
        ArgumentNullException.ThrowIfNull(tcg);
        ArgumentNullException.ThrowIfNull(paper);
        var names = PaperRows.ToList();
        // Rows beyond Figure 4 go after the paper's: the kernel's own (suite=singbench, Kernel.*) and the SIP's
        // extra ones (suite=singbench-sip, e.g. PSR-n-Contract through generated contract endpoints).
        foreach (var run in icount.Kernel.Concat(tcg.Kernel))
            foreach (var row in run.Rows.Where(r => IsSingBench(r.Suite) && !names.Contains(r.Name)))
                names.Add(row.Name);

        var rows = new List<ComparisonRow>();
        foreach (string name in names)
        {
            string? skip = icount.Kernel.Concat(tcg.Kernel).SelectMany(k => k.Skips).FirstOrDefault(s => s.Name == name)?.Reason;
            string? linuxRow = PrimaryLinuxRow(icount, name) ?? PrimaryLinuxRow(tcg, name);
            var notes = new List<string>();
            if (skip != null) notes.Add($"Singularity: skipped ({skip})");
            if (linuxRow != null) notes.Add($"Linux: {linuxRow}");
            foreach (string alt in AlternativeLinuxRows(icount, tcg, name))
                notes.Add($"alt. Linux {alt}: {Format.Cycles(LinuxMedian(icount, alt))} icount / {Format.Cycles(LinuxMedian(tcg, alt))} TCG");
            double switches = Statistics.Median(icount.Kernel.Select(k => SwitchesPerOp(k, name)));
            rows.Add(new ComparisonRow(
                name,
                skip,
                new ModeFigures(KernelMedian(icount, name), linuxRow is null ? double.NaN : LinuxMedian(icount, linuxRow)),
                new ModeFigures(KernelMedian(tcg, name), linuxRow is null ? double.NaN : LinuxMedian(tcg, linuxRow)),
                linuxRow,
                paper.GetValueOrDefault(name),
                switches,
                notes));
        }
        return rows;
    }

    /// <summary>Every Linux row that is not some SingBench row's primary comparison.</summary>
    public static IReadOnlyList<LinuxContextRow> LinuxContext(ModeRuns icount, ModeRuns tcg)
    {
        ArgumentNullException.ThrowIfNull(icount);
        ArgumentNullException.ThrowIfNull(tcg);
        return icount.Linux.Concat(tcg.Linux)
            .SelectMany(l => l.Rows)
            .Where(r => r.Role != LinuxRowRole.Primary)
            .GroupBy(r => r.Name)
            .Select(g => new LinuxContextRow(g.Key, LinuxMedian(icount, g.Key), LinuxMedian(tcg, g.Key), g.First().SingRow, g.First().Role, g.First().PaperRef))
            .ToList();
    }

    private static bool IsSingBench(string? suite) => suite == "singbench" || suite == "singbench-sip";

    private static double KernelMedian(ModeRuns runs, string name) =>
        Statistics.Median(runs.Kernel.Select(k => k.Rows.FirstOrDefault(r => r.Name == name)?.CyclesPerOp ?? double.NaN));

    private static double LinuxMedian(ModeRuns runs, string name) =>
        Statistics.Median(runs.Linux.Select(l => l.Rows.FirstOrDefault(r => r.Name == name && !r.Skipped)?.CyclesPerOp ?? double.NaN));

    private static double SwitchesPerOp(KernelBenchOutput run, string name)
    {
        var row = run.Rows.FirstOrDefault(r => r.Name == name);
        if (row?.ContextSwitches is not long switches || row.Iterations <= 0 || row.Repetitions <= 0) return double.NaN;
        return (double)switches / (row.Iterations * row.Repetitions);
    }

    private static string? PrimaryLinuxRow(ModeRuns runs, string singRow) =>
        runs.Linux.SelectMany(l => l.Rows).FirstOrDefault(r => r.SingRow == singRow && r.Role == LinuxRowRole.Primary)?.Name;

    private static IEnumerable<string> AlternativeLinuxRows(ModeRuns icount, ModeRuns tcg, string singRow) =>
        icount.Linux.Concat(tcg.Linux).SelectMany(l => l.Rows)
            .Where(r => r.SingRow == singRow && r.Role == LinuxRowRole.Alternative && !r.Skipped)
            .Select(r => r.Name)
            .Distinct();
}
