using Sing.Qemu;

namespace Sing.Boot.Tests;

/// <summary>One boot with test=all, shared by every kernel test case (booting once per case would multiply the
/// suite's time by the number of tests). It runs with -icount so that guest time follows instructions: the
/// timer tests then measure the kernel, not how busy the host is (plain TCG ties the PIT to host time, and
/// parallel test boots on two cores made a 25% timing check flaky).</summary>
public static class KernelTestRun
{
    private static readonly Lazy<Task<QemuResult>> s_run = new(() => Machine.BootAsync("test=all", "kernel-tests", instructionCounting: true));

    public static Task<QemuResult> ResultAsync => s_run.Value;

    public static async Task<KernelTestLog> LogAsync() => new((await ResultAsync).Serial);
}
