using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The AHCI driver with real disks: a boot with three scratch images (16 MiB MBR with one partition on port 0,
/// 8 MiB GPT with one partition on port 1, 16 MiB MBR with a primary and two logical partitions on port 3). The kernel matches the driver to q35's AHCI controller by its manifest's
/// PCI signature; the shell then runs diskprobe's checks (info, write/flush/read round trip, partition window and
/// refused requests, reads in flight on several channels, a contract violator, a client that leaves mid-request, a non-driver calling the DMA entries,
/// a client holding a read while the driver is killed, after which the supervisor restarts the driver and a new client
/// is served by the new instance). Two more boots: no disk (the driver starts and says it has
/// nothing to serve), and the i440FX machine, which has no AHCI controller (the kernel refuses to start the driver
/// and the system runs on).</summary>
public class DiskBootTests
{
    private const long MbrSectors = 32768, PartitionStart = 2048, GptSectors = 16384, GptFirst = 2048, GptLast = 10239;

    private static readonly string[] Typed =
    {
        "devices",
        "names /dev/",
        "diskprobe info",
        "diskprobe info /dev/disk0p1",
        "diskprobe info /dev/disk1p1",
        "diskprobe roundtrip 100 16",
        "diskprobe range 2048",
        "diskprobe parallel 6",
        "diskprobe violate",
        "diskprobe vanish",
        "diskprobe info /dev/disk1",
        "diskprobe phys",
        "diskprobe hold &",
        "diskprobe info /dev/disk0p1",
        "kill 2",
        "diskprobe info",
        "ps",
        "shutdown",
    };

    private static readonly Lazy<Task<QemuResult>> Session = new(async () =>
    {
        string disks = ScratchDisk.NewDirectory("disk-session");
        string mbr = ScratchDisk.Mbr(disks, "mbr.img", MbrSectors, PartitionStart);
        string gpt = ScratchDisk.Gpt(disks, "gpt.img", GptSectors, GptFirst, GptLast);
        string extended = ScratchDisk.Extended(disks, "extended.img", MbrSectors);
        string input = Path.Combine(disks, "input.txt");
        await File.WriteAllTextAsync(input, string.Join("\r\n", Typed) + "\r\n");
        try
        {
            return await Machine.BootAsync("tools=test", "disk-session", instructionCounting: true, serialInputPath: input,
                serialInputAfter: "type help.", disks: new[] { mbr, gpt, extended });
        }
        finally
        {
            Directory.Delete(disks, recursive: true);
        }
    });

    private static async Task<string> SerialAsync(Lazy<Task<QemuResult>> session)
    {
        QemuResult run = await session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the shell's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^boot: started ahci \(pid 2\)$")]
    [InlineData(@"^\[ahci:2\] /dev/disk0: port 0, 32768 sectors \(16 MiB\), ""QEMU HARDDISK"", 1 partition\(s\)$")]
    [InlineData(@"^\[ahci:2\] /dev/disk0p1: sectors 2048-32767$")]
    [InlineData(@"^\[ahci:2\] /dev/disk1: port 1, 16384 sectors \(8 MiB\), ""QEMU HARDDISK"", 1 partition\(s\)$")]
    [InlineData(@"^\[ahci:2\] /dev/disk1p1: sectors 2048-10239$")]
    [InlineData(@"^\[ahci:2\] /dev/disk2: port 3, 32768 sectors \(16 MiB\), ""QEMU HARDDISK"", 3 partition\(s\)$")]
    [InlineData(@"^\[ahci:2\] /dev/disk2p1: sectors 2048-6143$")]
    [InlineData(@"^\[ahci:2\] /dev/disk2p5: sectors 8255-12350$")]
    [InlineData(@"^\[ahci:2\] /dev/disk2p6: sectors 16447-32767$")]
    [InlineData(@"^00:1f\.2 8086:2922 class 01\.06\.01 irq \d+ msi vector (4[89]|5\d|6[0-3]) io 0x[0-9a-f]+\+20 mem 0x[0-9a-f]+\+1000 driver ahci \(pid 2\)$")]
    [InlineData(@"^Interrupts: I/O APIC at 0xfec00000 \(GSIs 0-23\), local APIC 0 at 0xfee00000, MSI$")]
    [InlineData(@"^  /dev/disk0p1$")]
    [InlineData(@"^\[diskprobe:\d+\] /dev/disk0: 32768 sectors of 512 bytes \(16384 KiB\), at most 128 sectors per request$")]
    [InlineData(@"^\[diskprobe:\d+\] /dev/disk0p1: 30720 sectors of 512 bytes")]
    [InlineData(@"^\[diskprobe:\d+\] /dev/disk1p1: 8192 sectors of 512 bytes")]
    [InlineData(@"^\[diskprobe:\d+\] roundtrip: wrote, flushed and read back 16 sectors at LBA 100: identical, in the same exchange blocks \(zero copy\)$")]
    [InlineData(@"^\[diskprobe:\d+\] range: /dev/disk0p1 is sectors 2048-32767 of /dev/disk0; 7 bad requests refused with the contract's codes$")]
    [InlineData(@"^\[diskprobe:\d+\] parallel: 6 reads in flight on 6 channels, each answered with its own sectors$")]
    [InlineData(@"^\[ahci:2\] [2-8] commands in flight at once$")]
    [InlineData(@"^\[kernel\] SIP diskprobe \(pid \d+\) terminated: protocol violation on a BlockDevice channel")]
    [InlineData(@"^\[diskprobe:\d+\] vanish: sent a 64 KiB read and closed the channel without waiting$")]
    [InlineData(@"^\[diskprobe:\d+\] /dev/disk1: 16384 sectors of 512 bytes")]
    [InlineData(@"^\[diskprobe:\d+\] phys: \d+ DMA calls with forged, retyped and made-up handles refused; no physical address written$")]
    [InlineData(@"^\[kernel\] SIP ahci \(pid 2\) terminated: killed by shell$")]
    [InlineData(@"^\[diskprobe:\d+\] hold: ChannelClosed after \d+ requests$")]
    [InlineData(@"^\[kernel\] supervisor: restarted ahci as pid \d+ \(killed by shell; restart 1, after 50 ms\)$")]
    [InlineData(@"^\[ahci:(?!2\])\d+\] /dev/disk0: port 0, 32768 sectors \(16 MiB\), ""QEMU HARDDISK"", 1 partition\(s\)$")]
    [InlineData(@"^\[kernel\] shutdown requested by shell \(pid 8\)$")]
    public async Task DiskSessionShows(string pattern)
    {
        string serial = await SerialAsync(Session);
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    [Fact]
    public async Task EveryProbeCheckPasses()
    {
        string serial = await SerialAsync(Session);
        // Every diskprobe check exits 0, the last info too: it runs after the driver was killed and is served by the
        // instance the supervisor started; the only other ending is the violator's (ended by the kernel: a negative code).
        Assert.DoesNotMatch(new Regex(@"^\[diskprobe exited with code [1-9]", RegexOptions.Multiline), serial);
        Assert.Equal(11, Regex.Matches(serial, @"^\[diskprobe exited with code 0\]", RegexOptions.Multiline).Count);
        int killed = serial.IndexOf("killed 2", StringComparison.Ordinal);
        Assert.True(killed > 0, serial);
        Assert.Matches(new Regex(@"^\[diskprobe:\d+\] /dev/disk0: 32768 sectors of 512 bytes", RegexOptions.Multiline), serial[killed..]);
        Assert.DoesNotMatch(new Regex(@"^\[kernel\] SIP ahci .*terminated: (?!killed by shell)", RegexOptions.Multiline), serial);
    }

    [Fact]
    public async Task DriverServesAfterTheViolatorIsEnded()
    {
        string serial = await SerialAsync(Session);
        int violation = serial.IndexOf("terminated: protocol violation on a BlockDevice channel", StringComparison.Ordinal);
        Assert.True(violation > 0, serial);
        Assert.Matches(new Regex(@"^\[diskprobe:\d+\] /dev/disk1: 16384 sectors", RegexOptions.Multiline), serial[violation..]);
    }

    private static readonly Lazy<Task<QemuResult>> NoDisk = new(() =>
        BootWithScript("disk-none", Array.Empty<string>(), "q35"));

    private static readonly Lazy<Task<QemuResult>> NoController = new(() =>
        BootWithScript("disk-no-controller", Array.Empty<string>(), "pc"));

    private static async Task<QemuResult> BootWithScript(string name, string[] disks, string machine)
    {
        string directory = ScratchDisk.NewDirectory(name);
        Directory.CreateDirectory(directory);
        string input = Path.Combine(directory, "input.txt");
        await File.WriteAllTextAsync(input, "devices\r\ndiskprobe info\r\nps\r\nshutdown\r\n");
        try
        {
            return await Machine.BootAsync("tools=test", name, instructionCounting: true, serialInputPath: input, serialInputAfter: "type help.",
                disks: disks, machineType: machine);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    [Theory]
    [InlineData(@"^boot: started ahci \(pid 2\)$")]
    [InlineData(@"^\[ahci:2\] no SATA disk on any port: nothing to serve$")]
    [InlineData(@"^PCI configuration: ECAM at 0x[0-9a-f]+ for buses 0-\d+ \(ACPI MCFG\)$")]
    [InlineData(@"^\[diskprobe:\d+\] /dev/disk0: no block device to connect to$")]
    [InlineData(@"^ +8 +7 +running +1 +\d+ +shell")]
    public async Task WithoutADiskTheDriverSaysSo(string pattern)
    {
        string serial = await SerialAsync(NoDisk);
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    [Theory]
    [InlineData(@"^PCI configuration: configuration ports 0xCF8/0xCFC$")]
    [InlineData(@"^Interrupts: I/O APIC at 0xfec00000 \(GSIs 0-23\), local APIC 0 at 0xfee00000, MSI$")]
    [InlineData(@"^boot: cannot start ahci: no PCI function matches its signature \(pci class 0x010601\); the machine has none of its devices$")]
    [InlineData(@"^\[diskprobe:\d+\] /dev/disk0: no block device to connect to$")]
    [InlineData(@"^ +\d+ +\d+ +running +1 +\d+ +shell")]
    public async Task WithoutTheControllerTheDriverIsNotStarted(string pattern)
    {
        string serial = await SerialAsync(NoController);
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }
}
