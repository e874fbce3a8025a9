using System.Collections.Generic;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Singularity.Manifests;

namespace Sing.Kernel.Hardware
{
    /// <summary>Matches a PCI driver to a function by its manifest's &lt;pci&gt; signatures (001 Listing 3's
    /// [Signature]) and turns the manifest's device-relative declarations into concrete resources: a &lt;pciBar&gt;
    /// becomes the memory range or port range that BAR decodes (exactly its size), &lt;pciIrq&gt; an MSI line of its own
    /// when the function has MSI and the I/O APIC is in use, else the legacy INTx line the firmware routed (config
    /// space offset 0x3C), &lt;dmaMemory&gt; contiguous zeroed pages taken from
    /// the page allocator. One driver per function: the function is owned until the driver ends.</summary>
    internal static unsafe class PciBinding
    {
        /// <summary>The first function that one of <paramref name="program"/>'s signatures matches and no driver owns;
        /// it becomes <paramref name="process"/>'s. Null with why not. Call with interrupts off (two drivers may start
        /// at once).</summary>
        public static PciFunction ClaimLocked(KernelProcess process, ProgramManifest program, out string why)
        {
            why = null;
            IReadOnlyList<PciFunction> functions = Pci.Functions;
            PciFunction owned = null;
            for (int i = 0; i < functions.Count; i++)
            {
                PciFunction f = functions[i];
                if (!program.MatchesPci(f.Vendor, f.DeviceId, f.Class, f.Subclass, f.ProgrammingInterface)) continue;
                if (f.Owner == null)
                {
                    f.Owner = process;
                    return f;
                }
                owned ??= f;
            }
            why = owned != null
                ? string.Concat("the PCI function its signature matches (", owned.Location, ") is already driven by ", owned.Owner.Name, " (pid ", owned.Owner.Id.ToString(), ")")
                : string.Concat("no PCI function matches its signature (", Signatures(program), "); the machine has none of its devices");
            return null;
        }

        /// <summary>Frees the function for the next driver (at exit, kill or a failed start).</summary>
        public static void ReleaseLocked(KernelProcess process)
        {
            IReadOnlyList<PciFunction> functions = Pci.Functions;
            for (int i = 0; i < functions.Count; i++)
                if (functions[i].Owner == process)
                {
                    // No more bus mastering: a device left programmed by a dead driver must not keep writing into pages
                    // the kernel is about to reuse. No more messages either: its MSI line goes back to the pool.
                    Pci.SetCommand(functions[i], 0, Pci.CommandBusMaster);
                    if (functions[i].MsiLine != 0)
                    {
                        PciMsi.Disable(functions[i]);
                        functions[i].MsiLine = 0;
                    }
                    functions[i].Owner = null;
                }
        }

        /// <summary>The concrete resource for a device-relative declaration (fixed ones come back as they are), or
        /// null with why not. DMA memory is allocated here: the caller frees it (and an MSI line) with <see cref="FreeResolved"/>.</summary>
        public static HardwareResource Resolve(HardwareResource declared, PciFunction device, KernelProcess process, string program, out string why)
        {
            why = null;
            switch (declared.Kind)
            {
                case ResourceKind.PciBar:
                {
                    ulong index = declared.Base;
                    if (device == null || index >= MachineResources.PciBars || device.BarSize[index] == 0)
                    {
                        why = string.Concat("pciBar ", declared.Name, " of ", program, ": BAR ", index.ToString(), " of ", device == null ? "its device" : device.Location, " decodes nothing");
                        return null;
                    }
                    return new HardwareResource
                    {
                        Kind = device.BarIsPort[index] ? ResourceKind.IoPorts : ResourceKind.Memory,
                        Name = declared.Name, Base = device.BarBase[index], Length = device.BarSize[index],
                    };
                }
                case ResourceKind.PciIrq:
                    // Message-signalled when the function can and the I/O APIC is in use: a line of its own, no sharing.
                    if (device != null && device.MsiCapability != 0 && TryAllocateMsi(process, out int msi))
                        return new HardwareResource { Kind = ResourceKind.Irq, Name = declared.Name, Base = (ulong)msi };
                    if (device == null || device.InterruptPin == 0 || device.InterruptLine >= MachineResources.IrqLines)
                    {
                        why = string.Concat("pciIrq ", declared.Name, " of ", program, ": ", device == null ? "its device" : device.Location,
                            " has no interrupt line the PIC sees (pin ", device == null ? "?" : device.InterruptPin.ToString(), ", line ", device == null ? "?" : device.InterruptLine.ToString(), ")");
                        return null;
                    }
                    // INTx lines are level-triggered and may be wired to several functions: shared, so another PCI
                    // driver on the same line is not refused.
                    return new HardwareResource { Kind = ResourceKind.Irq, Name = declared.Name, Base = device.InterruptLine, Shared = true };
                case ResourceKind.DmaMemory:
                {
                    ulong pages = declared.Length / PageAllocator.PageSize;
                    void* memory = pages == 0 || pages > MachineResources.DmaMemoryPages ? null : PageAllocator.Allocate(pages);
                    if (memory == null)
                    {
                        why = string.Concat("dmaMemory ", declared.Name, " of ", program, ": no run of ", pages.ToString(), " free contiguous pages");
                        return null;
                    }
                    return new HardwareResource { Kind = ResourceKind.DmaMemory, Name = declared.Name, Base = (ulong)memory, Length = pages * PageAllocator.PageSize };
                }
                default:
                    return declared;
            }
        }

