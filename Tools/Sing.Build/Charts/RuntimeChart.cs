namespace Sing.Build;

/// <summary>The managed-runtime figure as a PNG: cycles per operation of each runtime row in both modes. The runtime
/// rows have no Linux counterpart, so there is no ratio panel.</summary>
internal static class RuntimeChart
{
    public static byte[] Png(IReadOnlyList<RuntimeRow> rows, string subtitle)
    {
        ArgumentNullException.ThrowIfNull(rows);
        return ChartImage.Png([Panel(rows, subtitle)]);
    }

    public static BarPanelSpec Panel(IReadOnlyList<RuntimeRow> rows, string subtitle)
    {
        ArgumentNullException.ThrowIfNull(rows);
        return new BarPanelSpec(
            $"{FigureGroups.Runtime.Title}: cycles per operation\n{subtitle}",
            "runtime row (kernel object space; Bench/README.md)",
            "cycles per operation (log)",
            rows.Select(r => r.Name).ToList(),
            [
                new BarSeries("icount (instructions)", ChartStyle.SingularityIcount, rows.Select(r => r.Icount).ToList()),
                new BarSeries("plain TCG (host cycles)", ChartStyle.SingularityTcg, rows.Select(r => r.Tcg).ToList()),
            ],
            [],
            IsRatio: false,
            LabelBars: false);
    }
}
