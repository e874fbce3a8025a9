using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>One configuration's bench boot in one mode: its rows, or why the configuration could not run.</summary>
internal sealed record ConfigurationRun(string Config, bool Icount, IReadOnlyList<KernelRowLine> Rows, IReadOnlyList<KernelSkipLine> Skips, string? Refused);

/// <summary>`bench --configs`: every SingBench row (the kernel's, the SingBench SIP's and the storage rows with WebFiles
/// on artifacts/webfiles.img) in each isolation configuration of 004 Figure 3 (kernel option config=NAME), under TCG with -icount and plain TCG, written to
/// artifacts/bench/configs.md, configs.csv (row,config,icount,tcg) and configs.png (rows relative to SIP-Phys, one
/// panel per mode). A configuration the kernel cannot run is reported with the reason its boot gave.</summary>
internal static partial class ConfigurationBench
{
    public static readonly IReadOnlyList<string> All = ["SIP-Phys", "SIP-Page", "HIP-R0", "HIP-R0-S", "HIP-R3", "HIP-R3-S"];

    /// <summary>004's ratios to SIP-Phys for the rows the hardware-domains issue sets targets on (004 §4, Figure 4 and
    /// Table 1 as the issue quotes them), shown beside ours.</summary>
    public static readonly IReadOnlyDictionary<(string Row, string Config), double> Paper = new Dictionary<(string, string), double>
    {
        [("ABICall", "HIP-R3")] = 3.8,
        [("PSR-1", "HIP-R3")] = 2.48,
        [("ThreadYield", "HIP-R3")] = 1.75,
        [("PageAlloc", "SIP-Page")] = 4.9,
    };

