#nullable enable
namespace Sing.Storage.Fat
{
    /// <summary>mkfs for FAT32: writes a boot sector (and its backup at sector 6), FSInfo (and backup at 7), two
    /// zeroed FATs with the reserved entries and the root directory's cluster, and an empty root directory. Cluster
    /// size follows Microsoft's FAT32 table (512 bytes up to 260 MiB, then 4 KiB ... 32 KiB). Volumes below
    /// 65,525 clusters are formatted as FAT32 too, as mkfs.fat -F 32 does (Linux and mtools read them).</summary>
    public static class FatFormatter
    {
        private const int Reserved = 32;
        private const int FatCount = 2;

        public static void Format(ISectorDevice device, string label, uint volumeId)
        {
            int size = device.SectorSize;
            long total = device.SectorCount;
            if (size != 512 && size != 1024 && size != 2048 && size != 4096)
                throw new FatException(FatError.InvalidArgument, $"sectors of {size} bytes cannot hold FAT32");
            if (device.IsReadOnly) throw new FatException(FatError.ReadOnly, "the device is read-only");
            if (total > 0xFFFFFFFFL) total = 0xFFFFFFFFL;
            long bytes = total * size;
            int clusterBytes = bytes <= 260L << 20 ? 512 : bytes <= 8L << 30 ? 4096 : bytes <= 16L << 30 ? 8192 : bytes <= 32L << 30 ? 16384 : 32768;
            int perCluster = clusterBytes <= size ? 1 : clusterBytes / size;
            // The FAT must number every cluster the data area holds: iterate to the fixed point.
            long fatSectors = 1;
            long clusters = 0;
            for (int round = 0; round < 64; round++)
            {
                clusters = (total - Reserved - FatCount * fatSectors) / perCluster;
                long needed = ((clusters + 2) * 4 + size - 1) / size;
                if (needed <= fatSectors) break;
                fatSectors = needed;
            }
            if (clusters < 16) throw new FatException(FatError.NoSpace, $"{total} sectors are too few for FAT32");

            var zero = new byte[size * 64];
            // FATs, and the root directory's cluster, zeroed in large writes.
            long dataStart = Reserved + FatCount * fatSectors;
            Fill(device, 0, dataStart + perCluster, zero);

            var boot = new byte[size];
            boot[0] = 0xEB; boot[1] = 0x58; boot[2] = 0x90;
            Ascii(boot, 3, "SINGFAT ", 8);
            LittleEndian.Put16(boot, 11, size);
            boot[13] = (byte)perCluster;
            LittleEndian.Put16(boot, 14, Reserved);
            boot[16] = FatCount;
            boot[21] = 0xF8;                                     // fixed disk
            LittleEndian.Put16(boot, 24, 63);                    // sectors per track, heads: unused, conventional values
            LittleEndian.Put16(boot, 26, 255);
            LittleEndian.Put32(boot, 32, (uint)total);
            LittleEndian.Put32(boot, 36, (uint)fatSectors);
            LittleEndian.Put32(boot, 44, 2);                     // root directory cluster
            LittleEndian.Put16(boot, 48, 1);                     // FSInfo
            LittleEndian.Put16(boot, 50, 6);                     // backup boot sector
            boot[64] = 0x80;
            boot[66] = 0x29;
            LittleEndian.Put32(boot, 67, volumeId);
            Ascii(boot, 71, string.IsNullOrEmpty(label) ? "NO NAME" : label.ToUpperInvariant(), 11);
            Ascii(boot, 82, "FAT32   ", 8);
            boot[510] = 0x55; boot[511] = 0xAA;
            device.Write(0, 1, boot, 0);
            device.Write(6, 1, boot, 0);

            var info = new byte[size];
            LittleEndian.Put32(info, 0, 0x41615252);
            LittleEndian.Put32(info, 484, 0x61417272);
            LittleEndian.Put32(info, 488, (uint)(clusters - 1));   // all but the root's cluster
            LittleEndian.Put32(info, 492, 3);
            LittleEndian.Put32(info, 508, 0xAA550000);
            device.Write(1, 1, info, 0);
            device.Write(7, 1, info, 0);
            var third = new byte[size];                            // the third boot sector ends with the signature too
            third[510] = 0x55; third[511] = 0xAA;
            device.Write(2, 1, third, 0);
            device.Write(8, 1, third, 0);

            if (!string.IsNullOrEmpty(label))
            {
                // The label lives in the root directory too (fsck.fat drops a boot-sector label without it).
                var root = new byte[size];
                Ascii(root, 0, label.ToUpperInvariant(), 11);
                root[11] = 0x08;
                device.Write(dataStart, 1, root, 0);
            }

            var fat = new byte[size];
            LittleEndian.Put32(fat, 0, 0x0FFFFFF8);
            LittleEndian.Put32(fat, 4, 0x0FFFFFFF);
            LittleEndian.Put32(fat, 8, 0x0FFFFFFF);               // the root directory: one cluster, end of chain
            for (int copy = 0; copy < FatCount; copy++) device.Write(Reserved + copy * fatSectors, 1, fat, 0);
            device.Flush();
        }

        private static void Fill(ISectorDevice device, long from, long to, byte[] zero)
        {
            int chunk = zero.Length / device.SectorSize;
            while (from < to)
            {
                int n = (int)(to - from < chunk ? to - from : chunk);
                device.Write(from, n, zero, 0);
                from += n;
            }
        }

        private static void Ascii(byte[] b, int at, string text, int width)
        {
            for (int i = 0; i < width; i++) b[at + i] = i < text.Length && text[i] < 0x7F ? (byte)text[i] : (byte)' ';
        }
    }
}
