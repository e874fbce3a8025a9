using System.Diagnostics;
using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Boot.Tests;

/// <summary>The file system on the real disk (issue 17): the boot services rtc → ahci → filesystem → shell, the AHCI
/// driver serving /dev/disk0p1 of a copy of the build's data image (artifacts/disk.img: MBR, one FAT32 partition of
/// type 0x0C at 1 MiB) and the file system mounting it at /fs through the driver's block handshake. Every session boots
/// a scratch copy of the image made for this test run (never the shared artifact) and deletes it afterwards.
/// Sessions: a script= that prints a file and shuts down; two boots of one image (the first writes, the second reads)
/// followed by the host's fsck.fat and mtools; killing the file system and then the disk driver while they are in use
/// (the supervisor restarts the driver and the file system re-binds to it).</summary>
public class FileSystemDiskBootTests(ITestOutputHelper output)
{
    private const long PartitionOffset = 1024 * 1024;
    private const string Persisted = "persisted across boots 4711";

    private static string HelloText =>
        File.ReadAllText(Path.Combine(Repository.Root, "Build", "DiskImage", "hello.txt")).TrimEnd('\r', '\n');

    /// <summary>A fresh copy of artifacts/disk.img in a directory of its own.</summary>
    private static string ScratchCopy(string session)
    {
        string source = Path.Combine(Repository.Root, "artifacts", "disk.img");
        if (!File.Exists(source)) throw new FileNotFoundException("artifacts/disk.img is missing: build Tools/Sing.DiskImage (dotnet build Singularity.sln)", source);
        string directory = ScratchDisk.NewDirectory(session);
        Directory.CreateDirectory(directory);
        string copy = Path.Combine(directory, "disk.img");
        File.Copy(source, copy);
        return copy;
    }

    private static Task<QemuResult> Boot(string image, string logName, params string[] lines) =>
        Machine.BootAsync("tools=test script=" + string.Join("; ", lines), logName, instructionCounting: true, disks: new[] { image });

    private static void AssertSuccess(QemuResult run, string what) =>
        Assert.True(run.Status == KernelExitStatus.Success, $"{what}: the script's shutdown ends QEMU with success.\n{run.Describe()}");

    private static void AssertLine(string serial, string pattern) =>
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");

    // ---- a client that breaks the file-system contract -----------------------------------------------------------

