using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>One quantitative target the issues set for SingBench rows, judged on figures of the same run.</summary>
internal sealed record TargetVerdict(string Target, double Icount, double Tcg, string Goal, bool? MetUnderIcount);

/// <summary>The channel issue's targets (issue 6): a PSR-1 round trip at least 20x cheaper than a one-byte Linux pipe
/// round trip between two processes, and PSR-32K within 1.1x of PSR-1 (transfer cost independent of size). Judged on
/// icount, the deterministic mode; plain TCG is shown beside it.</summary>
internal static class IssueTargets
{
    public const double PipeSpeedup = 20;
    public const double SizeIndependence = 1.1;

    public static IReadOnlyList<TargetVerdict> Judge(IReadOnlyList<ComparisonRow> rows, IReadOnlyList<LinuxContextRow> linuxContext)
    {
        ArgumentNullException.ThrowIfNull(rows);
        ArgumentNullException.ThrowIfNull(linuxContext);
        var verdicts = new List<TargetVerdict>();
        ComparisonRow? psr1 = rows.FirstOrDefault(r => r.Row == "PSR-1");
        ComparisonRow? psr32K = rows.FirstOrDefault(r => r.Row == "PSR-32K");
        LinuxContextRow? pipe = linuxContext.FirstOrDefault(r => r.Name == "PipeRT-1");
        if (psr1 is not null && pipe is not null)
        {
            double icount = Statistics.Ratio(pipe.Icount, psr1.Icount.Singularity);
            double tcg = Statistics.Ratio(pipe.Tcg, psr1.Tcg.Singularity);
            verdicts.Add(new TargetVerdict("PSR-1 vs Linux pipe round trip (PipeRT-1): times cheaper", icount, tcg,
                string.Create(CultureInfo.InvariantCulture, $">= {PipeSpeedup:0}"), double.IsNaN(icount) ? null : icount >= PipeSpeedup));
        }
        if (psr1 is not null && psr32K is not null)
        {
            double icount = Statistics.Ratio(psr32K.Icount.Singularity, psr1.Icount.Singularity);
            double tcg = Statistics.Ratio(psr32K.Tcg.Singularity, psr1.Tcg.Singularity);
            verdicts.Add(new TargetVerdict("PSR-32K / PSR-1", icount, tcg,
                string.Create(CultureInfo.InvariantCulture, $"<= {SizeIndependence:0.0}"), double.IsNaN(icount) ? null : icount <= SizeIndependence));
        }
        return verdicts;
    }

    public static string Markdown(IReadOnlyList<TargetVerdict> verdicts)
    {
        ArgumentNullException.ThrowIfNull(verdicts);
        var md = new StringBuilder();
        md.AppendLine("| target (issue 6) | icount | TCG | goal | met (icount) |");
        md.AppendLine("|---|---:|---:|---|---|");
        foreach (var v in verdicts)
        {
            string met = v.MetUnderIcount switch { true => "yes", false => "**no**", null => Format.Missing };
            md.AppendLine(CultureInfo.InvariantCulture, $"| {v.Target} | {Format.Ratio(v.Icount)} | {Format.Ratio(v.Tcg)} | {v.Goal} | {met} |");
        }
        return md.ToString();
    }
}
