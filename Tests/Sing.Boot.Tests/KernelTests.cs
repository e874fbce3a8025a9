using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>Each in-kernel test as its own xunit test.</summary>
public class KernelTests
{
    [Theory]
    [MemberData(nameof(KernelTestCatalog.All), MemberType = typeof(KernelTestCatalog))]
    public async Task Kernel(string name)
    {
        QemuResult run = await KernelTestRun.ResultAsync;
        var log = new KernelTestLog(run.Serial);
        if (!log.Outcomes.TryGetValue(name, out var outcome))
        {
            string why = log.Unfinished.Contains(name) ? "it began but the kernel died before it reported" : "it never ran";
            if (run.TimeoutReason is not null) why += $" (the run was stopped: {run.TimeoutReason})";
            Assert.Fail($"kernel test {name} has no result: {why}.\n{run.Describe()}");
        }
        Assert.True(outcome.Passed, $"kernel test {name} failed: {outcome.Message}\n{run.Describe()}");
    }

    [Fact]
    public async Task RunEndsWithSuccessAndEveryRegisteredTestReports()
    {
        QemuResult run = await KernelTestRun.ResultAsync;
        var log = new KernelTestLog(run.Serial);
        Assert.True(log.Summary is not null, $"no KTEST-SUMMARY line.\n{run.Describe()}");
        Assert.Equal(KernelTestCatalog.Names.OrderBy(n => n, StringComparer.Ordinal), log.Outcomes.Keys.OrderBy(n => n, StringComparer.Ordinal));
        Assert.True(run.Status == KernelExitStatus.Success, $"the kernel did not exit with success.\n{run.Describe()}");
    }
}
