using System.Globalization;
using System.Security;
using System.Text;

namespace Sing.Build;

/// <summary>Collects the chart as an SVG document (scalable, with real fonts) beside the PNG.</summary>
internal sealed class SvgSurface : IChartSurface
{
    private readonly StringBuilder _body = new();
    private readonly int _width;
    private readonly int _height;

    public SvgSurface(int width, int height)
    {
        _width = width;
        _height = height;
    }

    public void FillRectangle(int x, int y, int width, int height, Rgb colour) =>
        _body.AppendLine(CultureInfo.InvariantCulture, $"<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" fill=\"{colour.Hex}\"/>");

    public void Line(int x1, int y1, int x2, int y2, Rgb colour, bool dashed = false) =>
        _body.AppendLine(CultureInfo.InvariantCulture,
            $"<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{colour.Hex}\" stroke-width=\"1\"{(dashed ? " stroke-dasharray=\"4 4\"" : "")}/>");

    public void Text(int x, int y, string text, int scale, Rgb colour)
    {
        // Match the pixel font's box: 7 rows per scale unit, baseline at the bottom of the capitals.
        int size = PixelFont.GlyphHeight * scale * 10 / 7;
        _body.AppendLine(CultureInfo.InvariantCulture,
            $"<text x=\"{x}\" y=\"{y + PixelFont.GlyphHeight * scale}\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"{size}\" fill=\"{colour.Hex}\">{SecurityElement.Escape(text)}</text>");
    }

    public string Document() =>
        string.Create(CultureInfo.InvariantCulture, $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{_width}\" height=\"{_height}\" viewBox=\"0 0 {_width} {_height}\">\n") +
        _body + "</svg>\n";
}
