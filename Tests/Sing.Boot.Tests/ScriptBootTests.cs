using System.Text;
using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The kernel option script= runs shell lines headless: here it replaces the boot file system (no disk in
/// this machine) by one on a RAM disk, then uses every file built-in. The script travels through QEMU fw_cfg as a
/// file (it has commas, ';' escapes and non-ASCII text), failing lines print their error and the script goes on, and
/// its final shutdown ends QEMU with success.</summary>
public class ScriptBootTests
{
    private const string Note = "semi;colon, back\\slash and Grüße 日本 🙂";

    private static readonly string[] Lines =
    {
        "echo script starts",
        "kill 3",
        "ls /fs",
        "ramdisk --size 4 &",
        "filesystem --device /dev/ram/0 --format &",
        "wait /fs",
        "mkdir /fs/docs",
        @"write /fs/docs/note.txt semi\;colon, back\\slash and Grüße 日本 🙂",
        "cat /fs/docs/note.txt",
        "write /fs/system/by-shell.txt services may write here",
        "cat /fs/system/by-shell.txt",
        "cp /fs/docs/note.txt /fs/copy.txt",
        "mv /fs/copy.txt /fs/docs",
        "ls /fs/docs",
        "rm /fs/nosuch.txt",
        "cat /etc/passwd",
        "nosuchcommand",
        "probe exit 3",
        "rm /fs/docs/copy.txt",
        "df",
        "sync",
        "shutdown",
    };

    private static readonly Lazy<Task<QemuResult>> Session = new(() =>
    {
        Directory.CreateDirectory(Repository.LogDirectory);
        return Machine.BootAsync("script=" + string.Join("; ", Lines), "script-session", instructionCounting: true);
    });

    private static async Task<string> SerialAsync()
    {
        QemuResult run = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the script's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^boot: login runs the script= option \(\d+ characters\)$")]
    [InlineData(@"^singularity> echo script starts$")]
    [InlineData(@"^\[filesystem:3\] fs: waiting for a block device at /dev/disk0p1, another partition of /dev/disk0 or the whole disk \(the disk driver registers it\)$")]
    [InlineData(@"^killed 3$")]
    [InlineData(@"^ls: no file system at /fs \(not found\)$")]
    [InlineData(@"^\[filesystem:\d+\] fs: formatted /dev/ram/0 as FAT32$")]
    [InlineData(@"^\[filesystem:\d+\] fs: mounted /dev/ram/0 at /fs: FAT32, \d+ KiB, \d+ KiB free, clusters of 512 bytes; /system is read-only to applications$")]
    [InlineData(@"^services may write here$")]
    [InlineData(@"^  f +\d+  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d  copy\.txt$")]
    [InlineData(@"^rm: /nosuch\.txt: no such file or directory$")]
    [InlineData(@"^cat: /etc/passwd: files are under /fs \(for example /fs/hello\.txt\)$")]
    [InlineData(@"^unknown command or program 'nosuchcommand'; type help$")]
    // A test tool is in the image, but a boot that is not for tests cannot run it (the policy's test="true").
    [InlineData(@"shell could not create ""probe"": shell may not start probe: it is a test tool, which the kernel starts only when booted for tests or benchmarks")]
    [InlineData(@"^cannot start probe: ")]
    [InlineData(@"^/fs: \d+ KiB, \d+ KiB used, \d+ KiB free \(\d+% used\)$")]
    [InlineData(@"^synced /fs$")]
    [InlineData(@"^\[kernel\] shutdown requested by shell \(pid 8\)$")]
    public async Task ScriptShows(string pattern)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    /// <summary>The note went through fw_cfg, the kernel's UTF-8 decoding, the shell's ';' escapes, the file system
    /// and the console intact: its size in the listing is its UTF-8 length, and cat shows it as written (the console
    /// passes a SIP's UTF-8 through).</summary>
    [Fact]
    public async Task NonAsciiTextAndEscapesArriveIntact()
    {
        string serial = await SerialAsync();
        int bytes = Encoding.UTF8.GetByteCount(Note + "\n");
        Assert.Matches(new Regex($@"^  f +{bytes}  \S+ \S+  note\.txt$", RegexOptions.Multiline), serial);
        Assert.Contains(Note, serial, StringComparison.Ordinal);
    }

    [Fact]
    public async Task EveryLineRanInOrderAndTheScriptEndedTheMachine()
    {
        string serial = await SerialAsync();
        int last = -1;
        foreach (string line in Lines)
        {
            string shown = "singularity> " + line.Replace("\\;", ";", StringComparison.Ordinal).Replace("\\\\", "\\", StringComparison.Ordinal);
            int at = serial.IndexOf(shown, last + 1, StringComparison.Ordinal);
            Assert.True(at > last, $"'{shown}' not shown after the previous line:\n{serial}");
            last = at;
        }
    }

}
