using System.Text;
using Sing.Storage.Fat;
using Xunit;

namespace Sing.FileSystem.Tests;

/// <summary>The engine on a freshly formatted volume: every operation, and what survives a remount.</summary>
public class FatEngineTests
{
    internal static MemoryDevice Formatted(long bytes = 8L << 20)
    {
        var device = MemoryDevice.Blank(bytes);
        FatFormatter.Format(device, "TEST", 0x12345678);
        return device;
    }

    internal static void WriteText(FatVolume v, string path, string text)
    {
        FatFile f = v.Open(path, write: true, create: true, truncate: true);
        byte[] b = Encoding.UTF8.GetBytes(text);
        f.Write(0, b, 0, b.Length);
        f.Close();
    }

    internal static string ReadText(FatVolume v, string path)
    {
        FatFile f = v.Open(path, write: false, create: false, truncate: false);
        var b = new byte[f.Length];
        int n = f.Read(0, b, 0, b.Length);
        f.Close();
        return Encoding.UTF8.GetString(b, 0, n);
    }

    private static FatVolume Remount(MemoryDevice d) => FatVolume.Mount(d, new FixedClock());

    [Fact]
    public void FormattedVolumeMountsEmptyWithTheRightSpace()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Remount(d);
        Assert.Empty(v.List("/"));
        Assert.Equal(v.TotalBytes - 512, v.FreeBytes);   // the root directory's cluster
        Assert.Equal(0x12345678u, v.VolumeId);
    }

    [Fact]
    public void FilesAndDirectoriesSurviveSyncAndRemount()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Remount(d);
        v.CreateDirectory("/docs");
        v.CreateDirectory("/docs/deeper");
        WriteText(v, "/hello.txt", "Hello, FAT32!\n");
        WriteText(v, "/docs/deeper/A Long File Name.markdown", "long");
        v.Sync();
        FatVolume again = Remount(d);
        Assert.Equal("Hello, FAT32!\n", ReadText(again, "/hello.txt"));
        Assert.Equal("long", ReadText(again, "docs/deeper/a long file name.MARKDOWN"));
        var names = again.List("/").Select(e => e.Name).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        Assert.Equal(new[] { "docs", "hello.txt" }, names);
        Assert.True(again.Stat("/docs").IsDirectory);
        Assert.Equal(new FixedClock().Time.ToString(), again.Stat("/hello.txt").Modified.ToString());
    }

    [Fact]
    public void UnsyncedWritesStayInTheCache()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Remount(d);
        WriteText(v, "/a.txt", "x");
        Assert.Throws<FatException>(() => Remount(d).Stat("/a.txt"));
        v.Sync();
        Assert.Equal(1, Remount(d).Stat("/a.txt").Size);
    }

    [Fact]
    public void LargeFileCrossesClustersAndReadsBack()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Remount(d);
        var data = new byte[300_000];
        new Random(7).NextBytes(data);
        FatFile f = v.Open("/big.bin", true, true, false);
        f.Write(0, data, 0, 100_000);
        f.Write(100_000, data, 100_000, 200_000);
        f.Close();
        v.Sync();
        FatVolume again = Remount(d);
        FatFile g = again.Open("/big.bin", false, false, false);
        var back = new byte[data.Length];
        Assert.Equal(data.Length, g.Read(0, back, 0, back.Length));
        Assert.Equal(data, back);
        Assert.Equal(0, g.Read(data.Length, back, 0, 10));
        g.Close();
    }

    [Fact]
    public void TruncateAndExtendFreeAndZero()
    {
        FatVolume v = Remount(Formatted());
        long free = v.FreeBytes;
        FatFile f = v.Open("/t.bin", true, true, false);
        var ones = Enumerable.Repeat((byte)1, 5000).ToArray();
        f.Write(0, ones, 0, ones.Length);
        Assert.Equal(free - 10 * 512, v.FreeBytes);
        f.SetLength(100);
        Assert.Equal(free - 512, v.FreeBytes);
        f.SetLength(2000);                      // extension reads as zeros, including the rest of the old sector
        var back = new byte[2000];
        Assert.Equal(2000, f.Read(0, back, 0, 2000));
        Assert.All(back.Take(100), b => Assert.Equal(1, b));
        Assert.All(back.Skip(100), b => Assert.Equal(0, b));
        f.Write(3000, ones, 0, 10);             // a gap after the end reads as zeros too
        Assert.Equal(3010, f.Length);
        f.SetLength(0);
        Assert.Equal(free, v.FreeBytes);
        f.Close();
    }

    [Fact]
    public void DeleteRenameAndMoveKeepTheTreeConsistent()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Remount(d);
        long free = v.FreeBytes;
        v.CreateDirectory("/a");
        v.CreateDirectory("/b");
        WriteText(v, "/a/file.txt", "content");
        v.Rename("/a/file.txt", "/b/renamed file.txt");
        Assert.Throws<FatException>(() => v.Stat("/a/file.txt"));
        Assert.Equal("content", ReadText(v, "/b/Renamed File.txt"));
        v.Rename("/b", "/a/b");                 // a directory moves; its ".." follows
        Assert.Equal("content", ReadText(v, "/a/b/../b/renamed file.txt"));
        var e = Assert.Throws<FatException>(() => v.Rename("/a", "/a/b/c"));
        Assert.Equal(FatError.InvalidArgument, e.Error);
        Assert.Equal(FatError.DirectoryNotEmpty, Assert.Throws<FatException>(() => v.Delete("/a")).Error);
        v.Rename("/a/b/renamed file.txt", "/a/b/RENAMED FILE.TXT");   // case only
        Assert.Equal("RENAMED FILE.TXT", v.List("/a/b").Single().Name);
        v.Delete("/a/b/renamed file.txt");
        v.Delete("/a/b");
        v.Delete("/a");
        Assert.Empty(v.List("/"));
        Assert.Equal(free, v.FreeBytes);
        v.Sync();
        Assert.Empty(Remount(d).List("/"));
    }

    [Fact]
    public void ErrorsAreSpecific()
    {
        FatVolume v = Remount(Formatted());
        WriteText(v, "/f.txt", "x");
        Assert.Equal(FatError.NotFound, Assert.Throws<FatException>(() => v.Open("/none", false, false, false)).Error);
        Assert.Equal(FatError.AlreadyExists, Assert.Throws<FatException>(() => v.CreateDirectory("/F.TXT")).Error);
        Assert.Equal(FatError.NotADirectory, Assert.Throws<FatException>(() => v.List("/f.txt")).Error);
        Assert.Equal(FatError.BadName, Assert.Throws<FatException>(() => v.Open("/a?b", true, true, false)).Error);
        Assert.Equal(FatError.BadName, Assert.Throws<FatException>(() => v.CreateDirectory("/trailing.")).Error);
        v.CreateDirectory("/d");
        Assert.Equal(FatError.IsADirectory, Assert.Throws<FatException>(() => v.Open("/d", false, false, false)).Error);
        FatFile open = v.Open("/f.txt", false, false, false);
        Assert.Equal(FatError.Busy, Assert.Throws<FatException>(() => v.Delete("/f.txt")).Error);
        Assert.Equal(FatError.AccessDenied, Assert.Throws<FatException>(() => open.Write(0, new byte[1], 0, 1)).Error);
        open.Close();
        v.Delete("/f.txt");
    }

    [Fact]
    public void ShortNamesGetNumericTailsAndStayUnique()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Remount(d);
        for (int i = 0; i < 12; i++) WriteText(v, $"/Long document number {i}.text", i.ToString());
        WriteText(v, "/README.TXT", "exact");
        v.Sync();
        FatVolume again = Remount(d);
        for (int i = 0; i < 12; i++) Assert.Equal(i.ToString(), ReadText(again, $"/long DOCUMENT number {i}.TEXT"));
        Assert.Equal("exact", ReadText(again, "/readme.txt"));
        Assert.Equal("0", ReadText(again, "/LONGDO~1.TEX"));     // the short alias works too
    }

    [Fact]
    public void FullVolumeFailsWithNoSpaceAndLosesNothing()
    {
        FatVolume v = Remount(Formatted(2L << 20));
        WriteText(v, "/keep.txt", "kept");
        FatFile f = v.Open("/fill.bin", true, true, false);
        var chunk = new byte[64 * 1024];
        var e = Assert.Throws<FatException>(() => { for (int i = 0; i < 100; i++) f.Write(f.Length, chunk, 0, chunk.Length); });
        Assert.Equal(FatError.NoSpace, e.Error);
        Assert.Equal(0, v.FreeBytes);
        f.Close();
        Assert.Equal("kept", ReadText(v, "/keep.txt"));
        v.Delete("/fill.bin");
        Assert.True(v.FreeBytes > 1 << 20);
    }

    [Fact]
    public void ManyEntriesGrowTheDirectory()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Remount(d);
        v.CreateDirectory("/many");
        for (int i = 0; i < 300; i++) WriteText(v, $"/many/entry with a long name {i:D4}.txt", "");
        v.Sync();
        Assert.Equal(300, Remount(d).List("/many").Count);
    }
}
