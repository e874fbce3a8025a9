using Sing.Qemu;

namespace Sing.Boot.Tests;

/// <summary>Boots the kernel the way every boot test does. SING_QEMU_ACCEL=kvm selects KVM on hosts with real
/// hardware virtualization; the default is TCG.</summary>
internal static class Machine
{
    public static Task<QemuResult> BootAsync(string kernelOptions, string logName, bool instructionCounting = false, string? serialInputPath = null,
        string? serialInputAfter = null, IReadOnlyList<string>? disks = null, string machineType = "q35", bool diskSnapshots = false,
        TimeSpan? timeout = null, string cpuModel = "max", QemuFirmware firmware = QemuFirmware.Bios) =>
        QemuRunner.RunAsync(new QemuOptions
        {
            Disks = disks ?? Array.Empty<string>(),
            DiskSnapshots = diskSnapshots,
            MachineType = machineType,
            CpuModel = cpuModel,
            Firmware = firmware,
            SerialInputPath = serialInputPath,
            SerialInputAfter = serialInputAfter,
            InstructionCounting = instructionCounting,
            IsoPath = Repository.IsoPath,
            KernelOptions = kernelOptions,
            Accelerator = string.Equals(Environment.GetEnvironmentVariable("SING_QEMU_ACCEL"), "kvm", StringComparison.OrdinalIgnoreCase)
                ? QemuAccelerator.Kvm
                : QemuAccelerator.Tcg,
            SerialLogPath = Path.Combine(Repository.LogDirectory, logName + ".log"),
            Timeout = timeout ?? TimeSpan.FromMinutes(3),
        });
}
