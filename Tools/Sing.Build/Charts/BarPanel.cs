using ScottPlot;
using ScottPlot.TickGenerators;

namespace Sing.Build;

/// <summary>One series of bars (one colour), a value per category; NaN draws no bar.</summary>
internal sealed record BarSeries(string Name, Color Colour, IReadOnlyList<double> Values);

/// <summary>One series of markers drawn over the bars of each category (the paper's figures); NaN draws none.</summary>
internal sealed record MarkerSeries(string Name, Color Colour, IReadOnlyList<double> Values);

/// <summary>What a panel shows: categories along x, grouped bars on a log y axis. A ratio panel starts its bars at 1x
/// and draws the 1x line; a value panel starts them at the bottom of the axis. <see cref="MissingNote"/> is written
/// where a category has no value at all.</summary>
internal sealed record BarPanelSpec(string Title, string XLabel, string YLabel, IReadOnlyList<string> Categories, IReadOnlyList<BarSeries> Bars,
    IReadOnlyList<MarkerSeries> Markers, bool IsRatio, bool LabelBars, string? MissingNote = null);

/// <summary>Draws a <see cref="BarPanelSpec"/> as a ScottPlot plot.</summary>
internal static class BarPanel
{
    private const double GroupWidth = 0.8;

    public static Plot Create(BarPanelSpec spec)
    {
        ArgumentNullException.ThrowIfNull(spec);
        if (spec.Bars.Any(s => s.Values.Count != spec.Categories.Count) || spec.Markers.Any(s => s.Values.Count != spec.Categories.Count))
            throw new ArgumentException("every series needs one value per category", nameof(spec));
        var plot = new Plot();
        var scale = LogScale.Spanning(spec.Bars.SelectMany(s => s.Values).Concat(spec.Markers.SelectMany(s => s.Values)), spec.IsRatio);
        double barBase = spec.IsRatio ? 0 : scale.LowDecade;
        double slot = GroupWidth / Math.Max(1, spec.Bars.Count);

        var bars = new List<Bar>();
        for (int s = 0; s < spec.Bars.Count; s++)
        {
            var series = spec.Bars[s];
            for (int c = 0; c < spec.Categories.Count; c++)
            {
                double v = series.Values[c];
                if (double.IsNaN(v) || v <= 0) continue;
                bars.Add(new Bar
                {
                    Position = c - GroupWidth / 2 + slot * (s + 0.5),
                    Value = LogScale.Position(v),
                    ValueBase = barBase,
                    Size = slot * 0.92,
                    FillColor = series.Colour,
                    LineWidth = 0,
                    Label = spec.LabelBars ? LogScale.RatioText(v) : "",
                });
            }
            plot.Legend.ManualItems.Add(new LegendItem { LabelText = series.Name, FillColor = series.Colour });
        }
        var barPlot = plot.Add.Bars(bars);
        barPlot.ValueLabelStyle.FontSize = ChartStyle.BarLabelSize;
        barPlot.ValueLabelStyle.FontName = ChartStyle.Font;

        foreach (var series in spec.Markers)
        {
            for (int c = 0; c < spec.Categories.Count; c++)
            {
                double v = series.Values[c];
                if (double.IsNaN(v) || v <= 0) continue;
                // A wide bar-shaped tick across the whole group: the paper's figure for the row, whichever mode.
                var line = plot.Add.Line(c - GroupWidth / 2, LogScale.Position(v), c + GroupWidth / 2, LogScale.Position(v));
                line.LineWidth = 4;
                line.LineColor = series.Colour;
                line.LinePattern = LinePattern.Dotted;
                plot.Add.Marker(c + GroupWidth / 2, LogScale.Position(v), MarkerShape.FilledDiamond, 16, series.Colour);
                if (spec.IsRatio) AddText(plot, LogScale.RatioText(v), c + GroupWidth / 2 + 0.04, LogScale.Position(v), Alignment.MiddleLeft);
            }
            plot.Legend.ManualItems.Add(new LegendItem
            {
                LabelText = series.Name,
                MarkerShape = MarkerShape.FilledDiamond,
                MarkerFillColor = series.Colour,
                MarkerLineColor = series.Colour,
                MarkerSize = 14,
                LineColor = series.Colour,
                LineWidth = 3,
                LinePattern = LinePattern.Dotted,
            });
        }

        if (spec.IsRatio)
        {
            plot.Add.HorizontalLine(0, 2, ChartStyle.Reference, LinePattern.Dashed);
            plot.Legend.ManualItems.Add(new LegendItem { LabelText = "1x: same cycles", LineColor = ChartStyle.Reference, LineWidth = 2, LinePattern = LinePattern.Dashed });
        }
        // A category with nothing to draw says why instead of leaving a silent gap.
        if (spec.MissingNote is not null)
            for (int c = 0; c < spec.Categories.Count; c++)
                if (!HasValue(spec, c)) AddText(plot, spec.MissingNote, c, barBase + 0.05, Alignment.LowerCenter);

        plot.Axes.Bottom.TickGenerator = new NumericManual(
            Enumerable.Range(0, spec.Categories.Count).Select(i => (double)i).ToArray(), spec.Categories.ToArray());
        plot.Axes.Left.TickGenerator = LogTicks(scale, spec.IsRatio);
        // Bar labels sit beyond the bar's end: leave room for them at both ends of the axis.
        double labelRoom = spec.LabelBars ? 0.25 : 0;
        plot.Axes.SetLimits(-0.6, spec.Categories.Count - 0.4, scale.LowDecade - labelRoom, scale.HighDecade + labelRoom);
        Style(plot, spec);
        return plot;
    }

