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
        /// <summary>The driver the kernel matched to this function (its manifest's &lt;pci&gt; signature), or null.</summary>
        public Processes.KernelProcess Owner;

        public string Location => string.Concat(Bus.ToString("x2"), ":", Device.ToString("x2"), ".", Function.ToString());
    }

    /// <summary>The PCI bus, enumerated once at boot through configuration mechanism #1 (ports 0xCF8/0xCFC, which the
    /// kernel keeps: Runtime/Manifest/MachineResources.cs). Drivers will be matched to functions by their manifests'
    /// signatures (PciBinding); the list is also what the shell's devices command shows.</summary>
    internal static class Pci
    {
        private const ushort AddressPort = 0xCF8, DataPort = 0xCFC;
        private static readonly List<PciFunction> s_functions = new List<PciFunction>();
        private static bool s_enumerated;

        public static IReadOnlyList<PciFunction> Functions
        {
            get
            {
                if (!s_enumerated) Enumerate();
                return s_functions;
            }
        }

        /// <summary>A 32-bit configuration read. Interrupts off: the address and data ports are one shared register pair.</summary>
        public static uint Read(byte bus, byte device, byte function, byte offset)
        {
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

        private static void Write(byte bus, byte device, byte function, byte offset, uint value)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Cpu.OutDword(AddressPort, ConfigAddress(bus, device, function, offset));
            Cpu.OutDword(DataPort, value);
            Scheduler.RestoreInterrupts(flags);
        }

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
            for (int i = 0; i < functions.Count; i++)
            {
                PciFunction f = functions[i];
                text.Append(f.Location).Append(' ').Append(f.Vendor.ToString("x4")).Append(':').Append(f.DeviceId.ToString("x4"))
                    .Append(" class ").Append(f.Class.ToString("x2")).Append('.').Append(f.Subclass.ToString("x2")).Append('.').Append(f.ProgrammingInterface.ToString("x2"));
                if (f.InterruptPin != 0) text.Append(" irq ").Append(f.InterruptLine.ToString());
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
