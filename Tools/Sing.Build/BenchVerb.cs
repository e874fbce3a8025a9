namespace Sing.Build;

/// <summary>`bench`: boot time, then the SingBench harness, then the HTTP rows, under one progress display
/// (`bench --http`: the HTTP rows alone).</summary>
internal static class BenchVerb
{
    // Expected time of each kind of step in units of about five seconds (Bench/README.md: a boot to the banner takes
    // a few seconds, a Singularity bench boot 5-14 s, a Linux bench boot 28-66 s, at quick size on 2 busy cores).
    public const double BootTimeWeight = 1;
    public const double LinuxBuildWeight = 1;
    public const double SingularityBootWeight = 2;
    public const double LinuxBootWeight = 9;

    /// <summary>Every boot of both phases, and the Linux guest's build.</summary>
    public static WorkPlan Plan(Options options)
    {
        ArgumentNullException.ThrowIfNull(options);
        int boots = options.BenchBoots;
        int bootTime = 2 * boots, perGuest = 2 * boots;
        return new WorkPlan("bench", bootTime + 1 + 2 * perGuest + 2,
            bootTime * BootTimeWeight + LinuxBuildWeight + perGuest * (SingularityBootWeight + LinuxBootWeight) + 2 * LinuxBootWeight);
    }

    public static Task<int> RunAsync(Options options) =>
        options.Configs.Count > 0
        ? ProgressDisplay.RunAsync(ConfigurationBench.Plan(options), progress => ConfigurationBench.RunAsync(options, progress))
        : options.HttpOnly
        ? ProgressDisplay.RunAsync(new WorkPlan("bench --http", 2, 2 * LinuxBootWeight), async progress =>
        {
            await HttpBenchmark.RunAsync(options, progress);
            return 0;
        })
        : ProgressDisplay.RunAsync(Plan(options), async progress =>
        {
            int status = await BootBenchmark.RunAsync(options, progress);
            if (status == 0) status = await SingBenchHarness.RunAsync(options, progress);
            if (status == 0) HttpBenchmark.AppendToReport(await HttpBenchmark.RunAsync(options, progress));
            return status;
        });
}