    private static bool HasValue(BarPanelSpec spec, int category) =>
        spec.Bars.Select(b => b.Values[category]).Concat(spec.Markers.Select(m => m.Values[category])).Any(v => !double.IsNaN(v) && v > 0);

    private static void AddText(Plot plot, string text, double x, double y, Alignment alignment)
    {
        var label = plot.Add.Text(text, x, y);
        label.LabelFontSize = ChartStyle.BarLabelSize;
        label.LabelFontName = ChartStyle.Font;
        label.LabelFontColor = ChartStyle.Reference;
        label.LabelAlignment = alignment;
        // Over a neighbouring bar the text stays readable.
        label.LabelBackgroundColor = Colors.White.WithAlpha(0.85);
    }

    private static NumericManual LogTicks(LogScale scale, bool ratio)
    {
        var ticks = new NumericManual();
        for (int d = scale.LowDecade; d <= scale.HighDecade; d++)
        {
            ticks.AddMajor(d, ratio ? LogScale.RatioLabel(d) : LogScale.CyclesLabel(d));
            if (d == scale.HighDecade) break;
            for (int k = 2; k <= 9; k++) ticks.AddMinor(d + Math.Log10(k));
        }
        return ticks;
    }

    private static void Style(Plot plot, BarPanelSpec spec)
    {
        plot.Font.Set(ChartStyle.Font);
        plot.Title(spec.Title, ChartStyle.TitleSize);
        plot.XLabel(spec.XLabel, ChartStyle.AxisLabelSize);
        plot.YLabel(spec.YLabel, ChartStyle.AxisLabelSize);
        plot.Axes.Bottom.TickLabelStyle.FontSize = ChartStyle.TickLabelSize;
        plot.Axes.Left.TickLabelStyle.FontSize = ChartStyle.TickLabelSize;
        // Long row names (PSR-32K-Contract) are slanted so neighbours do not overlap.
        if (spec.Categories.Count > 8 || spec.Categories.Any(c => c.Length > 14))
        {
            plot.Axes.Bottom.TickLabelStyle.Rotation = -30;
            plot.Axes.Bottom.TickLabelStyle.Alignment = Alignment.UpperRight;
            plot.Axes.Bottom.MinimumSize = 150;
        }
        plot.Grid.XAxisStyle.MajorLineStyle.Width = 0;
        plot.Legend.FontSize = ChartStyle.LegendSize;
        plot.Legend.FontName = ChartStyle.Font;
        plot.ShowLegend(Edge.Top);
    }
}
