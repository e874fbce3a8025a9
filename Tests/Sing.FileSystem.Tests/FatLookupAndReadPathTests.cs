using Sing.Storage.Fat;
using Xunit;
using static Sing.FileSystem.Tests.FatEngineTests;

namespace Sing.FileSystem.Tests;

/// <summary>The engine's fast paths (Fat/DirectoryCache.cs, FatFile.DirectRead): a cached directory never answers
/// with what the volume no longer holds, and data read past the sector cache is what was last written.</summary>
public class FatLookupAndReadPathTests
{
    private static FatVolume Mount(MemoryDevice d) => FatVolume.Mount(d, new FixedClock());

    [Fact]
    public void LookupsSeeEveryChangeWithoutARemount()
    {
        FatVolume v = Mount(Formatted());
        v.CreateDirectory("/d");
        // Enough entries to grow the directory over many clusters, each looked up right after it was made.
        for (int i = 0; i < 120; i++)
        {
            WriteText(v, $"/d/file number {i}.txt", i.ToString());
            Assert.Equal(i.ToString(), ReadText(v, $"/D/FILE NUMBER {i}.TXT"));
        }
        Assert.Equal(120, v.List("/d").Count);
        v.Rename("/d/file number 7.txt", "/d/seven.txt");
        Assert.Throws<FatException>(() => v.Stat("/d/file number 7.txt"));
        Assert.Equal("7", ReadText(v, "/d/seven.txt"));
        v.Delete("/d/seven.txt");
        Assert.Throws<FatException>(() => v.Stat("/d/seven.txt"));
        WriteText(v, "/d/file number 8.txt", "longer text than before");
        Assert.Equal(23, v.Stat("/d/file number 8.txt").Size);
    }

    [Fact]
    public void ADeletedDirectorysClusterReusedByANewOneShowsTheNewContents()
    {
        FatVolume v = Mount(Formatted());
        v.CreateDirectory("/old");
        WriteText(v, "/old/a.txt", "a");
        Assert.Equal("a", ReadText(v, "/old/a.txt"));
        v.Delete("/old/a.txt");
        v.Delete("/old");
        v.CreateDirectory("/new");
        Assert.Empty(v.List("/new"));
        Assert.Throws<FatException>(() => v.Stat("/new/a.txt"));
        WriteText(v, "/new/b.txt", "b");
        Assert.Equal("b", ReadText(v, "/new/b.txt"));
    }

    [Fact]
    public void ReadsOfWholeSectorsComeInOneRequestAndSeeUnwrittenChanges()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Mount(d);
        var data = new byte[40_000];
        for (int i = 0; i < data.Length; i++) data[i] = (byte)(i * 13 + (i >> 9));
        FatFile f = v.Open("/big.bin", write: true, create: true, truncate: true);
        f.Write(0, data, 0, data.Length);
        f.Close();
        v.Sync();

        // A fresh mount: the file's clusters are contiguous, so 64 KiB of whole sectors is one device read.
        v = Mount(d);
        f = v.Open("/big.bin", write: false, create: false, truncate: false);
        var back = new byte[data.Length];
        int before = d.Reads;
        Assert.Equal(39_936, f.Read(0, back, 0, 39_936));
        Assert.Equal(1, d.Reads - before);
        Assert.Equal(64, f.Read(39_936, back, 39_936, 64));
        Assert.Equal(data, back);
        f.Close();

        // Changes still only in the sector cache are what a read returns, at any offset.
        f = v.Open("/big.bin", write: true, create: false, truncate: false);
        var patch = new byte[1000];
        Array.Fill(patch, (byte)0xA5);
        f.Write(5_000, patch, 0, patch.Length);
        Array.Copy(patch, 0, data, 5_000, patch.Length);
        Assert.Equal(data.Length, f.Read(0, back, 0, data.Length));
        Assert.Equal(data, back);
        f.Close();
    }
}
