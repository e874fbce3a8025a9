namespace Sing.Build;

/// <summary>An RGB pixel buffer that the chart draws on; <see cref="PngEncoder"/> turns it into a file.</summary>
internal sealed class RasterCanvas : IChartSurface
{
    private const int DashRun = 4;

    public RasterCanvas(int width, int height, Rgb background)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(width);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(height);
        Width = width;
        Height = height;
        Pixels = new byte[width * height * 3];
        FillRectangle(0, 0, width, height, background);
    }

    public int Width { get; }
    public int Height { get; }

    /// <summary>Rows top to bottom, three bytes (R, G, B) per pixel.</summary>
    public byte[] Pixels { get; }

    public Rgb this[int x, int y] => new(Pixels[(y * Width + x) * 3], Pixels[(y * Width + x) * 3 + 1], Pixels[(y * Width + x) * 3 + 2]);

    public void SetPixel(int x, int y, Rgb colour)
    {
        if (x < 0 || y < 0 || x >= Width || y >= Height) return;
        int i = (y * Width + x) * 3;
        Pixels[i] = colour.R;
        Pixels[i + 1] = colour.G;
        Pixels[i + 2] = colour.B;
    }

    public void FillRectangle(int x, int y, int width, int height, Rgb colour)
    {
        for (int row = Math.Max(0, y); row < Math.Min(Height, y + height); row++)
            for (int col = Math.Max(0, x); col < Math.Min(Width, x + width); col++)
                SetPixel(col, row, colour);
    }

    public void Line(int x1, int y1, int x2, int y2, Rgb colour, bool dashed = false)
    {
        if (x1 != x2 && y1 != y2) throw new ArgumentException("only horizontal and vertical lines are drawn");
        int length = Math.Max(Math.Abs(x2 - x1), Math.Abs(y2 - y1));
        int dx = Math.Sign(x2 - x1), dy = Math.Sign(y2 - y1);
        for (int i = 0; i <= length; i++)
        {
            if (dashed && i / DashRun % 2 == 1) continue;
            SetPixel(x1 + i * dx, y1 + i * dy, colour);
        }
    }

    public void Text(int x, int y, string text, int scale, Rgb colour)
    {
        ArgumentNullException.ThrowIfNull(text);
        for (int k = 0; k < text.Length; k++)
        {
            int left = x + k * PixelFont.Advance * scale;
            for (int gy = 0; gy < PixelFont.GlyphHeight; gy++)
                for (int gx = 0; gx < PixelFont.GlyphWidth; gx++)
                    if (PixelFont.IsInk(text[k], gx, gy)) FillRectangle(left + gx * scale, y + gy * scale, scale, scale, colour);
        }
    }
}
