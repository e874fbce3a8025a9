using Sing.Storage.Fat;
using Xunit;
using Xunit.Abstractions;

namespace Sing.FileSystem.Tests;

/// <summary>A small mkfs.fat volume with a tree on it, damaged 1,200 ways (seeded, so every run is the same): bytes
/// of the boot sector, the FATs (both copies alike, or one) and the directories are flipped, chains made to loop or
/// leave the volume, sizes inflated. Mounting and then using every file may fail only with FatException, and every
/// image must be done within a bounded time (a loop the engine did not bound would hang the worker).</summary>
public class MutatedImageTests
{
    private const int Images = 1200;
    private readonly ITestOutputHelper _output;

    public MutatedImageTests(ITestOutputHelper output) { _output = output; }

    private static byte[] BaseImage()
    {
        string image = HostTools.TempImage();
        try
        {
            using (var s = File.Create(image)) s.SetLength(2L << 20);
            var mk = HostTools.Run("mkfs.fat", "-F", "32", "-s", "1", "-i", "00c0ffee", image);
            Assert.True(mk.Code == 0, mk.Output);
            var d = new MemoryDevice(File.ReadAllBytes(image));
            FatVolume v = FatVolume.Mount(d, new FixedClock());
            v.CreateDirectory("/docs");
            v.CreateDirectory("/docs/nested directory");
            FatEngineTests.WriteText(v, "/hello.txt", "hello\n");
            FatEngineTests.WriteText(v, "/docs/readme.txt", new string('r', 1500));
            FatEngineTests.WriteText(v, "/docs/nested directory/A long name for a file.text", new string('n', 3000));
            for (int i = 0; i < 20; i++) FatEngineTests.WriteText(v, $"/docs/file number {i}.txt", new string((char)('a' + i), 700));
            v.Sync();
            return d.Bytes;
        }
        finally
        {
            File.Delete(image);
        }
    }

    [Fact]
    public void DamagedVolumesGiveFatErrorsNeverCrashesOrHangs()
    {
        byte[] pristine = BaseImage();
        var boot = BootFields.Of(pristine);
        int mounted = 0, refused = 0, fileErrors = 0;
        var reasons = new Dictionary<string, int>();
        Exception? escaped = null;
        string? escapedAt = null;
        var worker = new Thread(() =>
        {
            for (int seed = 0; seed < Images && escaped == null; seed++)
            {
                byte[] image = (byte[])pristine.Clone();
                string what = Mutate(image, new Random(seed), boot);
                try
                {
                    var d = new MemoryDevice(image);
                    FatVolume v;
                    try
                    {
                        v = FatVolume.Mount(d, new FixedClock());
                    }
                    catch (FatException e)
                    {
                        refused++;
                        string key = e.Message.Length > 60 ? e.Message[..60] : e.Message;
                        reasons[key] = reasons.GetValueOrDefault(key) + 1;
                        continue;
                    }
                    mounted++;
                    fileErrors += Exercise(v);
                }
                catch (Exception e) when (e is not FatException)
                {
                    escaped = e;
                    escapedAt = $"image {seed} ({what})";
                }
            }
        }, 16 << 20);
        worker.Start();
        Assert.True(worker.Join(TimeSpan.FromMinutes(5)), "an image did not finish: a loop is unbounded");
        Assert.True(escaped == null, $"{escapedAt}: {escaped}");
        _output.WriteLine($"{Images} images: {mounted} mounted ({fileErrors} file-level errors), {refused} refused");
        foreach (var r in reasons.OrderByDescending(r => r.Value).Take(12)) _output.WriteLine($"  {r.Value,4}  {r.Key}");
        Assert.Equal(Images, mounted + refused);
        Assert.True(mounted > Images / 4 && refused > Images / 10, $"mutations should both pass and fail mounts ({mounted} mounted, {refused} refused)");
        Assert.True(fileErrors > 50, $"the damage should reach files ({fileErrors} file-level errors)");
    }

