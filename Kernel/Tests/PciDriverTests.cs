using Sing.Kernel.Abi;
using Sing.Kernel.Channels;
using Sing.Kernel.Hardware;
using Sing.Kernel.Processes;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>The PCI driver model on q35: the ahci manifest's class signature matches the built-in AHCI controller;
    /// creating the driver grants exactly that function's BAR 5 (an IoMemory range of the BAR's size), an MSI line of
    /// its own (its INTx line under irq=pic),
    /// DMA memory of the declared size, turns on memory decoding and bus mastering, and marks the function owned; a
    /// second copy is refused because the function is taken; a manifest whose signature matches nothing is refused;
    /// ending the driver turns bus mastering off and returns the function, the pages and the grants.</summary>
    internal static unsafe class PciDriverTests
    {
        public static void DriverGetsItsDevice(TestContext t)
        {
            PciFunction ahci = null;
            for (int i = 0; i < Pci.Functions.Count; i++)
                if (Pci.Functions[i].Class == 0x01 && Pci.Functions[i].Subclass == 0x06 && Pci.Functions[i].ProgrammingInterface == 0x01) ahci = Pci.Functions[i];
            t.True(ahci != null, "q35 has an AHCI controller");
            if (ahci == null) return;
            ulong pagesBefore = ProcessTests.UsedPages;
            int grantsBefore = ResourceGrants.Count;

            AbiStatus status = ProcessManager.Create("ahci", "", null, out KernelProcess driver, out string error);
            t.Equal((ulong)AbiStatus.Ok, (ulong)status, string.Concat("ahci is created (", error ?? "", ")"));
            if (driver == null) return;
            t.True(ahci.Owner == driver, "the controller is marked as the driver's");
            GrantedResource abar = Find(driver, "abar"), irq = Find(driver, "irq"), dma = Find(driver, "structures");
            t.True(abar != null && abar.Resource.Kind == ResourceKind.Memory && abar.Resource.Base == ahci.BarBase[5] && abar.Resource.Length == ahci.BarSize[5],
                "abar is an IoMemory range covering exactly BAR 5");
            t.True(abar != null && HandleBits.TypeOf(abar.Handle) == HandleType.IoMemory, "abar's handle is typed IoMemory");
            if (Arch.InterruptController.UsesApic)
            {
                // q35's AHCI has MSI: a line of its own, the capability programmed with its vector, INTx off.
                int line = irq == null ? 0 : (int)irq.Resource.Base;
                t.True(irq != null && irq.Resource.Kind == ResourceKind.Irq && line >= Arch.InterruptController.FirstMsiLine && !irq.Resource.Shared
                    && PciBinding.IsMsiLineOf((ulong)line, driver), "irq is an MSI line of the driver's own");
                t.True(ahci.MsiLine == line && PciMsi.IsEnabled(ahci), "the function's MSI is on, for that line");
                uint data = Pci.Read(ahci.Bus, ahci.Device, ahci.Function, (byte)(ahci.MsiCapability + 12));
                uint address = Pci.Read(ahci.Bus, ahci.Device, ahci.Function, (byte)(ahci.MsiCapability + 4));
                bool wide = (Pci.Read(ahci.Bus, ahci.Device, ahci.Function, ahci.MsiCapability) & (1u << 23)) != 0;
                if (!wide) data = Pci.Read(ahci.Bus, ahci.Device, ahci.Function, (byte)(ahci.MsiCapability + 8));
                t.Equal((ulong)(Arch.Interrupts.IrqBase + line), data & 0xFFFF, "its message data is the line's vector");
                t.Equal(0xFEE00000UL, address & 0xFFF00000, "its message goes to the local APIC");
                t.True((Pci.Read(ahci.Bus, ahci.Device, ahci.Function, 0x04) & Pci.CommandInterruptDisable) != 0, "INTx is off");
            }
            else
                t.True(irq != null && irq.Resource.Kind == ResourceKind.Irq && irq.Resource.Base == ahci.InterruptLine, "irq is the function's INTx line as the PIC sees it");
            t.True(dma != null && dma.Resource.Kind == ResourceKind.DmaMemory && dma.Resource.Length == 8 * 4096 && HandleBits.TypeOf(dma.Handle) == HandleType.DmaMemory,
                "structures is 8 pages of DMA memory behind a DmaMemory handle");
            uint command = Pci.Read(ahci.Bus, ahci.Device, ahci.Function, 0x04) & 0xFFFF;
            t.True((command & Pci.CommandMemorySpace) != 0 && (command & Pci.CommandBusMaster) != 0, "memory decoding and bus mastering are on");
            t.True(dma != null && dma.Resource.Base % 4096 == 0 && PageAllocatorOverlapsGrant(dma), "DMA memory is page-aligned RAM from the kernel's pool");

            // Another driver for the same class (no names to register, so only the device can stand in its way).
            var rival = new ProgramManifest { Name = "test-second-ahci", Kind = "driver", Image = "hello" };
            rival.Privileges.Add("hardware");
            rival.PciSignatures.Add(new PciSignature { Class = 0x010601, ClassBytes = 3 });
            ProgramCatalog.Install(rival);
            AbiStatus second = ProcessManager.Create("test-second-ahci", "", null, out KernelProcess copy, out string why);
            t.True(second != AbiStatus.Ok && copy == null && why != null && BootTests.Contains(why, "is already driven by ahci"), string.Concat("a second driver for the function is refused (", why ?? "", ")"));

            int msiLine = ahci.MsiLine;
            ProcessManager.Terminate(driver, 0, null);
            command = Pci.Read(ahci.Bus, ahci.Device, ahci.Function, 0x04) & 0xFFFF;
            t.True(ahci.Owner == null, "the controller is free again");
            t.True((command & Pci.CommandBusMaster) == 0, "bus mastering is off once the driver is gone");
            t.True(!PciMsi.IsEnabled(ahci) && ahci.MsiLine == 0, "and its MSI");
            t.True(msiLine == 0 || !Arch.InterruptController.IsAllocatedMsi(msiLine), "the MSI line is free again");
            t.Equal((ulong)grantsBefore, (ulong)ResourceGrants.Count, "every grant returned");
            t.Equal(pagesBefore, ProcessTests.UsedPages, "DMA memory and the driver's pages returned");
        }

        public static void UnmatchedSignatureRefused(TestContext t)
        {
            var manifest = new ProgramManifest { Name = "test-no-device", Kind = "driver", Image = "hello" };
            manifest.Privileges.Add("hardware");
            manifest.PciSignatures.Add(new PciSignature { Vendor = 0x1234, Device = 0xABCD });
            manifest.Resources.Add(new HardwareResource { Kind = ResourceKind.DmaMemory, Name = "d", Length = 4096 });
            ProgramCatalog.Install(manifest);
            ulong pagesBefore = ProcessTests.UsedPages;
            AbiStatus status = ProcessManager.Create("test-no-device", "", null, out KernelProcess p, out string error);
            t.True(status != AbiStatus.Ok && p == null, "a driver for a device the machine lacks is not created");
            t.True(error != null && BootTests.Contains(error, "no PCI function matches its signature (pci vendor 0x1234 device 0xabcd)"), string.Concat("the reason names the signature (", error ?? "", ")"));
            t.Equal(pagesBefore, ProcessTests.UsedPages, "nothing kept");
        }

        private static bool PageAllocatorOverlapsGrant(GrantedResource g) => g != null && Memory.PageAllocator.OverlapsRam(g.Resource.Base, g.Resource.Length);

        private static GrantedResource Find(KernelProcess p, string name)
        {
            for (int i = 0; i < p.Grants.Count; i++) if (p.Grants[i].Resource.Name == name) return p.Grants[i];
            return null;
        }
    }
}
