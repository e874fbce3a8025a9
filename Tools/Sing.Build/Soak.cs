using System.Globalization;
using System.Text.RegularExpressions;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>`soak`: the isolation tests at full size and a workload that stays up, in one headless boot: the ABI fuzzer
/// (5 runs of 2,000,000 calls, seeds 1-5), 1,000 kills of each workload kind, the contract fuzzer against a live
/// server, the other isolation.* tests, then the mixed workload (soak.mixed_workload: supervised driver and service,
/// clients, the contract fuzzer, a killer every 2 s) for --minutes (30; --quick: the CI size, 2 minutes). The serial
/// log goes to artifacts/soak.log; the verb fails unless every test passed, and its last line sums the messages and
/// process lifetimes.</summary>
internal static partial class Soak
{
    public static async Task<int> RunAsync(Options options)
    {
        long calls = options.Quick ? 100_000 : 2_000_000;
        int kills = options.Quick ? 100 : 1000;
        int minutes = options.SoakMinutes ?? (options.Quick ? 2 : 30);
        int walks = options.Quick ? 20 : 200, violators = options.Quick ? 16 : 200;
        string log = Path.Combine(Cli.Root, "artifacts", "soak.log");
        string kernelOptions = $"test=isolation.*,soak.* fuzz.calls={calls} fuzz.seeds=5 kills={kills} fuzz.walks={walks} fuzz.violators={violators} soak.seconds={minutes * 60}";
        if (!string.IsNullOrEmpty(options.KernelOptions)) kernelOptions += " " + options.KernelOptions;
        var qemu = options.ToQemu() with { KernelOptions = kernelOptions, SerialLogPath = log, Timeout = TimeSpan.FromMinutes((options.Quick ? 15 : 60) + minutes) };
        // The soak has a fixed length, so its limit stays a total one: the hard stop is the idle limit.
        qemu = qemu with { HardTimeout = qemu.Timeout };
        // One boot: the display shows that it runs and for how long; its count moves when QEMU ends.
        return await ProgressDisplay.RunAsync(WorkPlan.Even("soak", 1), async progress =>
        {
            progress.Log($"soak: {5 * calls:N0} ABI fuzz calls, {kills:N0} kills of each workload kind, the contract fuzzer, {minutes} min of the mixed workload ({kernelOptions}); serial log {log}");
            progress.Begin($"one headless boot, at most {qemu.Timeout.TotalMinutes:0} min");
            QemuResult result = await QemuRunner.RunAsync(qemu);
            progress.Complete();
            foreach (string line in result.Lines)
                if (line.StartsWith("KTEST PASS", StringComparison.Ordinal) || line.StartsWith("KTEST FAIL", StringComparison.Ordinal)
                    || line.StartsWith("abi fuzz:", StringComparison.Ordinal) || line.Contains("check failed", StringComparison.Ordinal)
                    || line.StartsWith("soak:", StringComparison.Ordinal) || line.Contains("contractfuzz:", StringComparison.Ordinal)
                    || line.StartsWith("KTEST-SUMMARY", StringComparison.Ordinal))
                    progress.Log(line.TrimEnd());
            progress.Log(Summarize(result.Lines));
            progress.Log($"soak: QEMU ended with {result.Status} after {result.Elapsed.TotalSeconds:F0} s");
            return result.Status == KernelExitStatus.Success ? 0 : 1;
        });
    }

    /// <summary>The closing figures from the serial log: messages (the mixed workload's Echo messages plus every
    /// contract-fuzzer run that finished) and process lifetimes (the mixed workload's count).</summary>
    public static string Summarize(IEnumerable<string> lines)
    {
        ArgumentNullException.ThrowIfNull(lines);
        long messages = 0, lifetimes = 0, fuzzRuns = 0;
        foreach (string line in lines)
        {
            Match fuzz = FuzzLine().Match(line);
            if (fuzz.Success)
            {
                messages += long.Parse(fuzz.Groups[1].Value, CultureInfo.InvariantCulture);
                fuzzRuns++;
            }

            Match soak = SoakLine().Match(line);
            if (soak.Success)
            {
                lifetimes += long.Parse(soak.Groups[1].Value, CultureInfo.InvariantCulture);
                messages += long.Parse(soak.Groups[2].Value, CultureInfo.InvariantCulture);
            }
        }

        return string.Create(CultureInfo.InvariantCulture, $"soak summary: {messages:N0} messages, {lifetimes:N0} process lifetimes, {fuzzRuns:N0} contract-fuzzer runs");
    }

    [GeneratedRegex(@"contractfuzz: .* (\d+) messages served")]
    private static partial Regex FuzzLine();

    [GeneratedRegex(@"soak: \d+ s: (\d+) process lifetimes, (\d+) Echo messages")]
    private static partial Regex SoakLine();
}
