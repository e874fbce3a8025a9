namespace Sing.Build;

/// <summary>One figure of the bench report: a group of rows drawn together, written as <see cref="FileName"/>.</summary>
internal sealed record FigureGroup(string Key, string Title)
{
    public string FileName => $"chart-{Key}.png";
}

/// <summary>Which figure each row belongs to. A reader compares like with like: ABI and thread costs, process and
/// channel set-up, message round trips by size, the managed runtime, storage (Bench/WebFiles/README.md), whole workloads,
/// and ordinary C# on both runtimes (Bench/Compute/README.md).</summary>
internal static class FigureGroups
{
    public static readonly FigureGroup SystemCallsAndThreads = new("syscalls-threads", "System calls and threads");
    public static readonly FigureGroup ProcessesAndChannels = new("processes-channels", "Processes and channels");
    public static readonly FigureGroup MessageSizes = new("message-sizes", "Message round trips by size");
    public static readonly FigureGroup Runtime = new("runtime", "Managed runtime");
    public static readonly FigureGroup Storage = new("storage", "Storage: raw disk reads (per KiB) and a small file");
    public static readonly FigureGroup Macro = new("macro", "Macro benchmarks");
    public static readonly FigureGroup Compute = new("compute", "Compute: the same C# on our runtime and on stock .NET");

    /// <summary>The figures in report order.</summary>
    public static readonly IReadOnlyList<FigureGroup> All = [SystemCallsAndThreads, ProcessesAndChannels, MessageSizes, Runtime, Storage, Macro, Compute];

    private static readonly string[] s_processAndChannelRows = ["CreateChannel", "NameBind", "NameBind-Patterns", "CreateProc"];
    private static readonly string[] s_macroPrefixes = ["WebFiles", "Bartok", "Macro", "Login."];
    private static readonly string[] s_storagePrefixes = ["Disk.", "File."];

    /// <summary>The figure of a SingBench row (suite singbench or singbench-sip); runtime rows are drawn from the
    /// runtime report, so never come here. A kernel-side row (Kernel.X) goes with X. A row no rule names is an ABI or
    /// thread microbenchmark, the suite's default kind.</summary>
    public static FigureGroup Of(string row)
    {
        ArgumentNullException.ThrowIfNull(row);
        string name = row.StartsWith("Kernel.", StringComparison.Ordinal) ? row["Kernel.".Length..] : row;
        if (name.StartsWith("SR-", StringComparison.Ordinal) || name.StartsWith("PSR-", StringComparison.Ordinal)) return MessageSizes;
        if (s_processAndChannelRows.Contains(name, StringComparer.Ordinal)) return ProcessesAndChannels;
        if (s_macroPrefixes.Any(p => name.StartsWith(p, StringComparison.Ordinal))) return Macro;
        if (s_storagePrefixes.Any(p => name.StartsWith(p, StringComparison.Ordinal))) return Storage;
        if (name.StartsWith("Compute.", StringComparison.Ordinal)) return Compute;
        return SystemCallsAndThreads;
    }
}
