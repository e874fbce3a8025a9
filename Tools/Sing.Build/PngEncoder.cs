using System.Buffers.Binary;
using System.IO.Compression;
using System.Text;

namespace Sing.Build;

/// <summary>Writes a <see cref="RasterCanvas"/> as a PNG: 8-bit truecolour, no interlace, filter 0 on every row, the
/// image data compressed by System.IO.Compression's zlib stream.</summary>
internal static class PngEncoder
{
    public static readonly byte[] Signature = [0x89, (byte)'P', (byte)'N', (byte)'G', 0x0D, 0x0A, 0x1A, 0x0A];

    public static byte[] Encode(RasterCanvas canvas)
    {
        ArgumentNullException.ThrowIfNull(canvas);
        using var png = new MemoryStream();
        png.Write(Signature);

        var header = new byte[13];
        BinaryPrimitives.WriteInt32BigEndian(header.AsSpan(0), canvas.Width);
        BinaryPrimitives.WriteInt32BigEndian(header.AsSpan(4), canvas.Height);
        header[8] = 8;  // bits per channel
        header[9] = 2;  // colour type: RGB
        WriteChunk(png, "IHDR", header);

        using (var compressed = new MemoryStream())
        {
            using (var zlib = new ZLibStream(compressed, CompressionLevel.Optimal, leaveOpen: true))
            {
                int stride = canvas.Width * 3;
                for (int y = 0; y < canvas.Height; y++)
                {
                    zlib.WriteByte(0); // filter: none
                    zlib.Write(canvas.Pixels, y * stride, stride);
                }
            }
            WriteChunk(png, "IDAT", compressed.ToArray());
        }
        WriteChunk(png, "IEND", []);
        return png.ToArray();
    }

    private static void WriteChunk(Stream png, string type, byte[] data)
    {
        Span<byte> number = stackalloc byte[4];
        BinaryPrimitives.WriteInt32BigEndian(number, data.Length);
        png.Write(number);
        byte[] typeBytes = Encoding.ASCII.GetBytes(type);
        png.Write(typeBytes);
        png.Write(data);
        BinaryPrimitives.WriteUInt32BigEndian(number, Crc32.Compute(typeBytes, data));
        png.Write(number);
    }
}
