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

        private static readonly uint[] s_gsi = new uint[IsaLines];
        private static readonly bool[] s_level = new bool[IsaLines], s_activeLow = new bool[IsaLines];

        public static uint GsiOf(int line) => s_gsi[line];
        public static bool IsLevel(int line) => s_level[line];
        public static bool IsActiveLow(int line) => s_activeLow[line];

        /// <summary>Reads the MADT once (Acpi.Initialize ran). Entries whose length would run past the table end the walk.</summary>
        public static void Read()
        {
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
                    case 0 when size >= 8:
                        if ((*(uint*)(e + 4) & 1) != 0) Processors++;
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
    }
}
