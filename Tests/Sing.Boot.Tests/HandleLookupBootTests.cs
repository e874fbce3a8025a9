using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>Seed 003's three handle lookups (kernel option handles=table|mmu|hash, Kernel/Abi/Handles): the whole
/// in-kernel suite passes under each of the two that are not the default (the default runs in KernelTests), the
/// handles.* tests among them (forged, stale, mistyped and other processes' handles refused; under mmu a lookup past
/// the window's mapped pages faults and is answered), and the banner names the one running. An option the kernel
/// does not know stops the boot with the list of the known ones.</summary>
public class HandleLookupBootTests
{
    [Theory]
    [InlineData("mmu")]
    [InlineData("hash")]
    public async Task TheWholeKernelSuitePassesUnderEachLookup(string kind)
    {
        QemuResult run = await Machine.BootAsync($"test=all handles={kind}", $"kernel-tests-handles-{kind}");
        Assert.Contains($"Handles: handles={kind}, ", run.Serial, StringComparison.Ordinal);
        Assert.DoesNotContain("KERNEL PANIC", run.Serial, StringComparison.Ordinal);
        var log = new KernelTestLog(run.Serial);
        Assert.Equal(KernelTestCatalog.Names.OrderBy(n => n, StringComparer.Ordinal), log.Outcomes.Keys.OrderBy(n => n, StringComparer.Ordinal));
        var failed = log.Outcomes.Where(o => !o.Value.Passed).Select(o => $"{o.Key}: {o.Value.Message}").ToList();
        Assert.True(failed.Count == 0, $"failed with handles={kind}:\n" + string.Join("\n", failed) + "\n" + run.Describe());
        Assert.True(run.Status == KernelExitStatus.Success, $"the kernel did not exit with success.\n{run.Describe()}");
    }

    [Fact]
    public async Task AnUnknownLookupStopsTheBootWithTheKnownOnes()
    {
        QemuResult run = await Machine.BootAsync("handles=btree exit", "handles-unknown");
        Assert.Contains("kernel option handles=btree: unknown handle lookup (known: table, mmu, hash)", run.Serial, StringComparison.Ordinal);
        Assert.DoesNotContain("Singularity is up", run.Serial, StringComparison.Ordinal);
    }
}
