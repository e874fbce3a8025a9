using System.Diagnostics;
using System.Text;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>The Linux guest's storage rows (Bench/WebFiles/README.md): the WebFiles client of linuxbench run on the host
/// against a small tree (its checks of the request list and of each file's length), the rows' skips without a disk,
/// run.sh's --disk checks, and one boot of the guest with a small conforming image attached. One class, so the tests
/// that build the guest never run build.sh at the same time.</summary>
public class LinuxDiskGuestTests
{
    private static string LinuxDir => Path.Combine(Cli.Root, "Bench", "Linux");
    private static string LinuxBenchProgram => Path.Combine(Cli.Root, "artifacts", "linux", "build", "linuxbench");

    [LinuxGuestFact]
    public async Task RunShWithATestImagePrintsTheStorageRows()
    {
        await LinuxBaseline.BuildAsync();
        string image = Path.Combine(Path.GetTempPath(), $"linuxdisk-{Guid.NewGuid():N}.img");
        string log = Path.ChangeExtension(image, ".log");
        try
        {
            var (status, made) = await RunAsync("bash", [Path.Combine(LinuxDir, "make-test-webfiles-image.sh"), "--out", image]);
            Assert.True(status == 0, made);
            var summary = KeyValues.Parse(made);
            var run = await LinuxBaseline.RunAsync(icount: false, quick: true, 512, "max", "q35", log, image,
                ["Disk.SeqRead-4K", "File.OpenReadClose", "WebFiles"]);

            Assert.Equal(["Disk.SeqRead-4K", "File.OpenReadClose", "WebFiles"], run.Output.Rows.Select(r => r.Name));
            Assert.All(run.Output.Rows, r => Assert.False(r.Skipped, $"{r.Name} skipped: {r.SkipReason}"));
            Assert.All(run.Output.Rows, r => Assert.True(r.CyclesPerOp > 0 && r.Role == LinuxRowRole.Primary && r.SingRow == r.Name, r.Name));
            Assert.Equal("/mnt", run.Output.Disk?["mount"]);
            Assert.True(int.Parse(run.Output.Disk!["modules"], System.Globalization.CultureInfo.InvariantCulture) >= 5);

            var seq = run.Output.Rows[0];
            Assert.Equal(4 << 20, seq.Number("bytes")); // quick: the first 4 MiB, one op per KiB
            Assert.Equal(4096, seq.Iterations);
            Assert.True(seq.Number("mb_per_s") > 0);

            var web = run.Output.Rows[2];
            Assert.Equal(double.Parse(summary["quick"], System.Globalization.CultureInfo.InvariantCulture), web.Number("requests"));
            Assert.Equal(double.Parse(summary["quick_bytes"], System.Globalization.CultureInfo.InvariantCulture), web.Number("bytes"));
            Assert.Equal(web.CyclesPerOp * web.Iterations, web.Number("total_cycles")!.Value, web.CyclesPerOp);
        }
        finally
        {
            File.Delete(image);
            File.Delete(log);
        }
    }

    [LinuxGuestFact]
    public async Task ClientReplaysTheFirstQuickRequestsAndCountsTheirBytes()
    {
        using var tree = new WebTree();
        var (status, output) = await RunClientAsync(tree, "WebFiles,File.OpenReadClose");
        Assert.True(status == 0, output);
        var parsed = LinuxBenchLines.Parse(output);
        Assert.True(parsed.Done, output);
        var web = parsed.Rows.Single(r => r.Name == "WebFiles");
        Assert.Equal(2, web.Number("requests"));          // quick=2 of requests=3
        Assert.Equal(100 + 70000, web.Number("bytes"));   // the third (5 bytes) is not read in quick mode
        Assert.False(parsed.Rows.Single(r => r.Name == "File.OpenReadClose").Skipped);
    }

