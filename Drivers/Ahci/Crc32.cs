namespace Sing.Drivers.Ahci
{
    /// <summary>CRC-32 as GPT (and zip, PNG, Ethernet) uses it: polynomial 0x04C11DB7 reflected, initial value and
    /// final XOR all ones. Table-driven; the table is built on first use.</summary>
    internal static class Crc32
    {
        public const uint Start = 0xFFFFFFFF;
        private static uint[]? s_table;

        public static uint Of(byte[] data, int offset, int count) => Finish(Update(Start, data, offset, count));

        public static uint Update(uint crc, byte[] data, int offset, int count)
        {
            uint[] table = s_table ??= Build();
            for (int i = offset; i < offset + count; i++) crc = table[(crc ^ data[i]) & 0xFF] ^ crc >> 8;
            return crc;
        }

        public static uint Finish(uint crc) => ~crc;

        private static uint[] Build()
        {
            var table = new uint[256];
            for (uint n = 0; n < 256; n++)
            {
                uint c = n;
                for (int k = 0; k < 8; k++) c = (c & 1) != 0 ? 0xEDB88320 ^ c >> 1 : c >> 1;
                table[n] = c;
            }
            return table;
        }
    }
}
