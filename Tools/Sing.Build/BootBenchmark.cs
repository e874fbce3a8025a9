using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>`bench`: boot time to the banner, under TCG with -icount (deterministic guest time) and plain TCG
/// (guest time follows the host clock), several repetitions each; medians go to artifacts/bench/boot.md and .csv.
/// The kernel is booted with the "exit" option so it leaves QEMU right after the banner.</summary>
internal static partial class BootBenchmark
{
    private sealed record Sample(string Mode, double PowerOnMs, double KernelMs, double TscMHz, double WallMs);

    public static async Task<int> RunAsync(Options options, IWorkProgress progress)
    {
        var samples = new List<Sample>();
        foreach (bool icount in new[] { true, false })
        {
            string mode = icount ? "TCG -icount shift=0,sleep=off" : "TCG (wall clock)";
            if (options.Accelerator == QemuAccelerator.Kvm) mode = icount ? "KVM -icount" : "KVM";
            for (int i = 0; i < options.BenchBoots; i++)
            {
                progress.Begin($"boot time, {mode}, boot {i + 1}/{options.BenchBoots}");
                var qemu = options.ToQemu() with { InstructionCounting = icount, KernelOptions = "exit", Timeout = TimeSpan.FromMinutes(2) };
                var result = await QemuRunner.RunAsync(qemu);
                var boot = BootLine().Match(result.Serial);
                var tsc = TscLine().Match(result.Serial);
                if (result.Status != KernelExitStatus.Success || !boot.Success || !tsc.Success)
                {
                    progress.Log($"bench: boot {i + 1} in {mode} failed.\n{result.Describe()}");
                    return 1;
                }
                var sample = new Sample(mode, Number(boot, 1), Number(boot, 2), Number(tsc, 1), result.Elapsed.TotalMilliseconds);
                samples.Add(sample);
                progress.Complete(BenchVerb.BootTimeWeight);
                progress.Log($"  {mode}: banner at {sample.PowerOnMs} ms after power-on ({sample.KernelMs} ms in the kernel), QEMU wall {sample.WallMs:F0} ms");
            }
        }
        WriteReport(samples, options, progress);
        return 0;
    }

    private static double Number(Match m, int group) => double.Parse(m.Groups[group].Value, CultureInfo.InvariantCulture);

    private static void WriteReport(List<Sample> samples, Options options, IWorkProgress progress)
    {
        string dir = Path.Combine(Cli.Root, "artifacts", "bench");
        Directory.CreateDirectory(dir);
        var csv = new StringBuilder("mode,power_on_to_banner_ms,kernel_entry_to_banner_ms,tsc_mhz,qemu_wall_ms\n");
        foreach (var s in samples)
            csv.AppendLine(CultureInfo.InvariantCulture, $"{s.Mode},{s.PowerOnMs},{s.KernelMs},{s.TscMHz},{s.WallMs:F0}");
        File.WriteAllText(Path.Combine(dir, "boot.csv"), csv.ToString());

        var md = new StringBuilder();
        md.AppendLine("# Boot time to banner");
        md.AppendLine();
        md.AppendLine(CultureInfo.InvariantCulture, $"QEMU {QemuVersion()}, {options.MemoryMiB} MiB, -cpu max, q35, {options.BenchBoots} boots per mode; medians.");
        md.AppendLine("Guest times come from the TSC; under -icount the TSC counts instructions (1 GHz = 1 instruction per ns).");
        md.AppendLine();
        md.AppendLine("| mode | power-on to banner (guest ms) | kernel entry to banner (guest ms) | TSC MHz | QEMU wall time (ms) |");
        md.AppendLine("|---|---:|---:|---:|---:|");
        foreach (var group in samples.GroupBy(s => s.Mode))
            md.AppendLine(CultureInfo.InvariantCulture,
                $"| {group.Key} | {Statistics.Median(group.Select(s => s.PowerOnMs))} | {Statistics.Median(group.Select(s => s.KernelMs))} | {Statistics.Median(group.Select(s => s.TscMHz)):F1} | {Statistics.Median(group.Select(s => s.WallMs)):F0} |");
        File.WriteAllText(Path.Combine(dir, "boot.md"), md.ToString());
        progress.Log("");
        progress.Log(md.ToString());
        progress.Log($"report: {Path.Combine(dir, "boot.md")} and boot.csv");
    }

    private static string QemuVersion()
    {
        try
        {
            var p = System.Diagnostics.Process.Start(new System.Diagnostics.ProcessStartInfo("qemu-system-x86_64", "--version") { RedirectStandardOutput = true })!;
            string first = p.StandardOutput.ReadLine() ?? "";
            p.WaitForExit();
            return first.Replace("QEMU emulator version ", "", StringComparison.Ordinal);
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return "(unknown)";
        }
    }

    [GeneratedRegex(@"^Boot: (\d+) ms since power-on, (\d+) ms in the kernel$", RegexOptions.Multiline)]
    private static partial Regex BootLine();

    [GeneratedRegex(@"TSC (\d+\.\d+) MHz", RegexOptions.Multiline)]
    private static partial Regex TscLine();
}
