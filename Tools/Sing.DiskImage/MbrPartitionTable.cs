namespace Sing.DiskImage;

/// <summary>A classic MBR with one primary partition (type 0x0C, FAT32 with LBA addressing), as disk tools and the
/// AHCI driver's partition scan expect; the CHS fields hold the "use LBA" values.</summary>
public static class MbrPartitionTable
{
    public const byte Fat32Lba = 0x0C;

    public static void Write(byte[] disk, long firstSector, long sectors, uint diskSignature)
    {
        var mbr = new Span<byte>(disk, 0, 512);
        mbr.Clear();
        BitConverter.TryWriteBytes(mbr[440..], diskSignature);
        Span<byte> entry = mbr.Slice(446, 16);
        entry[0] = 0x00;                                    // not bootable
        entry[1] = 0xFE; entry[2] = 0xFF; entry[3] = 0xFF;  // CHS start: beyond CHS, use LBA
        entry[4] = Fat32Lba;
        entry[5] = 0xFE; entry[6] = 0xFF; entry[7] = 0xFF;  // CHS end
        BitConverter.TryWriteBytes(entry[8..], (uint)firstSector);
        BitConverter.TryWriteBytes(entry[12..], (uint)sectors);
        mbr[510] = 0x55;
        mbr[511] = 0xAA;
    }
}
