using System.Collections.Generic;
using Sing.Kernel.Arch;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Hardware
{
    /// <summary>A hardware resource a driver holds: what its manifest declared, the handle it was given, and for an
    /// interrupt line the event its IRQ sets.</summary>
    internal sealed class GrantedResource
    {
        public KernelProcess Owner;
        public HardwareResource Resource;
        public ulong Handle;
        public readonly AutoResetEvent Interrupt = new AutoResetEvent(false);
    }

    /// <summary>Hands drivers the I/O ports, interrupt lines, memory ranges and DMA channels their manifests declare,
    /// at most one holder per resource unless every holder declared it shareable, never what the machine lacks or the
    /// kernel keeps (Runtime/Manifest/MachineResources.cs, the installer's definition too) and never RAM. The installer
    /// checks the same rules over the whole system image; this is the run-time half, which also covers two copies of
    /// one driver and manifests the installer did not write.</summary>
    internal static unsafe class ResourceGrants
    {
        private static readonly List<GrantedResource> s_granted = new List<GrantedResource>();

        public static int Count => s_granted.Count;

        /// <summary>Grants every resource of <paramref name="program"/> to <paramref name="process"/>, or none: on a
        /// conflict returns what collides with what. A PCI driver first gets the function its signature matches, and
        /// its device-relative declarations become that function's BARs and line and freshly allocated DMA pages.</summary>
        public static string GrantAll(KernelProcess process, ProgramManifest program)
        {
            if (program.Resources.Count == 0 && program.PciSignatures.Count == 0) return null;
            if (!program.HasPrivilege("hardware")) return string.Concat("program ", program.Name, " declares hardware resources but not the hardware privilege");
            PciFunction device = null;
            if (program.PciSignatures.Count > 0)
            {
                ulong claim = Scheduler.DisableInterrupts();
                device = PciBinding.ClaimLocked(process, program, out string why);
                Scheduler.RestoreInterrupts(claim);
                if (device == null) return why;
            }
            // Resolved with interrupts on (DMA memory is allocated here); undone below if anything is refused.
            var resources = new HardwareResource[program.Resources.Count];
            string refusal = null;
            for (int i = 0; i < resources.Length && refusal == null; i++)
                resources[i] = PciBinding.Resolve(program.Resources[i], device, process, program.Name, out refusal);
            // Checked and granted in one interrupts-off section: two drivers starting at once must not both pass the
            // check for the same resource.
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = 0; i < resources.Length && refusal == null; i++)
                if (resources[i].Kind != ResourceKind.DmaMemory) refusal = FindConflict(resources[i], process);
            if (refusal != null)
            {
                if (device != null) PciBinding.ReleaseLocked(process);
                Scheduler.RestoreInterrupts(flags);
                for (int i = 0; i < resources.Length; i++) PciBinding.FreeResolved(resources[i]);
                return refusal;
            }
            for (int i = 0; i < resources.Length; i++)
            {
                HardwareResource resource = resources[i];
                var grant = new GrantedResource { Owner = process, Resource = resource };
                grant.Handle = process.Handles.Add(HandleTypeOf(resource.Kind), grant);
                s_granted.Add(grant);
                process.Grants.Add(grant);
                if (resource.Kind == ResourceKind.Irq)
                    Interrupts.SetIrqHandler(resource.Base, &OnInterrupt);
            }
            if (device != null) PciBinding.Enable(device, program, resources);
            Scheduler.RestoreInterrupts(flags);
            return null;
        }

        /// <summary>Takes back everything <paramref name="process"/> held (at exit, kill or fault): the PCI function
        /// first (bus mastering off, so the device stops using the DMA pages), then the pages themselves.</summary>
        public static void ReleaseAll(KernelProcess process)
        {
            ulong flags = Scheduler.DisableInterrupts();
            PciBinding.ReleaseLocked(process);
            for (int i = 0; i < process.Grants.Count; i++)
            {
                GrantedResource grant = process.Grants[i];
                s_granted.Remove(grant);
                if (grant.Resource.Kind == ResourceKind.Irq && HoldersOfLine(grant.Resource.Base) == 0)
                {
                    InterruptController.Mask(grant.Resource.Base);
                    Interrupts.SetIrqHandler(grant.Resource.Base, null);
                }
                PciBinding.FreeResolved(grant.Resource);
            }
            process.Grants.Clear();
            Scheduler.RestoreInterrupts(flags);
        }

        private static string FindConflict(HardwareResource wanted, KernelProcess process)
        {
            // The installer's rule (Runtime/Manifest/MachineResources.cs), checked again: nothing the machine lacks,
            // nothing the kernel keeps, memory only inside a device window; then never RAM this boot's map reported,
            // nor what the firmware tables place in the PCI hole for the kernel (ECAM, the APICs). An MSI line the kernel
            // allocated for this very driver's device is the one line beyond the machine's fixed ones.
            bool ownMsi = wanted.Kind == ResourceKind.Irq && PciBinding.IsMsiLineOf(wanted.Base, process);
            string refusal = ownMsi ? null : MachineResources.Refusal(wanted.Kind, wanted.Base, wanted.Length);
            if (refusal != null) return string.Concat(Describe(wanted), " ", refusal);
            if (wanted.Kind == ResourceKind.Memory && PageAllocator.OverlapsRam(wanted.Base, wanted.Length))
                return string.Concat(Describe(wanted), " overlaps RAM the kernel manages");
            string kept = wanted.Kind == ResourceKind.Memory ? KeptDeviceMemory(wanted.Base, wanted.Length) : null;
            if (kept != null) return string.Concat(Describe(wanted), " overlaps ", kept, ", which the kernel keeps");
            for (int i = 0; i < s_granted.Count; i++)
            {
                GrantedResource held = s_granted[i];
                if (held.Resource.Overlaps(wanted) && !(held.Resource.Shared && wanted.Shared))
                    return string.Concat(Describe(wanted), " is held by ", held.Owner.Name, " (pid ", held.Owner.Id.ToString(), ") as ", held.Resource.Name);
            }
            return null;
        }

        /// <summary>Device memory this boot's firmware tables place where a driver's claim could reach it: the ECAM
        /// window (MCFG) and the interrupt controllers' registers (MADT; the fixed table covers only their usual
        /// addresses). Null when [first, first + length) touches none.</summary>
        private static string KeptDeviceMemory(ulong first, ulong length)
        {
            if (Pci.EcamOverlaps(first, length)) return "the PCI configuration space (ECAM)";
            if (Overlaps(first, length, IoApic.Address, 0x1000)) return "the I/O APIC's registers";
            if (Overlaps(first, length, LocalApic.Address, 0x1000)) return "the local APIC's registers";
            return null;
        }

        private static bool Overlaps(ulong first, ulong length, ulong start, ulong size) =>
            start != 0 && length != 0 && first + length - 1 >= first && first < start + size && first + length - 1 >= start;

        public static string Describe(HardwareResource r) => r.Kind switch
        {
            ResourceKind.IoPorts => string.Concat("I/O ports 0x", r.Base.ToString("x"), "-0x", (r.Base + r.Length - 1).ToString("x")),
            ResourceKind.Irq => r.Base < InterruptController.Lines && InterruptController.IsAllocatedMsi((int)r.Base) ? string.Concat("MSI line ", r.Base.ToString()) : string.Concat("IRQ ", r.Base.ToString()),
            ResourceKind.Memory => string.Concat("memory 0x", r.Base.ToString("x"), "-0x", (r.Base + r.Length - 1).ToString("x")),
            ResourceKind.DmaMemory => string.Concat("DMA memory (", (r.Length / 4096).ToString(), " pages)"),
            _ => string.Concat("DMA channel ", r.Base.ToString()),
        };

        public static HandleType HandleTypeOf(ResourceKind kind) => kind switch
        {
            ResourceKind.IoPorts => HandleType.IoPorts,
            ResourceKind.Irq => HandleType.Irq,
            ResourceKind.Memory => HandleType.IoMemory,
            ResourceKind.DmaMemory => HandleType.DmaMemory,
            _ => HandleType.Dma,
        };

        private static int HoldersOfLine(ulong line)
        {
            int n = 0;
            for (int i = 0; i < s_granted.Count; i++)
                if (s_granted[i].Resource.Kind == ResourceKind.Irq && s_granted[i].Resource.Base == line) n++;
            return n;
        }

        /// <summary>An IRQ a driver holds: mask the line (the driver services the device and waits again, which
        /// unmasks it) and wake every holder.</summary>
        private static unsafe bool OnInterrupt(InterruptFrame* frame)
        {
            ulong line = frame->Vector - Interrupts.IrqBase;   // wraps to a huge number below IrqBase: Mask ignores it
            if (!InterruptController.Mask(line)) return false;
            for (int i = 0; i < s_granted.Count; i++)
            {
                GrantedResource g = s_granted[i];
                if (g.Resource.Kind == ResourceKind.Irq && g.Resource.Base == line) g.Interrupt.Set();
            }
            return true;
        }
    }
}
