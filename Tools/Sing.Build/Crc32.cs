namespace Sing.Build;

/// <summary>The CRC-32 PNG chunks carry (ISO 3309 polynomial, reflected 0xEDB88320, initial and final XOR all ones).</summary>
internal static class Crc32
{
    private static readonly uint[] s_table = BuildTable();

    public static uint Compute(params byte[][] parts)
    {
        ArgumentNullException.ThrowIfNull(parts);
        uint crc = 0xFFFFFFFFu;
        foreach (byte[] part in parts)
            foreach (byte b in part)
                crc = s_table[(crc ^ b) & 0xFF] ^ (crc >> 8);
        return crc ^ 0xFFFFFFFFu;
    }

    private static uint[] BuildTable()
    {
        var table = new uint[256];
        for (uint n = 0; n < 256; n++)
        {
            uint c = n;
            for (int k = 0; k < 8; k++) c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[n] = c;
        }
        return table;
    }
}
