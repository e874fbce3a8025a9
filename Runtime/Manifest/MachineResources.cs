// Shared with the host installer, like CommandLine.cs and ProgramManifest.cs: one definition of what the machine
// offers drivers and what the kernel keeps for itself, so the installer refuses exactly what the kernel refuses.
#nullable disable
#pragma warning disable CA1051, CA1805, CA1720, CA1711, CA1002, CA2227, CA1034, CA1819
namespace Singularity.Manifests
{
    /// <summary>A resource that no driver may claim, and why (the kernel drives it, or the machine wires it).</summary>
    public sealed class ReservedResource
    {
        public ResourceKind Kind;
        public ulong Base;
        public ulong Length = 1;
        public string Owner;        // short name, e.g. "pit"
        public string Why;          // what it is, for the refusal message

        public bool Overlaps(ResourceKind kind, ulong first, ulong length) =>
            Kind == kind && Base < first + length && first < Base + Length;
    }

    /// <summary>A stretch of physical address space that holds device memory, never RAM the kernel manages.</summary>
    public sealed class DeviceWindow
    {
        public ulong Base;
        public ulong Length;
        public string What;

        public bool Contains(ulong first, ulong length) => first >= Base && length <= Length && first - Base <= Length - length;
    }

    /// <summary>The machine the kernel runs on (a PC as QEMU emulates it, interrupts through the two 8259A PICs) and
    /// the resources the kernel keeps. A driver's claim is refused when it lies outside the machine, overlaps a
    /// reserved resource, or (memory) is not inside a device window. The installer reports the refusal at install
    /// time (SINGI024-SINGI026) and the kernel checks again when it grants (Kernel/Hardware/ResourceGrants.cs).</summary>
    public static class MachineResources
    {
        /// <summary>IRQ lines of the two cascaded 8259A controllers: 0-15 (vectors 32-47).</summary>
        public const int IrqLines = 16;

        /// <summary>The x86 I/O port space: ports 0-0xFFFF.</summary>
        public const ulong IoPorts = 0x1_0000;

        /// <summary>Channels of the two 8237A DMA controllers: 0-7.</summary>
        public const int DmaChannels = 8;

        /// <summary>Most DMA memory one &lt;dmaMemory&gt; may ask for, in 4 KiB pages (4 MiB): it is physically contiguous
        /// RAM taken from the kernel's pool for the driver's lifetime.</summary>
        public const ulong DmaMemoryPages = 1024;

        /// <summary>BARs of a PCI type-0 header: 0-5.</summary>
        public const int PciBars = 6;

        /// <summary>The kernel identity-maps the first 4 GiB; memory above it cannot be reached.</summary>
        public const ulong AddressLimit = 1UL << 32;

        /// <summary>What the kernel drives or the machine wires, by kind.</summary>
        public static readonly ReservedResource[] Reserved =
        {
            Port(0x00, 0x20, "dma", "the DMA controllers (only the kernel may aim DMA at memory)"),
            Port(0x20, 2, "pic-master", "the master interrupt controller"),
            Port(0x40, 4, "pit", "the timer (PIT)"),
            Port(0x80, 0x10, "dma-pages", "the DMA page registers (only the kernel may aim DMA at memory)"),
            Port(0x92, 1, "system-control", "system control port A (reset, A20)"),
            Port(0xA0, 2, "pic-slave", "the slave interrupt controller"),
            Port(0xC0, 0x20, "dma", "the DMA controllers (only the kernel may aim DMA at memory)"),
            Port(0xF4, 4, "debug-exit", "QEMU's debug-exit port (ends the machine)"),
            Port(0x3F8, 8, "com1", "the serial console COM1"),
            Port(0x4D0, 2, "pic-elcr", "the interrupt controllers' edge/level registers"),
            Port(0x510, 12, "fw-cfg", "QEMU's firmware configuration device (its DMA interface writes anywhere)"),
            Port(0xCF8, 8, "pci-config", "PCI configuration space and the reset register (device BARs decide where device memory lies)"),
            Line(ResourceKind.Irq, 0, "timer", "the timer interrupt"),
            Line(ResourceKind.Irq, 2, "cascade", "the slave controller's cascade line"),
            Line(ResourceKind.Irq, 4, "com1", "the serial console's interrupt"),
            Line(ResourceKind.Dma, 4, "dma-cascade", "the cascade between the two DMA controllers"),
            new ReservedResource { Kind = ResourceKind.Memory, Base = 0xFEC0_0000, Length = 0x1000, Owner = "io-apic", Why = "the I/O APIC (interrupt routing)" },
            new ReservedResource { Kind = ResourceKind.Memory, Base = 0xFEE0_0000, Length = 0x1000, Owner = "local-apic", Why = "the local APIC (interrupt delivery)" },
        };

