using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>The configurations report's WebFiles section: cycles per request in each configuration and the slowdown
/// against SIP-Phys (the "unsafe code tax"), beside 001 §4.2.1 / Figure 5: 4 KiB pages 6.3%, the client in a ring-0
/// domain of its own 18.9%, in ring 3 33%, each of the three SIPs in its own ring-3 domain 37.7%.</summary>
internal static class WebFilesTax
{
    public const string Row = "WebFiles";

    /// <summary>001 Figure 5's slowdowns (percent) by our configuration name.</summary>
    public static readonly IReadOnlyDictionary<string, double> Paper = new Dictionary<string, double>(StringComparer.Ordinal)
    {
        ["SIP-Page"] = 6.3,
        ["HIP-R0"] = 18.9,
        ["HIP-R3"] = 33,
        ["HIP-R3-S"] = 37.7,
    };

    /// <summary>The section, or nothing when no configuration measured WebFiles.</summary>
    public static string Markdown(IReadOnlyList<ConfigurationBench.RowValues> values, IReadOnlyList<string> configs)
    {
        ArgumentNullException.ThrowIfNull(values);
        ArgumentNullException.ThrowIfNull(configs);
        var rows = values.Where(v => v.Row == Row).ToList();
        if (rows.Count == 0) return "";
        var baseline = rows.FirstOrDefault(v => v.Config == ConfigurationChart.DefaultBaseline);
        var md = new StringBuilder("## WebFiles: the unsafe code tax (001 Figure 5)\n\n");
        md.Append("Cycles per request of the WebFiles replay (client, file system and disk driver as three SIPs, placed as 004 ");
        md.Append("defines: the client is an application, the file system a service, the disk driver a driver) and the slowdown ");
        md.Append("relative to SIP-Phys in the same mode.\n\n");
        md.Append("| config | icount | tax (icount) | TCG | tax (TCG) | 001 Figure 5 |\n|---|---:|---:|---:|---:|---:|\n");
        foreach (string config in configs)
        {
            var v = rows.FirstOrDefault(r => r.Config == config);
            if (v is null) continue;
            md.Append(CultureInfo.InvariantCulture,
                $"| {config} | {Cycles(v.Icount)} | {Tax(v.Icount, baseline?.Icount, config)} | {Cycles(v.Tcg)} | {Tax(v.Tcg, baseline?.Tcg, config)} | {(Paper.TryGetValue(config, out double p) ? p.ToString("0.#", CultureInfo.InvariantCulture) + "%" : "")} |\n");
        }
        md.Append('\n');
        return md.ToString();
    }

    /// <summary>The slowdown in percent, e.g. "+12.5%"; empty for the baseline or a missing value.</summary>
    public static string Tax(double? value, double? baseline, string config)
    {
        if (config == ConfigurationChart.DefaultBaseline || value is not double v || baseline is not double b || b <= 0) return "";
        return ((v / b - 1) * 100).ToString("+0.0;-0.0", CultureInfo.InvariantCulture) + "%";
    }

    private static string Cycles(double? value) => value is double d ? d.ToString("N0", CultureInfo.InvariantCulture) : "";
}
