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

    [Fact]
    public void KeptFileContentsFollowEveryChange()
    {
        MemoryDevice d = Formatted();
        FatVolume v = Mount(d);
        WriteText(v, "/a.txt", "first contents of a, long enough for two sectors? no, one");
        byte[] Contents(string path)
        {
            FatFile f = v.Open(path, write: false, create: false, truncate: false);
            byte[] c = f.Contents()!;
            byte[] copy = c[..(int)f.Length];
            f.Close();
            return copy;
        }
        Assert.Equal(ReadText(v, "/a.txt"), System.Text.Encoding.UTF8.GetString(Contents("/a.txt")));
        // A second read is served from memory: no device request.
        int before = d.Reads;
        Contents("/a.txt");
        Assert.Equal(before, d.Reads);

        // Overwritten in place (same size), grown, shrunk: each read sees the new bytes.
        FatFile w = v.Open("/a.txt", write: true, create: false, truncate: false);
        w.Write(0, new byte[] { (byte)'F' }, 0, 1);
        w.Close();
        Assert.Equal((byte)'F', Contents("/a.txt")[0]);
        var big = new byte[3000];
        for (int i = 0; i < big.Length; i++) big[i] = (byte)(i * 7);
        w = v.Open("/a.txt", write: true, create: false, truncate: false);
        w.Write(0, big, 0, big.Length);
        w.Close();
        Assert.Equal(big, Contents("/a.txt"));
        w = v.Open("/a.txt", write: true, create: false, truncate: false);
        w.SetLength(100);
        w.Close();
        Assert.Equal(big[..100], Contents("/a.txt"));

        // Deleted, and its clusters reused by another file of the same size.
        v.Delete("/a.txt");
        var other = new byte[100];
        Array.Fill(other, (byte)0x5A);
        FatFile b = v.Open("/b.bin", write: true, create: true, truncate: true);
        b.Write(0, other, 0, other.Length);
        b.Close();
        Assert.Equal(other, Contents("/b.bin"));

        // What a remount reads from the device agrees.
        v.Sync();
        v = Mount(d);
        Assert.Equal(other, Contents("/b.bin"));
        Assert.Null(v.Open("/b.bin", write: true, create: false, truncate: true).Contents());
    }
}