    /// <summary>Walks the whole tree, reads every file, then writes, renames and deletes; returns how many operations
    /// failed with FatException (anything else propagates).</summary>
    private static int Exercise(FatVolume v)
    {
        int errors = 0;
        var pending = new Stack<(string Path, int Depth)>();
        pending.Push(("/", 0));
        var buffer = new byte[8192];
        int visited = 0;
        while (pending.Count > 0 && visited < 500)
        {
            var (path, depth) = pending.Pop();
            visited++;
            List<FatEntryInfo> entries;
            try { entries = v.List(path); }
            catch (FatException) { errors++; continue; }
            foreach (FatEntryInfo e in entries)
            {
                string child = path == "/" ? "/" + e.Name : path + "/" + e.Name;
                try
                {
                    v.Stat(child);
                    if (e.IsDirectory)
                    {
                        if (depth < 8) pending.Push((child, depth + 1));
                        continue;
                    }
                    FatFile f = v.Open(child, false, false, false);
                    for (long at = 0; at < f.Length; at += buffer.Length) f.Read(at, buffer, 0, buffer.Length);
                    f.Close();
                }
                catch (FatException) { errors++; }
            }
        }
        errors += Try(() => FatEngineTests.WriteText(v, "/new file.txt", new string('w', 2000)));
        errors += Try(() => v.CreateDirectory("/docs/made"));
        errors += Try(() => v.Rename("/hello.txt", "/docs/hello again.txt"));
        errors += Try(() => v.Delete("/docs/readme.txt"));
        errors += Try(() =>
        {
            FatFile f = v.Open("/docs/file number 3.txt", true, false, false);
            f.SetLength(5000);
            f.SetLength(10);
            f.Close();
        });
        errors += Try(v.Sync);
        return errors;
    }

    private static int Try(Action action)
    {
        try
        {
            action();
            return 0;
        }
        catch (FatException)
        {
            return 1;
        }
    }

    private sealed record BootFields(int FatStart, int FatBytes, int Fats, int DataStart)
    {
        public static BootFields Of(byte[] image)
        {
            int reserved = BitConverter.ToUInt16(image, 14);
            int fatSectors = (int)BitConverter.ToUInt32(image, 36);
            return new BootFields(reserved * 512, fatSectors * 512, image[16], (reserved + image[16] * fatSectors) * 512);
        }
    }

    /// <summary>Damages the image in one of several ways; returns a description for a failure message.</summary>
    private static string Mutate(byte[] image, Random r, BootFields f)
    {
        int kind = r.Next(7);
        int usedFat = Math.Min(f.FatBytes, 4 * 2000);   // the entries of the clusters in use and a margin
        switch (kind)
        {
            case 0:   // boot sector bytes
                for (int i = r.Next(1, 4); i > 0; i--) image[r.Next(r.Next(2) == 0 ? 90 : 512)] = (byte)r.Next(256);
                return "boot sector";
            case 1:   // FAT entries, both copies alike (so the mount goes on and the chains are wrong)
            case 2:
                for (int i = r.Next(1, 6); i > 0; i--)
                {
                    int at = 8 + r.Next(usedFat - 8) / 4 * 4;
                    uint value = r.Next(4) switch
                    {
                        0 => (uint)(at / 4),                         // points at itself: a loop
                        1 => 0x0FFFFFF0u,                            // outside the volume
                        2 => (uint)r.Next(2, 4100),                  // somewhere else
                        _ => (uint)r.Next(),                          // anything
                    };
                    for (int c = 0; c < f.Fats; c++) BitConverter.GetBytes(value).CopyTo(image, f.FatStart + c * f.FatBytes + at);
                }
                return "FAT entries";
            case 3:   // one FAT copy only: the copies disagree
                image[f.FatStart + f.FatBytes + 8 + r.Next(usedFat - 8)] ^= (byte)(1 << r.Next(8));
                return "one FAT copy";
            case 4:   // directory bytes in the first clusters of the data area (root, docs, nested)
            case 5:
                for (int i = r.Next(1, 8); i > 0; i--) image[f.DataStart + r.Next(512 * 8)] = (byte)r.Next(256);
                return "directory bytes";
            default:  // a size or first-cluster field of a directory entry
            {
                int entry = f.DataStart + r.Next(512 * 4 / 32) * 32;
                int field = r.Next(2) == 0 ? 28 : 26;
                BitConverter.GetBytes(r.Next(2) == 0 ? r.Next() : r.Next(100_000)).CopyTo(image, entry + field);
                return "entry size or cluster";
            }
        }
    }
}
