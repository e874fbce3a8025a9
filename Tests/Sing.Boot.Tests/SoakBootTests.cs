using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The CI size of `./build.sh soak`'s workload that stays up: two minutes of soak.mixed_workload (a supervised
/// clock driver and RAM disk, the contract fuzzer and Echo pairs as clients, short-lived programs, a killer every two
/// seconds) in a boot of its own under plain TCG, so the minutes are the host's. The kernel test checks that the
/// services are up, new clients are served and the accounting is back; here the boot must end in success and the
/// closing line must show work done between the kills.</summary>
public class SoakBootTests
{
    [Fact]
    public async Task MixedWorkloadStaysUpForTwoMinutes()
    {
        QemuResult run = await Machine.BootAsync("test=soak.* soak.seconds=120", "soak-two-minutes", timeout: TimeSpan.FromMinutes(8));
        Assert.True(run.Status == KernelExitStatus.Success, $"the soak boot ends in success (no panic, every check passed).\n{run.Describe()}");
        Match soak = Regex.Match(run.Serial, @"soak: 120 s: (\d+) process lifetimes, (\d+) Echo messages, (\d+) fuzz runs .*; kills: (\d+) RAM disk, (\d+) clock driver, (\d+) clients; (\d+) restarts");
        Assert.True(soak.Success, $"no closing soak line.\n{run.Describe()}");
        Assert.True(long.Parse(soak.Groups[1].Value) > 100, $"process lifetimes: {soak.Groups[1].Value}");
        Assert.True(long.Parse(soak.Groups[2].Value) > 10_000, $"Echo messages: {soak.Groups[2].Value}");
        long serviceKills = long.Parse(soak.Groups[4].Value) + long.Parse(soak.Groups[5].Value);
        Assert.True(serviceKills == 0 || long.Parse(soak.Groups[7].Value) > 0, "killed services were restarted by the supervisor");
    }
}
