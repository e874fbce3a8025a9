using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;

namespace Sing.Build;

/// <summary>One Linux guest boot: its rows and QEMU's wall time as run.sh measured it.</summary>
internal sealed record LinuxBenchRun(LinuxBenchOutput Output, double WallSeconds);

/// <summary>Builds and boots the Linux baseline guest through Bench/Linux/build.sh and run.sh, with the machine, CPU
/// model and memory of the Singularity runs.</summary>
internal static partial class LinuxBaseline
{
    private static string Scripts => Path.Combine(Cli.Root, "Bench", "Linux");

    /// <param name="compute">also publish Bench/Compute's stock NativeAOT program for the compute rows (build.sh --compute)</param>
    public static async Task BuildAsync(bool compute = false)
    {
        var (status, output) = await RunScriptAsync("build.sh", compute ? ["--compute"] : []);
        if (status != 0) throw new InvalidOperationException($"Bench/Linux/build.sh failed with status {status}:\n{output}");
    }

    /// <param name="diskImage">a disk image in Bench/WebFiles/README.md's layout to attach (run.sh --disk: SATA on q35's
    /// AHCI, so <paramref name="machine"/> must be q35) for the storage rows, or null to run them as skipped</param>
    /// <param name="only">row names to run (run.sh --only), or null for all</param>
    /// <param name="compute">run the compute rows too (run.sh --compute; BuildAsync(compute: true) first)</param>
    public static async Task<LinuxBenchRun> RunAsync(bool icount, bool quick, int memoryMiB, string cpuModel, string machine, string logPath,
        string? diskImage = null, IReadOnlyList<string>? only = null, bool compute = false)
    {
        var args = new List<string> { "--no-build", "--machine", machine, "--cpu", cpuModel, "--mem", $"{memoryMiB}M", "--log", logPath };
        if (icount) args.Add("--icount");
        if (quick) args.Add("--quick");
        if (diskImage != null)
        {
            if (!File.Exists(diskImage)) throw new FileNotFoundException($"the disk image for the Linux guest's storage rows is missing: {diskImage}", diskImage);
            args.AddRange(["--disk", diskImage]);
        }
        if (only is { Count: > 0 }) args.AddRange(["--only", string.Join(',', only)]);
        if (compute) args.Add("--compute");
        var (status, output) = await RunScriptAsync("run.sh", args);
        var parsed = LinuxBenchLines.Parse(output);
        if (status != 0 || !parsed.Done)
            throw new InvalidOperationException($"the Linux guest ({(icount ? "icount" : "TCG")}) failed with status {status}; serial log {logPath}:\n{output}");
        var wall = WallLine().Match(output);
        double seconds = wall.Success ? double.Parse(wall.Groups[1].Value, CultureInfo.InvariantCulture) : double.NaN;
        return new LinuxBenchRun(parsed, seconds);
    }

    private static async Task<(int Status, string Output)> RunScriptAsync(string script, IReadOnlyList<string> args)
    {
        var info = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(Path.Combine(Scripts, script));
        foreach (string a in args) info.ArgumentList.Add(a);
        using var process = Process.Start(info) ?? throw new InvalidOperationException("could not start bash");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return (process.ExitCode, await stdout + await stderr);
    }

    [GeneratedRegex(@"BENCH linux wall .*?\bsecs=([0-9.]+)")]
    private static partial Regex WallLine();
}
