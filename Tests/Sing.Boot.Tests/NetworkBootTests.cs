using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The e1000 driver on QEMU's user network (issue 31): the kernel matches the driver to the 82540EM by its
/// manifest's PCI signature and starts it as a boot service; it resets the card, reads its MAC address and reports
/// the link. netprobe, an untrusted client of /dev/nic0, sends an ARP request for the gateway 10.0.2.2 from 10.0.2.15
/// through the driver (the card reads the frame from the client's exchange-heap buffer) and reads the gateway's reply
/// (written by the card into a buffer the client handed in). A second netprobe is served after the first leaves; the
/// driver is then killed, the supervisor restarts it, and a third netprobe resolves the gateway through the new
/// instance.</summary>
public class NetworkBootTests
{
    private static readonly string[] Lines =
    {
        "netprobe arp", "netprobe arp", "devices", "names /dev/", "kill 4", "wait /dev/nic0", "netprobe arp", "ps", "shutdown",
    };

    private static readonly Lazy<Task<QemuResult>> Session = new(() =>
        Machine.BootAsync("tools=test script=" + string.Join("; ", Lines), "network-session", instructionCounting: true));

    private static async Task<string> SerialAsync()
    {
        QemuResult run = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the script's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^boot: started e1000 \(pid 4\)$")]
    [InlineData(@"^\[e1000:4\] 52:54:00:12:34:56, link up at 1000 Mb/s, 64 receive and 64 transmit descriptors$")]
    [InlineData(@"^\[netprobe:\d+\] netprobe: /dev/nic0 is 52:54:00:12:34:56, MTU 1500$")]
    [InlineData(@"^00:02\.0 8086:100e class 02\.00\.00 irq \d+ mem 0x[0-9a-f]+\+20000 io 0x[0-9a-f]+\+40 driver e1000 \(pid 4\)$")]
    [InlineData(@"^  /dev/nic0$")]
    [InlineData(@"^\[kernel\] SIP e1000 \(pid 4\) terminated: killed by shell$")]
    [InlineData(@"^\[kernel\] supervisor: restarted e1000 as pid \d+ \(killed by shell; restart 1, after 50 ms\)$")]
    [InlineData(@"^\[e1000:(?!4\])\d+\] 52:54:00:12:34:56, link up at 1000 Mb/s, 64 receive and 64 transmit descriptors$")]
    public async Task SessionShows(string pattern)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    [Fact]
    public async Task EveryProbeResolvesTheGatewayThroughTheDriver()
    {
        string serial = await SerialAsync();
        var replies = Regex.Matches(serial, @"^\[netprobe:\d+\] arp: 10\.0\.2\.2 is at 52:55:0a:00:02:02 \(attempt \d, \d+ frame\(s\) received, reply after \d+ us\)$", RegexOptions.Multiline);
        Assert.True(replies.Count == 3, $"three ARP replies (two clients in turn, one after the driver's restart):\n{serial}");
        Assert.Equal(3, Regex.Matches(serial, @"^\[netprobe exited with code 0\]$", RegexOptions.Multiline).Count);
        int restart = serial.IndexOf("supervisor: restarted e1000", StringComparison.Ordinal);
        Assert.True(restart > 0 && replies[2].Index > restart, $"the third reply comes through the restarted driver:\n{serial}");
        Assert.DoesNotContain("unhandled exception", serial, StringComparison.Ordinal);
        Assert.DoesNotMatch(new Regex(@"^\[kernel\] SIP e1000 .*terminated: (?!killed by shell)", RegexOptions.Multiline), serial);
    }
}
