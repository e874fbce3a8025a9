using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>Where a VMware machine's first serial port (COM1, the kernel's console) goes.</summary>
internal enum VmwareSerial
{
    /// <summary>A text file beside the .vmx.</summary>
    File,

    /// <summary>A named pipe (Windows: \\.\pipe\NAME; Linux and macOS hosts: a Unix socket path) that VMware serves
    /// and a terminal program connects to, for typing at the shell.</summary>
    Pipe,
}

/// <summary>One VMware virtual machine that boots the ISO: the settings <see cref="VmwareConfiguration.Write"/> turns
/// into a .vmx.</summary>
internal sealed record VmwareMachine
{
    public const string DefaultPipeName = @"\\.\pipe\singularity-com1";

    /// <summary>The ISO, named relative to the .vmx (they lie side by side), or absolute.</summary>
    public required string IsoFileName { get; init; }

    /// <summary>UEFI instead of BIOS firmware (the ISO is a hybrid and boots under both).</summary>
    public bool Uefi { get; init; }

    public int MemoryMiB { get; init; } = Options.DefaultMemoryMiB;

    public VmwareSerial Serial { get; init; } = VmwareSerial.File;

    /// <summary>The serial log's file name (Serial = File), relative to the .vmx.</summary>
    public string SerialLogFileName { get; init; } = "singularity-serial.log";

    /// <summary>The pipe VMware creates (Serial = Pipe).</summary>
    public string PipeName { get; init; } = DefaultPipeName;
}

/// <summary>Writes a VMware .vmx for <see cref="VmwareMachine"/>: the hardware the kernel has drivers or uses for, as
/// on QEMU's q35: a SATA (AHCI) controller with the ISO as its CD, COM1, an e1000 NIC (NAT; for the network stack),
/// one CPU. Hardware version 14 (Workstation 14, Fusion 10, ESXi 6.7 and later) is the first that all of today's
/// VMware products open.</summary>
internal static class VmwareConfiguration
{
    public const int HardwareVersion = 14;

    public static string Write(VmwareMachine machine)
    {
        ArgumentNullException.ThrowIfNull(machine);
        if (machine.MemoryMiB < 4 || machine.MemoryMiB % 4 != 0)
            throw new ArgumentException($"VMware takes memory in multiples of 4 MiB, at least 4; {machine.MemoryMiB} MiB is not", nameof(machine));
        var lines = new List<(string Key, string Value)>
        {
            (".encoding", "UTF-8"),
            ("config.version", "8"),
            ("virtualHW.version", HardwareVersion.ToString(CultureInfo.InvariantCulture)),
            ("displayName", "Singularity"),
            ("guestOS", "other-64"),
            ("firmware", machine.Uefi ? "efi" : "bios"),
            ("memsize", machine.MemoryMiB.ToString(CultureInfo.InvariantCulture)),
            ("numvcpus", "1"),
            // PCI Express root ports, where VMware places the SATA controller and the NIC (the kernel scans every bus).
            ("pciBridge0.present", "TRUE"),
            ("pciBridge4.present", "TRUE"),
            ("pciBridge4.virtualDev", "pcieRootPort"),
            ("pciBridge4.functions", "8"),
            ("sata0.present", "TRUE"),
            ("sata0:0.present", "TRUE"),
            ("sata0:0.deviceType", "cdrom-image"),
            ("sata0:0.fileName", machine.IsoFileName),
            ("sata0:0.startConnected", "TRUE"),
            ("serial0.present", "TRUE"),
            ("serial0.startConnected", "TRUE"),
            ("ethernet0.present", "TRUE"),
            ("ethernet0.virtualDev", "e1000"),
            ("ethernet0.connectionType", "nat"),
            ("ethernet0.addressType", "generated"),
            ("ethernet0.startConnected", "TRUE"),
            ("floppy0.present", "FALSE"),
        };
        if (machine.Uefi) lines.Add(("uefi.secureBoot.enabled", "FALSE"));   // GRUB's EFI image is not signed
        if (machine.Serial == VmwareSerial.File)
        {
            lines.Add(("serial0.fileType", "file"));
            lines.Add(("serial0.fileName", machine.SerialLogFileName));
        }
        else
        {
            lines.Add(("serial0.fileType", "pipe"));
            lines.Add(("serial0.fileName", machine.PipeName));
            lines.Add(("serial0.pipe.endPoint", "server"));
            lines.Add(("serial0.tryNoRxLoss", "TRUE"));
        }
        var text = new StringBuilder();
        foreach (var (key, value) in lines)
        {
            CheckValue(key, value);
            text.Append(key).Append(" = \"").Append(value).Append("\"\n");
        }
        return text.ToString();
    }

    /// <summary>A .vmx value is one quoted line; VMware has an escape for a quote (|22) but none that every product
    /// reads back the same, so such a value is refused.</summary>
    private static void CheckValue(string key, string value)
    {
        if (value.Length == 0 || value.Any(c => c == '"' || c == '|' || char.IsControl(c)))
            throw new ArgumentException($"{key}: '{value}' cannot stand in a .vmx (empty, or has a quote, '|' or a control character)");
    }
}
