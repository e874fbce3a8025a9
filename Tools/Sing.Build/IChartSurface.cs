namespace Sing.Build;

/// <summary>Where the chart draws: an SVG document or a pixel canvas. Coordinates are pixels, origin top left.</summary>
internal interface IChartSurface
{
    void FillRectangle(int x, int y, int width, int height, Rgb colour);

    /// <summary>A horizontal or vertical line one pixel wide; dashed lines draw every other 4-pixel run.</summary>
    void Line(int x1, int y1, int x2, int y2, Rgb colour, bool dashed = false);

    /// <summary>Text whose top-left corner is at (x, y); <paramref name="scale"/> 1 is the 7-pixel-high font.</summary>
    void Text(int x, int y, string text, int scale, Rgb colour);
}
