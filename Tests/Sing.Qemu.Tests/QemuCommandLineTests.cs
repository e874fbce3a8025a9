using Xunit;

namespace Sing.Qemu.Tests;

public class QemuCommandLineTests
{
    private static readonly QemuOptions Base = new() { IsoPath = "/images/sing.iso" };

    private static string Joined(QemuOptions options) => string.Join(' ', QemuCommandLine.Build(options, "file:/tmp/s.log"));

    [Fact]
    public void DefaultsAreHeadlessTcgWithTheDebugExitDevice()
    {
        string args = Joined(Base);
        Assert.Contains("-cdrom /images/sing.iso", args, StringComparison.Ordinal);
        Assert.Contains("-accel tcg", args, StringComparison.Ordinal);
        Assert.Contains("-display none", args, StringComparison.Ordinal);
        Assert.Contains("-serial file:/tmp/s.log", args, StringComparison.Ordinal);
        Assert.Contains("-device isa-debug-exit,iobase=0xf4,iosize=0x04", args, StringComparison.Ordinal);
        Assert.Contains("-no-reboot", args, StringComparison.Ordinal);
        Assert.DoesNotContain("-icount", args, StringComparison.Ordinal);
        Assert.DoesNotContain("-fw_cfg", args, StringComparison.Ordinal);
    }

    [Fact]
    public void DisksGoOnTheAhciBusesBesideTheCd()
    {
        Assert.DoesNotContain("-drive", Joined(Base), StringComparison.Ordinal);
        string args = Joined(Base with { Disks = new[] { "/d/a.img", "/d/b,c.img", "/d/e.img" } });
        Assert.Contains("-drive id=d0,file=/d/a.img,format=raw,if=none -device ide-hd,drive=d0,bus=ide.0", args, StringComparison.Ordinal);
        // A comma inside a path is doubled, QEMU's escape; the CD keeps ide.2.
        Assert.Contains("-drive id=d1,file=/d/b,,c.img,format=raw,if=none -device ide-hd,drive=d1,bus=ide.1", args, StringComparison.Ordinal);
        Assert.Contains("-device ide-hd,drive=d2,bus=ide.3", args, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => Joined(Base with { Disks = Enumerable.Repeat("/d/x.img", 6).ToArray() }));
        Assert.Contains("-machine pc ", Joined(Base with { MachineType = "pc" }), StringComparison.Ordinal);
    }

    [Fact]
    public void TestBootsMayIgnoreTheGuestsDiskFlushes()
    {
        Assert.DoesNotContain("cache=", Joined(Base with { Disks = new[] { "/d/a.img" } }), StringComparison.Ordinal);
        Assert.Contains("-drive id=d0,file=/d/a.img,format=raw,if=none,cache=unsafe,snapshot=on ",
            Joined(Base with { Disks = new[] { "/d/a.img" }, DiskFlushesIgnored = true, DiskSnapshots = true }), StringComparison.Ordinal);
    }

    [Fact]
    public void EveryMachineHasAnE1000OnTheUserNetworkForwardingOnlyWhenAsked()
    {
        string args = Joined(Base);
        Assert.Contains("-netdev user,id=n0 -device e1000,netdev=n0", args, StringComparison.Ordinal);
        Assert.DoesNotContain("hostfwd", args, StringComparison.Ordinal);
        Assert.Contains("-netdev user,id=n0,hostfwd=tcp:127.0.0.1:8080-:80 -device e1000,netdev=n0",
            Joined(Base with { ForwardedHostPort = 8080 }), StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => Joined(Base with { ForwardedHostPort = 70000 }));
        Assert.Contains("hostfwd=tcp:127.0.0.1:8080-:80,hostfwd=tcp:127.0.0.1:9009-:9 -device e1000,netdev=n0",
            Joined(Base with { ForwardedHostPort = 8080, ExtraForwards = [(9009, 9)] }), StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => Joined(Base with { ExtraForwards = [(9009, 0)] }));
        Assert.Contains("-device e1000-82545em,netdev=n0", Joined(Base with { NicModel = "e1000-82545em" }), StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => Joined(Base with { NicModel = "virtio-net-pci,romfile=x" }));
    }

