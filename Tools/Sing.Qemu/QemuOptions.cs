namespace Sing.Qemu;

/// <summary>The CPU emulation mode.</summary>
public enum QemuAccelerator
{
    /// <summary>QEMU's software translator: portable and the default (on our machines /dev/kvm is emulated and slower).</summary>
    Tcg,

    /// <summary>Hardware virtualization, for hosts that really have it.</summary>
    Kvm,
}

/// <summary>The firmware that starts GRUB from the ISO (a hybrid BIOS/UEFI image boots under both).</summary>
public enum QemuFirmware
{
    /// <summary>QEMU's SeaBIOS: GRUB's i386-pc platform.</summary>
    Bios,

    /// <summary>OVMF, the UEFI firmware for virtual machines (Debian package ovmf): GRUB's x86_64-efi platform.</summary>
    Uefi,
}

/// <summary>How to boot one virtual machine.</summary>
public sealed record QemuOptions
{
    /// <summary>The bootable ISO (default: artifacts/singularity.iso).</summary>
    public required string IsoPath { get; init; }

    /// <summary>A Unix socket for QEMU's human monitor (the runner asks it where the CPUs are when the guest goes
    /// silent), or null for no monitor.</summary>
    public string? MonitorSocketPath { get; init; }

    /// <summary>Guest memory in MiB.</summary>
    public int MemoryMiB { get; init; } = 512;

    /// <summary>Number of virtual CPUs. Several run in parallel on host threads (multi-threaded TCG) unless
    /// <see cref="InstructionCounting"/> is on, which QEMU runs on one host thread, the CPUs taking turns.</summary>
    public int Cpus { get; init; } = 1;

    /// <summary>A file whose bytes arrive on the serial console as if typed (requires a file serial log).</summary>
    public string? SerialInputPath { get; init; }

    /// <summary>Hold the serial input back until the console shows this text (keys typed before the guest reads
    /// the console are lost, as on a real machine).</summary>
    public string? SerialInputAfter { get; init; }

    /// <summary>Host-side work done while the guest runs (a test's HTTP clients, typed shell commands): called once QEMU
    /// has started, with the running machine; when it returns (or throws) the machine is stopped and the result's status
    /// is <see cref="KernelExitStatus.EndedByHost"/> (or TimedOut if the guest went silent first). The serial console is
    /// on QEMU's standard streams, so the session can type on it.</summary>
    public Func<QemuSession, Task>? HostSession { get; init; }

    /// <summary>Whether the serial console is on QEMU's standard streams (typed input or a host session).</summary>
    public bool SerialOnStdio => SerialInputPath is not null || HostSession is not null;

    /// <summary>QEMU CPU model (-cpu).</summary>
    public string CpuModel { get; init; } = "max";

    /// <summary>TCG (default) or KVM.</summary>
    public QemuAccelerator Accelerator { get; init; } = QemuAccelerator.Tcg;

    /// <summary>Deterministic instruction counting (-icount shift=0,sleep=off): timing follows instructions executed, not wall time.</summary>
    public bool InstructionCounting { get; init; }

    /// <summary>Extra kernel options, passed through fw_cfg as opt/singularity/cmdline and appended to GRUB's command line.</summary>
    public string? KernelOptions { get; init; }

    /// <summary>Where the serial console is written. Default: a temporary file.</summary>
    public string? SerialLogPath { get; init; }

    /// <summary>The idle limit: kill the machine when its serial console has written nothing new for this long. Every new
    /// output starts the count again, so a host busy with other work (which slows the guest) does not fail a run that
    /// is making progress (<see cref="GuestWatchdog"/>).</summary>
    public TimeSpan Timeout { get; init; } = TimeSpan.FromMinutes(2);

    /// <summary>The hard stop, however much the guest prints (default: ten times <see cref="Timeout"/>).</summary>
    public TimeSpan? HardTimeout { get; init; }

    /// <summary>The hard stop in effect.</summary>
    public TimeSpan EffectiveHardTimeout => HardTimeout ?? Timeout * 10;

    /// <summary>Start paused with a gdb server on this TCP port (-S -gdb tcp::PORT).</summary>
    public int? GdbPort { get; init; }

    /// <summary>Raw disk images attached as SATA disks to q35's AHCI controller, in order (the first on port 0).</summary>
    public IReadOnlyList<string> Disks { get; init; } = Array.Empty<string>();

    /// <summary>Attach the disks with snapshot=on: the guest's writes go to a temporary overlay, the image stays as it
    /// was (benchmarks replaying a fixed image).</summary>
    public bool DiskSnapshots { get; init; }

    /// <summary>Attach the disks with cache=unsafe: the guest's flushes return at once instead of waiting for the host's
    /// fdatasync. Writes still reach the image file (the host's page cache) as they happen, so a test reading the image
    /// after the run sees them; only a host crash could lose them. For test boots, whose verdicts must not depend on how
    /// busy the host's disk is: on a loaded host one flush took seconds, and a guest service waiting on its file system
    /// stalled its clients past their timeouts.</summary>
    public bool DiskFlushesIgnored { get; init; }

    /// <summary>The machine's network card: an Intel e1000 (82540EM, PCI 8086:100e) on QEMU's user-mode network
    /// (guest 10.0.2.15, gateway 10.0.2.2), always present, so every machine has the same PCI devices.</summary>
    public const string NicDevice = "e1000";

    /// <summary>QEMU's model of the network card: <see cref="NicDevice"/> (82540EM) by default; "e1000-82545em" is the
    /// 82545EM, VMware's default NIC, which the same driver serves.</summary>
    public string NicModel { get; init; } = NicDevice;

    /// <summary>A host TCP port on 127.0.0.1 that QEMU forwards to the guest's port 80 (hostfwd); null (the default)
    /// forwards nothing, so machines booted side by side (the tests) never contend for a port.</summary>
    public int? ForwardedHostPort { get; init; }

    /// <summary>More forwards from host TCP ports on 127.0.0.1 to guest ports (the HTTP benchmark's discard port).</summary>
    public IReadOnlyList<(int Host, int Guest)> ExtraForwards { get; init; } = Array.Empty<(int, int)>();

    /// <summary>QEMU machine type (-machine). q35 has the AHCI controller the disk driver serves; "pc" (i440FX) has none,
    /// which tests use to see a PCI driver refused for lack of its device.</summary>
    public string MachineType { get; init; } = "q35";

    /// <summary>BIOS (default) or UEFI firmware.</summary>
    public QemuFirmware Firmware { get; init; } = QemuFirmware.Bios;

    /// <summary>The OVMF image a UEFI boot loads with -bios (code and variable store in one file, so no state
    /// outlives the run).</summary>
    public string UefiFirmwarePath { get; init; } = DefaultUefiFirmwarePath;

    /// <summary>Where Debian's ovmf package puts its combined image.</summary>
    public const string DefaultUefiFirmwarePath = "/usr/share/ovmf/OVMF.fd";

    /// <summary>The QEMU executable.</summary>
    public string QemuPath { get; init; } = "qemu-system-x86_64";
}