        /// <summary>Where device memory lies: a memory claim must fall inside one of these (RAM, the kernel image and
        /// everything else the kernel manages lie outside them).</summary>
        public static readonly DeviceWindow[] DeviceMemory =
        {
            new DeviceWindow { Base = 0xA_0000, Length = 0x6_0000, What = "0xa0000-0xfffff (legacy video memory and option ROMs)" },
            new DeviceWindow { Base = 0xC000_0000, Length = 0x4000_0000, What = "0xc0000000-0xffffffff (the PCI memory hole below 4 GiB)" },
        };

        private static ReservedResource Port(ulong first, ulong length, string owner, string why) =>
            new ReservedResource { Kind = ResourceKind.IoPorts, Base = first, Length = length, Owner = owner, Why = why };

        private static ReservedResource Line(ResourceKind kind, ulong number, string owner, string why) =>
            new ReservedResource { Kind = kind, Base = number, Length = 1, Owner = owner, Why = why };

        /// <summary>How many numbers the machine has of <paramref name="kind"/> (ports, lines, channels, bytes).</summary>
        public static ulong Limit(ResourceKind kind) => kind switch
        {
            ResourceKind.IoPorts => IoPorts,
            ResourceKind.Irq => IrqLines,
            ResourceKind.Dma => DmaChannels,
            _ => AddressLimit,
        };

        /// <summary>Whether [first, first+length) lies inside the machine's numbers of <paramref name="kind"/>.</summary>
        public static bool Exists(ResourceKind kind, ulong first, ulong length)
        {
            ulong limit = Limit(kind);
            return length != 0 && first < limit && length <= limit - first;
        }

        /// <summary>The reserved resource a claim overlaps, or null.</summary>
        public static ReservedResource FindReserved(ResourceKind kind, ulong first, ulong length)
        {
            for (int i = 0; i < Reserved.Length; i++)
                if (Reserved[i].Overlaps(kind, first, length)) return Reserved[i];
            return null;
        }

        /// <summary>Whether a memory claim lies inside one device window.</summary>
        public static bool InDeviceMemory(ulong first, ulong length)
        {
            for (int i = 0; i < DeviceMemory.Length; i++)
                if (DeviceMemory[i].Contains(first, length)) return true;
            return false;
        }

        /// <summary>Null when a driver may claim the resource; otherwise why not, in words (the caller adds the
        /// program and resource names).</summary>
        public static string Refusal(ResourceKind kind, ulong first, ulong length)
        {
            if (!Exists(kind, first, length))
                return kind switch
                {
                    ResourceKind.IoPorts => "lies outside the I/O port space 0x0-0xffff",
                    ResourceKind.Irq => "is not an interrupt line of this machine (the two 8259A controllers have lines 0-15)",
                    ResourceKind.Dma => "is not a DMA channel of this machine (the two 8237A controllers have channels 0-7)",
                    _ => "lies outside the first 4 GiB, the physical memory the kernel maps",
                };
            ReservedResource reserved = FindReserved(kind, first, length);
            if (reserved != null) return string.Concat("overlaps ", reserved.Why, ", which the kernel keeps (", reserved.Owner, ")");
            if (kind == ResourceKind.Memory && !InDeviceMemory(first, length))
                return string.Concat("is not device memory: a driver may claim physical memory only inside ", DeviceMemory[0].What, " or ", DeviceMemory[1].What);
            return null;
        }
    }
}
