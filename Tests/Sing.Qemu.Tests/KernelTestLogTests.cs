using Xunit;

namespace Sing.Qemu.Tests;

public class KernelTestLogTests
{
    private const string Transcript = """
        Singularity 0.1.0 - banner
        KTEST-BEGIN a.first
        KTEST PASS a.first 12us
        KTEST-BEGIN b.second
          check failed: expected 1, got 2
        KTEST FAIL b.second: expected 1, got 2
        KTEST-BEGIN c.crashes
        *** CPU EXCEPTION 14: Page fault (#PF) error=0x2
        """;

    [Fact]
    public void PassAndFailLinesBecomeOutcomes()
    {
        var log = new KernelTestLog(Transcript);
        Assert.True(log.Outcomes["a.first"].Passed);
        Assert.Equal(12, log.Outcomes["a.first"].Microseconds);
        Assert.False(log.Outcomes["b.second"].Passed);
        Assert.Equal("expected 1, got 2", log.Outcomes["b.second"].Message);
    }

    [Fact]
    public void ATestThatBeganButNeverReportedIsUnfinished()
    {
        var log = new KernelTestLog(Transcript);
        Assert.Equal(new[] { "c.crashes" }, log.Unfinished);
        Assert.False(log.Outcomes.ContainsKey("c.crashes"));
        Assert.Null(log.Summary);
    }

    [Fact]
    public void SummaryIsParsed()
    {
        var log = new KernelTestLog("KTEST-SUMMARY passed=18 failed=1\n");
        Assert.Equal((18, 1), log.Summary);
    }

    [Fact]
    public void LookalikeLinesAreIgnored()
    {
        var log = new KernelTestLog("KTEST PASS name-without-time\nxKTEST PASS a 1us\nKTEST FAIL missing-colon\n");
        Assert.Empty(log.Outcomes);
    }
}
