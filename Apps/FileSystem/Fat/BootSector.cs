#nullable enable
namespace Sing.Storage.Fat
{
    /// <summary>The FAT32 BIOS parameter block of sector 0, checked field by field so a damaged or foreign volume is
    /// refused with the reason (FAT32 is recognised as Linux and mtools do: FATSz16 = 0 and RootEntCnt = 0, whatever
    /// the cluster count).</summary>
    internal sealed class BootSector
    {
        public int BytesPerSector;
        public int SectorsPerCluster;
        public int ReservedSectors;
        public int FatCount;
        public long TotalSectors;
        public long FatSectors;
        public uint RootCluster;
        public int FsInfoSector;        // 0: none
        public bool MirrorFats;         // false: only ActiveFat is used
        public int ActiveFat;
        public uint VolumeId;

        public long FatStart => ReservedSectors;
        public long DataStart => ReservedSectors + FatCount * FatSectors;
        public uint ClusterCount;       // data clusters, numbered 2 .. ClusterCount + 1
        public int ClusterBytes => BytesPerSector * SectorsPerCluster;

        /// <summary>Parses sector 0 read from a device of <paramref name="deviceSectors"/> sectors of
        /// <paramref name="deviceSectorSize"/> bytes; throws BadVolume with the first problem found.</summary>
        public static BootSector Parse(byte[] s, int deviceSectorSize, long deviceSectors)
        {
            if (s[510] != 0x55 || s[511] != 0xAA) Refuse("no boot signature 55 AA at offset 510");
            if (!(s[0] == 0xEB && s[2] == 0x90) && s[0] != 0xE9) Refuse($"no x86 jump at the start of the boot sector (byte 0 is 0x{s[0]:x2})");
            var b = new BootSector();
            b.BytesPerSector = LittleEndian.U16(s, 11);
            if (b.BytesPerSector != 512 && b.BytesPerSector != 1024 && b.BytesPerSector != 2048 && b.BytesPerSector != 4096)
                Refuse($"bytes per sector is {b.BytesPerSector} (512, 1024, 2048 or 4096 expected)");
            if (b.BytesPerSector != deviceSectorSize)
                Refuse($"bytes per sector is {b.BytesPerSector} but the device's sectors are {deviceSectorSize} bytes");
            b.SectorsPerCluster = s[13];
            if (b.SectorsPerCluster == 0 || (b.SectorsPerCluster & (b.SectorsPerCluster - 1)) != 0)
                Refuse($"sectors per cluster is {b.SectorsPerCluster} (a power of two expected)");
            if (b.ClusterBytes > 65536) Refuse($"clusters of {b.ClusterBytes} bytes (at most 64 KiB)");
            b.ReservedSectors = LittleEndian.U16(s, 14);
            if (b.ReservedSectors < 1) Refuse("no reserved sectors (the boot sector itself is one)");
            b.FatCount = s[16];
            if (b.FatCount < 1 || b.FatCount > 4) Refuse($"{b.FatCount} FAT copies (1 to 4 expected)");
            if (LittleEndian.U16(s, 17) != 0) Refuse("a fixed root directory (RootEntCnt != 0): this is FAT12 or FAT16, not FAT32");
            int total16 = LittleEndian.U16(s, 19);
            b.TotalSectors = total16 != 0 ? total16 : LittleEndian.U32(s, 32);
            if (LittleEndian.U16(s, 22) != 0) Refuse("FATSz16 is not 0: this is FAT12 or FAT16, not FAT32");
            b.FatSectors = LittleEndian.U32(s, 36);
            if (b.FatSectors == 0) Refuse("the FAT size (FATSz32) is 0");
            if (b.TotalSectors > deviceSectors)
                Refuse($"the volume claims {b.TotalSectors} sectors but the device has {deviceSectors}");
            ushort extFlags = LittleEndian.U16(s, 40);
            b.MirrorFats = (extFlags & 0x80) == 0;
            b.ActiveFat = extFlags & 0xF;
            if (!b.MirrorFats && b.ActiveFat >= b.FatCount) Refuse($"the active FAT is {b.ActiveFat} of {b.FatCount}");
            if (LittleEndian.U16(s, 42) != 0) Refuse($"file-system version {LittleEndian.U16(s, 42):x4} (0.0 expected)");
            if (b.DataStart >= b.TotalSectors) Refuse("the FATs leave no room for data");
            long clusters = (b.TotalSectors - b.DataStart) / b.SectorsPerCluster;
            if (clusters < 1) Refuse("no data clusters");
            if (clusters > 0x0FFFFFF5) Refuse($"{clusters} clusters is more than FAT32 can number");
            b.ClusterCount = (uint)clusters;
            if (b.FatSectors * b.BytesPerSector / 4 < clusters + 2)
                Refuse($"the FAT ({b.FatSectors} sectors) is too small for {clusters} clusters");
            b.RootCluster = LittleEndian.U32(s, 44);
            if (b.RootCluster < 2 || b.RootCluster > b.ClusterCount + 1)
                Refuse($"the root directory's cluster {b.RootCluster} is outside the volume (2..{b.ClusterCount + 1})");
            int fsInfo = LittleEndian.U16(s, 48);
            b.FsInfoSector = fsInfo == 0 || fsInfo == 0xFFFF || fsInfo >= b.ReservedSectors ? 0 : fsInfo;
            b.VolumeId = LittleEndian.U32(s, 67);
            return b;
        }

        private static void Refuse(string reason) => throw new FatException(FatError.BadVolume, "not a usable FAT32 volume: " + reason);
    }
}
