namespace Sing.Build;

/// <summary>A comparison figure as a PNG: on top, Singularity ÷ Linux per row in both modes with the 1x line and the
/// paper's ratio; below, the cycles per operation behind those ratios and the paper's Athlon figures.</summary>
internal static class ComparisonChart
{
    private const string Row = "SingBench row (Bench/README.md says what each measures; Kernel.* rows run inside the kernel)";

    public static byte[] Png(ComparisonFigure figure, string subtitle)
    {
        ArgumentNullException.ThrowIfNull(figure);
        var panels = new List<BarPanelSpec>();
        var categories = figure.Rows.Select(r => r.Row).ToList();
        if (figure.HasRatios)
        {
            var ratios = figure.Ratios;
            panels.Add(new BarPanelSpec(
                $"{figure.Group.Title}: Singularity ÷ Linux (below 1x: Singularity is cheaper)",
                Row,
                "cycles ratio, Singularity ÷ Linux (log)",
                categories,
                [
                    new BarSeries("icount (instructions)", ChartStyle.SingularityIcount, ratios.Select(r => r.Icount).ToList()),
                    new BarSeries("plain TCG (host cycles)", ChartStyle.SingularityTcg, ratios.Select(r => r.Tcg).ToList()),
                ],
                [new MarkerSeries("paper: SIP-Phys ÷ Linux (Athlon 64)", ChartStyle.PaperMarker, ratios.Select(r => r.Paper).ToList())],
                IsRatio: true,
                LabelBars: true,
                MissingNote: "no Linux row"));
        }
        panels.Add(new BarPanelSpec(
            $"{figure.Group.Title}: cycles per operation\n{subtitle}",
            Row,
            "cycles per operation (log)",
            categories,
            [
                new BarSeries("Singularity icount", ChartStyle.SingularityIcount, figure.Rows.Select(r => r.Icount.Singularity).ToList()),
                new BarSeries("Linux icount", ChartStyle.LinuxIcount, figure.Rows.Select(r => r.Icount.Linux).ToList()),
                new BarSeries("Singularity TCG", ChartStyle.SingularityTcg, figure.Rows.Select(r => r.Tcg.Singularity).ToList()),
                new BarSeries("Linux TCG", ChartStyle.LinuxTcg, figure.Rows.Select(r => r.Tcg.Linux).ToList()),
                new BarSeries("paper Singularity SIP-Phys", ChartStyle.PaperSingularity, figure.Rows.Select(r => r.Paper?.SingularitySipPhys ?? double.NaN).ToList()),
                new BarSeries("paper Linux", ChartStyle.PaperLinux, figure.Rows.Select(r => r.Paper?.Linux ?? double.NaN).ToList()),
            ],
            [],
            IsRatio: false,
            LabelBars: false,
            MissingNote: "not measured"));
        return ChartImage.Png(panels);
    }
}
