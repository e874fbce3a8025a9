using System.Text.RegularExpressions;

namespace Sing.Build;

/// <summary>How a Linux row relates to the SingBench row it names (Bench/Linux/README.md): the one comparison
/// (primary), another Linux way to do the same thing (alt), or context only (info).</summary>
internal enum LinuxRowRole
{
    Primary,
    Alternative,
    Info,
}

/// <summary>One row of the Linux guest (BENCH linux name cycles_per_op=N iterations=N ... sing=ROW role=R ref=T), or a
/// row it skipped (skipped=1 reason="...", no figures). <paramref name="Fields"/> holds every key=value of the line, for
/// the fields only some rows print (the storage rows' mb_per_s, bytes, total_cycles, requests).</summary>
internal sealed record LinuxRowLine(string Name, double CyclesPerOp, long Iterations, double Min, double Max, string? SingRow,
    LinuxRowRole Role, string? PaperRef, bool Skipped, string? SkipReason, IReadOnlyDictionary<string, string> Fields)
{
    /// <summary>A numeric field of the line (for example mb_per_s), or null when the line has none.</summary>
    public double? Number(string key) => KeyValues.Number(Fields, key);
}

/// <summary>What one Linux guest boot printed. <paramref name="Errors"/> are the guest's error lines (what=... msg=...),
/// <paramref name="Disk"/> the fields of its disk line when a disk was attached (device, mount, modules, load_secs...).</summary>
internal sealed record LinuxBenchOutput(string? Kernel, string? Cpu, IReadOnlyList<LinuxRowLine> Rows, bool Done,
    IReadOnlyList<string> Errors, IReadOnlyDictionary<string, string>? Disk);

/// <summary>Parses the Linux baseline's BENCH linux lines (Bench/Linux/linuxbench.c). A firmware escape sequence may
/// precede a line, so the prefix is matched anywhere on it.</summary>
internal static partial class LinuxBenchLines
{
    private static readonly HashSet<string> s_events = new(StringComparer.Ordinal) { "start", "done", "error", "wall", "disk", "warning" };

    public static LinuxBenchOutput Parse(string output)
    {
        ArgumentNullException.ThrowIfNull(output);
        var rows = new List<LinuxRowLine>();
        var errors = new List<string>();
        IReadOnlyDictionary<string, string>? disk = null;
        string? kernel = null, cpu = null;
        bool done = false;
        foreach (string raw in output.Split('\n'))
        {
            var m = Line().Match(raw.TrimEnd('\r'));
            if (!m.Success) continue;
            string name = m.Groups["name"].Value;
            var fields = KeyValues.Parse(m.Groups["fields"].Value);
            if (name == "start")
            {
                kernel = fields.GetValueOrDefault("kernel");
                cpu = fields.GetValueOrDefault("cpu");
                continue;
            }
            if (name == "done")
            {
                done = fields.GetValueOrDefault("status") == "ok";
                continue;
            }
            if (name == "error")
            {
                errors.Add(m.Groups["fields"].Value.Trim());
                continue;
            }
            if (name == "disk")
            {
                disk = fields;
                continue;
            }
            if (s_events.Contains(name)) continue;
            string? sing = fields.GetValueOrDefault("sing");
            rows.Add(new LinuxRowLine(
                name,
                KeyValues.Number(fields, "cycles_per_op") ?? double.NaN,
                (long)(KeyValues.Number(fields, "iterations") ?? 0),
                KeyValues.Number(fields, "min") ?? double.NaN,
                KeyValues.Number(fields, "max") ?? double.NaN,
                sing is null or "-" ? null : sing,
                fields.GetValueOrDefault("role") switch
                {
                    "primary" => LinuxRowRole.Primary,
                    "alt" => LinuxRowRole.Alternative,
                    _ => LinuxRowRole.Info,
                },
                fields.GetValueOrDefault("ref"),
                fields.GetValueOrDefault("skipped") == "1",
                fields.GetValueOrDefault("reason"),
                fields));
        }
        return new LinuxBenchOutput(kernel, cpu, rows, done, errors, disk);
    }

    [GeneratedRegex(@"BENCH linux (?<name>\S+)(?<fields>.*)$")]
    private static partial Regex Line();
}
