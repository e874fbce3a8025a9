using System.Globalization;

namespace Sing.Build;

/// <summary>One series of bars (one colour): a value per group, NaN where there is none.</summary>
internal sealed record BarSeries(string Name, Rgb Colour, IReadOnlyList<double> Values);

/// <summary>A grouped bar chart with a logarithmic y axis (decades), a legend on top and group labels below, drawn the
/// same way on an SVG and on a pixel canvas.</summary>
internal sealed class BarChart
{
    private const int BarWidth = 20;
    private const int GroupGap = 40;
    private const int Left = 90;
    private const int Top = 110;
    private const int PlotHeight = 520;
    private const int Bottom = 80;
    private const int Right = 30;
    private const int LabelScale = 2;
    private static readonly Rgb s_ink = new(40, 40, 40);
    private static readonly Rgb s_grid = new(200, 200, 200);

    public BarChart(string title, string subtitle, IReadOnlyList<string> groups, IReadOnlyList<string> groupNotes, IReadOnlyList<BarSeries> series)
    {
        ArgumentNullException.ThrowIfNull(groups);
        ArgumentNullException.ThrowIfNull(series);
        ArgumentNullException.ThrowIfNull(groupNotes);
        if (series.Any(s => s.Values.Count != groups.Count)) throw new ArgumentException("every series needs one value per group", nameof(series));
        Title = title;
        Subtitle = subtitle;
        Groups = groups;
        GroupNotes = groupNotes;
        Series = series;
        var values = series.SelectMany(s => s.Values).Where(v => !double.IsNaN(v) && v > 0).ToList();
        LowDecade = values.Count == 0 ? 0 : (int)Math.Floor(Math.Log10(values.Min()));
        HighDecade = values.Count == 0 ? 1 : Math.Max(LowDecade + 1, (int)Math.Ceiling(Math.Log10(values.Max())));
    }

    public string Title { get; }
    public string Subtitle { get; }
    public IReadOnlyList<string> Groups { get; }
    public IReadOnlyList<string> GroupNotes { get; }
    public IReadOnlyList<BarSeries> Series { get; }
    public int LowDecade { get; }
    public int HighDecade { get; }

    private int GroupWidth => Math.Max(Series.Count * BarWidth + GroupGap, Groups.Concat(GroupNotes).Max(g => PixelFont.Measure(g, LabelScale)) + 16);
    public int Width => Left + Groups.Count * GroupWidth + Right;
    public int Height => Top + PlotHeight + Bottom;

    /// <summary>The y pixel of a value on the log axis.</summary>
    public int Y(double value)
    {
        double fraction = (Math.Log10(value) - LowDecade) / (HighDecade - LowDecade);
        return Top + PlotHeight - (int)Math.Round(Math.Clamp(fraction, 0, 1) * PlotHeight);
    }

    public void Draw(IChartSurface surface)
    {
        ArgumentNullException.ThrowIfNull(surface);
        surface.Text(Left, 12, Title, 3, s_ink);
        surface.Text(Left, 44, Subtitle, LabelScale, s_ink);
        DrawLegend(surface);
        for (int d = LowDecade; d <= HighDecade; d++)
        {
            int y = Y(Math.Pow(10, d));
            surface.Line(Left, y, Width - Right, y, s_grid, dashed: d != LowDecade);
            string label = DecadeLabel(d);
            surface.Text(Left - 8 - PixelFont.Measure(label, LabelScale), y - PixelFont.GlyphHeight * LabelScale / 2, label, LabelScale, s_ink);
        }
        int baseline = Top + PlotHeight;
        surface.Line(Left, Top, Left, baseline, s_ink);
        surface.Line(Left, baseline, Width - Right, baseline, s_ink);
        for (int g = 0; g < Groups.Count; g++)
        {
            int groupLeft = Left + g * GroupWidth;
            int barsLeft = groupLeft + (GroupWidth - Series.Count * BarWidth) / 2;
            for (int s = 0; s < Series.Count; s++)
            {
                double v = Series[s].Values[g];
                if (double.IsNaN(v) || v <= 0) continue;
                int y = Y(v);
                surface.FillRectangle(barsLeft + s * BarWidth + 1, y, BarWidth - 2, baseline - y, Series[s].Colour);
            }
            CentreText(surface, groupLeft, GroupWidth, baseline + 12, Groups[g], s_ink);
            if (GroupNotes[g].Length > 0) CentreText(surface, groupLeft, GroupWidth, baseline + 12 + 10 * LabelScale, GroupNotes[g], new Rgb(150, 60, 60));
        }
    }

    private void DrawLegend(IChartSurface surface)
    {
        int x = Left, y = 72;
        foreach (var s in Series)
        {
            int w = 14 + 6 + PixelFont.Measure(s.Name, LabelScale) + 24;
            if (x + w > Width - Right)
            {
                x = Left;
                y += 20;
            }
            surface.FillRectangle(x, y, 14, 14, s.Colour);
            surface.Text(x + 20, y, s.Name, LabelScale, s_ink);
            x += w;
        }
    }

    private static void CentreText(IChartSurface surface, int left, int width, int y, string text, Rgb colour) =>
        surface.Text(left + (width - PixelFont.Measure(text, LabelScale)) / 2, y, text, LabelScale, colour);

    private static string DecadeLabel(int decade) => decade switch
    {
        < 3 => Math.Pow(10, decade).ToString("0", CultureInfo.InvariantCulture),
        < 6 => Math.Pow(10, decade - 3).ToString("0", CultureInfo.InvariantCulture) + "K",
        < 9 => Math.Pow(10, decade - 6).ToString("0", CultureInfo.InvariantCulture) + "M",
        _ => Math.Pow(10, decade - 9).ToString("0", CultureInfo.InvariantCulture) + "G",
    };
}
