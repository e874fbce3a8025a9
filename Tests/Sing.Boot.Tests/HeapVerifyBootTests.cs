using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The kernel option gc=verify checks the object heap's layout before and after every collection (start bits,
/// types, sizes, allocation contexts; Runtime/Sing.CoreLib/Internal/Runtime/GC/HeapVerifier.cs). The collector's and the
/// threads' tests, which collect while other threads allocate, pass with it on: the first inconsistency would panic.</summary>
public class HeapVerifyBootTests
{
    [Fact]
    public async Task CollectorAndThreadTestsPassWithTheHeapVerifiedAtEveryCollection()
    {
        QemuResult run = await Machine.BootAsync("test=gc.*,threads.* gc=verify", "kernel-tests-gc-verify", instructionCounting: true);
        Assert.DoesNotContain("KERNEL PANIC", run.Serial, StringComparison.Ordinal);
        var log = new KernelTestLog(run.Serial);
        var expected = KernelTestCatalog.Names.Where(n => n.StartsWith("gc.", StringComparison.Ordinal) || n.StartsWith("threads.", StringComparison.Ordinal))
            .OrderBy(n => n, StringComparer.Ordinal);
        Assert.Equal(expected, log.Outcomes.Keys.OrderBy(n => n, StringComparer.Ordinal));
        var failed = log.Outcomes.Where(o => !o.Value.Passed).Select(o => $"{o.Key}: {o.Value.Message}").ToList();
        Assert.True(failed.Count == 0, "failed with gc=verify:\n" + string.Join("\n", failed) + "\n" + run.Describe());
        Assert.True(run.Status == KernelExitStatus.Success, $"the kernel did not exit with success.\n{run.Describe()}");
    }
}
