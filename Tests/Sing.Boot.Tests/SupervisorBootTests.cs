using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Boot.Tests;

/// <summary>The kernel's supervisor from the shell (issue 18): the system policy restarts the clock driver on failure,
/// and the shell keeps its clock connection in a reconnecting endpoint, so the `date` right after `kill 1` finds the
/// channel closed, binds /dev/rtc again as soon as the new instance registers it, and answers (within a second);
/// `ps` and `services` show the restart; a second kill doubles the back-off. The shell, whose policy is never, stays.</summary>
public class SupervisorBootTests(ITestOutputHelper output)
{
    private static readonly string[] Lines =
    {
        "date", "kill 1", "date", "ps", "services", "kill 9", "date", "services", "shutdown",
    };

    private static readonly Lazy<Task<QemuResult>> Session = new(() =>
        Machine.BootAsync("script=" + string.Join("; ", Lines), "supervisor-session", instructionCounting: true));

    private static async Task<string> SerialAsync()
    {
        QemuResult run = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the script's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^\[kernel\] SIP rtc \(pid 1\) terminated: killed by shell$")]
    [InlineData(@"^date: /dev/rtc was gone; re-bound to its new instance in \d+ ms$")]
    [InlineData(@"^\[kernel\] supervisor: restarted rtc as pid 9 \(killed by shell; restart 1, after 50 ms\)$")]
    [InlineData(@"^ +9 +0 +running +1 +\d+ +rtc +\(restarted 1x\)$")]
    [InlineData(@"^  rtc +9 +1  on-failure \(5 in 60 s\) +running$")]
    [InlineData(@"^  login +7 +0  never +running$")]
    [InlineData(@"^\[kernel\] supervisor: restarted rtc as pid 10 \(killed by shell; restart 2, after 100 ms\)$")]
    [InlineData(@"^  rtc +10 +2  on-failure \(5 in 60 s\) +running$")]
    public async Task SessionShows(string pattern)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    [Fact]
    public async Task DateAnswersBeforeAndAfterEachRestart()
    {
        string serial = await SerialAsync();
        var dates = Regex.Matches(serial, @"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$", RegexOptions.Multiline);
        // The policy's startup date, the script's first, and one after each restart.
        Assert.True(dates.Count >= 3, serial);
        int second = serial.IndexOf("restarted rtc as pid 10", StringComparison.Ordinal);
        Assert.True(second > 0 && dates[^1].Index > second, $"date answers after the second restart:\n{serial}");
        Assert.DoesNotContain("date: no", serial, StringComparison.Ordinal);
    }

    [Fact]
    public async Task DateAfterEachKillIsServedByTheNewInstanceWithinASecond()
    {
        string serial = await SerialAsync();
        var rebinds = Regex.Matches(serial, @"^date: /dev/rtc was gone; re-bound to its new instance in (\d+) ms$", RegexOptions.Multiline);
        Assert.True(rebinds.Count == 2, $"each date after a kill re-binds once:\n{serial}");
        foreach (Match m in rebinds)
        {
            int ms = int.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
            // The restart latency (the kill just before: death to served again), for the report.
            output.WriteLine($"rtc restart latency: {ms} ms from the closed channel to date served by the new driver (TCG -icount)");
            Assert.InRange(ms, 0, 999);
        }
        // Nothing was lost: every date line after a kill is followed by a date, not an error.
        foreach (Match m in rebinds)
            Assert.Matches(new Regex(@"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$", RegexOptions.Multiline), serial.Substring(m.Index + m.Length, 40));
    }
}
