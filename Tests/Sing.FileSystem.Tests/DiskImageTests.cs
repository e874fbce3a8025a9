using Sing.DiskImage;
using Sing.Storage.Fat;
using Xunit;

namespace Sing.FileSystem.Tests;

/// <summary>The data disk the build makes (Tools/Sing.DiskImage from Build/DiskImage/): the same bytes every time, an
/// MBR whose one partition holds a FAT32 volume that fsck.fat finds clean and mtools reads.</summary>
public class DiskImageTests
{
    private static readonly string Tree = Path.Combine(Repository(), "Build", "DiskImage");

    private static string Repository()
    {
        string? dir = AppContext.BaseDirectory;
        while (dir is not null && !File.Exists(Path.Combine(dir, "Singularity.sln"))) dir = Path.GetDirectoryName(dir);
        return dir ?? throw new InvalidOperationException("the repository root (Singularity.sln) is not above the test binaries");
    }

    [Fact]
    public void TheImageIsDeterministicPartitionedAndClean()
    {
        byte[] disk = DiskImageBuilder.Build(Tree, 64);
        Assert.Equal(disk, DiskImageBuilder.Build(Tree, 64));
        Assert.Equal(0x55, disk[510]);
        Assert.Equal(0xAA, disk[511]);
        Assert.Equal(MbrPartitionTable.Fat32Lba, disk[446 + 4]);
        Assert.Equal((uint)DiskImageBuilder.PartitionStart, BitConverter.ToUInt32(disk, 446 + 8));

        long offset = DiskImageBuilder.PartitionStart * DiskImageBuilder.SectorSize;
        string image = HostTools.TempImage();
        string partition = image + ".part";
        try
        {
            File.WriteAllBytes(image, disk);
            File.WriteAllBytes(partition, disk.AsSpan((int)offset).ToArray());
            var fsck = HostTools.Run("fsck.fat", "-n", partition);
            Assert.True(fsck.Code == 0, fsck.Output);
            Assert.Equal(File.ReadAllText(Path.Combine(Tree, "hello.txt")), HostTools.Run("mtype", "-i", image + "@@1M", "::/hello.txt").Output);
            Assert.Equal(File.ReadAllText(Path.Combine(Tree, "docs", "readme.txt")), HostTools.Run("mtype", "-i", image + "@@1M", "::/docs/readme.txt").Output);

            var device = new MemoryDevice(File.ReadAllBytes(partition));
            FatVolume volume = FatVolume.Mount(device, new FixedClock());
            Assert.Equal(new[] { "docs", "system", "www", "hello.txt" }, volume.List("/").Select(e => e.Name).ToArray());
            Assert.Equal("2026-01-01 00:00:00", volume.Stat("/hello.txt").Modified.ToString());
        }
        finally
        {
            File.Delete(image);
            File.Delete(partition);
        }
    }
}
