using Sing.Kernel.Hardware;

namespace Sing.Kernel.Tests
{
    /// <summary>PCI enumeration on the machine the tests boot (QEMU q35): its host bridge, ISA bridge and built-in
    /// AHCI controller are found with their classes, and the AHCI controller's register BAR (ABAR, BAR 5) is sized.</summary>
    internal static unsafe class PciTests
    {
        public static void BusEnumerated(TestContext t)
        {
            PciFunction host = null, isa = null, ahci = null;
            var functions = Pci.Functions;
            for (int i = 0; i < functions.Count; i++)
            {
                PciFunction f = functions[i];
                if (f.Vendor == 0x8086 && f.DeviceId == 0x29C0) host = f;
                if (f.Class == 0x06 && f.Subclass == 0x01) isa = f;
                if (f.Class == 0x01 && f.Subclass == 0x06 && f.ProgrammingInterface == 0x01) ahci = f;
            }
            Console.Log.Write(Pci.Describe());
            t.True(functions.Count >= 3, "the bus has functions");
            t.True(host != null && host.Bus == 0 && host.Device == 0 && host.Class == 0x06 && host.Subclass == 0x00, "the q35 host bridge 8086:29c0 at 00:00.0, class 06.00");
            t.True(isa != null, "an ISA bridge (class 06.01)");
            t.True(ahci != null, "the built-in SATA controller in AHCI mode (class 01.06.01)");
            if (ahci == null) return;
            t.True(!ahci.BarIsPort[5] && ahci.BarBase[5] != 0 && ahci.BarSize[5] >= 0x1000, "its ABAR (BAR 5) is memory of at least 4 KiB");
            t.Equal(ahci.BarBase[5], ahci.BarBase[5] & ~(ahci.BarSize[5] - 1), "a BAR is aligned to its size");
            t.True(Pci.Functions == functions, "enumeration runs once");
        }

        /// <summary>On q35 configuration space is read through the ECAM window of ACPI's MCFG, and for every function
        /// it reads what the ports read: identity, class, header, BARs, subsystem and interrupt registers.</summary>
        public static void EcamAgreesWithPorts(TestContext t)
        {
            t.True(Acpi.RsdpSource != null, $"the ACPI RSDP was found ({Acpi.Problem})");
            t.True(Acpi.Find("MCFG") != null, "q35's ACPI tables include MCFG");
            t.True(Pci.UsesEcam(0) && Pci.Mechanism.StartsWith("ECAM at 0x"), $"configuration space through ECAM: {Pci.Mechanism}");
            var functions = Pci.Functions;
            int compared = 0;
            for (int i = 0; i < functions.Count; i++)
            {
                PciFunction f = functions[i];
                for (int offset = 0; offset < 0x40; offset += 4)
                {
                    if (offset == 0x04) continue;   // status bits may change between the two reads
                    uint viaEcam = Pci.Read(f.Bus, f.Device, f.Function, (byte)offset), viaPorts = Pci.PortRead(f.Bus, f.Device, f.Function, (byte)offset);
                    if (viaEcam != viaPorts) t.Equal(viaPorts, viaEcam, $"{f.Location} offset 0x{offset:x2} through ECAM");
                    compared++;
                }
            }
            t.True(compared >= 3 * 15, $"{compared} registers compared");
            ulong window = Pci.EcamWindow;
            t.True(window != 0 && Pci.EcamOverlaps(window, 1) && Pci.EcamOverlaps(window - 0x1000, 0x1001) && Pci.EcamOverlaps(window + (255UL << 20) + 0xFFFFC, 4),
                "the window, a range reaching into it and its last register are the kernel's");
            t.True(!Pci.EcamOverlaps(window - 0x1000, 0x1000) && !Pci.EcamOverlaps(window + (256UL << 20), 0x1000) && !Pci.EcamOverlaps(0xFFFFFFFFFFFFF000, 0x2000),
                "ranges beside it, and one that wraps around, are not");
        }
    }
}
