using System.Collections.Generic;
using Sing.Kernel.Arch;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Hardware
{
    /// <summary>A function found on the PCI bus: where it is, what it is (vendor, device, class) and what it decodes
    /// (BARs with their sizes, interrupt line and pin).</summary>
    internal sealed class PciFunction
    {
        public byte Bus, Device, Function;
        public ushort Vendor, DeviceId;
        public byte Class, Subclass, ProgrammingInterface, HeaderType;
        public byte InterruptLine, InterruptPin;
        /// <summary>Base address registers of a type-0 header: address (memory or port) and size, 0 when unused.</summary>
        public readonly ulong[] BarBase = new ulong[6];
        public readonly ulong[] BarSize = new ulong[6];
        public readonly bool[] BarIsPort = new bool[6];
        /// <summary>Offset of the MSI capability in configuration space, 0 when the function has none.</summary>
        public byte MsiCapability;
        /// <summary>The MSI line (InterruptController) its driver was granted, 0 while it uses none.</summary>
        public int MsiLine;
        /// <summary>The driver the kernel matched to this function (its manifest's &lt;pci&gt; signature), or null.</summary>
        public Processes.KernelProcess Owner;

        public string Location => string.Concat(Bus.ToString("x2"), ":", Device.ToString("x2"), ".", Function.ToString());
    }

    /// <summary>The PCI bus, enumerated once at boot. Configuration space is reached through PCI Express ECAM (memory
    /// the ACPI MCFG table names, on q35 and real machines) for the buses it covers, else through configuration
    /// mechanism #1 (ports 0xCF8/0xCFC; the i440FX machine has no ECAM). The kernel keeps both: the ports in
    /// Runtime/Manifest/MachineResources.cs, the ECAM window because it lies outside every grantable range. Drivers are
    /// matched to functions by their manifests' signatures (PciBinding); the list is also what the shell's devices
    /// command shows.</summary>
    internal static unsafe class Pci
    {
        private const ushort AddressPort = 0xCF8, DataPort = 0xCFC;
        private static readonly List<PciFunction> s_functions = new List<PciFunction>();
        private static bool s_enumerated;
        private static byte* s_ecam;
        private static int s_ecamFirstBus, s_ecamLastBus;

        /// <summary>How configuration space is reached, for the devices listing and the log.</summary>
        public static string Mechanism { get; private set; } = "configuration ports 0xCF8/0xCFC";

        /// <summary>The ECAM window's physical address (bus 0's registers), or 0 when the ports are used.</summary>
        public static ulong EcamWindow => (ulong)s_ecam;

        /// <summary>True when [first, first + length) overlaps the ECAM window (from bus 0's address to the end of the last
        /// bus): no driver may be granted it, or it could reprogram every device on the bus.</summary>
        public static bool EcamOverlaps(ulong first, ulong length)
        {
            if (s_ecam == null || length == 0) return false;
            ulong start = (ulong)s_ecam, end = start + ((ulong)(s_ecamLastBus + 1) << 20);
            return first < end && first + length - 1 >= start && first + length - 1 >= first;
        }

        /// <summary>True when reads and writes of <paramref name="bus"/> go through ECAM.</summary>
        public static bool UsesEcam(int bus) => s_ecam != null && bus >= s_ecamFirstBus && bus <= s_ecamLastBus;

        /// <summary>Takes segment 0's ECAM window from ACPI's MCFG (Acpi.Initialize ran): 16-byte entries from offset
        /// 44 of base address, segment, first and last bus. The window is used only when it is 1 MiB aligned, lies in
        /// the identity-mapped 4 GiB and reads the same identity at its first bus's device 0 as the ports do.</summary>
        public static void UseEcamFromAcpi()
        {
            byte* mcfg = Acpi.Find("MCFG");
            if (mcfg == null) return;
            uint length = Acpi.LengthOf(mcfg);
            for (uint at = 44; at + 16 <= length; at += 16)
            {
                ulong window = *(ulong*)(mcfg + at);
                ushort segment = *(ushort*)(mcfg + at + 8);
                int first = mcfg[at + 10], last = mcfg[at + 11];
                if (segment != 0) continue;
                // The base address is that of bus 0 of the segment, whatever bus the range starts at.
                if (last < first || window == 0 || (window & 0xFFFFF) != 0 || window + ((ulong)(last + 1) << 20) > 1UL << 32)
                {
                    Console.Log.Line($"PCI: ACPI MCFG names an unusable ECAM window 0x{window:x} for buses {first}-{last}; using the ports");
                    return;
                }
                uint viaPorts = PortRead((byte)first, 0, 0, 0);
                uint viaEcam = *(uint*)(window + ((ulong)first << 20));
                if (viaPorts != viaEcam)
                {
                    Console.Log.Line($"PCI: the ECAM window 0x{window:x} reads {viaEcam:x8} where the ports read {viaPorts:x8}; using the ports");
                    return;
                }
                s_ecam = (byte*)window;
                s_ecamFirstBus = first;
                s_ecamLastBus = last;
                Mechanism = $"ECAM at 0x{window:x} for buses {first}-{last} (ACPI MCFG)";
                return;
            }
        }

        public static IReadOnlyList<PciFunction> Functions
        {
            get
            {
                if (!s_enumerated) Enumerate();
                return s_functions;
            }
        }

        /// <summary>A 32-bit configuration read (offset rounded down to a multiple of 4).</summary>
        public static uint Read(byte bus, byte device, byte function, byte offset) =>
            UsesEcam(bus) ? *EcamAddress(bus, device, function, offset) : PortRead(bus, device, function, offset);

        /// <summary>A read through the ports whatever the mechanism, for the tests that compare the two.</summary>
        public static uint PortRead(byte bus, byte device, byte function, byte offset)
        {
            // Interrupts off: the address and data ports are one shared register pair.
            ulong flags = Scheduler.DisableInterrupts();
            Cpu.OutDword(AddressPort, ConfigAddress(bus, device, function, offset));
            uint value = Cpu.InDword(DataPort);
            Scheduler.RestoreInterrupts(flags);
            return value;
        }

        public const uint CommandIoSpace = 1, CommandMemorySpace = 2, CommandBusMaster = 4, CommandInterruptDisable = 1 << 10;

        /// <summary>Sets and clears bits of the function's command register (the low half of offset 4; the status
        /// half is written as zero, which clears no status bit).</summary>
        public static void SetCommand(PciFunction f, uint set, uint clear)
        {
            uint command = Read(f.Bus, f.Device, f.Function, 0x04) & 0xFFFF;
            Write(f.Bus, f.Device, f.Function, 0x04, (command | set) & ~clear);
        }

        /// <summary>A 32-bit configuration write (the kernel's own: drivers never reach configuration space).</summary>
        public static void Write(byte bus, byte device, byte function, byte offset, uint value)
        {
            if (UsesEcam(bus))
            {
                *EcamAddress(bus, device, function, offset) = value;
                return;
            }
            ulong flags = Scheduler.DisableInterrupts();
            Cpu.OutDword(AddressPort, ConfigAddress(bus, device, function, offset));
            Cpu.OutDword(DataPort, value);
            Scheduler.RestoreInterrupts(flags);
        }

        private static uint* EcamAddress(byte bus, byte device, byte function, byte offset) =>
            (uint*)(s_ecam + ((uint)bus << 20 | (uint)(device & 31) << 15 | (uint)(function & 7) << 12 | (uint)(offset & 0xFC)));

        private static uint ConfigAddress(byte bus, byte device, byte function, byte offset) =>
            0x80000000u | ((uint)bus << 16) | ((uint)(device & 31) << 11) | ((uint)(function & 7) << 8) | (uint)(offset & 0xFC);

        private static void Enumerate()
        {
            s_enumerated = true;
            for (int bus = 0; bus < 256; bus++)
                for (int device = 0; device < 32; device++)
                {
                    uint id = Read((byte)bus, (byte)device, 0, 0);
                    if ((id & 0xFFFF) == 0xFFFF) continue;
                    byte header = (byte)(Read((byte)bus, (byte)device, 0, 0x0C) >> 16);
                    int functions = (header & 0x80) != 0 ? 8 : 1;
                    for (int function = 0; function < functions; function++)
                    {
                        uint fid = Read((byte)bus, (byte)device, (byte)function, 0);
                        if ((fid & 0xFFFF) == 0xFFFF) continue;
                        s_functions.Add(Describe((byte)bus, (byte)device, (byte)function, fid));
                    }
                }
        }

        private static PciFunction Describe(byte bus, byte device, byte function, uint id)
        {
            uint classWord = Read(bus, device, function, 0x08);
            uint headerWord = Read(bus, device, function, 0x0C);
            uint interrupt = Read(bus, device, function, 0x3C);
            var f = new PciFunction
            {
                Bus = bus, Device = device, Function = function,
                Vendor = (ushort)id, DeviceId = (ushort)(id >> 16),
                Class = (byte)(classWord >> 24), Subclass = (byte)(classWord >> 16), ProgrammingInterface = (byte)(classWord >> 8),
                HeaderType = (byte)((headerWord >> 16) & 0x7F),
                InterruptLine = (byte)interrupt, InterruptPin = (byte)(interrupt >> 8),
            };
            if (f.HeaderType == 0) SizeBars(f);
            if (f.HeaderType == 0) f.MsiCapability = PciMsi.Find(bus, device, function);
            return f;
        }

        /// <summary>Each BAR's size: write all ones, read back the mask, restore (decoding is off meanwhile so the
        /// device never answers at the probe value).</summary>
        private static void SizeBars(PciFunction f)
        {
            uint command = Read(f.Bus, f.Device, f.Function, 0x04);
            Write(f.Bus, f.Device, f.Function, 0x04, command & ~3u);
            for (int i = 0; i < 6; i++)
            {
                byte offset = (byte)(0x10 + i * 4);
                uint original = Read(f.Bus, f.Device, f.Function, offset);
                Write(f.Bus, f.Device, f.Function, offset, 0xFFFFFFFF);
                uint mask = Read(f.Bus, f.Device, f.Function, offset);
                Write(f.Bus, f.Device, f.Function, offset, original);
                if (mask == 0 || mask == 0xFFFFFFFF && original == 0) continue;
                bool port = (original & 1) != 0;
                f.BarIsPort[i] = port;
                if (port)
                {
                    f.BarBase[i] = original & ~3u;
                    f.BarSize[i] = (~(mask & ~3u) + 1) & 0xFFFF;
                    continue;
                }
                bool wide = ((original >> 1) & 3) == 2;
                ulong baseAddress = original & ~0xFu;
                ulong sizeMask = mask & ~0xFu;
                if (wide && i < 5)
                {
                    byte high = (byte)(offset + 4);
                    uint originalHigh = Read(f.Bus, f.Device, f.Function, high);
                    Write(f.Bus, f.Device, f.Function, high, 0xFFFFFFFF);
                    uint maskHigh = Read(f.Bus, f.Device, f.Function, high);
                    Write(f.Bus, f.Device, f.Function, high, originalHigh);
                    baseAddress |= (ulong)originalHigh << 32;
                    sizeMask |= (ulong)maskHigh << 32;
                    f.BarBase[i] = baseAddress;
                    f.BarSize[i] = ~sizeMask + 1;
                    i++;   // the next BAR is this one's upper half
                    continue;
                }
                f.BarBase[i] = baseAddress;
                f.BarSize[i] = (~(uint)sizeMask + 1) & 0xFFFFFFFFu;
            }
            Write(f.Bus, f.Device, f.Function, 0x04, command);
        }

        /// <summary>One line per function: location, vendor:device, class.subclass.interface, interrupt, BARs.</summary>
        public static string Describe()
        {
            var text = new System.Text.StringBuilder();
            var functions = Functions;
            text.Append("PCI configuration: ").Append(Mechanism).Append('\n');
            text.Append("Interrupts: ").Append(Arch.InterruptController.Description).Append('\n');
            for (int i = 0; i < functions.Count; i++)
            {
                PciFunction f = functions[i];
                text.Append(f.Location).Append(' ').Append(f.Vendor.ToString("x4")).Append(':').Append(f.DeviceId.ToString("x4"))
                    .Append(" class ").Append(f.Class.ToString("x2")).Append('.').Append(f.Subclass.ToString("x2")).Append('.').Append(f.ProgrammingInterface.ToString("x2"));
                if (f.InterruptPin != 0) text.Append(" irq ").Append(f.InterruptLine.ToString());
                if (f.MsiLine != 0) text.Append(" msi vector ").Append((Arch.Interrupts.IrqBase + f.MsiLine).ToString());
                for (int b = 0; b < 6; b++)
                    if (f.BarSize[b] != 0)
                        text.Append(f.BarIsPort[b] ? " io 0x" : " mem 0x").Append(f.BarBase[b].ToString("x")).Append('+').Append(f.BarSize[b].ToString("x"));
                Processes.KernelProcess owner = f.Owner;
                if (owner != null) text.Append(" driver ").Append(owner.Name).Append(" (pid ").Append(owner.Id.ToString()).Append(')');
                text.Append('\n');
            }
            return text.ToString();
        }
    }
}
