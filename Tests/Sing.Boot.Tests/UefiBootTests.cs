using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The ISO is a hybrid: under OVMF (UEFI) GRUB's x86_64-efi platform boots the same kernel. There is no BIOS
/// area then and no VGA text: the kernel takes the ACPI RSDP from GRUB's Multiboot2 tag, talks on the serial port,
/// and passes the whole in-kernel suite.</summary>
public class UefiBootTests
{
    [Fact]
    public async Task TheWholeKernelSuitePassesUnderUefi()
    {
        QemuResult run = await Machine.BootAsync("test=all", "kernel-tests-uefi", instructionCounting: true, firmware: QemuFirmware.Uefi);
        Assert.Matches(@"(?m)^Firmware: UEFI; ACPI: \d+ tables, RSDP from multiboot2$", run.Serial);
        // GRUB finds a video mode for the Multiboot2 hand-over (Kernel/Boot/grub.cfg.in) instead of warning.
        Assert.DoesNotContain("no console will be available to OS", run.Serial, StringComparison.Ordinal);
        var log = new KernelTestLog(run.Serial);
        var failed = log.Outcomes.Where(o => !o.Value.Passed).Select(o => $"{o.Key}: {o.Value.Message}").ToList();
        Assert.True(failed.Count == 0, "failed under UEFI:\n" + string.Join("\n", failed) + "\n" + run.Describe());
        Assert.Equal(KernelTestCatalog.Names.OrderBy(n => n, StringComparer.Ordinal), log.Outcomes.Keys.OrderBy(n => n, StringComparer.Ordinal));
        Assert.True(run.Status == KernelExitStatus.Success, $"the kernel did not exit with success.\n{run.Describe()}");
    }

    [Fact]
    public async Task TheBannerSaysBiosUnderSeaBios()
    {
        QemuResult run = await KernelTestRun.ResultAsync;
        Assert.Matches(@"(?m)^Firmware: BIOS; ACPI: \d+ tables, RSDP from multiboot2$", run.Serial);
    }
}
