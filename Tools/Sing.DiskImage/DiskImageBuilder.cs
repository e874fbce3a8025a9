using Sing.Storage.Fat;

namespace Sing.DiskImage;

/// <summary>Builds the data disk: MBR, one FAT32 partition from 1 MiB to the end, and the files of a directory tree
/// copied in name order. A fixed clock and volume id make the result the same bytes every time.</summary>
public static class DiskImageBuilder
{
    public const int SectorSize = 512;
    public const long PartitionStart = 2048;   // 1 MiB: the usual alignment
    public static readonly FatTimestamp Time = new(2026, 1, 1, 0, 0, 0);

    public static byte[] Build(string tree, int megabytes)
    {
        byte[] disk = NewDisk(megabytes, out FatVolume volume);
        Copy(volume, tree, "/");
        volume.Sync();
        return disk;
    }

    /// <summary>A zeroed disk of <paramref name="megabytes"/> MiB with the MBR and a freshly formatted FAT32 partition,
    /// and that partition mounted (fixed clock) for the caller to fill and sync.</summary>
    public static byte[] NewDisk(int megabytes, out FatVolume volume)
    {
        if (megabytes < 34 || megabytes > 4096)
            throw new ArgumentOutOfRangeException(nameof(megabytes), "between 34 MiB (65,525 clusters, what mtools needs for FAT32) and 4 GiB");
        var disk = new byte[(long)megabytes << 20];
        long sectors = disk.Length / SectorSize - PartitionStart;
        MbrPartitionTable.Write(disk, PartitionStart, sectors, 0x53494E47);
        var partition = new SliceDevice(disk, PartitionStart, sectors);
        FatFormatter.Format(partition, "SINGDATA", 0x20260101);
        volume = FatVolume.Mount(partition, new FixedClock());
        return disk;
    }

    private static void Copy(FatVolume volume, string directory, string target)
    {
        foreach (string sub in Directory.GetDirectories(directory).OrderBy(d => d, StringComparer.Ordinal))
        {
            string path = target + Path.GetFileName(sub);
            volume.CreateDirectory(path);
            Copy(volume, sub, path + "/");
        }
        foreach (string file in Directory.GetFiles(directory).OrderBy(f => f, StringComparer.Ordinal))
        {
            byte[] data = File.ReadAllBytes(file);
            FatFile f = volume.Open(target + Path.GetFileName(file), write: true, create: true, truncate: true);
            f.Write(0, data, 0, data.Length);
            f.Close();
        }
    }

    private sealed class FixedClock : IFatClock
    {
        public FatTimestamp Now() => Time;
    }

    /// <summary>The partition's sectors inside the whole disk's bytes.</summary>
    private sealed class SliceDevice(byte[] disk, long first, long count) : ISectorDevice
    {
        public int SectorSize => DiskImageBuilder.SectorSize;
        public long SectorCount => count;
        public bool IsReadOnly => false;

        public void Read(long lba, int n, byte[] buffer, int offset) =>
            Array.Copy(disk, Check(lba, n), buffer, offset, n * SectorSize);

        public void Write(long lba, int n, byte[] buffer, int offset) =>
            Array.Copy(buffer, offset, disk, Check(lba, n), n * SectorSize);

        public void Flush() { }

        private long Check(long lba, int n)
        {
            if (lba < 0 || n < 1 || lba + n > count) throw new FatException(FatError.DeviceError, $"sectors {lba}+{n} outside the partition");
            return (first + lba) * SectorSize;
        }
    }
}
