using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>Writes the side-by-side table as Markdown (for people) and CSV (for tools).</summary>
internal static class ComparisonReport
{
    public const string CsvHeader =
        "row,sing_icount,linux_icount,ratio_icount,sing_tcg,linux_tcg,ratio_tcg,linux_row,paper_sing_sip_phys,paper_sing_hip_r3,paper_linux,paper_source,context_switches_per_op,skipped,notes";

    public static string Csv(IReadOnlyList<ComparisonRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var csv = new StringBuilder(CsvHeader).Append('\n');
        foreach (var r in rows)
        {
            string[] cells =
            [
                Format.CsvText(r.Row),
                Format.Csv(r.Icount.Singularity), Format.Csv(r.Icount.Linux), Format.Csv(r.Icount.Ratio, "0.####"),
                Format.Csv(r.Tcg.Singularity), Format.Csv(r.Tcg.Linux), Format.Csv(r.Tcg.Ratio, "0.####"),
                Format.CsvText(r.LinuxRow),
                Format.Csv(r.Paper?.SingularitySipPhys ?? double.NaN), Format.Csv(r.Paper?.SingularityHipR3 ?? double.NaN),
                Format.Csv(r.Paper?.Linux ?? double.NaN), Format.CsvText(r.Paper?.Source),
                Format.Csv(r.ContextSwitchesPerOp, "0.###"),
                r.SkipReason is null ? "0" : "1",
                Format.CsvText(string.Join("; ", r.Notes)),
            ];
            csv.Append(string.Join(',', cells)).Append('\n');
        }
        return csv.ToString();
    }

    /// <summary>The table alone (also pasted into Bench/README.md).</summary>
    public static string MarkdownTable(IReadOnlyList<ComparisonRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var md = new StringBuilder();
        md.AppendLine("| row | Sing icount | Linux icount | ratio | Sing TCG | Linux TCG | ratio | paper Sing SIP-Phys | paper Linux | Linux row | notes |");
        md.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
        foreach (var r in rows)
        {
            string notes = r.SkipReason is null ? "" : $"skipped: {r.SkipReason}";
            if (!double.IsNaN(r.ContextSwitchesPerOp)) notes = Join(notes, string.Create(CultureInfo.InvariantCulture, $"{r.ContextSwitchesPerOp:0.##} switches/op"));
            foreach (string alt in r.Notes.Where(n => n.StartsWith("alt.", StringComparison.Ordinal))) notes = Join(notes, alt);
            md.AppendLine(CultureInfo.InvariantCulture,
                $"| {r.Row} | {Format.Cycles(r.Icount.Singularity)} | {Format.Cycles(r.Icount.Linux)} | {Format.Ratio(r.Icount.Ratio)} | " +
                $"{Format.Cycles(r.Tcg.Singularity)} | {Format.Cycles(r.Tcg.Linux)} | {Format.Ratio(r.Tcg.Ratio)} | " +
                $"{Format.Cycles(r.Paper?.SingularitySipPhys ?? double.NaN)} | {Format.Cycles(r.Paper?.Linux ?? double.NaN)} | {r.LinuxRow ?? Format.Missing} | {notes} |");
        }
        return md.ToString();
    }

