using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The kernel's supervisor from the shell (issue 18's first case): the system policy restarts the clock
/// driver on failure, so after `kill 1` the shell's `date` works again as soon as /dev/rtc is back (the driver's name
/// is registered anew by the new instance); `ps` and `services` show the restart; a second kill doubles the back-off.
/// The file system and the disk driver, whose policy is never, stay as they are.</summary>
public class SupervisorBootTests
{
    private static readonly string[] Lines =
    {
        "date", "kill 1", "date", "wait /dev/rtc 2", "date", "ps", "services", "kill 5", "wait /dev/rtc 2", "date", "services", "shutdown",
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
    [InlineData(@"^date: no clock at /dev/rtc \(not found\)$")]
    [InlineData(@"^\[kernel\] supervisor: restarted rtc as pid 5 \(killed by shell; restart 1, after 50 ms\)$")]
    [InlineData(@"^ +5 +0 +running +1 +\d+ +rtc +\(restarted 1x\)$")]
    [InlineData(@"^  rtc +5 +1  on-failure \(5 in 60 s\) +running$")]
    [InlineData(@"^  shell +4 +0  never +running$")]
    [InlineData(@"^\[kernel\] supervisor: restarted rtc as pid 6 \(killed by shell; restart 2, after 100 ms\)$")]
    [InlineData(@"^  rtc +6 +2  on-failure \(5 in 60 s\) +running$")]
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
        int second = serial.IndexOf("restarted rtc as pid 6", StringComparison.Ordinal);
        Assert.True(second > 0 && dates[^1].Index > second, $"date answers after the second restart:\n{serial}");
    }
}
