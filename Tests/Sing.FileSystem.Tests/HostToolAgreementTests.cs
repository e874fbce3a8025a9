using System.Text;
using Sing.Storage.Fat;
using Xunit;

namespace Sing.FileSystem.Tests;

/// <summary>Our engine and the host's FAT tools agree: what we write, fsck.fat finds clean and mtools reads; what
/// mkfs.fat and mtools write, we read.</summary>
public class HostToolAgreementTests
{
    [Fact]
    public void OurVolumeIsCleanForFsckAndReadableByMtools()
    {
        // 40 MiB: mtools reads FAT32 only with at least 65,525 clusters (fsck.fat and our engine take fewer).
        MemoryDevice d = FatEngineTests.Formatted(40L << 20);
        FatVolume v = FatVolume.Mount(d, new FixedClock());
        v.CreateDirectory("/docs");
        v.CreateDirectory("/docs/Sub Directory");
        FatEngineTests.WriteText(v, "/hello.txt", "Hello from Singularity\n");
        FatEngineTests.WriteText(v, "/docs/readme.txt", "read me\n");
        FatEngineTests.WriteText(v, "/docs/Sub Directory/A rather long file name.text", "long name\n");
        for (int i = 0; i < 40; i++) FatEngineTests.WriteText(v, $"/docs/entry {i}.dat", new string('x', i * 100));
        var big = new byte[200_000];
        new Random(3).NextBytes(big);
        FatFile f = v.Open("/big.bin", true, true, false);
        f.Write(0, big, 0, big.Length);
        f.SetLength(150_000);
        f.Close();
        v.Delete("/docs/entry 7.dat");
        v.Rename("/docs/entry 8.dat", "/moved.dat");
        v.Sync();

        string image = HostTools.TempImage();
        try
        {
            File.WriteAllBytes(image, d.Bytes);
            var (code, output) = HostTools.Run("fsck.fat", "-n", "-v", image);
            Assert.True(code == 0, output);
            Assert.DoesNotContain("differences", output, StringComparison.OrdinalIgnoreCase);
            Assert.DoesNotContain("Free cluster summary", output, StringComparison.Ordinal);
            var dir = HostTools.Run("mdir", "-i", image, "::/docs/Sub Directory");
            Assert.True(dir.Code == 0, dir.Output);
            Assert.Contains("A rather long file name.text", dir.Output, StringComparison.Ordinal);
            Assert.Equal("Hello from Singularity\n", HostTools.Run("mtype", "-i", image, "::/hello.txt").Output);
            Assert.Equal("long name\n", HostTools.Run("mtype", "-i", image, "::/docs/Sub Directory/A rather long file name.text").Output);
            string copy = image + ".big";
            var (copyCode, copyOutput) = HostTools.Run("mcopy", "-n", "-i", image, "::/big.bin", copy);
            Assert.True(copyCode == 0, copyOutput);
            Assert.Equal(big.Take(150_000).ToArray(), File.ReadAllBytes(copy));
            File.Delete(copy);
            Assert.Contains("moved", HostTools.Run("mdir", "-i", image, "::/").Output, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(image);
        }
    }

    [Fact]
    public void WhatMkfsAndMtoolsWriteWeRead()
    {
        string image = HostTools.TempImage();
        string source = image + ".src";
        try
        {
            using (var s = File.Create(image)) s.SetLength(40L << 20);
            var mk = HostTools.Run("mkfs.fat", "-F", "32", "-n", "HOSTVOL", image);
            Assert.True(mk.Code == 0, mk.Output);
            File.WriteAllText(source, "written by mtools\n");
            Assert.Equal(0, HostTools.Run("mmd", "-i", image, "::/Folder With Spaces").Code);
            Assert.Equal(0, HostTools.Run("mcopy", "-i", image, source, "::/Folder With Spaces/Some Long Name.txt").Code);
            Assert.Equal(0, HostTools.Run("mcopy", "-i", image, source, "::/short.txt").Code);
            var data = new byte[70_000];
            new Random(5).NextBytes(data);
            File.WriteAllBytes(source, data);
            Assert.Equal(0, HostTools.Run("mcopy", "-i", image, source, "::/data.bin").Code);

            var d = new MemoryDevice(File.ReadAllBytes(image));
            FatVolume v = FatVolume.Mount(d, new FixedClock());
            Assert.Equal("written by mtools\n", FatEngineTests.ReadText(v, "/folder with spaces/some long name.TXT"));
            Assert.Equal("written by mtools\n", FatEngineTests.ReadText(v, "/SHORT.TXT"));
            Assert.Contains(v.List("/"), e => e.Name == "short.txt");   // mtools' lower-case flag is honoured
            FatFile f = v.Open("/data.bin", false, false, false);
            var back = new byte[data.Length];
            Assert.Equal(data.Length, f.Read(0, back, 0, back.Length));
            Assert.Equal(data, back);
            f.Close();

            // Write with our engine on their volume, then fsck it.
            FatEngineTests.WriteText(v, "/Folder With Spaces/ours.txt", "ours");
            v.Delete("/short.txt");
            v.Sync();
            File.WriteAllBytes(image, d.Bytes);
            var fsck = HostTools.Run("fsck.fat", "-n", image);
            Assert.True(fsck.Code == 0, fsck.Output);
            Assert.Equal("ours", HostTools.Run("mtype", "-i", image, "::/Folder With Spaces/ours.txt").Output);
        }
        finally
        {
            File.Delete(image);
            File.Delete(source);
        }
    }
}
