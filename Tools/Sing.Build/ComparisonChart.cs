namespace Sing.Build;

/// <summary>The report's chart: per SingBench row, bars for Singularity and Linux in both modes and the paper's
/// Athlon figures, on a log scale. Written as report.svg and report.png.</summary>
internal static class ComparisonChart
{
    public static BarChart Build(IReadOnlyList<ComparisonRow> rows, string subtitle)
    {
        ArgumentNullException.ThrowIfNull(rows);
        // Rows with nothing measured and nothing from the paper would be empty groups.
        var shown = rows.Where(r => HasAny(r)).ToList();
        var series = new List<BarSeries>
        {
            new("Singularity icount", new Rgb(31, 87, 160), shown.Select(r => r.Icount.Singularity).ToList()),
            new("Linux icount", new Rgb(214, 96, 24), shown.Select(r => r.Icount.Linux).ToList()),
            new("Singularity TCG", new Rgb(120, 170, 230), shown.Select(r => r.Tcg.Singularity).ToList()),
            new("Linux TCG", new Rgb(245, 175, 120), shown.Select(r => r.Tcg.Linux).ToList()),
            new("paper Sing SIP-Phys (Athlon)", new Rgb(90, 90, 110), shown.Select(r => r.Paper?.SingularitySipPhys ?? double.NaN).ToList()),
            new("paper Linux (Athlon)", new Rgb(170, 170, 170), shown.Select(r => r.Paper?.Linux ?? double.NaN).ToList()),
        };
        return new BarChart("SingBench: cycles per operation (log scale)", subtitle,
            shown.Select(r => r.Row).ToList(), shown.Select(r => r.SkipReason is null ? "" : "(Sing: n/a)").ToList(), series);
    }

    public static byte[] Png(BarChart chart)
    {
        ArgumentNullException.ThrowIfNull(chart);
        var canvas = new RasterCanvas(chart.Width, chart.Height, Rgb.White);
        chart.Draw(canvas);
        return PngEncoder.Encode(canvas);
    }

    public static string Svg(BarChart chart)
    {
        ArgumentNullException.ThrowIfNull(chart);
        var svg = new SvgSurface(chart.Width, chart.Height);
        svg.FillRectangle(0, 0, chart.Width, chart.Height, Rgb.White);
        chart.Draw(svg);
        return svg.Document();
    }

    private static bool HasAny(ComparisonRow r) =>
        new[] { r.Icount.Singularity, r.Icount.Linux, r.Tcg.Singularity, r.Tcg.Linux, r.Paper?.SingularitySipPhys ?? double.NaN, r.Paper?.Linux ?? double.NaN }
            .Any(v => !double.IsNaN(v));
}
