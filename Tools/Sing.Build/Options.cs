using Sing.Qemu;

namespace Sing.Build;

/// <summary>The options of the QEMU verbs (run, debug, bench, soak), as <see cref="BuildCommandLine"/> parsed them.</summary>
internal sealed record Options(QemuAccelerator Accelerator, bool InstructionCounting, string? KernelOptions, int MemoryMiB, int? Repeat, bool Quick = false)
{
    public const int DefaultMemoryMiB = 512;

    /// <summary>Boots per mode for each benchmark guest.</summary>
    public int BenchBoots => Repeat ?? (Quick ? 2 : 3);

    public QemuOptions ToQemu() => new()
    {
        IsoPath = Cli.IsoPath,
        Accelerator = Accelerator,
        InstructionCounting = InstructionCounting,
        KernelOptions = KernelOptions,
        MemoryMiB = MemoryMiB,
    };
}
