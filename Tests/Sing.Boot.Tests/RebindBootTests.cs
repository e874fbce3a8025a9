using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The file system re-binding its block device by name refuses a device that is not the volume it mounted: a
/// RAM disk (pid 9) is formatted and mounted, killed, and started again blank under the same name; the file system's
/// next disk request binds the new one, finds its sector 0 differs, and fails with an error instead of writing the
/// mounted volume's sectors onto it or reading its zeros as files. The file system and the kernel carry on.</summary>
public class RebindBootTests
{
    private static readonly string[] Lines =
    {
        "ramdisk --size 4 &",
        "filesystem --device /dev/ram/0 --format &",
        "wait /fs",
        "write /fs/before.txt written before the kill",
        "sync",
        "kill 9",
        "ramdisk --size 4 &",
        "wait /dev/ram/0",
        "write /fs/after.txt written after the kill",
        "sync",
        "ps",
        "shutdown",
    };

    private static readonly Lazy<Task<QemuResult>> Session = new(() =>
        Machine.BootAsync("script=" + string.Join("; ", Lines), "rebind-session", instructionCounting: true));

    private static async Task<string> SerialAsync()
    {
        QemuResult run = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the script's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^\[filesystem:10\] fs: formatted /dev/ram/0 as FAT32$")]
    [InlineData(@"^\[kernel\] SIP ramdisk \(pid 9\) terminated: killed by shell$")]
    [InlineData(@"^sync: .*/dev/ram/0: the restarted driver's device holds another volume \(its sector 0 differs from the mounted one's\)$")]
    [InlineData(@"^ +10 +8 +running +1 +\d+ +filesystem")]
    public async Task SessionShows(string pattern)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    [Fact]
    public async Task TheFirstSyncSucceedsAndNothingFails()
    {
        string serial = await SerialAsync();
        int kill = serial.IndexOf("killed 9", StringComparison.Ordinal);
        Assert.True(kill > 0, serial);
        Assert.DoesNotContain("sync:", serial[..kill], StringComparison.Ordinal);
        Assert.DoesNotContain("unhandled exception", serial, StringComparison.Ordinal);
        Assert.DoesNotContain("is back: re-bound", serial, StringComparison.Ordinal);
    }
}
