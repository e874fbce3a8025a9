using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>A guest that goes silent is ended by the runner's watchdog with where each CPU was (QEMU's monitor, the
/// kernel's symbols): booted to the shell with no input, the system waits silently, halted in its idle threads.</summary>
public class WatchdogBootTests
{
    [Fact]
    public async Task ASilentGuestIsEndedWithEachCpusPlace()
    {
        // The idle limit must outlast GRUB loading the kernel and every SIP module after its "Booting" line, which is
        // silent and took over 8 s on a busy CI host (the watchdog then fired in the firmware, with no kernel place).
        QemuResult run = await Machine.BootAsync("", "watchdog-silent-shell", cpus: 2, timeout: TimeSpan.FromSeconds(30));
        Assert.Equal(KernelExitStatus.TimedOut, run.Status);
        string state = run.CpuStateAtTimeout ?? "";
        Assert.Matches(@"(?m)^CPU 0: RIP=[0-9a-f]{16} \S+\+0x[0-9a-f]+ RSP=", state);
        Assert.Matches(@"(?m)^CPU 1: RIP=[0-9a-f]{16} \S+\+0x[0-9a-f]+ RSP=", state);
        Assert.Contains("[host] the watchdog fired", run.Serial, StringComparison.Ordinal);
    }
}
