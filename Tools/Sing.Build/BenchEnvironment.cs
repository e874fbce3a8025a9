using System.Diagnostics;
using System.Globalization;

namespace Sing.Build;

/// <summary>What a report must record to be reproducible: emulator, host, guest settings, sizes, date.</summary>
internal sealed record BenchEnvironment(string QemuVersion, string HostCpu, int HostCores, string GuestCpuModel, string Machine,
    int MemoryMiB, bool Quick, int KernelBoots, int LinuxBoots, string? LinuxKernel, DateTimeOffset Date)
{
    public static BenchEnvironment Capture(int memoryMiB, bool quick, int kernelBoots, int linuxBoots, string? linuxKernel, string cpuModel = Options.DefaultCpuModel) =>
        new(ReadQemuVersion(), ReadHostCpu(), Environment.ProcessorCount, cpuModel, "q35", memoryMiB, quick, kernelBoots, linuxBoots, linuxKernel,
            DateTimeOffset.Now);

    public string Describe() => string.Create(CultureInfo.InvariantCulture,
        $"QEMU {QemuVersion}; host CPU {HostCpu} ({HostCores} cores); guest -machine {Machine} -cpu {GuestCpuModel} -m {MemoryMiB} -smp 1; " +
        $"{(Quick ? "quick" : "full")} size; {KernelBoots} Singularity boot(s) and {LinuxBoots} Linux boot(s) per mode; " +
        $"Linux guest kernel {LinuxKernel ?? "?"}; {Date:yyyy-MM-dd HH:mm zzz}");

    private static string ReadQemuVersion()
    {
        try
        {
            var info = new ProcessStartInfo("qemu-system-x86_64", "--version") { RedirectStandardOutput = true, UseShellExecute = false };
            using var p = Process.Start(info)!;
            string first = p.StandardOutput.ReadLine() ?? "";
            p.WaitForExit();
            return first.Replace("QEMU emulator version ", "", StringComparison.Ordinal).Trim();
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return "(not found)";
        }
    }

    private static string ReadHostCpu()
    {
        const string cpuinfo = "/proc/cpuinfo";
        if (!File.Exists(cpuinfo)) return "(unknown)";
        string? line = File.ReadLines(cpuinfo).FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
        return line is null ? "(unknown)" : line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
    }
}
