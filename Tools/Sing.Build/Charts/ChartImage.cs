using ScottPlot;

namespace Sing.Build;

/// <summary>Renders panels stacked top to bottom into one PNG, <see cref="ChartStyle.Width"/> wide and
/// <see cref="ChartStyle.PanelHeight"/> per panel.</summary>
internal static class ChartImage
{
    public static int HeightOf(int panels) => panels * ChartStyle.PanelHeight;

    public static byte[] Png(IReadOnlyList<BarPanelSpec> panels)
    {
        ArgumentNullException.ThrowIfNull(panels);
        if (panels.Count == 0) throw new ArgumentException("a chart needs at least one panel", nameof(panels));
        var multiplot = new Multiplot();
        multiplot.RemovePlot(multiplot.GetPlot(0));
        foreach (var spec in panels) multiplot.AddPlot(BarPanel.Create(spec));
        return multiplot.Render(ChartStyle.Width, HeightOf(panels.Count)).GetImageBytes(ImageFormat.Png);
    }
}
