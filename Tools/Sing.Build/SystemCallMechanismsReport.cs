using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>One line of seed 002's Table 2 comparison: a system-call mechanism, the kernel row that measures it here,
/// the Linux guest's row for the same mechanism (null: Linux has none), and 002's cycles for Linux and for its stack
/// machine (NaN where the paper gives none).</summary>
internal sealed record SystemCallMechanism(string Mechanism, string SingularityRow, string? LinuxRow, double PaperLinux, double PaperStackMachine);

/// <summary>The report section "System-call mechanisms (002 Table 2)": the kernel's Ring3.* rows (SYSCALL, INT 0x80,
/// SYSENTER on Intel, the direct read and 002's trap) and the ring-0 ABI call, beside the Linux guest's getpid rows
/// (Bench/Linux/linuxbench.c: Getpid-syscall, Getpid-int80, Getpid-direct) and 002's Table 2 (Linux int 0x80 330,
/// sysenter 181, direct 10 cycles; the stack machine's syscall 81, of which a null call is 68, and trap 98).</summary>
internal static class SystemCallMechanismsReport
{
    public static readonly IReadOnlyList<SystemCallMechanism> Mechanisms =
    [
        new("call through the ABI table (ring 0, no mode switch)", "ABICall", null, double.NaN, double.NaN),
        new("null call, SYSCALL", "Ring3.Syscall-Null", null, double.NaN, 68),
        new("getpid, SYSCALL", "Ring3.Syscall-GetId", "Getpid-syscall", 181, 81),
        new("null call, SYSENTER (Intel)", "Ring3.Sysenter-Null", null, double.NaN, 68),
        new("getpid, SYSENTER (Intel)", "Ring3.Sysenter-GetId", null, 181, 81),
        new("null call, INT 0x80", "Ring3.Int80-Null", null, double.NaN, double.NaN),
        new("getpid, INT 0x80", "Ring3.Int80-GetId", "Getpid-int80", 330, double.NaN),
        new("getpid, direct read of a user page", "Ring3.Direct-GetId", "Getpid-direct", 10, double.NaN),
        new("getpid, trap (emulated load from a supervisor page)", "Ring3.Trap-GetId", null, double.NaN, 98),
    ];

    /// <summary>The section, from every boot of both modes (medians over the boots, as the main table).</summary>
    public static string Markdown(ModeRuns icount, ModeRuns tcg)
    {
        ArgumentNullException.ThrowIfNull(icount);
        ArgumentNullException.ThrowIfNull(tcg);
        var md = new StringBuilder();
        md.AppendLine("## System-call mechanisms (002 Table 2)");
        md.AppendLine();
        md.AppendLine("Cycles per call. Singularity's rows run in ring 3 on a kernel thread with a five-entry table (Kernel/Bench/EntryBenchmarks.cs), except ABICall (the SingBench SIP in SIP-Phys). "
            + "Linux's are the guest's getpid rows; its x86-64 `syscall` stands where 002 measured `sysenter` (the 32-bit fast path). "
            + "002's figures are an Athlon 64 at 2.2 GHz without an emulator; under icount a cycle is an instruction, and SYSCALL, SYSRET, SWAPGS or a fault entry count as one each. "
            + "With an Intel vendor string (`--cpu max,vendor=GenuineIntel`, which the SYSENTER rows need) the Linux guest turns on page-table isolation (its start line says `meltdown=Mitigation:_PTI`): "
            + "each of its system calls then writes CR3 twice, which plain TCG makes very dear; compare Linux figures of one CPU model.");
        md.AppendLine();
        md.AppendLine("| mechanism | Singularity row | icount | TCG | Linux row | icount | TCG | 002 Linux | 002 stack machine |");
        md.AppendLine("|---|---|---:|---:|---|---:|---:|---:|---:|");
        foreach (var m in Mechanisms)
        {
            string? skip = icount.Kernel.Concat(tcg.Kernel).SelectMany(k => k.Skips).FirstOrDefault(s => s.Name == m.SingularityRow)?.Reason;
            string singIcount = skip != null ? "skipped" : Format.Cycles(KernelMedian(icount, m.SingularityRow));
            string singTcg = skip != null ? "skipped" : Format.Cycles(KernelMedian(tcg, m.SingularityRow));
            string linuxIcount = m.LinuxRow is null ? Format.Missing : Format.Cycles(LinuxMedian(icount, m.LinuxRow));
            string linuxTcg = m.LinuxRow is null ? Format.Missing : Format.Cycles(LinuxMedian(tcg, m.LinuxRow));
            md.AppendLine(CultureInfo.InvariantCulture,
                $"| {m.Mechanism} | {m.SingularityRow} | {singIcount} | {singTcg} | {m.LinuxRow ?? Format.Missing} | {linuxIcount} | {linuxTcg} | {Format.Cycles(m.PaperLinux)} | {Format.Cycles(m.PaperStackMachine)} |");
        }
        md.AppendLine();
        var skipped = Mechanisms.Select(m => icount.Kernel.Concat(tcg.Kernel).SelectMany(k => k.Skips).FirstOrDefault(s => s.Name == m.SingularityRow))
            .Where(s => s != null).Select(s => s!.Reason).Distinct().ToList();
        foreach (string reason in skipped) md.AppendLine(CultureInfo.InvariantCulture, $"- skipped: {reason} (`./build.sh bench --cpu max,vendor=GenuineIntel`)");
        if (skipped.Count > 0) md.AppendLine();
        return md.ToString();
    }

    private static double KernelMedian(ModeRuns runs, string name) =>
        Statistics.Median(runs.Kernel.Select(k => k.Rows.FirstOrDefault(r => r.Name == name)?.CyclesPerOp ?? double.NaN));

    private static double LinuxMedian(ModeRuns runs, string name) =>
        Statistics.Median(runs.Linux.Select(l => l.Rows.FirstOrDefault(r => r.Name == name && !r.Skipped)?.CyclesPerOp ?? double.NaN));
}
