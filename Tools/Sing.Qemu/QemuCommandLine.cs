using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace Sing.Qemu;

/// <summary>Builds QEMU arguments from <see cref="QemuOptions"/>; the one place our machine configuration is defined.</summary>
public static class QemuCommandLine
{
    /// <summary>The isa-debug-exit device the kernel writes its exit status to.</summary>
    public const string DebugExitDevice = "isa-debug-exit,iobase=0xf4,iosize=0x04";

    /// <summary>Arguments for a headless run with the serial console going to <paramref name="serial"/> ("file:PATH" or "stdio").</summary>
    public static IReadOnlyList<string> Build(QemuOptions options, string serial)
    {
        ArgumentNullException.ThrowIfNull(options);
        var args = new List<string>
        {
            "-machine", options.MachineType,
            "-cdrom", options.IsoPath,
            "-boot", "d",
            "-m", options.MemoryMiB.ToString(CultureInfo.InvariantCulture),
            "-smp", options.Cpus.ToString(CultureInfo.InvariantCulture),
            "-cpu", options.CpuModel,
            "-display", "none",
            "-monitor", options.MonitorSocketPath is string monitor ? $"unix:{monitor},server,nowait" : "none",
            "-no-reboot",
            "-device", DebugExitDevice,
        };
        AddFirmware(args, options);
        AddDisks(args, options);
        AddNetwork(args, options);
        if (options.SerialOnStdio)
        {
            // COM1 on QEMU's standard streams: the runner feeds the input file to stdin as keystrokes and saves
            // stdout as the serial log (this QEMU's file chardev cannot read input).
            args.Add("-chardev");
            args.Add("stdio,id=com1,signal=off");
            args.Add("-serial");
            args.Add("chardev:com1");
        }
        else
        {
            args.Add("-serial");
            args.Add(serial);
        }
        if (options.Accelerator == QemuAccelerator.Kvm)
        {
            args.Add("-accel");
            args.Add("kvm");
        }
        else
        {
            // Multi-threaded TCG gives each guest CPU a host thread; -icount needs the single-threaded round robin.
            args.Add("-accel");
            args.Add(options.Cpus > 1 && !options.InstructionCounting ? "tcg,thread=multi" : "tcg");
        }
        if (options.InstructionCounting)
        {
            args.Add("-icount");
            args.Add("shift=0,sleep=off");
        }
        if (!string.IsNullOrWhiteSpace(options.KernelOptions))
        {
            args.Add("-fw_cfg");
            args.Add(NeedsFile(options.KernelOptions)
                ? $"name=opt/singularity/cmdline,file={KernelOptionsFile(options.KernelOptions).Replace(",", ",,", StringComparison.Ordinal)}"
                : $"name=opt/singularity/cmdline,string={options.KernelOptions}");
        }
        if (options.GdbPort is int port)
        {
            args.Add("-S");
            args.Add("-gdb");
            args.Add(string.Create(CultureInfo.InvariantCulture, $"tcp::{port}"));
        }
        return args;
    }

    private static void AddFirmware(List<string> args, QemuOptions options)
    {
        if (options.Firmware != QemuFirmware.Uefi) return;
        // Named here, not left to QEMU's "could not load PC BIOS", so the missing package is obvious.
        if (!File.Exists(options.UefiFirmwarePath))
            throw new FileNotFoundException(
                $"UEFI boot needs OVMF, and there is no firmware at {options.UefiFirmwarePath} (Debian package ovmf; Build/install-prerequisites.sh installs it)",
                options.UefiFirmwarePath);
        args.Add("-bios");
        args.Add(options.UefiFirmwarePath);
    }

    /// <summary>q35's ICH9 AHCI has buses ide.0-ide.5, one device each; -cdrom takes ide.2, so disks go on the others.</summary>
    private static readonly int[] s_diskBuses = { 0, 1, 3, 4, 5 };

    private static void AddDisks(List<string> args, QemuOptions options)
    {
        if (options.Disks.Count > s_diskBuses.Length)
            throw new ArgumentException($"at most {s_diskBuses.Length} disks fit the AHCI controller beside the CD", nameof(options));
        for (int i = 0; i < options.Disks.Count; i++)
        {
            // In QEMU's option syntax a comma separates options; a comma inside the path is written twice.
            string file = options.Disks[i].Replace(",", ",,", StringComparison.Ordinal);
            args.Add("-drive");
            args.Add(string.Create(CultureInfo.InvariantCulture, $"id=d{i},file={file},format=raw,if=none{(options.DiskFlushesIgnored ? ",cache=unsafe" : "")}{(options.DiskSnapshots ? ",snapshot=on" : "")}"));
            args.Add("-device");
            args.Add(string.Create(CultureInfo.InvariantCulture, $"ide-hd,drive=d{i},bus=ide.{s_diskBuses[i]}"));
        }
    }

    /// <summary>The e1000 on a user-mode network. Given explicitly, it also replaces the default NIC QEMU would add
    /// (q35's is an e1000e), so every machine type has the same card. Forwarding listens on 127.0.0.1 only: the guest
    /// is not reachable from other hosts.</summary>
    private static void AddNetwork(List<string> args, QemuOptions options)
    {
        string netdev = "user,id=n0";
        if (options.ForwardedHostPort is int port)
        {
            if (port is < 1 or > 65535)
                throw new ArgumentException($"the forwarded host port must be 1-65535, not {port}", nameof(options));
            netdev += string.Create(CultureInfo.InvariantCulture, $",hostfwd=tcp:127.0.0.1:{port}-:80");
        }
        foreach ((int host, int guest) in options.ExtraForwards)
        {
            if (host is < 1 or > 65535 || guest is < 1 or > 65535)
                throw new ArgumentException($"forwarded ports must be 1-65535, not {host} to {guest}", nameof(options));
            netdev += string.Create(CultureInfo.InvariantCulture, $",hostfwd=tcp:127.0.0.1:{host}-:{guest}");
        }
        args.Add("-netdev");
        args.Add(netdev);
        args.Add("-device");
        if (options.NicModel is not ("e1000" or "e1000-82545em" or "e1000-82544gc"))
            throw new ArgumentException($"the network card must be one of QEMU's e1000 models, not '{options.NicModel}'", nameof(options));
        args.Add(options.NicModel + ",netdev=n0");
    }

    /// <summary>Options QEMU's string= cannot carry as they are: a ',' ends the value (and ",," would reach the guest
    /// doubled), and long or non-ASCII text (script= lines) is safer in a file.</summary>
    private static bool NeedsFile(string options) =>
        options.Length > 200 || options.Any(c => c == ',' || c < ' ' || c > '~');

    /// <summary>Writes the options, UTF-8 without a byte-order mark, to a file named by their hash in the temporary
    /// directory (the same options reuse one file), for -fw_cfg file=.</summary>
    public static string KernelOptionsFile(string options)
    {
        byte[] bytes = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false).GetBytes(options);
        string hash = Convert.ToHexString(SHA256.HashData(bytes))[..16].ToLowerInvariant();
        string path = Path.Combine(Path.GetTempPath(), $"sing-cmdline-{hash}.txt");
        if (!File.Exists(path) || !File.ReadAllBytes(path).AsSpan().SequenceEqual(bytes))
        {
            string temporary = path + "." + Environment.ProcessId.ToString(CultureInfo.InvariantCulture);
            File.WriteAllBytes(temporary, bytes);
            File.Move(temporary, path, overwrite: true);
        }
        return path;
    }
}
