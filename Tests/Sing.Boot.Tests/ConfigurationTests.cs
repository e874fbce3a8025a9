using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The isolation configuration (004 Figure 3) is chosen at boot from the system policy or config=NAME, the
/// banner names it, and every configuration this kernel offers passes the whole in-kernel suite.</summary>
public class ConfigurationTests
{
    [Fact]
    public async Task PolicyDefaultIsSipPhysAndTheBannerSaysSo()
    {
        QemuResult run = await KernelTestRun.ResultAsync;
        Assert.Contains(", configuration SIP-Phys\n", run.Serial.Replace("\r", ""), StringComparison.Ordinal);
    }

    /// <summary>The configurations besides SIP-Phys (whose run every kernel test shares) that pass the whole suite:
    /// SIP-Page, HIP-R0-S and HIP-R3-S always (the micro-kernel arrangement among them); HIP-R0 and HIP-R3 too when
    /// SING_ALL_CONFIGS=1 (`./build.sh test --all-configs`).</summary>
    public static TheoryData<string> OtherConfigurations()
    {
        var data = new TheoryData<string> { "SIP-Page", "HIP-R0-S", "HIP-R3-S" };
        if (Environment.GetEnvironmentVariable("SING_ALL_CONFIGS") == "1")
        {
            data.Add("HIP-R0");
            data.Add("HIP-R3");
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(OtherConfigurations))]
    public async Task ConfigurationPassesTheWholeKernelSuite(string configuration)
    {
        QemuResult run = await Machine.BootAsync($"config={configuration} test=all", "kernel-tests-" + configuration.ToLowerInvariant(), instructionCounting: true);
        var log = new KernelTestLog(run.Serial);
        Assert.Contains($", configuration {configuration}\n", run.Serial.Replace("\r", ""), StringComparison.Ordinal);
        var failed = log.Outcomes.Where(o => !o.Value.Passed).Select(o => $"{o.Key}: {o.Value.Message}").ToList();
        Assert.True(failed.Count == 0, $"failed in {configuration}:\n" + string.Join("\n", failed) + "\n" + run.Describe());
        Assert.Equal(KernelTestCatalog.Names.OrderBy(n => n, StringComparer.Ordinal), log.Outcomes.Keys.OrderBy(n => n, StringComparer.Ordinal));
        Assert.True(run.Status == KernelExitStatus.Success, $"the kernel did not exit with success.\n{run.Describe()}");
    }

    /// <summary>The same SIP images reach the kernel through each entry mechanism of issue 16 (abi.entry): the ring-3
    /// stubs cross by int 0x80, or by sysenter on an Intel CPU, and the ring-3, isolation and channel tests pass in the
    /// micro-kernel arrangement (syscall, the default, runs in every other HIP-R3-S boot).</summary>
    [Theory]
    [InlineData("int", "max", "int 0x80")]
    [InlineData("sysenter", "max,vendor=GenuineIntel", "sysenter")]
    public async Task RingThreeTestsPassWithEachEntryMechanism(string mechanism, string cpu, string named)
    {
        QemuResult run = await Machine.BootAsync($"config=HIP-R3-S abi.entry={mechanism} test=usermode.*,domains.*,isolation.*,channels.*",
            "abi-entry-" + mechanism, instructionCounting: true, cpuModel: cpu);
        Assert.Contains($"Ring 3: SIPs enter the kernel by {named} (abi.entry={mechanism})", run.Serial, StringComparison.Ordinal);
        var log = new KernelTestLog(run.Serial);
        var failed = log.Outcomes.Where(o => !o.Value.Passed).Select(o => $"{o.Key}: {o.Value.Message}").ToList();
        Assert.True(failed.Count == 0 && log.Outcomes.Count >= 30, $"with abi.entry={mechanism}:\n" + string.Join("\n", failed) + "\n" + run.Describe());
        Assert.True(run.Status == KernelExitStatus.Success, $"the kernel did not exit with success.\n{run.Describe()}");
    }

    [Theory]
    [InlineData("abi.entry=sysenter", "abi.entry=sysenter: SYSENTER reaches 64-bit code only on Intel CPUs (QEMU: -cpu max,vendor=GenuineIntel)")]
    [InlineData("abi.entry=gate", "abi.entry=\"gate\" is not one of syscall, int, sysenter")]
    public async Task AnEntryMechanismTheCpuLacksStopsTheBootWithTheReason(string options, string message)
    {
        QemuResult run = await Machine.BootAsync(options + " exit", "abi-entry-refused-" + options.Substring(10));
        Assert.Contains(message, run.Serial, StringComparison.Ordinal);
        Assert.True(run.Status == KernelExitStatus.Panic, $"the boot should stop with a panic.\n{run.Describe()}");
    }

    [Theory]
    [InlineData("config=Nonsense", "configuration \"Nonsense\" (from the config= option) is not one of SIP-Phys, SIP-Page, HIP-R0, HIP-R0-S, HIP-R3, HIP-R3-S")]
    public async Task AnUnknownConfigurationStopsTheBootWithTheReason(string options, string message)
    {
        QemuResult run = await Machine.BootAsync(options + " exit", "config-refused-" + options.Substring(7).ToLowerInvariant());
        Assert.Contains(message, run.Serial, StringComparison.Ordinal);
        Assert.True(run.Status == KernelExitStatus.Panic, $"the boot should stop with a panic.\n{run.Describe()}");
    }
}
