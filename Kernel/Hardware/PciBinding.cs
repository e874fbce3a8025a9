using System.Collections.Generic;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Singularity.Manifests;

namespace Sing.Kernel.Hardware
{
    /// <summary>Matches a PCI driver to a function by its manifest's &lt;pci&gt; signatures (001 Listing 3's
    /// [Signature]) and turns the manifest's device-relative declarations into concrete resources: a &lt;pciBar&gt;
    /// becomes the memory range or port range that BAR decodes (exactly its size), &lt;pciIrq&gt; the legacy INTx line
    /// the firmware routed to the PIC (config space offset 0x3C), &lt;dmaMemory&gt; contiguous zeroed pages taken from
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
                    // the kernel is about to reuse.
                    Pci.SetCommand(functions[i], 0, Pci.CommandBusMaster);
                    functions[i].Owner = null;
                }
        }

        /// <summary>The concrete resource for a device-relative declaration (fixed ones come back as they are), or
        /// null with why not. DMA memory is allocated here: the caller frees it with <see cref="FreeDmaMemory"/>.</summary>
        public static HardwareResource Resolve(HardwareResource declared, PciFunction device, string program, out string why)
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

        public static void FreeDmaMemory(HardwareResource r)
        {
            if (r != null && r.Kind == ResourceKind.DmaMemory) PageAllocator.Free((void*)r.Base, r.Length / PageAllocator.PageSize);
        }

        /// <summary>Turns on what the driver was granted: memory and port decoding for its BARs, bus mastering when it
        /// has DMA memory, and the INTx interrupt.</summary>
        public static void Enable(PciFunction device, ProgramManifest program)
        {
            uint set = 0;
            for (int i = 0; i < program.Resources.Count; i++)
            {
                HardwareResource r = program.Resources[i];
                if (r.Kind == ResourceKind.PciBar && r.Base < MachineResources.PciBars)
                    set |= device.BarIsPort[r.Base] ? Pci.CommandIoSpace : Pci.CommandMemorySpace;
                if (r.Kind == ResourceKind.DmaMemory) set |= Pci.CommandBusMaster;
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