        /// <summary>Gives back what <see cref="Resolve"/> took from the kernel's pools: DMA pages, an MSI line.</summary>
        public static void FreeResolved(HardwareResource r)
        {
            if (r != null && r.Kind == ResourceKind.DmaMemory) PageAllocator.Free((void*)r.Base, r.Length / PageAllocator.PageSize);
            if (r != null && r.Kind == ResourceKind.Irq && r.Base >= Arch.InterruptController.FirstMsiLine && r.Base < Arch.InterruptController.Lines)
            {
                ulong flags = Threading.Scheduler.DisableInterrupts();
                if (s_msiOwners[r.Base - Arch.InterruptController.FirstMsiLine] != null)
                {
                    s_msiOwners[r.Base - Arch.InterruptController.FirstMsiLine] = null;
                    Arch.InterruptController.FreeMsi((int)r.Base);
                }
                Threading.Scheduler.RestoreInterrupts(flags);
            }
        }

        private static readonly KernelProcess[] s_msiOwners = new KernelProcess[Arch.InterruptController.Lines - Arch.InterruptController.FirstMsiLine];

        /// <summary>True when <paramref name="line"/> is an MSI line the kernel allocated for <paramref name="process"/>'s
        /// device: the one kind of line outside the machine's fixed ones a grant may name.</summary>
        public static bool IsMsiLineOf(ulong line, KernelProcess process) =>
            line >= Arch.InterruptController.FirstMsiLine && line < Arch.InterruptController.Lines
            && s_msiOwners[line - Arch.InterruptController.FirstMsiLine] == process;

        private static bool TryAllocateMsi(KernelProcess process, out int line)
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            bool ok = Arch.InterruptController.TryAllocateMsi(out line);
            if (ok) s_msiOwners[line - Arch.InterruptController.FirstMsiLine] = process;
            Threading.Scheduler.RestoreInterrupts(flags);
            return ok;
        }

        /// <summary>Turns on what the driver was granted: memory and port decoding for its BARs, bus mastering when it
        /// has DMA memory, and its interrupt: the MSI message when it was given an MSI line (INTx then off), else INTx.</summary>
        public static void Enable(PciFunction device, ProgramManifest program, HardwareResource[] granted)
        {
            uint set = 0;
            for (int i = 0; i < program.Resources.Count; i++)
            {
                HardwareResource r = program.Resources[i];
                if (r.Kind == ResourceKind.PciBar && r.Base < MachineResources.PciBars)
                    set |= device.BarIsPort[r.Base] ? Pci.CommandIoSpace : Pci.CommandMemorySpace;
                if (r.Kind == ResourceKind.DmaMemory) set |= Pci.CommandBusMaster;
            }
            int msi = 0;
            for (int i = 0; i < granted.Length; i++)
                if (granted[i].Kind == ResourceKind.Irq && IsMsiLineOf(granted[i].Base, device.Owner)) msi = (int)granted[i].Base;
            if (msi != 0)
            {
                PciMsi.Enable(device, Arch.InterruptController.MsiAddress, Arch.InterruptController.MsiData(msi));
                device.MsiLine = msi;
                Pci.SetCommand(device, set | Pci.CommandInterruptDisable, 0);
                return;
            }
            Pci.SetCommand(device, set, Pci.CommandInterruptDisable);
        }

        private static string Signatures(ProgramManifest program)
        {
            var text = new System.Text.StringBuilder();
            for (int i = 0; i < program.PciSignatures.Count; i++)
            {
                PciSignature s = program.PciSignatures[i];
                if (i > 0) text.Append(", ");
                text.Append("pci");
                if (s.Vendor >= 0) text.Append(" vendor 0x").Append(s.Vendor.ToString("x4"));
                if (s.Device >= 0) text.Append(" device 0x").Append(s.Device.ToString("x4"));
                if (s.ClassBytes > 0) text.Append(" class 0x").Append(s.Class.ToString(s.ClassBytes == 1 ? "x2" : s.ClassBytes == 2 ? "x4" : "x6"));
            }
            return text.ToString();
        }
    }
}