    /// <param name="figures">the chart files written beside the report, shown under the table in this order</param>
    public static string Markdown(IReadOnlyList<ComparisonRow> rows, IReadOnlyList<LinuxContextRow> linuxContext, BenchEnvironment environment,
        IReadOnlyList<string> wallTimes, IReadOnlyList<FigureGroup> figures)
    {
        ArgumentNullException.ThrowIfNull(figures);
        ArgumentNullException.ThrowIfNull(rows);
        ArgumentNullException.ThrowIfNull(linuxContext);
        ArgumentNullException.ThrowIfNull(environment);
        ArgumentNullException.ThrowIfNull(wallTimes);
        var md = new StringBuilder();
        md.AppendLine("# SingBench: Singularity beside Linux");
        md.AppendLine();
        md.AppendLine(environment.Describe() + ".");
        md.AppendLine();
        md.AppendLine("Cycles per operation, medians over the boots (each boot itself reports the median of its repetitions).");
        md.AppendLine();
        md.AppendLine("- **icount** = TCG with `-icount shift=0,sleep=off`: the guest TSC counts instructions, deterministic.");
        md.AppendLine("- **TCG** = plain TCG: the guest TSC is the host's, so these are host cycles spent emulating, and they move with host load.");
        md.AppendLine("- **ratio** = Singularity ÷ Linux in the same mode (below 1: Singularity is cheaper).");
        md.AppendLine("- **paper** = the seeds' Athlon 64 3000+ cycles (Bench/reference.csv: 004 Table 1 and §4.1, 001 Table 1), for reference only: a different machine and no emulator.");
        md.AppendLine("- **switches/op** = the kernel's context switches per timed iteration (ThreadYield: one iteration is two yields).");
        md.AppendLine();
        md.AppendLine(MarkdownTable(rows));
        foreach (var figure in figures)
        {
            md.AppendLine(CultureInfo.InvariantCulture, $"![{figure.Title}]({figure.FileName})");
            md.AppendLine();
        }
        var targets = IssueTargets.Judge(rows, linuxContext);
        if (targets.Count > 0)
        {
            md.AppendLine("## Targets");
            md.AppendLine();
            md.AppendLine(IssueTargets.Markdown(targets));
        }
        md.AppendLine("## Notes");
        md.AppendLine();
        md.AppendLine("- The paper's rows are measured by the SingBench SIP through the kernel ABI (configuration SIP-Phys: ring 0, one identity-mapped address space); `Kernel.*` rows are the same operations from inside the kernel. A row whose mechanism is missing prints `BENCH-SKIP` and has no Singularity figure.");
        md.AppendLine("- Each SingBench row is compared with the Linux row marked `role=primary` for it (Bench/Linux/README.md lists the mapping); alternative Linux ways are in the notes column, context rows below.");
        md.AppendLine("- Address-space switches are **exaggerated under plain TCG** (QEMU flushes its whole software TLB on every CR3 write) and **free under icount** (a CR3 write counts as one instruction). Linux switches CR3 between processes (PSR, CreateProc); SIP-Phys never does. Compare these rows in both modes before drawing a conclusion (DESIGN.md, Measuring).");
        md.AppendLine("- The paper's Linux ThreadYield used user-space scheduled pthreads; today's Linux has only kernel threads (the paper: \"significantly worse\"). The Linux row uses SCHED_FIFO so every yield switches.");
        md.AppendLine("- The two guests differ in what QEMU settings cannot make equal: Singularity boots GRUB from an ISO, Linux boots with `-kernel`/`-initrd` and `-nic none`. Machine (q35), CPU model, memory, one vCPU and the accelerator are the same.");
        md.AppendLine();
        if (linuxContext.Count > 0)
        {
            md.AppendLine("## Linux rows that are not a primary comparison");
            md.AppendLine();
            md.AppendLine("| Linux row | icount | TCG | SingBench row | role | paper table |");
            md.AppendLine("|---|---:|---:|---|---|---|");
            foreach (var r in linuxContext)
                md.AppendLine(CultureInfo.InvariantCulture,
                    $"| {r.Name} | {Format.Cycles(r.Icount)} | {Format.Cycles(r.Tcg)} | {r.SingRow ?? Format.Missing} | {RoleName(r.Role)} | {r.PaperRef ?? Format.Missing} |");
            md.AppendLine();
        }
        if (wallTimes.Count > 0)
        {
            md.AppendLine("## Wall times");
            md.AppendLine();
            foreach (string line in wallTimes) md.AppendLine("- " + line);
            md.AppendLine();
        }
        return md.ToString();
    }

    private static string RoleName(LinuxRowRole role) => role switch
    {
        LinuxRowRole.Primary => "primary",
        LinuxRowRole.Alternative => "alt",
        _ => "info",
    };

    private static string Join(string a, string b) => a.Length == 0 ? b : a + "; " + b;
}
