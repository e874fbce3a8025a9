using Xunit;

namespace Sing.Build.Tests;

/// <summary>`vmware` writes a .vmx VMware opens: the ISO on a SATA CD beside it, COM1 to a file or a pipe, the e1000
/// NIC, BIOS or UEFI firmware; values VMware could not read back are refused.</summary>
public class VmwareConfigurationTests
{
    private static Dictionary<string, string> Parse(string vmx)
    {
        var settings = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string line in vmx.Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            var m = System.Text.RegularExpressions.Regex.Match(line, "^([A-Za-z0-9_.:]+) = \"([^\"]*)\"$");
            Assert.True(m.Success, $"not a .vmx line: {line}");
            Assert.True(settings.TryAdd(m.Groups[1].Value, m.Groups[2].Value), $"{m.Groups[1].Value} is set twice");
        }
        return settings;
    }

    [Fact]
    public void TheDefaultMachineBootsTheIsoUnderBiosWithTheConsoleInAFile()
    {
        var vmx = Parse(VmwareConfiguration.Write(new VmwareMachine { IsoFileName = "singularity.iso" }));
        Assert.Equal("bios", vmx["firmware"]);
        Assert.Equal("other-64", vmx["guestOS"]);
        Assert.Equal("512", vmx["memsize"]);
        Assert.Equal("TRUE", vmx["sata0.present"]);
        Assert.Equal("cdrom-image", vmx["sata0:0.deviceType"]);
        Assert.Equal("singularity.iso", vmx["sata0:0.fileName"]);
        Assert.Equal("file", vmx["serial0.fileType"]);
        Assert.Equal("singularity-serial.log", vmx["serial0.fileName"]);
        Assert.Equal("e1000", vmx["ethernet0.virtualDev"]);
        Assert.False(vmx.ContainsKey("uefi.secureBoot.enabled"));
    }

    [Fact]
    public void UefiAndAPipeAreHonoured()
    {
        var vmx = Parse(VmwareConfiguration.Write(new VmwareMachine
        {
            IsoFileName = "singularity.iso", Uefi = true, MemoryMiB = 1024, Serial = VmwareSerial.Pipe,
        }));
        Assert.Equal("efi", vmx["firmware"]);
        Assert.Equal("FALSE", vmx["uefi.secureBoot.enabled"]);
        Assert.Equal("1024", vmx["memsize"]);
        Assert.Equal("pipe", vmx["serial0.fileType"]);
        Assert.Equal(@"\\.\pipe\singularity-com1", vmx["serial0.fileName"]);
        Assert.Equal("server", vmx["serial0.pipe.endPoint"]);
    }

    [Theory]
    [InlineData(510, "multiples of 4 MiB")]
    [InlineData(0, "multiples of 4 MiB")]
    public void MemoryVmwareCannotGiveIsRefused(int mib, string message)
    {
        var e = Assert.Throws<ArgumentException>(() => VmwareConfiguration.Write(new VmwareMachine { IsoFileName = "s.iso", MemoryMiB = mib }));
        Assert.Contains(message, e.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/tmp/a\"b")]
    [InlineData("/tmp/a|b")]
    [InlineData("")]
    public void APipeNameAVmxCannotHoldIsRefused(string pipe)
    {
        var e = Assert.Throws<ArgumentException>(() => VmwareConfiguration.Write(new VmwareMachine
        {
            IsoFileName = "s.iso", Serial = VmwareSerial.Pipe, PipeName = pipe,
        }));
        Assert.Contains("serial0.fileName", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TheVerbWritesTheVmxBesideTheIsoAndRefusesAMissingIso()
    {
        string folder = Directory.CreateTempSubdirectory("sing-vmware-").FullName;
        try
        {
            string vmxPath = Path.Combine(folder, "singularity.vmx");
            var machine = new VmwareMachine { IsoFileName = "singularity.iso" };
            var missing = Assert.Throws<FileNotFoundException>(() => VmwareVerb.Run(machine, vmxPath, TextWriter.Null));
            Assert.Contains(Path.Combine(folder, "singularity.iso"), missing.Message, StringComparison.Ordinal);
            Assert.False(File.Exists(vmxPath));

            File.WriteAllBytes(Path.Combine(folder, "singularity.iso"), new byte[2048]);
            using var output = new StringWriter();
            Assert.Equal(0, VmwareVerb.Run(machine, vmxPath, output));
            Assert.Equal("singularity.iso", Parse(File.ReadAllText(vmxPath))["sata0:0.fileName"]);
            Assert.Contains(Path.Combine(folder, "singularity-serial.log"), output.ToString(), StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void TheCommandLineDescribesTheMachine()
    {
        var line = new BuildCommandLine();
        var result = line.Parse(["vmware", "--uefi", "--serial", "pipe", "--pipe", "/tmp/com1", "--memory", "1024"]);
        Assert.Empty(result.Errors);
        var machine = line.VmwareMachineOf(result);
        Assert.Equal(new VmwareMachine
        {
            IsoFileName = "singularity.iso", Uefi = true, MemoryMiB = 1024, Serial = VmwareSerial.Pipe, PipeName = "/tmp/com1",
        }, machine);
        Assert.Equal(new VmwareMachine { IsoFileName = "singularity.iso" }, line.VmwareMachineOf(line.Parse(["vmware"])));
    }

    [Theory]
    [InlineData(new[] { "vmware", "--serial", "tcp" }, "'tcp'")]
    [InlineData(new[] { "vmware", "--accel", "kvm" }, "'--accel'")]
    public void ABadVmwareOptionIsNamed(string[] args, string named)
    {
        var result = new BuildCommandLine().Parse(args);
        Assert.Contains(result.Errors, e => e.Message.Contains(named, StringComparison.Ordinal));
    }
}
