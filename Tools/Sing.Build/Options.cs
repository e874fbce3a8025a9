using Sing.Qemu;

namespace Sing.Build;

/// <summary>The options of the QEMU verbs (run, debug, bench, soak), as <see cref="BuildCommandLine"/> parsed them.</summary>
internal sealed record Options(QemuAccelerator Accelerator, bool InstructionCounting, string? KernelOptions, int MemoryMiB, int? Repeat, bool Quick = false)
{
    public const int DefaultMemoryMiB = 512;

    /// <summary>Disk images given with --disk (run and debug); none given: artifacts/disk.img if it exists.</summary>
    public IReadOnlyList<string> Disks { get; init; } = Array.Empty<string>();

    /// <summary>run and debug --net: the host port on 127.0.0.1 forwarded to the guest's port 80 (null: none).</summary>
    public int? ForwardedPort { get; init; }

    public const int DefaultForwardedPort = 8080;

    /// <summary>Folders of programs from outside the repository to add to the image (run and debug --add).</summary>
    public IReadOnlyList<string> Added { get; init; } = Array.Empty<string>();

    public static string DefaultDiskPath => Path.Combine(Cli.Root, "artifacts", "disk.img");

    /// <summary>bench --configs: the isolation configurations to measure (none: the side-by-side report with Linux).</summary>
    public IReadOnlyList<string> Configs { get; init; } = Array.Empty<string>();

    /// <summary>The guest CPU model (QEMU -cpu) of both guests: max unless bench --cpu names another, e.g.
    /// max,vendor=GenuineIntel, on which the kernel's SYSENTER rows run.</summary>
    public string CpuModel { get; init; } = DefaultCpuModel;

    /// <summary>soak: minutes the mixed workload runs (null: the verb's default for its size).</summary>
    public int? SoakMinutes { get; init; }

    /// <summary>bench --http: only the HTTP and bulk TCP rows (HttpBenchmark).</summary>
    public bool HttpOnly { get; init; }

    public const string DefaultCpuModel = "max";

    /// <summary>Guest CPUs of run, debug and soak (--cpus); the benchmarks keep one (their rows are single-CPU figures).</summary>
    public int Cpus { get; init; } = 1;

    public const int DefaultCpus = 2;

    /// <summary>run and debug --uefi: OVMF instead of SeaBIOS.</summary>
    public QemuFirmware Firmware { get; init; } = QemuFirmware.Bios;

    /// <summary>Boots per mode for each benchmark guest.</summary>
    public int BenchBoots => Repeat ?? (Quick ? 2 : 3);

    public QemuOptions ToQemu() => new()
    {
        IsoPath = Cli.IsoPath,
        Accelerator = Accelerator,
        InstructionCounting = InstructionCounting,
        KernelOptions = KernelOptions,
        MemoryMiB = MemoryMiB,
        CpuModel = CpuModel,
        Firmware = Firmware,
        ForwardedHostPort = ForwardedPort,
        Cpus = Cpus,
    };
}