    [LinuxGuestTheory]
    [InlineData("webfiles 2 files=3 bytes=70105 requests=3 quick=2\n/web/a/f1 100\n/web/a/f2 70000\n/web/b 5\n", "webfiles-requests", "does not start with 'webfiles 1 '")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=3 quick=2\n/web/a/f1 100\n/web/a/f2 69999\n/web/b 5\n", "webfiles-request", "request 2 (line 3) /web/a/f2: read 70000 bytes, the list says 69999")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=4 quick=2\n/web/a/f1 100\n/web/a/f2 70000\n/web/b 5\n", "webfiles-requests", "ends after 3 of the 4 requests")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=2 quick=2\n/web/a/f1 100\n/web/a/f2 70000\n/web/b 5\n", "webfiles-requests", "more lines than the 2 requests")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=3 quick=4\n/web/a/f1 100\n/web/a/f2 70000\n/web/b 5\n", "webfiles-requests", "quick=4 is outside 1..requests (3)")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=3 quick=2\n/web/a/F1 100\n/web/a/f2 70000\n/web/b 5\n", "webfiles-requests", "line 2: PATH has byte 0x46 at 7")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=3 quick=2\n/web/a/f1 1x0\n/web/a/f2 70000\n/web/b 5\n", "webfiles-requests", "line 2: SIZE has 'x'")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=3 quick=2\n/web/a/f1 100\n/web/a/../b 5\n/web/b 5\n", "webfiles-requests", "line 3: PATH has a '..' component")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=3 quick=2\n/web/a/f1 100\n/web/a/f3 5\n/web/b 5\n", "open", "/web/a/f3: No such file or directory")]
    [InlineData("webfiles 1 files=3 bytes=70105 requests=3 quick=2\n/web/a/f1 100\n/web/a/f2 70000\n/web/b 5", "webfiles-requests", "last line has no")]
    public async Task ClientRejectsARequestListThatDoesNotMatchTheSpecOrTheFiles(string list, string what, string message)
    {
        using var tree = new WebTree(list);
        var (status, output) = await RunClientAsync(tree, "WebFiles");
        Assert.Equal(2, status);
        var parsed = LinuxBenchLines.Parse(output);
        Assert.False(parsed.Done);
        string error = Assert.Single(parsed.Errors);
        Assert.Contains($"what={what} ", error, StringComparison.Ordinal);
        Assert.Contains(message, error, StringComparison.Ordinal);
    }

    [LinuxGuestFact]
    public async Task WithoutADiskTheStorageRowsAreSkippedWithAReason()
    {
        await LinuxBaseline.BuildAsync();
        var (status, output) = await RunAsync(LinuxBenchProgram, ["--quick", "--only", "Disk.SeqRead-4K,Disk.SeqRead-64K,File.OpenReadClose,WebFiles"]);
        Assert.True(status == 0, output);
        var parsed = LinuxBenchLines.Parse(output);
        Assert.True(parsed.Done);
        Assert.Equal(4, parsed.Rows.Count);
        Assert.All(parsed.Rows, r => Assert.True(r.Skipped && r.SkipReason!.Contains("run.sh --disk IMAGE", StringComparison.Ordinal), r.Name));
    }

    [Fact]
    public async Task RunShRefusesADiskOnAMachineWithoutAhciOrAMissingImage()
    {
        string image = Path.Combine(Path.GetTempPath(), $"linuxdisk-{Guid.NewGuid():N}.img");
        await File.WriteAllBytesAsync(image, new byte[512]);
        try
        {
            var (status, output) = await RunAsync("bash", [Path.Combine(LinuxDir, "run.sh"), "--no-build", "--machine", "pc", "--disk", image]);
            Assert.Equal(2, status);
            Assert.Contains("--disk needs --machine q35", output, StringComparison.Ordinal);
            (status, output) = await RunAsync("bash", [Path.Combine(LinuxDir, "run.sh"), "--no-build", "--disk", image + ".missing"]);
            Assert.Equal(2, status);
            Assert.Contains("no such file", output, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(image);
        }
    }

    private static async Task<(int Status, string Output)> RunClientAsync(WebTree tree, string rows)
    {
        await LinuxBaseline.BuildAsync();
        // --keep-cache: the client's checks need no cold cache, and dropping the host's page cache would slow the machine.
        return await RunAsync(LinuxBenchProgram, ["--quick", "--reps", "1", "--only", rows, "--mnt", tree.Root, "--keep-cache"]);
    }

    private static async Task<(int Status, string Output)> RunAsync(string program, IReadOnlyList<string> args)
    {
        var info = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string a in args) info.ArgumentList.Add(a);
        using var process = Process.Start(info) ?? throw new InvalidOperationException($"could not start {program}");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        // A child left behind (the idle spinner once was) keeps the output open: fail, never hang.
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        try
        {
            await process.WaitForExitAsync(limit.Token);
            var output = Task.WhenAll(stdout, stderr);
            if (await Task.WhenAny(output, Task.Delay(TimeSpan.FromSeconds(30))) != output)
                throw new TimeoutException($"{program} exited but something it started still holds its output open");
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} {string.Join(' ', args)} did not finish in 2 minutes");
        }
        return (process.ExitCode, await stdout + await stderr);
    }

    /// <summary>A directory laid out like the image's FAT partition: web/small.bin (512 bytes), web/a/f1 (100),
    /// web/a/f2 (70,000: more than one 64 KiB read), web/b (5) and web/requests.txt.</summary>
    private sealed class WebTree : IDisposable
    {
        public const string GoodList = "webfiles 1 files=3 bytes=70105 requests=3 quick=2\n/web/a/f1 100\n/web/a/f2 70000\n/web/b 5\n";

        public string Root { get; } = Path.Combine(Path.GetTempPath(), $"linuxdisk-tree-{Guid.NewGuid():N}");

        public WebTree(string list = GoodList)
        {
            Directory.CreateDirectory(Path.Combine(Root, "web", "a"));
            File.WriteAllBytes(Path.Combine(Root, "web", "small.bin"), new byte[512]);
            File.WriteAllBytes(Path.Combine(Root, "web", "a", "f1"), new byte[100]);
            File.WriteAllBytes(Path.Combine(Root, "web", "a", "f2"), new byte[70000]);
            File.WriteAllBytes(Path.Combine(Root, "web", "b"), new byte[5]);
            File.WriteAllText(Path.Combine(Root, "web", "requests.txt"), list, Encoding.ASCII);
        }

        public void Dispose() => Directory.Delete(Root, recursive: true);
    }
}
