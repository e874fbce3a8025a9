using System.Diagnostics;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>`run` and `debug`: QEMU in the foreground with the serial console (and QEMU's monitor, Ctrl-A C)
/// multiplexed on this terminal.</summary>
internal static class Interactive
{
    public const int GdbPort = 1234;

    public static async Task<int> RunAsync(Options options, bool gdb)
    {
        var disks = options.Disks.Count > 0 ? options.Disks
            : File.Exists(Options.DefaultDiskPath) ? new[] { Options.DefaultDiskPath } : Array.Empty<string>();
        var qemu = options.ToQemu() with { GdbPort = gdb ? GdbPort : null, Disks = disks };
        if (options.Added.Count > 0)
        {
            try { qemu = qemu with { IsoPath = await AddedPrograms.BuildImageAsync(options.Added, Console.Out) }; }
            catch (InvalidOperationException e)
            {
                await Console.Error.WriteLineAsync($"error: {e.Message}");
                return 1;
            }
        }
        var args = QemuCommandLine.Build(qemu, "mon:stdio").ToList();
        // The monitor is multiplexed on stdio (mon:), so drop the headless "-monitor none".
        int monitor = args.IndexOf("-monitor");
        if (monitor >= 0) args.RemoveRange(monitor, 2);

        if (gdb)
        {
            string elf = Path.Combine(Cli.Root, "artifacts", "kernel.elf");
            Console.WriteLine("QEMU is waiting for a debugger. In another terminal run:");
            Console.WriteLine($"  gdb -q {elf} -ex 'target remote localhost:{GdbPort}' -ex 'break Sing_Kernel_Sing_Kernel_KernelMain__PrintBanner' -ex continue");
            Console.WriteLine("C# methods are named Assembly_Namespace_Type__Method (see artifacts/kernel.sym); source lines come from ILC's DWARF.");
        }
        Console.WriteLine($"{qemu.QemuPath} {string.Join(' ', args)}");
        Console.WriteLine("(quit QEMU with Ctrl-A X)");
        var start = new ProcessStartInfo(qemu.QemuPath) { UseShellExecute = false };
        foreach (var a in args) start.ArgumentList.Add(a);
        using var process = Process.Start(start)!;
        await process.WaitForExitAsync();
        var status = KernelExitCodes.Decode(process.ExitCode);
        Console.WriteLine($"QEMU exited with code {process.ExitCode} ({status}).");
        return status is KernelExitStatus.Success or KernelExitStatus.NoStatus ? 0 : process.ExitCode;
    }
}
