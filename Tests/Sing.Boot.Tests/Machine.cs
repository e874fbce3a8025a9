using Sing.Qemu;

namespace Sing.Boot.Tests;

/// <summary>Boots the kernel the way every boot test does. SING_QEMU_ACCEL=kvm selects KVM on hosts with real
/// hardware virtualization; the default is TCG. <c>timeout</c> is the idle limit (QemuOptions.Timeout): the run ends
/// when the serial console has been silent that long, each new line starting the count again, so a guest slowed by
/// a busy host is not cut off while it makes progress; the hard stop is ten times it. A run that times out says which
/// limit fired in its Describe().</summary>
internal static class Machine
{
    public static Task<QemuResult> BootAsync(string kernelOptions, string logName, bool instructionCounting = false, string? serialInputPath = null,
        string? serialInputAfter = null, IReadOnlyList<string>? disks = null, string machineType = "q35", bool diskSnapshots = false,
        TimeSpan? timeout = null, string cpuModel = "max", QemuFirmware firmware = QemuFirmware.Bios,
        Func<QemuSession, Task>? hostSession = null, int? forwardedHostPort = null, string nicModel = QemuOptions.NicDevice, int? cpus = null) =>
        QemuRunner.RunAsync(new QemuOptions
        {
            Disks = disks ?? Array.Empty<string>(),
            DiskSnapshots = diskSnapshots,
            DiskFlushesIgnored = true,
            MachineType = machineType,
            CpuModel = cpuModel,
            Firmware = firmware,
            SerialInputPath = serialInputPath,
            SerialInputAfter = serialInputAfter,
            HostSession = hostSession,
            ForwardedHostPort = forwardedHostPort,
            NicModel = nicModel,
            Cpus = cpus ?? DefaultCpus,
            InstructionCounting = instructionCounting,
            IsoPath = Repository.IsoPath,
            KernelOptions = WithConsoleUser(kernelOptions),
            Accelerator = string.Equals(Environment.GetEnvironmentVariable("SING_QEMU_ACCEL"), "kvm", StringComparison.OrdinalIgnoreCase)
                ? QemuAccelerator.Kvm
                : QemuAccelerator.Tcg,
            SerialLogPath = Path.Combine(Repository.LogDirectory, logName + ".log"),
            Timeout = timeout ?? TimeSpan.FromMinutes(3),
        });

    /// <summary>The login program opens the console (and runs script= lines) as the account user= names, without a
    /// password; test boots use root unless they name another or ask for the login prompt with "user=" themselves. It
    /// goes first: script= takes the rest of the line.</summary>
    public static string WithConsoleUser(string kernelOptions) =>
        kernelOptions.Contains("user=", StringComparison.Ordinal) ? kernelOptions : ("user=root " + kernelOptions).TrimEnd();

    /// <summary>The CPUs of a test machine that names none: SING_CPUS (`./build.sh test --cpus N`), else 1.</summary>
    public static int DefaultCpus =>
        int.TryParse(Environment.GetEnvironmentVariable("SING_CPUS"), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int n) && n > 0 ? n : 1;

    /// <summary>A TCP port on 127.0.0.1 free at this moment (for QEMU to forward to the guest).</summary>
    public static int FreeHostPort()
    {
        var probe = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        probe.Start();
        int port = ((System.Net.IPEndPoint)probe.LocalEndpoint).Port;
        probe.Stop();
        return port;
    }
}
