using Sing.Qemu;

namespace Sing.Build;

/// <summary>`soak`: the isolation tests at full size in one headless boot: the ABI fuzzer (5 runs of 2,000,000 calls,
/// seeds 1-5), 1,000 kills of each workload kind, and the other isolation.* tests; --quick is the CI size. The
/// serial log goes to artifacts/soak.log; the verb fails unless every test passed.</summary>
internal static class Soak
{
    public static async Task<int> RunAsync(Options options)
    {
        long calls = options.Quick ? 100_000 : 2_000_000;
        int kills = options.Quick ? 100 : 1000;
        string log = Path.Combine(Cli.Root, "artifacts", "soak.log");
        string kernelOptions = $"test=isolation.* fuzz.calls={calls} fuzz.seeds=5 kills={kills}";
        if (!string.IsNullOrEmpty(options.KernelOptions)) kernelOptions += " " + options.KernelOptions;
        var qemu = options.ToQemu() with { KernelOptions = kernelOptions, SerialLogPath = log, Timeout = TimeSpan.FromMinutes(options.Quick ? 10 : 60) };
        // One boot: the display shows that it runs and for how long; its count moves when QEMU ends.
        return await ProgressDisplay.RunAsync(WorkPlan.Even("soak", 1), async progress =>
        {
            progress.Log($"soak: {5 * calls:N0} ABI fuzz calls and {kills:N0} kills of each workload kind ({kernelOptions}); serial log {log}");
            progress.Begin($"one headless boot, at most {qemu.Timeout.TotalMinutes:0} min");
            QemuResult result = await QemuRunner.RunAsync(qemu);
            progress.Complete();
            foreach (string line in result.Lines)
                if (line.StartsWith("KTEST PASS", StringComparison.Ordinal) || line.StartsWith("KTEST FAIL", StringComparison.Ordinal)
                    || line.StartsWith("abi fuzz:", StringComparison.Ordinal) || line.Contains("check failed", StringComparison.Ordinal)
                    || line.StartsWith("KTEST-SUMMARY", StringComparison.Ordinal))
                    progress.Log(line.TrimEnd());
            progress.Log($"soak: QEMU ended with {result.Status} after {result.Elapsed.TotalSeconds:F0} s");
            return result.Status == KernelExitStatus.Success ? 0 : 1;
        });
    }
}
