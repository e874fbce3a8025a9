using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>A normal boot: the policy's boot services start (the clock driver, the disk driver, the file system, then the shell), the shell runs the
/// startup script, then reads commands typed on the serial console (fed from a file) and ends the machine with
/// shutdown. Programs are launched by manifest name with arguments checked against their manifests.</summary>
public class ShellBootTests
{
    private static readonly string[] Typed =
    {
        "help hello",
        "hello --count x",
        "hello Ann --count 2",
        "hello --bogus",
        "programs",
        "date",
        "ps",
        "names /dev/",
        "devices",
        "nosuch",
        "sleep x",
        "sleep 0.05",
        "kill 1",
        "ps",
        "ls",
        "shutdown",
    };

    private static readonly Lazy<Task<QemuResult>> Session = new(async () =>
    {
        Directory.CreateDirectory(Repository.LogDirectory);
        string input = Path.Combine(Repository.LogDirectory, "shell-input.txt");
        await File.WriteAllTextAsync(input, string.Join("\r\n", Typed) + "\r\n");
        return await Machine.BootAsync("", "shell-session", instructionCounting: true, serialInputPath: input, serialInputAfter: "type help.");
    });

    private static async Task<string> SerialAsync()
    {
        QemuResult run = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the shell's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^boot: started rtc \(pid 1\)$")]
    [InlineData(@"^\[rtc:1\] periodic interrupt on IRQ 8: 3 of 3 seen$")]
    [InlineData(@"^boot: started filesystem \(pid 3\)$")]
    [InlineData(@"^boot: started e1000 \(pid 4\)$")]
    [InlineData(@"^boot: started netstack \(pid 5\)$")]
    [InlineData(@"^boot: started webserver \(pid 6\)$")]
    [InlineData(@"^boot: started login \(pid 7\)$")]
    [InlineData(@"^Singularity shell: \d+ installed programs; type help\.$")]
    // The publisher the installer checked the signature of (the test key's), and the content hash it installed.
    [InlineData(@"^hello 1\.0\.0 \(application, singularity-project\)$")]
    [InlineData(@"^  code sha256:[0-9a-f]{16}\.\.\.$")]
    [InlineData(@"^  usage: hello \[name\] \[--count int32\]$")]
    [InlineData(@"^    --count : int32, default 1 - ")]
    [InlineData(@"^parameter count of hello expects int32, got 'x'$")]
    [InlineData(@"^\[hello:\d+\] hello, Ann \(2 of 2\)$")]
    [InlineData(@"^unknown parameter --bogus for hello; parameters: \[name\]:string --count:int32$")]
    [InlineData(@"^  rtc +driver ")]
    [InlineData(@"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$")]
    [InlineData(@"^ +1 +0 +running +1 +\d+ +rtc")]
    [InlineData(@"^  /dev/rtc$")]
    [InlineData(@"^\[e1000:4\] 52:54:00:12:34:56, link up at 1000 Mb/s, 64 receive and 64 transmit descriptors$")]
    [InlineData(@"^00:02\.0 8086:100e class 02\.00\.00 irq \d+ mem 0x[0-9a-f]+\+20000 io 0x[0-9a-f]+\+40 driver e1000 \(pid 4\)$")]
    [InlineData(@"^  /dev/nic0$")]
    [InlineData(@"^00:1f\.2 8086:2922 class 01\.06\.01 irq \d+ io 0x[0-9a-f]+\+20 mem 0x[0-9a-f]+\+1000( driver ahci \(pid 2\))?$")]
    [InlineData(@"^unknown command or program 'nosuch'; type help$")]
    [InlineData(@"^usage: sleep <seconds> \(at most 86400; fractions such as 0\.5 allowed\)$")]
    [InlineData(@"^singularity> sleep 0\.05\r?\nsingularity> kill 1")]
    [InlineData(@"^\[filesystem:3\] fs: waiting for a block device at /dev/disk0p1, another partition of /dev/disk0 or the whole disk \(the disk driver registers it\)$")]
    [InlineData(@"^ls: no file system at /fs \(not found\)$")]
    [InlineData(@"^\[kernel\] SIP rtc \(pid 1\) terminated: killed by shell$")]
    [InlineData(@"^\[kernel\] shutdown requested by shell \(pid 8\)$")]
    public async Task SessionShows(string pattern)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    [Fact]
    public async Task StartupScriptRunsBeforeTypedCommands()
    {
        string serial = await SerialAsync();
        int script = serial.IndexOf("singularity> hello", StringComparison.Ordinal);
        // The echo of the typed line may follow the prompt after a boot service's log line (the stack's DHCP lease,
        // the web server's listening line come in the background).
        int typed = serial.IndexOf("help hello", StringComparison.Ordinal);
        Assert.True(script >= 0 && typed > script, serial);
        Assert.Contains("[hello exited with code 42]", serial, StringComparison.Ordinal);
    }

    [Fact]
    public async Task KilledDriverIsGoneFromTheProcessList()
    {
        string serial = await SerialAsync();
        string afterKill = serial[serial.IndexOf("killed 1", StringComparison.Ordinal)..];
        Assert.DoesNotMatch(new Regex(@"^ +1 +0 +running +1 +\d+ +rtc", RegexOptions.Multiline), afterKill);
        Assert.Matches(new Regex(@"^ +8 +7 +running +1 +\d+ +shell", RegexOptions.Multiline), afterKill);
    }
}
