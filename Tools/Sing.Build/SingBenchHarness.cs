using System.Diagnostics;
using System.Globalization;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>`bench`, after the boot-time rows: for each mode (TCG with -icount, plain TCG) boots the kernel's bench
/// mode (runtime and SingBench rows) and the Linux guest several times, alternating the two so that host load hits
/// both alike, and writes artifacts/bench/report.md and .csv with one chart-*.png per figure (plus runtime.md/.csv/chart-runtime.png and the serial logs).</summary>
internal static class SingBenchHarness
{
    public static string Directory => Path.Combine(Cli.Root, "artifacts", "bench");

    public static async Task<int> RunAsync(Options options, IWorkProgress progress)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(progress);
        if (options.Accelerator == QemuAccelerator.Kvm)
        {
            progress.Log("bench: the side-by-side report compares TCG modes; boot Bench/Linux/run.sh --accel kvm and the kernel with --accel kvm by hand on a host with real virtualization.");
            return 2;
        }
        int boots = options.BenchBoots;
        System.IO.Directory.CreateDirectory(Path.Combine(Directory, "logs"));
        var total = Stopwatch.StartNew();
        progress.Begin("building the Linux baseline guest (Bench/Linux/build.sh)");
        await LinuxBaseline.BuildAsync(compute: true);
        progress.Complete(BenchVerb.LinuxBuildWeight);

        string webFiles = await WebFilesImage.EnsureAsync(progress);
        var wallTimes = new List<string>();
        var runs = new Dictionary<bool, ModeRuns>();
        foreach (bool icount in new[] { true, false })
        {
            string mode = icount ? "icount" : "tcg";
            var kernel = new List<KernelBenchOutput>();
            var linux = new List<LinuxBenchOutput>();
            var kernelWall = new List<double>();
            var linuxWall = new List<double>();
            for (int i = 1; i <= boots; i++)
            {
                progress.Begin($"{mode} {i}/{boots}: Singularity (bench=all{(options.Quick ? " bench.quick" : "")})");
                var k = await KernelBenchmarks.RunAsync(options, "all", icount, options.Quick, Path.Combine(Directory, "logs", $"singularity-{mode}-{i}.log"), webFiles);
                kernel.Add(k.Output);
                kernelWall.Add(k.Wall.TotalSeconds);
                progress.Complete(BenchVerb.SingularityBootWeight);
                progress.Begin($"{mode} {i}/{boots}: Linux (run.sh{(icount ? " --icount" : "")}{(options.Quick ? " --quick" : "")})");
                // The same image as Singularity's boots, so the storage rows and WebFiles stand beside each other.
                var l = await LinuxBaseline.RunAsync(icount, options.Quick, options.MemoryMiB, options.CpuModel, "q35", Path.Combine(Directory, "logs", $"linux-{mode}-{i}.log"), webFiles, compute: true);
                linux.Add(l.Output);
                linuxWall.Add(l.WallSeconds);
                progress.Complete(BenchVerb.LinuxBootWeight);
                progress.Log(string.Create(CultureInfo.InvariantCulture, $"    wall: Singularity {k.Wall.TotalSeconds:F1} s, Linux {l.WallSeconds:F1} s"));
            }
            runs[icount] = new ModeRuns(kernel, linux);
            wallTimes.Add(string.Create(CultureInfo.InvariantCulture,
                $"{mode}: Singularity boot {Statistics.Median(kernelWall):F1} s (median of {boots}), Linux boot {Statistics.Median(linuxWall):F1} s (median of {boots})"));
        }
        wallTimes.Add(string.Create(CultureInfo.InvariantCulture, $"whole SingBench harness (both modes, build of the Linux guest included): {total.Elapsed.TotalSeconds:F0} s"));

        var rows = ComparisonTable.Build(runs[true], runs[false], PaperReference.Load(PaperReference.DefaultPath));
        var context = ComparisonTable.LinuxContext(runs[true], runs[false]);
        string? linuxKernel = runs[true].Linux.Concat(runs[false].Linux).Select(l => l.Kernel).FirstOrDefault(k => k != null);
        var environment = BenchEnvironment.Capture(options.MemoryMiB, options.Quick, boots, boots, linuxKernel, options.CpuModel);
        string subtitle = ChartSubtitle(environment);
        Write(rows, context, environment, wallTimes, subtitle, SystemCallMechanismsReport.Markdown(runs[true], runs[false]), progress);
        RuntimeReport.Write(Directory, runs[true].Kernel, runs[false].Kernel, subtitle, progress);
        return 0;
    }

    /// <param name="systemCallSection">002 Table 2's section, appended to the report</param>
    private static void Write(IReadOnlyList<ComparisonRow> rows, IReadOnlyList<LinuxContextRow> context, BenchEnvironment environment, IReadOnlyList<string> wallTimes,
        string subtitle, string systemCallSection, IWorkProgress progress)
    {
        File.WriteAllText(Path.Combine(Directory, "report.csv"), ComparisonReport.Csv(rows));
        var figures = ComparisonFigures.Build(rows);
        foreach (var figure in figures)
            File.WriteAllBytes(Path.Combine(Directory, figure.Group.FileName), ComparisonChart.Png(figure, subtitle));
        string md = ComparisonReport.Markdown(rows, context, environment, wallTimes, figures.Select(f => f.Group).ToList()) + systemCallSection;
        File.WriteAllText(Path.Combine(Directory, "report.md"), md);
        progress.Log("");
        progress.Log(md);
        progress.Log($"report: {Path.Combine(Directory, "report.md")} (.csv, chart-*.png); serial logs in {Path.Combine(Directory, "logs")}");
    }

    /// <summary>The line under each chart's title: what was measured where, so a chart shown alone still says it.</summary>
    public static string ChartSubtitle(BenchEnvironment environment)
    {
        ArgumentNullException.ThrowIfNull(environment);
        return string.Create(CultureInfo.InvariantCulture,
            $"QEMU {environment.QemuVersion.Split(' ')[0]}, {(environment.Quick ? "quick" : "full")} size, {environment.Date:yyyy-MM-dd}, medians of {environment.KernelBoots} boots per mode");
    }
}
