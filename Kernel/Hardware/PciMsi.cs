namespace Sing.Kernel.Hardware
{
    /// <summary>A PCI function's MSI capability (ID 5 in its capability list): found at enumeration, programmed with
    /// one message (the local APIC's address and a vector) when its driver is granted its interrupt, turned off
    /// when the driver ends. Only the kernel writes it: a driver never sees configuration space.</summary>
    internal static class PciMsi
    {
        private const byte CapabilityId = 0x05;
        private const uint CapabilitiesListStatus = 1 << 20;   // status register bit 4, in the command/status dword
        private const uint Enabled = 1, MultipleMessageEnable = 7 << 4, Wide = 1 << 7, PerVectorMasking = 1 << 8;

        /// <summary>The offset of the function's MSI capability, or 0. The list is walked at most 48 steps (a list that
        /// loops ends there) and only through offsets inside the device-specific area.</summary>
        public static byte Find(byte bus, byte device, byte function)
        {
            if ((Pci.Read(bus, device, function, 0x04) & CapabilitiesListStatus) == 0) return 0;
            int at = (int)(Pci.Read(bus, device, function, 0x34) & 0xFC);
            for (int steps = 0; at >= 0x40 && steps < 48; steps++)
            {
                uint header = Pci.Read(bus, device, function, (byte)at);
                if ((byte)header == CapabilityId) return (byte)at;
                at = (int)((header >> 8) & 0xFC);
            }
            return 0;
        }

        /// <summary>One message: <paramref name="address"/> and <paramref name="data"/>, per-vector mask (if any) open.</summary>
        public static void Enable(PciFunction f, ulong address, ushort data)
        {
            byte at = f.MsiCapability;
            uint control = Pci.Read(f.Bus, f.Device, f.Function, at) >> 16;
            bool wide = (control & Wide) != 0;
            Pci.Write(f.Bus, f.Device, f.Function, (byte)(at + 4), (uint)address);
            if (wide) Pci.Write(f.Bus, f.Device, f.Function, (byte)(at + 8), (uint)(address >> 32));
            byte dataAt = (byte)(at + (wide ? 12 : 8));
            Pci.Write(f.Bus, f.Device, f.Function, dataAt, data);
            if ((control & PerVectorMasking) != 0) Pci.Write(f.Bus, f.Device, f.Function, (byte)(dataAt + 4), 0);
            control = (control & ~MultipleMessageEnable) | Enabled;
            Pci.Write(f.Bus, f.Device, f.Function, at, (Pci.Read(f.Bus, f.Device, f.Function, at) & 0xFFFF) | control << 16);
        }

        public static void Disable(PciFunction f)
        {
            byte at = f.MsiCapability;
            uint header = Pci.Read(f.Bus, f.Device, f.Function, at);
            Pci.Write(f.Bus, f.Device, f.Function, at, header & ~(Enabled << 16));
        }

        public static bool IsEnabled(PciFunction f) =>
            f.MsiCapability != 0 && (Pci.Read(f.Bus, f.Device, f.Function, f.MsiCapability) & Enabled << 16) != 0;
    }
}
