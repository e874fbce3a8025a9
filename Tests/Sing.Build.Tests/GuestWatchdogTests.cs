using Sing.Qemu;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>The QEMU runner's limits on guest work follow the guest's progress (its serial output), not the wall clock
/// of the whole run: a slow guest that keeps printing is never cut off by the idle limit, a silent one is, and the
/// hard stop ends one that prints forever. The logic is tested with synthetic times; the runner's plumbing with a
/// stand-in for QEMU (a shell script writing the serial file).</summary>
public sealed class GuestWatchdogTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "sing-watchdog-" + Guid.NewGuid().ToString("N")[..8]);

    public GuestWatchdogTests() => Directory.CreateDirectory(_folder);

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static TimeSpan S(double seconds) => TimeSpan.FromSeconds(seconds);

    [Fact]
    public void NewOutputRestartsTheIdleLimitSoASlowGuestRunsPastIt()
    {
        var watchdog = new GuestWatchdog(S(180), S(1800));
        // Ten minutes of a slow guest printing every 100 s: more than three idle limits in all, never idle for one.
        for (int t = 0; t <= 600; t += 100) Assert.Null(watchdog.Check(S(t), t + 1));
        Assert.Null(watchdog.Check(S(779), 601));
        string? reason = watchdog.Check(S(780), 601);
        Assert.NotNull(reason);
        Assert.Contains("idle limit", reason, StringComparison.Ordinal);
        Assert.Contains("nothing new for 180 s", reason, StringComparison.Ordinal);
        Assert.Contains("last output 600 s into the run", reason, StringComparison.Ordinal);
    }

    [Fact]
    public void TheHardStopEndsAGuestThatNeverStopsPrinting()
    {
        var watchdog = new GuestWatchdog(S(10), S(60));
        for (int t = 0; t < 60; t += 5) Assert.Null(watchdog.Check(S(t), t + 1));
        string? reason = watchdog.Check(S(60), 100);
        Assert.NotNull(reason);
        Assert.Contains("hard stop of 60 s", reason, StringComparison.Ordinal);
        Assert.Throws<ArgumentOutOfRangeException>(() => new GuestWatchdog(S(10), S(5)));
    }

    /// <summary>A stand-in for qemu-system-x86_64: finds the serial file in its arguments (-serial file:PATH) and runs
    /// <paramref name="body"/> with it as $out.</summary>
    private string FakeQemu(string body)
    {
        string script = Path.Combine(_folder, "fake-qemu.sh");
        File.WriteAllText(script, "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in file:*) out=\"${a#file:}\";; esac; done\n" + body + "\n");
        if (!OperatingSystem.IsWindows()) File.SetUnixFileMode(script, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        return script;
    }

    private Task<QemuResult> Run(string qemu, TimeSpan idle, TimeSpan? hard = null)
    {
        string iso = Path.Combine(_folder, "fake.iso");
        File.WriteAllBytes(iso, []);
        return QemuRunner.RunAsync(new QemuOptions
        {
            IsoPath = iso,
            QemuPath = qemu,
            SerialLogPath = Path.Combine(_folder, "serial.log"),
            Timeout = idle,
            HardTimeout = hard,
        });
    }

    [Fact]
    public async Task TheRunnerLetsAGuestThatKeepsPrintingOutlastTheIdleLimit()
    {
        // Twenty lines 0.2 s apart: about 4 s in all, twice the idle limit, and never 2 s without a line.
        string qemu = FakeQemu("i=0; while [ $i -lt 20 ]; do echo \"line $i\" >> \"$out\"; sleep 0.2; i=$((i+1)); done; exit 67");
        QemuResult result = await Run(qemu, idle: S(2));
        Assert.True(result.Status != KernelExitStatus.TimedOut, result.Describe());
        Assert.Null(result.TimeoutReason);
        Assert.Equal(67, result.ExitCode);
        Assert.Contains("line 19", result.Serial, StringComparison.Ordinal);
        Assert.True(result.Elapsed > S(2), $"the run took {result.Elapsed}, not longer than the idle limit: the test proves nothing");
    }

    [Fact]
    public async Task TheRunnerEndsASilentGuestAtTheIdleLimitAndSaysSo()
    {
        string qemu = FakeQemu("echo \"booting\" >> \"$out\"; sleep 60");
        QemuResult result = await Run(qemu, idle: S(1));
        Assert.Equal(KernelExitStatus.TimedOut, result.Status);
        Assert.True(result.Elapsed < S(50), $"the silent guest ran {result.Elapsed}");
        Assert.Contains("idle limit", result.TimeoutReason, StringComparison.Ordinal);
        string described = result.Describe();
        Assert.Contains("timeout: the idle limit fired", described, StringComparison.Ordinal);
        Assert.Contains("booting", described, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TheRunnerEndsAGuestThatPrintsForeverAtTheHardStop()
    {
        string qemu = FakeQemu("while true; do echo tick >> \"$out\"; sleep 0.1; done");
        QemuResult result = await Run(qemu, idle: S(2), hard: S(3));
        Assert.Equal(KernelExitStatus.TimedOut, result.Status);
        Assert.Contains("hard stop of 3 s", result.TimeoutReason, StringComparison.Ordinal);
        Assert.Contains("tick", result.Serial, StringComparison.Ordinal);
    }
}