    private static readonly Lazy<Task<QemuResult>> Violators = new(async () =>
    {
        string image = ScratchCopy("fs-violators");
        try
        {
            // An unknown tag and a reply-only message (Opened) sent by the client break the contract, which the kernel
            // checks on every /fs channel (the file system has its binds checked): the kernel ends those clients. Open
            // without its path has a legal tag but no path: the file system itself must drop that client. Either way it
            // goes on serving.
            return await Boot(image, "fs-disk-violators", "channelprobe raw-send /fs 99", "channelprobe raw-send /fs 1",
                "channelprobe raw-send /fs 0 16", "cat /fs/hello.txt", "shutdown");
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(image)!, recursive: true);
        }
    });

    [Fact]
    public async Task A_client_breaking_the_contract_is_ended_alone_and_the_file_system_serves_on()
    {
        QemuResult run = await Violators.Value;
        output.WriteLine(run.Serial);
        AssertSuccess(run, "violators");
        Assert.Equal(2, Regex.Matches(run.Serial, @"\[kernel\] SIP channelprobe \(pid \d+\) terminated: protocol violation on a \S*FileSystemContract channel: message (99|1) is not allowed for the importer").Count);
        Assert.Single(Regex.Matches(run.Serial, @"fs: channelprobe \(pid \d+\) broke the file-system contract: .+; its channel is closed"));
        Assert.Single(Regex.Matches(run.Serial, @"raw-send: /fs closed the channel after tag 0"));
        AssertLine(run.Serial, "^" + Regex.Escape(HelloText) + "\r?$");
        Assert.DoesNotContain("terminated", run.Serial.Split('\n').Where(l => l.Contains("filesystem")).Aggregate("", (a, l) => a + l));
    }

    // ---- script=cat /fs/hello.txt; shutdown --------------------------------------------------------------------

    private static readonly Lazy<Task<QemuResult>> Cat = new(async () =>
    {
        string image = ScratchCopy("fs-cat");
        try
        {
            return await Boot(image, "fs-disk-cat", "cat /fs/hello.txt", "shutdown");
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(image)!, recursive: true);
        }
    });

    [Fact]
    public async Task ScriptCatPrintsTheFileFromTheDiskAndEndsWithSuccess()
    {
        QemuResult run = await Cat.Value;
        AssertSuccess(run, "cat");
        AssertLine(run.Serial, @"^boot: started rtc \(pid 1\)$");
        AssertLine(run.Serial, @"^boot: started ahci \(pid 2\)$");
        AssertLine(run.Serial, @"^boot: started filesystem \(pid 3\)$");
        AssertLine(run.Serial, @"^boot: started login \(pid 7\)$");
        AssertLine(run.Serial, @"^\[ahci:2\] /dev/disk0p1: sectors 2048-131071$");
        AssertLine(run.Serial, @"^\[filesystem:3\] fs: mounted /dev/disk0p1 at /fs: FAT32, \d+ KiB, \d+ KiB free, clusters of \d+ bytes; /system is read-only to applications$");
        AssertLine(run.Serial, "^" + Regex.Escape(HelloText) + "$");
        AssertLine(run.Serial, @"^synced /fs$");
        Assert.DoesNotContain("cat:", run.Serial, StringComparison.Ordinal);
    }

    // ---- the FAT partition in MBR slot 2 (partition 1 empty): the file system finds it --------------------------------

    private static readonly Lazy<Task<QemuResult>> SecondSlot = new(async () =>
    {
        string image = ScratchCopy("fs-slot2");
        try
        {
            // Move the MBR's first entry (the FAT32 partition) to the second slot: the driver names it /dev/disk0p2.
            using (var file = new FileStream(image, FileMode.Open, FileAccess.ReadWrite))
            {
                var mbr = new byte[512];
                file.ReadExactly(mbr);
                Array.Copy(mbr, 446, mbr, 462, 16);
                Array.Clear(mbr, 446, 16);
                file.Position = 0;
                file.Write(mbr);
            }
            return await Boot(image, "fs-disk-slot2", "cat /fs/hello.txt", "shutdown");
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(image)!, recursive: true);
        }
    });

    [Fact]
    public async Task TheFirstFatPartitionIsMountedWhateverItsNumber()
    {
        QemuResult run = await SecondSlot.Value;
        AssertSuccess(run, "slot 2");
        AssertLine(run.Serial, @"^\[ahci:2\] /dev/disk0p2: sectors 2048-131071$");
        AssertLine(run.Serial, @"^\[filesystem:3\] fs: mounted /dev/disk0p2 at /fs: FAT32, ");
        AssertLine(run.Serial, "^" + Regex.Escape(HelloText) + "$");
    }

    // ---- persistence across two boots, then the host's tools ------------------------------------------------------

    private sealed record Persistence(QemuResult First, QemuResult Second, int FsckCode, string Fsck, int MtypeCode, string Mtype,
        string CopyMtype, string Mdir);

    private static readonly Lazy<Task<Persistence>> TwoBoots = new(async () =>
    {
        string image = ScratchCopy("fs-persist");
        string directory = Path.GetDirectoryName(image)!;
        try
        {
            QemuResult first = await Boot(image, "fs-disk-boot1",
                "write /fs/persist.txt " + Persisted, "mkdir /fs/keep", "cp /fs/hello.txt /fs/keep/copy.txt", "shutdown");
            QemuResult second = await Boot(image, "fs-disk-boot2", "cat /fs/persist.txt", "ls /fs/keep", "shutdown");
            // fsck.fat takes a file system, not a disk: the partition (from 1 MiB to the end) is copied out.
            string partition = Path.Combine(directory, "partition.img");
            using (var from = File.OpenRead(image))
            using (var to = File.Create(partition))
            {
                from.Position = PartitionOffset;
                await from.CopyToAsync(to);
            }
            (int fsckCode, string fsck) = Host("fsck.fat", "-n", partition);
            (int mtypeCode, string mtype) = Host("mtype", "-i", image + "@@1M", "::/persist.txt");
            (_, string copy) = Host("mtype", "-i", image + "@@1M", "::/keep/copy.txt");
            (_, string mdir) = Host("mdir", "-i", image + "@@1M", "::/keep");
            return new Persistence(first, second, fsckCode, fsck, mtypeCode, mtype, copy, mdir);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    });

    [Fact]
    public async Task WhatTheFirstBootWroteTheSecondBootReads()
    {
        Persistence p = await TwoBoots.Value;
        AssertSuccess(p.First, "boot 1");
        AssertSuccess(p.Second, "boot 2");
        foreach (string command in new[] { "write:", "mkdir:", "cp:" }) Assert.DoesNotContain(command, p.First.Serial, StringComparison.Ordinal);
        AssertLine(p.First.Serial, @"^synced /fs$");
        AssertLine(p.Second.Serial, "^" + Regex.Escape(Persisted) + "$");
        AssertLine(p.Second.Serial, @"^  f +\d+  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d  copy\.txt$");
    }

    [Fact]
    public async Task TheHostFindsTheVolumeCleanAndReadsWhatTheSystemWrote()
    {
        Persistence p = await TwoBoots.Value;
        Assert.True(p.FsckCode == 0, $"fsck.fat -n exit {p.FsckCode}:\n{p.Fsck}");
        Assert.DoesNotContain("differ", p.Fsck, StringComparison.OrdinalIgnoreCase);
        Assert.True(p.MtypeCode == 0, $"mtype exit {p.MtypeCode}: {p.Mtype}");
        Assert.Equal(Persisted + "\n", p.Mtype.Replace("\r\n", "\n", StringComparison.Ordinal));
        Assert.Equal(HelloText, p.CopyMtype.TrimEnd('\r', '\n'));
        Assert.Contains("copy.txt", p.Mdir, StringComparison.Ordinal);
    }

    private static (int Code, string Output) Host(string tool, params string[] args)
    {
        string path = new[] { "/usr/sbin", "/sbin", "/usr/bin", "/bin" }.Concat((Environment.GetEnvironmentVariable("PATH") ?? "").Split(':'))
            .Select(d => Path.Combine(d, tool)).FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException($"{tool} is missing: run Build/install-prerequisites.sh (packages dosfstools, mtools)");
        var start = new ProcessStartInfo(path) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string a in args) start.ArgumentList.Add(a);
        start.Environment["MTOOLS_SKIP_CHECK"] = "1";
        using var process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        if (!process.WaitForExit(60_000))
        {
            process.Kill();
            throw new TimeoutException($"{tool} did not finish");
        }
        return (process.ExitCode, output + error.Result);
    }

    // ---- killing the file system and the disk driver while in use -------------------------------------------------

    /// <summary>fsprobe reads a file over /fs in a loop and the file system (pid 3) is killed under it; the supervisor
    /// restarts it (the policy's restart="on-failure"), and the new one mounts the disk again through the same driver; then the disk driver (pid 2) is killed, the supervisor starts a
    /// new one, and the file system's next disk I/O (a file not read before, so not in its caches) re-binds to it and is
    /// served; writes and a sync reach the disk too.</summary>
    private static readonly Lazy<Task<QemuResult>> Kill = new(async () =>
    {
        string image = ScratchCopy("fs-kill");
        try
        {
            return await Boot(image, "fs-disk-kill",
                "wait /fs 120", "fsprobe hold &", "wait /fsprobe/holding 120", "sleep 1", "kill 3",
                "wait /fs 120", "cat /fs/hello.txt",
                "kill 2", "cat /fs/docs/readme.txt", "write /fs/late.txt after the driver died", "sync", "ps", "ls /fs", "shutdown");
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(image)!, recursive: true);
        }
    });

    [Theory]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe: holding /held\.bin open and reading$")]
    [InlineData(@"^\[kernel\] SIP filesystem \(pid 3\) terminated: killed by shell$")]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe: the file system closed the channel \(ChannelClosed\)$")]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe hold: all checks passed$")]
    [InlineData(@"^\[kernel\] supervisor: restarted filesystem as pid \d+ \(killed by shell; restart 1, after \d+ ms\)$")]
    [InlineData(@"^\[filesystem:(?!3\])\d+\] fs: mounted /dev/disk0p1 at /fs")]
    [InlineData(@"^\[kernel\] SIP ahci \(pid 2\) terminated: killed by shell$")]
    [InlineData(@"^\[kernel\] supervisor: restarted ahci as pid \d+ \(killed by shell; restart 1, after 50 ms\)$")]
    [InlineData(@"^\[filesystem:\d+\] fs: /dev/disk0p1 is back: re-bound to the restarted disk driver \d+ ms after the channel was found closed$")]
    [InlineData(@"^  f +\d+  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d  late\.txt$")]
    [InlineData(@"^ +\d+ +0 +running +1 +\d+ +filesystem")]
    [InlineData(@"^\[kernel\] shutdown requested by shell \(pid 8\)$")]
    public async Task KillingTheFileSystemOrTheDriverLeavesClientsWithChannelClosed(string pattern)
    {
        QemuResult run = await Kill.Value;
        AssertSuccess(run, "kill");
        AssertLine(run.Serial, pattern);
    }

    [Fact]
    public async Task NoSipFailsOtherThanByTheKills()
    {
        QemuResult run = await Kill.Value;
        AssertSuccess(run, "kill");
        Assert.DoesNotContain("unhandled exception", run.Serial, StringComparison.Ordinal);
        Assert.DoesNotMatch(new Regex(@"^\[kernel\] SIP .* terminated: (?!killed by shell)", RegexOptions.Multiline), run.Serial);
        // The restarted file system still served cat from the disk after the first one died.
        int secondMount = run.Serial.IndexOf("killed 3", StringComparison.Ordinal);
        Assert.True(secondMount > 0, run.Serial);
        Assert.Matches(new Regex("^" + Regex.Escape(HelloText) + "$", RegexOptions.Multiline), run.Serial[secondMount..]);
    }

    [Fact]
    public async Task TheFileSystemServesReadsAndWritesThroughTheRestartedDriver()
    {
        QemuResult run = await Kill.Value;
        AssertSuccess(run, "kill");
        int killed = run.Serial.IndexOf("killed 2", StringComparison.Ordinal);
        Assert.True(killed > 0, run.Serial);
        string after = run.Serial[killed..];
        string readme = File.ReadAllLines(Path.Combine(Repository.Root, "Build", "DiskImage", "docs", "readme.txt"))[0];
        Assert.Matches(new Regex("^" + Regex.Escape(readme) + "$", RegexOptions.Multiline), after);
        foreach (string command in new[] { "cat:", "write:", "sync:", "ls:" }) Assert.DoesNotContain("\n" + command, after, StringComparison.Ordinal);
        Assert.DoesNotContain("sync before shutdown failed", after, StringComparison.Ordinal);
        Match rebound = Regex.Match(after, @"re-bound to the restarted disk driver (\d+) ms after the channel was found closed");
        Assert.True(rebound.Success, run.Serial);
        // The restart latency (death to served again: the cat right after the kill finds the channel closed), for the report.
        output.WriteLine($"ahci restart latency: {rebound.Groups[1].Value} ms from the closed channel to the file system served by the new driver (TCG -icount)");
    }
}
