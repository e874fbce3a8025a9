using System.Text;
using Sing.DiskImage;
using Sing.Storage.Fat;
using Xunit;

namespace Sing.FileSystem.Tests;

/// <summary>The WebFiles image (Bench/WebFiles/README.md), built once for the class: the file set's count and bytes,
/// the request list's format and class mix, every listed size against the file on the volume, file contents, and
/// fsck.fat's verdict.</summary>
public sealed class WebFilesImageTests : IClassFixture<WebFilesImageTests.Image>
{
    public sealed class Image
    {
        public byte[] Disk { get; } = WebFilesImageBuilder.Build();
        public byte[] Partition => Disk.AsSpan((int)(DiskImageBuilder.PartitionStart * DiskImageBuilder.SectorSize)).ToArray();
    }

    private readonly Image _image;
    private readonly FatVolume _volume;

    public WebFilesImageTests(Image image)
    {
        _image = image;
        _volume = FatVolume.Mount(new MemoryDevice(image.Partition), new FixedClock());
    }

    /// <summary>Every file of the set, by path, with its size, from the volume's listings.</summary>
    private Dictionary<string, long> FileSet()
    {
        var files = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (FatEntryInfo dir in _volume.List(WebFileSet.Root).Where(e => e.IsDirectory))
            foreach (FatEntryInfo f in _volume.List($"{WebFileSet.Root}/{dir.Name}"))
                files[$"{WebFileSet.Root}/{dir.Name}/{f.Name}"] = f.Size;
        return files;
    }

    [Fact]
    public void TheSetHas50000FilesOf50Point3MB()
    {
        Dictionary<string, long> files = FileSet();
        Assert.Equal(50_000, files.Count);
        Assert.Equal(WebFileSet.Directories, _volume.List(WebFileSet.Root).Count(e => e.IsDirectory));
        long total = files.Values.Sum();
        Assert.Equal(WebFileSet.TotalBytes, total);
        double target = 50.3 * (1 << 20);
        Assert.True(Math.Abs(total - target) < target * 0.01, $"{total} bytes is not within 1% of 50.3 MiB");
        Assert.Equal(4, files.Keys.Select(p => p.Split('/')[3].Split('_')[0]).Distinct().Count());
    }

    [Fact]
    public void TheListParsesAndEverySizeMatchesItsFile()
    {
        string text = Encoding.ASCII.GetString(ReadFile(WebFilesImageBuilder.RequestsPath));
        var (files, bytes, quick, requests) = WebRequestList.Parse(text);
        Assert.Equal(50_000, files);
        Assert.Equal(WebFileSet.TotalBytes, bytes);
        Assert.Equal(WebRequestList.Requests, requests.Count);
        Assert.Equal(WebRequestList.Quick, quick);
        Dictionary<string, long> set = FileSet();
        foreach (var r in requests)
        {
            Assert.True(set.TryGetValue(r.Path, out long size), $"{r.Path} is listed but not on the volume");
            Assert.Equal(size, r.Size);
            Assert.Equal(r.Path, r.Path.ToLowerInvariant());
        }
        // SPECweb99's class mix, within sampling error, and Zipf: the most asked-for file of class 1 far above the median.
        var perClass = requests.GroupBy(r => r.Path.Split('/')[3][1] - '0').ToDictionary(g => g.Key, g => g.Count());
        for (int c = 0; c < 4; c++)
            Assert.InRange(perClass[c] / (double)requests.Count, WebRequestList.ClassMix[c] * 0.9, WebRequestList.ClassMix[c] * 1.1);
        var counts = requests.Where(r => r.Path.Contains("/c1_", StringComparison.Ordinal)).GroupBy(r => r.Path).Select(g => g.Count()).OrderDescending().ToList();
        Assert.True(counts[0] > 20 * counts[counts.Count / 2], $"top file {counts[0]} requests, median {counts[counts.Count / 2]}: not Zipf-like");
    }

    [Fact]
    public void ContentsFollowThePatternAndTheSmallFileIs512Bytes()
    {
        foreach (string path in new[] { WebFileSet.PathOf(0, 0), WebFileSet.PathOf(1, 777), WebFileSet.PathOf(3, 17), WebFilesImageBuilder.SmallFilePath })
        {
            byte[] data = ReadFile(path);
            var expected = new byte[data.Length];
            WebFileSet.Fill(path, expected);
            Assert.Equal(expected, data);
        }
        Assert.Equal(WebFilesImageBuilder.SmallFileBytes, ReadFile(WebFilesImageBuilder.SmallFilePath).Length);
        Assert.Equal(102 * 9, ReadFile(WebFileSet.PathOf(0, 8)).Length);
    }

    [Fact]
    public void FsckFindsThePartitionClean()
    {
        string partition = HostTools.TempImage();
        try
        {
            File.WriteAllBytes(partition, _image.Partition);
            var fsck = HostTools.Run("fsck.fat", "-n", partition);
            Assert.True(fsck.Code == 0, fsck.Output);
        }
        finally
        {
            File.Delete(partition);
        }
    }

    private byte[] ReadFile(string path)
    {
        FatFile file = _volume.Open(path, write: false, create: false, truncate: false);
        var data = new byte[file.Length];
        Assert.Equal(data.Length, file.Read(0, data, 0, data.Length));
        file.Close();
        return data;
    }
}
