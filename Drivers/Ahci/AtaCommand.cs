namespace Sing.Drivers.Ahci
{
    /// <summary>The ATA commands the driver issues (ACS-3) and the host-to-device register FIS that carries them
    /// (SATA 3.x §10.5.5: type 0x27, the C bit, command, LBA bytes 0-5, device, sector count).</summary>
    internal static class AtaCommand
    {
        public const byte Identify = 0xEC, ReadDmaExt = 0x25, WriteDmaExt = 0x35, FlushCacheExt = 0xEA;
        private const byte RegisterHostToDevice = 0x27, CommandBit = 0x80, LbaMode = 0x40;

        /// <summary>Writes the 20-byte FIS (5 dwords) for <paramref name="command"/> at <paramref name="at"/>.</summary>
        public static void WriteFis(Singularity.Configuration.DmaMemory dma, ulong at, byte command, long lba, int sectors)
        {
            byte device = command == Identify ? (byte)0 : LbaMode;
            dma.Write32(at, RegisterHostToDevice | (uint)CommandBit << 8 | (uint)command << 16);
            dma.Write32(at + 4, (uint)(lba & 0xFFFFFF) | (uint)device << 24);
            dma.Write32(at + 8, (uint)((lba >> 24) & 0xFFFFFF));
            dma.Write32(at + 12, (uint)(sectors & 0xFFFF));
            dma.Write32(at + 16, 0);
        }
    }
}
