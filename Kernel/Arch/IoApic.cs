namespace Sing.Kernel.Arch
{
    /// <summary>One I/O APIC: its redirection table maps global system interrupts (GSIs, from its base on) to vectors
    /// of the boot CPU. Reached through the index/window register pair, so callers keep interrupts off.</summary>
    internal static unsafe class IoApic
    {
        private const int Window = 0x10;
        private const uint VersionRegister = 1, FirstEntry = 0x10;
        private const uint Masked = 1 << 16, Level = 1 << 15, ActiveLow = 1 << 13;

        private static byte* s_registers;
        private static uint s_firstGsi, s_entries;

        public static ulong Address => (ulong)s_registers;
        public static uint FirstGsi => s_firstGsi;
        public static uint Entries => s_entries;

        /// <summary>Takes the I/O APIC at <paramref name="address"/> serving GSIs from <paramref name="firstGsi"/> on, and
        /// masks every entry. False when the address lies outside the identity map or the chip reads as absent.</summary>
        public static bool Initialize(ulong address, uint firstGsi)
        {
            if (address == 0 || address >= (1UL << 32) - 0x20) return false;
            s_registers = (byte*)address;
            uint version = Read(VersionRegister);
            if (version == 0xFFFFFFFF) return false;
            s_firstGsi = firstGsi;
            s_entries = ((version >> 16) & 0xFF) + 1;
            for (uint i = 0; i < s_entries; i++) Write(FirstEntry + 2 * i, Masked);
            return true;
        }

        public static bool Serves(uint gsi) => s_registers != null && gsi >= s_firstGsi && gsi - s_firstGsi < s_entries;

        /// <summary>Routes <paramref name="gsi"/> to <paramref name="vector"/> on the APIC <paramref name="destination"/>
        /// (fixed delivery, physical destination), masked until <see cref="SetMasked"/> opens it.</summary>
        public static void Route(uint gsi, byte vector, bool level, bool activeLow, uint destination)
        {
            uint entry = FirstEntry + 2 * (gsi - s_firstGsi);
            Write(entry + 1, destination << 24);
            Write(entry, vector | Masked | (level ? Level : 0) | (activeLow ? ActiveLow : 0));
        }

        public static void SetMasked(uint gsi, bool masked)
        {
            uint entry = FirstEntry + 2 * (gsi - s_firstGsi);
            uint low = Read(entry);
            Write(entry, masked ? low | Masked : low & ~Masked);
        }

        private static uint Read(uint register)
        {
            System.Threading.Volatile.Write(ref *(int*)s_registers, (int)register);
            return (uint)System.Threading.Volatile.Read(ref *(int*)(s_registers + Window));
        }

        private static void Write(uint register, uint value)
        {
            System.Threading.Volatile.Write(ref *(int*)s_registers, (int)register);
            System.Threading.Volatile.Write(ref *(int*)(s_registers + Window), (int)value);
        }
    }
}
