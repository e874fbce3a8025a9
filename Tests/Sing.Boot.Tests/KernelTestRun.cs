using Sing.Qemu;

namespace Sing.Boot.Tests;

/// <summary>One boot with test=all, shared by every kernel test case (booting once per case would multiply the
/// suite's time by the number of tests). It runs with -icount so that guest time follows instructions: the
/// timer tests then measure the kernel, not how busy the host is (plain TCG ties the PIT to host time, and
/// parallel test boots on two cores made a 25% timing check flaky). There is no limit on the suite as a whole: each
/// test's KTEST-BEGIN and KTEST PASS lines are its heartbeat, and the run ends only when the console has been silent
/// for the idle limit (3 minutes) or at the hard stop (30 minutes), saying which.</summary>
public static class KernelTestRun
{
    private static readonly Lazy<Task<QemuResult>> s_run = new(() => Machine.BootAsync("test=all", "kernel-tests", instructionCounting: true));

    public static Task<QemuResult> ResultAsync => s_run.Value;

    public static async Task<KernelTestLog> LogAsync() => new((await ResultAsync).Serial);
}
