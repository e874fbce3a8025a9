using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The kernel and every program are compiled for baseline x86-64 (Build/Toolchain.props), so they run on the
/// first 64-bit CPUs: QEMU's Opteron_G1 (2003's Opteron 240) has SSE2 and SSE3 but no SSSE3, SSE4, POPCNT, LAHF in
/// long mode, 1 GiB pages, RDTSCP or FSGSBASE. Code compiled for x86-64-v2 stops there with #UD or the old
/// "lacks x86-64-v2" panic.</summary>
public class BaselineCpuBootTests
{
    private const string Athlon = "Opteron_G1";

    /// <summary>One test=all boot on q35 (the machine of every other kernel-test run), shared by the facts below.</summary>
    private static readonly Lazy<Task<QemuResult>> s_suite =
        new(() => Machine.BootAsync("test=all", "kernel-tests-opteron-g1", instructionCounting: true, cpuModel: Athlon));

    [Fact]
    public async Task TheWholeKernelSuitePassesOnAnOpteronG1()
    {
        QemuResult run = await s_suite.Value;
        Assert.Contains("\"AMD Opteron 240 (Gen 1 Class Opteron)\"", run.Serial, StringComparison.Ordinal);
        Assert.Matches(@"(?m)^CPU features: sse sse2 sse3 tsc ", run.Serial);
        Assert.DoesNotMatch(@"(?m)^CPU features:.* (ssse3|sse4\.1|sse4\.2|popcnt|lahf-lm) ", run.Serial);
        Assert.Contains(" for x86-64, configuration ", run.Serial, StringComparison.Ordinal);
        var log = new KernelTestLog(run.Serial);
        var failed = log.Outcomes.Where(o => !o.Value.Passed).Select(o => $"{o.Key}: {o.Value.Message}").ToList();
        Assert.True(failed.Count == 0, "failed on Opteron_G1:\n" + string.Join("\n", failed) + "\n" + run.Describe());
        Assert.Equal(KernelTestCatalog.Names.OrderBy(n => n, StringComparer.Ordinal), log.Outcomes.Keys.OrderBy(n => n, StringComparer.Ordinal));
        Assert.True(run.Status == KernelExitStatus.Success, $"the kernel did not exit with success.\n{run.Describe()}");
    }

    /// <summary>The conformance SIP (library.conformance_in_sip) prints on the Athlon-class CPU exactly what stock .NET
    /// prints on the host: formatting, arithmetic and collections compiled for baseline x86-64 behave the same.</summary>
    [Fact]
    public async Task ConformanceOutputOnAnOpteronG1IsStockDotNets()
    {
        List<string> expected = await ConformanceTests.RunOnHostAsync();
        List<string> actual = ConformanceTests.FromSerial((await s_suite.Value).Serial);
        Assert.True(expected.Count > 300 && actual.Count > 0, $"host lines: {expected.Count}, SIP lines: {actual.Count}");
        var differences = Enumerable.Range(0, Math.Max(expected.Count, actual.Count))
            .Where(i => i >= expected.Count || i >= actual.Count || expected[i] != actual[i])
            .Select(i => $"line {i + 1}:\n  .NET: {(i < expected.Count ? expected[i] : "(nothing)")}\n  SIP:  {(i < actual.Count ? actual[i] : "(nothing)")}")
            .ToList();
        Assert.True(differences.Count == 0, $"{differences.Count} lines differ on Opteron_G1:\n" + string.Join("\n", differences.Take(30)));
    }

    /// <summary>The machine of the report (i440FX, no AHCI): the boot services and the shell start, and programs
    /// compiled by ILC run, the file system among them, on a RAM disk.</summary>
    [Fact]
    public async Task TheShellAndItsProgramsRunOnAnOpteronG1PcMachine()
    {
        QemuResult run = await Machine.BootAsync(
            "script=hello Athlon --count 2; ramdisk &; filesystem --device /dev/ram/0 --format &; wait /fs; write /fs/a.txt on baseline x86-64; cat /fs/a.txt; shutdown",
            "shell-opteron-g1-pc", machineType: "pc", cpuModel: Athlon);
        Assert.Contains("\"AMD Opteron 240 (Gen 1 Class Opteron)\"", run.Serial, StringComparison.Ordinal);
        Assert.Contains("hello, Athlon (2 of 2)", run.Serial, StringComparison.Ordinal);
        Assert.Contains("[hello exited with code 42]", run.Serial, StringComparison.Ordinal);
        Assert.Matches(@"(?m)^on baseline x86-64$", run.Serial);
        Assert.True(run.Status == KernelExitStatus.Success, $"the script's shutdown should end QEMU with success.\n{run.Describe()}");
    }
}
