using System.Buffers.Binary;
using System.IO.Compression;
using System.Text;
using Xunit;

namespace Sing.Build.Tests;

public class ChartTests
{
    private static BarChart Sample() => new("TITLE", "subtitle", ["PageAlloc", "ThreadYield"], ["", "(Sing: n/a)"],
    [
        new BarSeries("a", new Rgb(255, 0, 0), [10, 1000]),
        new BarSeries("b", new Rgb(0, 0, 255), [double.NaN, 100_000]),
    ]);

    [Fact]
    public void PngHasSignatureHeaderValidCrcsAndDecodableRows()
    {
        var canvas = new RasterCanvas(7, 3, Rgb.White);
        canvas.SetPixel(2, 1, new Rgb(1, 2, 3));
        byte[] png = PngEncoder.Encode(canvas);

        Assert.Equal(PngEncoder.Signature, png[..8]);
        var chunks = Chunks(png);
        Assert.Equal(["IHDR", "IDAT", "IEND"], chunks.Select(c => c.Type));
        var ihdr = chunks[0].Data;
        Assert.Equal(7, BinaryPrimitives.ReadInt32BigEndian(ihdr));
        Assert.Equal(3, BinaryPrimitives.ReadInt32BigEndian(ihdr.AsSpan(4)));
        Assert.Equal(8, ihdr[8]);
        Assert.Equal(2, ihdr[9]);

        using var inflated = new MemoryStream();
        using (var zlib = new ZLibStream(new MemoryStream(chunks[1].Data), CompressionMode.Decompress)) zlib.CopyTo(inflated);
        byte[] raw = inflated.ToArray();
        Assert.Equal(3 * (1 + 7 * 3), raw.Length);
        int pixel = 1 * (1 + 7 * 3) + 1 + 2 * 3;
        Assert.Equal([1, 2, 3], raw[pixel..(pixel + 3)]);
    }

    [Fact]
    public void Crc32MatchesTheKnownCheckValue()
    {
        Assert.Equal(0xCBF43926u, Crc32.Compute(Encoding.ASCII.GetBytes("123456789")));
    }

    [Fact]
    public void LogAxisSpansTheDecadesOfTheData()
    {
        var chart = Sample();
        Assert.Equal(1, chart.LowDecade);
        Assert.Equal(5, chart.HighDecade);
        Assert.True(chart.Y(10) > chart.Y(1000));
        Assert.Equal(chart.Y(1000) - chart.Y(100_000), chart.Y(10) - chart.Y(1000));
    }

    [Fact]
    public void BarsAreDrawnInTheirSeriesColour()
    {
        var chart = Sample();
        var canvas = new RasterCanvas(chart.Width, chart.Height, Rgb.White);
        chart.Draw(canvas);
        int red = 0, blue = 0;
        for (int y = 0; y < canvas.Height; y++)
            for (int x = 0; x < canvas.Width; x++)
            {
                if (canvas[x, y] == new Rgb(255, 0, 0)) red++;
                if (canvas[x, y] == new Rgb(0, 0, 255)) blue++;
            }
        Assert.True(red > 100, "the red bars and legend box are on the canvas");
        Assert.True(blue > 100, "the blue bar and legend box are on the canvas");
    }

    [Fact]
    public void SvgIsOneDocumentWithEscapedText()
    {
        string svg = ComparisonChart.Svg(new BarChart("a < b", "", ["x"], [""], [new BarSeries("s", Rgb.Black, [5])]));
        Assert.StartsWith("<svg ", svg, StringComparison.Ordinal);
        Assert.EndsWith("</svg>\n", svg, StringComparison.Ordinal);
        Assert.Contains("a &lt; b", svg, StringComparison.Ordinal);
    }

    [Fact]
    public void EveryCharacterOfTheLabelsHasAGlyph()
    {
        foreach (char c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.,()/:=+_%")
        {
            bool any = false;
            for (int y = 0; y < PixelFont.GlyphHeight; y++)
                for (int x = 0; x < PixelFont.GlyphWidth; x++)
                    any |= PixelFont.IsInk(c, x, y);
            Assert.True(any, $"'{c}' has ink");
        }
        Assert.Equal(PixelFont.IsInk('a', 0, 3), PixelFont.IsInk('A', 0, 3));
    }

    private static List<(string Type, byte[] Data)> Chunks(byte[] png)
    {
        var chunks = new List<(string, byte[])>();
        int at = 8;
        while (at < png.Length)
        {
            int length = BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(at));
            byte[] type = png[(at + 4)..(at + 8)];
            byte[] data = png[(at + 8)..(at + 8 + length)];
            uint crc = BinaryPrimitives.ReadUInt32BigEndian(png.AsSpan(at + 8 + length));
            Assert.Equal(Crc32.Compute(type, data), crc);
            chunks.Add((Encoding.ASCII.GetString(type), data));
            at += 12 + length;
        }
        return chunks;
    }
}
