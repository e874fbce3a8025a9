using System.Buffers.Binary;
using System.IO.Hashing;
using System.Text;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>Checks that bytes are a whole PNG file (signature, chunks with correct CRC-32s, IHDR first, IEND last)
/// and reads its size from the IHDR chunk.</summary>
internal static class PngFile
{
    private static readonly byte[] s_signature = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A];

    public static (int Width, int Height) Check(byte[] png)
    {
        Assert.True(png.Length > 8 + 25 + 12, "a PNG holds at least its signature, IHDR and IEND");
        Assert.Equal(s_signature, png[..8]);
        var types = new List<string>();
        int width = 0, height = 0, at = 8;
        while (at < png.Length)
        {
            int length = BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(at));
            Assert.InRange(length, 0, png.Length - at - 12);
            var typeAndData = png.AsSpan(at + 4, 4 + length);
            uint stored = BinaryPrimitives.ReadUInt32BigEndian(png.AsSpan(at + 8 + length));
            string type = Encoding.ASCII.GetString(typeAndData[..4]);
            Assert.True(Crc32.HashToUInt32(typeAndData) == stored, $"chunk {type} at {at} has a wrong CRC-32");
            if (type == "IHDR")
            {
                width = BinaryPrimitives.ReadInt32BigEndian(typeAndData[4..]);
                height = BinaryPrimitives.ReadInt32BigEndian(typeAndData[8..]);
            }
            types.Add(type);
            at += 12 + length;
        }
        Assert.Equal("IHDR", types[0]);
        Assert.Equal("IEND", types[^1]);
        Assert.Contains("IDAT", types);
        return (width, height);
    }
}
