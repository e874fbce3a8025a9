namespace Sing.Kernel.Hardware
{
    /// <summary>How ACPI's MADT ("APIC") says interrupts are wired: the local APIC's address, the first I/O APIC
    /// (address and first GSI), and for each ISA line the GSI it arrives on with its trigger and polarity (identity,
    /// edge, active high, unless an interrupt source override says otherwise: QEMU moves the timer's line 0 to GSI 2
    /// and makes the PCI-routed lines level-triggered).</summary>
    internal static unsafe class Madt
    {
        public const int IsaLines = 16;

        public static bool Found { get; private set; }
        public static ulong LocalApicAddress { get; private set; }
        public static ulong IoApicAddress { get; private set; }
        public static uint IoApicFirstGsi { get; private set; }
        public static int IoApics { get; private set; }
        public static int Processors { get; private set; }

        /// <summary>The most processors the kernel records; later MADT entries are counted but not started.</summary>
        public const int MaxProcessors = 64;

        private static readonly uint[] s_apicIds = new uint[MaxProcessors];

        /// <summary>The local APIC id of usable processor <paramref name="index"/> (0 to min(Processors, MaxProcessors) - 1),
        /// in MADT order (the boot processor need not be first).</summary>
        public static uint ApicIdOf(int index) => s_apicIds[index];

        private static readonly uint[] s_gsi = new uint[IsaLines];
        private static readonly bool[] s_level = new bool[IsaLines], s_activeLow = new bool[IsaLines];

        public static uint GsiOf(int line) => s_gsi[line];
        public static bool IsLevel(int line) => s_level[line];
        public static bool IsActiveLow(int line) => s_activeLow[line];

        private static bool s_read;

        /// <summary>Reads the MADT (Acpi.Initialize ran); later calls do nothing. Entries whose length would run past the
        /// table end the walk.</summary>
        public static void Read()
        {
            if (s_read) return;
            s_read = true;
            for (int i = 0; i < IsaLines; i++) s_gsi[i] = (uint)i;
            byte* table = Acpi.Find("APIC");
            if (table == null) return;
            uint length = Acpi.LengthOf(table);
            if (length < 44) return;
            LocalApicAddress = *(uint*)(table + 36);
            for (uint at = 44; at + 2 <= length;)
            {
                byte type = table[at], size = table[at + 1];
                if (size < 2 || at + size > length) break;
                byte* e = table + at;
                switch (type)
                {
                    // Processor local APIC (type 0) and local x2APIC (type 9): usable when enabled (bit 0) or
                    // online-capable (bit 1, ACPI 6.3: may be brought up by the OS).
                    case 0 when size >= 8:
                        if ((*(uint*)(e + 4) & 3) != 0) AddProcessor(e[3]);
                        break;
                    case 9 when size >= 16:
                        if ((*(uint*)(e + 8) & 3) != 0) AddProcessor(*(uint*)(e + 4));
                        break;
                    case 1 when size >= 12:
                        if (IoApics++ == 0)
                        {
                            IoApicAddress = *(uint*)(e + 4);
                            IoApicFirstGsi = *(uint*)(e + 8);
                        }
                        break;
                    case 2 when size >= 10:
                        byte bus = e[2], source = e[3];
                        ushort flags = *(ushort*)(e + 8);
                        if (bus != 0 || source >= IsaLines) break;
                        s_gsi[source] = *(uint*)(e + 4);
                        // Polarity bits 0-1 and trigger bits 2-3: 0 means "as the bus says" (ISA: high, edge), 3 the other.
                        s_activeLow[source] = (flags & 3) == 3;
                        s_level[source] = ((flags >> 2) & 3) == 3;
                        break;
                    case 5 when size >= 12:
                        LocalApicAddress = *(ulong*)(e + 4);
                        break;
                }
                at += size;
            }
            Found = IoApics > 0;
        }

        private static void AddProcessor(uint apicId)
        {
            for (int i = 0; i < Processors && i < MaxProcessors; i++)
                if (s_apicIds[i] == apicId) return;   // listed twice (as xAPIC and x2APIC): one processor
            if (Processors < MaxProcessors) s_apicIds[Processors] = apicId;
            Processors++;
        }
    }
}
