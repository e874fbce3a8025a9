using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>WebFiles (Bench/WebFiles/README.md) on artifacts/webfiles.img, attached with snapshot=on: the kernel's
/// storage bench (bench=storage bench.quick) starts the disk driver, reads its first 4 MiB raw (as the Linux guest does in quick mode), starts the file system
/// and runs the WebFiles client over the list's first Q requests, in SIP-Phys and in HIP-R3-S (client, file system and
/// driver each in a ring-3 domain of its own). The counts the client prints must agree with the list the host reads
/// from the image with mtools: Q requests, the sum of their sizes, the header's files and bytes.</summary>
public class WebFilesBootTests
{
    private static string Image
    {
        get
        {
            string image = Path.Combine(Repository.Root, "artifacts", "webfiles.img");
            if (!File.Exists(image)) throw new FileNotFoundException("artifacts/webfiles.img is missing: build Tools/Sing.DiskImage (dotnet build Singularity.sln)", image);
            return image;
        }
    }

    /// <summary>The header's numbers and the byte total of the first Q requests, from /web/requests.txt on the image.</summary>
    private static readonly Lazy<(long Files, long Bytes, int Quick, long QuickBytes)> List = new(() =>
    {
        var start = new ProcessStartInfo("mtype") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string a in new[] { "-i", Image + "@@1M", "::/web/requests.txt" }) start.ArgumentList.Add(a);
        start.Environment["MTOOLS_SKIP_CHECK"] = "1";
        using var process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        string[] lines = process.StandardOutput.ReadToEnd().Split('\n');
        process.WaitForExit();
        Assert.True(process.ExitCode == 0, "mtype could not read /web/requests.txt: " + error.Result);
        var header = Regex.Match(lines[0], @"^webfiles 1 files=(\d+) bytes=(\d+) requests=(\d+) quick=(\d+)$");
        Assert.True(header.Success, "header: " + lines[0]);
        int quick = int.Parse(header.Groups[4].Value, CultureInfo.InvariantCulture);
        long quickBytes = lines.Skip(1).Take(quick).Sum(l => long.Parse(l.Split(' ')[1], CultureInfo.InvariantCulture));
        return (long.Parse(header.Groups[1].Value, CultureInfo.InvariantCulture), long.Parse(header.Groups[2].Value, CultureInfo.InvariantCulture), quick, quickBytes);
    });

    private static readonly Dictionary<string, Lazy<Task<QemuResult>>> Runs = new[] { "SIP-Phys", "HIP-R3-S" }.ToDictionary(c => c,
        c => new Lazy<Task<QemuResult>>(() => Machine.BootAsync($"config={c} bench=storage bench.quick", $"webfiles-{c}", instructionCounting: true,
            disks: [Image], diskSnapshots: true, timeout: TimeSpan.FromMinutes(8))));

    /// <summary>The storage rows that read only cached files (no disk request, so no host I/O in their figures) stay within
    /// their tolerance of Bench/expected-icount-storage.csv, in the SIP-Phys boot above.</summary>
    [Fact]
    public async Task CachedFileRowsMatchTheCommittedIcountTable()
    {
        QemuResult run = await Runs["SIP-Phys"].Value;
        Assert.True(run.Status == KernelExitStatus.Success, run.Describe());
        IcountTable.AssertMatches(run.Serial, "expected-icount-storage.csv");
    }

    [Theory]
    [InlineData("SIP-Phys")]
    [InlineData("HIP-R3-S")]
    public async Task QuickReplayReadsTheListsRequestsAndBytes(string config)
    {
        QemuResult run = await Runs[config].Value;
        Assert.True(run.Status == KernelExitStatus.Success, run.Describe());
        string serial = run.Serial;
        Assert.Contains($"configuration {config}", serial, StringComparison.Ordinal);
        Assert.DoesNotContain("BENCH-SKIP", serial, StringComparison.Ordinal);
        var (files, bytes, quick, quickBytes) = List.Value;

        var parsed = Regex.Match(serial, @"^\[webfiles:\d+\] webfiles: list of (\d+) requests \(quick (\d+)\) over (\d+) files of (\d+) bytes; replaying (\d+)\r?$", RegexOptions.Multiline);
        Assert.True(parsed.Success, serial);
        Assert.Equal(quick.ToString(CultureInfo.InvariantCulture), parsed.Groups[2].Value);
        Assert.Equal(files.ToString(CultureInfo.InvariantCulture), parsed.Groups[3].Value);
        Assert.Equal(bytes.ToString(CultureInfo.InvariantCulture), parsed.Groups[4].Value);

        var row = Regex.Match(serial, @"^\[webfiles:\d+\] BENCH WebFiles cycles_per_op=(\d+) iterations=(\d+) .*total_cycles=(\d+) requests=(\d+) bytes=(\d+) suite=singbench-sip\r?$", RegexOptions.Multiline);
        Assert.True(row.Success, serial);
        Assert.Equal(quick, int.Parse(row.Groups[4].Value, CultureInfo.InvariantCulture));
        Assert.Equal(quickBytes, long.Parse(row.Groups[5].Value, CultureInfo.InvariantCulture));
        long total = long.Parse(row.Groups[3].Value, CultureInfo.InvariantCulture);
        Assert.Equal(total / quick, long.Parse(row.Groups[1].Value, CultureInfo.InvariantCulture));

        Assert.Matches(new Regex(@"^\[webfiles:\d+\] BENCH File\.OpenReadClose cycles_per_op=\d+ iterations=100 ", RegexOptions.Multiline), serial);
        foreach (string kib in new[] { "4", "64" })
            Assert.Matches(new Regex($@"^\[diskprobe:\d+\] BENCH Disk\.SeqRead-{kib}K cycles_per_op=\d+ iterations=4096 repetitions=1 .*requests=\d+ mb_per_s=\d+ ", RegexOptions.Multiline), serial);
    }
}