    [Fact]
    public void UefiLoadsOvmfAndBiosLoadsNoFirmwareFile()
    {
        Assert.DoesNotContain("-bios", Joined(Base), StringComparison.Ordinal);
        string firmware = Path.GetTempFileName();
        try
        {
            string args = Joined(Base with { Firmware = QemuFirmware.Uefi, UefiFirmwarePath = firmware });
            Assert.Contains($"-bios {firmware}", args, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(firmware);
        }
    }

    [Fact]
    public void UefiWithoutOvmfNamesThePackage()
    {
        var missing = Base with { Firmware = QemuFirmware.Uefi, UefiFirmwarePath = "/nonexistent/OVMF.fd" };
        var e = Assert.Throws<FileNotFoundException>(() => Joined(missing));
        Assert.Contains("/nonexistent/OVMF.fd", e.Message, StringComparison.Ordinal);
        Assert.Contains("package ovmf", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void KvmIcountOptionsAndGdbAreHonoured()
    {
        string args = Joined(Base with { Accelerator = QemuAccelerator.Kvm, InstructionCounting = true, KernelOptions = "test=all", GdbPort = 1234, MemoryMiB = 1024 });
        Assert.Contains("-accel kvm", args, StringComparison.Ordinal);
        Assert.Contains("-icount shift=0,sleep=off", args, StringComparison.Ordinal);
        Assert.Contains("-fw_cfg name=opt/singularity/cmdline,string=test=all", args, StringComparison.Ordinal);
        Assert.Contains("-S -gdb tcp::1234", args, StringComparison.Ordinal);
        Assert.Contains("-m 1024", args, StringComparison.Ordinal);
    }

    [Fact]
    public void SerialInputPutsTheConsoleOnQemusStandardStreams()
    {
        string args = Joined(Base with { SerialInputPath = "/tmp/keys.txt" });
        Assert.Contains("-chardev stdio,id=com1,signal=off -serial chardev:com1", args, StringComparison.Ordinal);
        Assert.DoesNotContain("-serial file:", args, StringComparison.Ordinal);
    }

    [Fact]
    public void KernelOptionsWithCommasOrAnyCharacterTravelInAFile()
    {
        string script = "script=echo a,b; write /fs/x.txt Grüße \\; 日本; echo " + new string('z', 3000);
        string args = Joined(Base with { KernelOptions = script });
        var match = System.Text.RegularExpressions.Regex.Match(args, "-fw_cfg name=opt/singularity/cmdline,file=(\\S+)");
        Assert.True(match.Success, args);
        Assert.Equal(script, File.ReadAllText(match.Groups[1].Value.Replace(",,", ",", StringComparison.Ordinal), new System.Text.UTF8Encoding(false)));
        Assert.DoesNotContain("string=", args, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(33, KernelExitStatus.Success)]
    [InlineData(35, KernelExitStatus.TestsFailed)]
    [InlineData(37, KernelExitStatus.Panic)]
    [InlineData(0, KernelExitStatus.NoStatus)]
    [InlineData(1, KernelExitStatus.QemuError)]
    public void ExitCodesDecode(int code, KernelExitStatus status) => Assert.Equal(status, KernelExitCodes.Decode(code));

    [Fact]
    public void SerialCleaningDropsCarriageReturnsAndEscapes()
    {
        byte[] raw = System.Text.Encoding.Latin1.GetBytes("\u001b[H\u001b[J\u001b[1;1Hline one\r\nline two\r\n");
        Assert.Equal("line one\nline two\n", QemuRunner.CleanSerial(raw));
    }

    [Fact]
    public async Task AMissingImageIsAClearError()
    {
        var e = await Assert.ThrowsAsync<FileNotFoundException>(() => QemuRunner.RunAsync(Base with { IsoPath = "/nonexistent/sing.iso" }));
        Assert.Contains("dotnet build Singularity.sln", e.Message, StringComparison.Ordinal);
    }
}