    /// <summary>The configurations <paramref name="spec"/> names: "all" or a comma-separated list (names checked).</summary>
    public static IReadOnlyList<string> Parse(string spec)
    {
        ArgumentNullException.ThrowIfNull(spec);
        if (spec == "all") return All;
        var names = spec.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).ToList();
        foreach (string name in names)
            if (!All.Contains(name, StringComparer.OrdinalIgnoreCase))
                throw new ArgumentException($"--configs: '{name}' is not one of {string.Join(", ", All)} (or all)");
        return names.Select(n => All.First(a => string.Equals(a, n, StringComparison.OrdinalIgnoreCase))).ToList();
    }

    public static WorkPlan Plan(Options options) => WorkPlan.Even("bench --configs", 2 * options.Configs.Count);

    public static async Task<int> RunAsync(Options options, IWorkProgress progress)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(progress);
        string directory = SingBenchHarness.Directory;
        Directory.CreateDirectory(Path.Combine(directory, "logs"));
        var runs = new List<ConfigurationRun>();
        string image = await WebFilesImage.EnsureAsync(progress);
        foreach (bool icount in new[] { true, false })
        {
            foreach (string config in options.Configs)
            {
                string mode = icount ? "icount" : "tcg";
                progress.Begin($"{mode}: {config} (config={config} bench=singbench{(options.Quick ? " bench.quick" : "")})");
                var qemu = WebFilesImage.Attach(options.ToQemu() with
                {
                    InstructionCounting = icount,
                    KernelOptions = $"config={config} bench=singbench" + (options.Quick ? " bench.quick" : ""),
                    Timeout = TimeSpan.FromMinutes(15),
                    SerialLogPath = Path.Combine(directory, "logs", $"config-{config}-{mode}.log"),
                }, image);
                QemuResult result = await QemuRunner.RunAsync(qemu);
                runs.Add(Read(config, icount, result));
                progress.Complete();
            }
        }
        var values = Values(runs);
        File.WriteAllText(Path.Combine(directory, "configs.csv"), Csv(values, options.Configs));
        File.WriteAllBytes(Path.Combine(directory, "configs.png"), ConfigurationChart.PngBothModes(
            values.Where(v => v.Icount != null).Select(v => new ConfigurationValue(v.Row, v.Config, v.Icount!.Value)).ToList(),
            values.Where(v => v.Tcg != null).Select(v => new ConfigurationValue(v.Row, v.Config, v.Tcg!.Value)).ToList(),
            ChartRows));
        string md = Markdown(runs, values, options);
        File.WriteAllText(Path.Combine(directory, "configs.md"), md);
        progress.Log(md);
        progress.Log($"report: {Path.Combine(directory, "configs.md")} (.csv, .png); serial logs in {Path.Combine(directory, "logs")}");
        return runs.Any(r => r.Refused is null) ? 0 : 1;
    }

    /// <summary>The rows the chart shows: the paper's, the macro stand-in and the entry mechanisms.</summary>
    public static readonly IReadOnlyList<string> ChartRows =
    [
        "ABICall", "PageAlloc", "CreateThread", "ThreadYield", "CreateChannel", "CreateProc", "NameBind",
        "SR-1", "SR-32K", "PSR-1", "PSR-1K", "PSR-32K", "MemoryHeavy",
        "Ring3.Syscall-Null", "Ring3.Int80-Null", "Ring3.Trap-GetId", WebFilesTax.Row,
    ];

    public static ConfigurationRun Read(string config, bool icount, QemuResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var output = SingBenchLines.Parse(result.Serial);
        if (result.Status == KernelExitStatus.Success && output.Done) return new ConfigurationRun(config, icount, output.Rows, output.Skips, null);
        var panic = PanicLine().Match(result.Serial);
        string reason = panic.Success ? panic.Groups["why"].Value.Trim() : $"the boot ended with {result.Status} before the benchmarks finished";
        return new ConfigurationRun(config, icount, output.Rows, output.Skips, reason);
    }

    /// <summary>One row in one configuration, both modes (null where not measured).</summary>
    internal sealed record RowValues(string Row, string Config, double? Icount, double? Tcg);

    public static IReadOnlyList<RowValues> Values(IReadOnlyList<ConfigurationRun> runs)
    {
        ArgumentNullException.ThrowIfNull(runs);
        var rows = runs.SelectMany(r => r.Rows.Select(x => x.Name)).Distinct(StringComparer.Ordinal).ToList();
        var configs = runs.Select(r => r.Config).Distinct(StringComparer.Ordinal).ToList();
        double? Of(string row, string config, bool icount) =>
            runs.FirstOrDefault(r => r.Config == config && r.Icount == icount && r.Refused is null)?.Rows.FirstOrDefault(x => x.Name == row)?.CyclesPerOp;
        return rows.SelectMany(row => configs.Select(config => new RowValues(row, config, Of(row, config, true), Of(row, config, false))))
            .Where(v => v.Icount != null || v.Tcg != null).ToList();
    }

    public static string Csv(IReadOnlyList<RowValues> values, IReadOnlyList<string> configs)
    {
        ArgumentNullException.ThrowIfNull(values);
        var text = new StringBuilder("row,config,icount,tcg\n");
        foreach (var v in values.OrderBy(v => v.Row, StringComparer.Ordinal).ThenBy(v => IndexOf(configs, v.Config)))
            text.Append(CultureInfo.InvariantCulture, $"{v.Row},{v.Config},{Number(v.Icount)},{Number(v.Tcg)}\n");
        return text.ToString();
    }

    private static int IndexOf(IReadOnlyList<string> list, string item)
    {
        for (int i = 0; i < list.Count; i++) if (list[i] == item) return i;
        return list.Count;
    }

    private static string Number(double? value) => value is double d ? d.ToString("0.##", CultureInfo.InvariantCulture) : "";

    public static string Markdown(IReadOnlyList<ConfigurationRun> runs, IReadOnlyList<RowValues> values, Options options)
    {
        ArgumentNullException.ThrowIfNull(runs);
        ArgumentNullException.ThrowIfNull(values);
        ArgumentNullException.ThrowIfNull(options);
        var md = new StringBuilder();
        md.Append("# SingBench by isolation configuration\n\n");
        md.Append(CultureInfo.InvariantCulture, $"{DateTime.UtcNow:yyyy-MM-dd}, {(options.Quick ? "quick" : "full")} size, one boot per configuration and mode, guest -cpu {options.CpuModel}. ");
        md.Append("Cycles per operation; in parentheses the ratio to SIP-Phys in the same mode; 004's ratio where the paper gives one.\n\n");
        md.Append("Emulation caveat: plain TCG flushes its whole software TLB at every CR3 load and at every INVLPG, so address-space ");
        md.Append("switches and page unmapping look far dearer than on hardware; under -icount a CR3 load or a TLB flush counts as one ");
        md.Append("instruction, so they look free. Read the hardware-domain configurations in both modes; a host with real ");
        md.Append("virtualization (--accel kvm) gives real cycles.\n\n");
        foreach (var refused in runs.Where(r => r.Refused is not null).GroupBy(r => r.Config).Select(g => g.First()))
            md.Append(CultureInfo.InvariantCulture, $"- **{refused.Config}** did not run: {refused.Refused}\n");
        md.Append('\n');
        var configs = runs.Where(r => r.Refused is null).Select(r => r.Config).Distinct(StringComparer.Ordinal).ToList();
        foreach (bool icount in new[] { true, false })
        {
            md.Append(CultureInfo.InvariantCulture, $"## {(icount ? "TCG with -icount (instructions)" : "plain TCG (host-time cycles)")}\n\n");
            md.Append("| row | ").Append(string.Join(" | ", configs)).Append(" |\n|---|").Append(string.Concat(configs.Select(_ => "---:|"))).Append('\n');
            foreach (string row in values.Select(v => v.Row).Distinct(StringComparer.Ordinal))
            {
                double? baseline = values.FirstOrDefault(v => v.Row == row && v.Config == ConfigurationChart.DefaultBaseline) is RowValues b ? (icount ? b.Icount : b.Tcg) : null;
                md.Append(CultureInfo.InvariantCulture, $"| {row} |");
                foreach (string config in configs)
                {
                    var v = values.FirstOrDefault(x => x.Row == row && x.Config == config);
                    double? value = v is null ? null : icount ? v.Icount : v.Tcg;
                    string cell = value is double d ? d.ToString("N0", CultureInfo.InvariantCulture) : "";
                    if (value is double x1 && baseline is double b1 && b1 > 0 && config != ConfigurationChart.DefaultBaseline)
                        cell += (x1 / b1).ToString(" (0.00x)", CultureInfo.InvariantCulture);
                    if (Paper.TryGetValue((row, config), out double paper)) cell += paper.ToString("; 004: 0.##x", CultureInfo.InvariantCulture);
                    md.Append(' ').Append(cell).Append(" |");
                }
                md.Append('\n');
            }
            md.Append('\n');
        }
        md.Append(WebFilesTax.Markdown(values, configs));
        var skips = runs.Where(r => r.Refused is null).SelectMany(r => r.Skips).GroupBy(s => s.Name).Select(g => g.First()).ToList();
        foreach (var skip in skips) md.Append(CultureInfo.InvariantCulture, $"- {skip.Name} skipped: {skip.Reason}\n");
        return md.ToString();
    }

    [GeneratedRegex(@"\*\*\* KERNEL PANIC: (?<why>[^\r\n]*)")]
    private static partial Regex PanicLine();
}
