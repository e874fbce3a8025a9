using Sing.Qemu;

namespace Sing.Build;

/// <summary>One kernel bench-mode boot: what it printed and how long QEMU ran.</summary>
internal sealed record KernelBenchRun(KernelBenchOutput Output, TimeSpan Wall);

/// <summary>Boots the kernel in its bench mode (kernel option bench=SELECTION, plus bench.quick) under QEMU and parses
/// its BENCH lines.</summary>
internal static class KernelBenchmarks
{
    /// <summary><paramref name="disk"/>: an image attached (snapshot=on) for the storage rows, e.g. the WebFiles image.</summary>
    public static async Task<KernelBenchRun> RunAsync(Options options, string selection, bool icount, bool quick, string? serialLog = null, string? disk = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        string kernelOptions = $"bench={selection}" + (quick ? " bench.quick" : "");
        var qemu = options.ToQemu() with
        {
            InstructionCounting = icount,
            KernelOptions = kernelOptions,
            Timeout = TimeSpan.FromMinutes(disk is null ? 10 : 20),
            SerialLogPath = serialLog,
        };
        if (disk is not null) qemu = WebFilesImage.Attach(qemu, disk);
        var result = await QemuRunner.RunAsync(qemu);
        var output = SingBenchLines.Parse(result.Serial);
        if (result.Status != KernelExitStatus.Success || !output.Done)
            throw new InvalidOperationException($"kernel benchmarks ({(icount ? "icount" : "TCG")}) did not complete.\n{result.Describe()}");
        return new KernelBenchRun(output, result.Elapsed);
    }
}
