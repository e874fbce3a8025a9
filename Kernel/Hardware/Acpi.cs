using Sing.Kernel.Boot;

namespace Sing.Kernel.Hardware
{
    /// <summary>The ACPI tables the kernel reads at boot: the RSDP (from the boot loader's Multiboot2 tag, else found
    /// by scanning the BIOS area), then the XSDT (or RSDT) and the tables it lists. Read once, before any domain or
    /// demand mapping exists, while the firmware's tables are identity-mapped; nothing in them is trusted: every
    /// checksum and length is checked, tables outside the identity-mapped 4 GiB are skipped. What the kernel uses
    /// today is MCFG (PCI Express ECAM, <see cref="Pci"/>).</summary>
    internal static unsafe class Acpi
    {
        private const int MaxTables = 64;
        private const uint MaxTableLength = 1 << 20;
        private const ulong IdentityLimit = 1UL << 32;

        private static readonly ulong[] s_tables = new ulong[MaxTables];
        private static int s_tableCount;

        /// <summary>Where the RSDP came from ("multiboot2", "bios scan"), or null when there is none.</summary>
        public static string RsdpSource { get; private set; }

        public static int TableCount => s_tableCount;

        /// <summary>What went wrong reading the tables, for the log; null when nothing did.</summary>
        public static string Problem { get; private set; }

        public static void Initialize(in Multiboot2 boot)
        {
            byte* rsdp = boot.AcpiRsdp;
            if (rsdp != null && ValidRsdp(rsdp)) RsdpSource = "multiboot2";
            else
            {
                rsdp = ScanForRsdp();
                if (rsdp != null) RsdpSource = "bios scan";
            }
            if (rsdp == null)
            {
                Problem = "no ACPI RSDP";
                return;
            }
            byte revision = rsdp[15];
            ulong xsdt = revision >= 2 ? *(ulong*)(rsdp + 24) : 0;
            if (xsdt != 0 && ReadRoot(xsdt, "XSDT", 8)) return;
            ReadRoot(*(uint*)(rsdp + 16), "RSDT", 4);
        }

        /// <summary>The table with this 4-character signature (the first, if several), or null.</summary>
        public static byte* Find(string signature)
        {
            for (int i = 0; i < s_tableCount; i++)
            {
                byte* table = (byte*)s_tables[i];
                if (table[0] == signature[0] && table[1] == signature[1] && table[2] == signature[2] && table[3] == signature[3]) return table;
            }
            return null;
        }

        /// <summary>A table's length from its header (checked when it was listed).</summary>
        public static uint LengthOf(byte* table) => *(uint*)(table + 4);

        private static bool ReadRoot(ulong address, string signature, int entrySize)
        {
            byte* root = Table(address, signature);
            if (root == null) return false;
            uint length = LengthOf(root);
            for (uint at = 36; at + entrySize <= length && s_tableCount < MaxTables; at += (uint)entrySize)
            {
                ulong entry = entrySize == 8 ? *(ulong*)(root + at) : *(uint*)(root + at);
                byte* table = Table(entry, null);
                if (table != null) s_tables[s_tableCount++] = (ulong)table;
            }
            return true;
        }

        /// <summary>The table at <paramref name="address"/> when it lies in the identity map, has a sane length, the
        /// expected signature (when given) and a zero checksum; else null, with the reason kept in <see cref="Problem"/>.</summary>
        private static byte* Table(ulong address, string signature)
        {
            if (address == 0 || address >= IdentityLimit - 36)
            {
                Problem = "an ACPI table lies outside the identity-mapped 4 GiB";
                return null;
            }
            byte* table = (byte*)address;
            uint length = LengthOf(table);
            if (length < 36 || length > MaxTableLength || address + length > IdentityLimit)
            {
                Problem = "an ACPI table has an impossible length";
                return null;
            }
            if (signature != null && (table[0] != signature[0] || table[1] != signature[1] || table[2] != signature[2] || table[3] != signature[3]))
            {
                Problem = string.Concat("the root table is not an ", signature);
                return null;
            }
            if (Sum(table, length) != 0)
            {
                Problem = "an ACPI table fails its checksum";
                return null;
            }
            return table;
        }

        /// <summary>"RSD PTR " with a zero checksum over the first 20 bytes (and over its whole length from revision 2).</summary>
        private static bool ValidRsdp(byte* p)
        {
            if (*(ulong*)p != 0x2052545020445352UL || Sum(p, 20) != 0) return false;
            if (p[15] < 2) return true;
            uint length = *(uint*)(p + 20);
            return length >= 36 && length <= 4096 && Sum(p, length) == 0;
        }

        /// <summary>The RSDP on a 16-byte boundary in the BIOS area 0xE0000-0xFFFFF (ACPI 5.2.5.1). The EBDA, the other
        /// place the specification names, is found through a pointer in page 0, which the kernel leaves unmapped to
        /// catch null dereferences; GRUB hands the RSDP over in its tag wherever it was.</summary>
        private static byte* ScanForRsdp()
        {
            for (ulong p = 0xE0000; p < 0x100000; p += 16)
                if (ValidRsdp((byte*)p)) return (byte*)p;
            return null;
        }

        private static byte Sum(byte* p, uint length)
        {
            byte sum = 0;
            for (uint i = 0; i < length; i++) sum += p[i];
            return sum;
        }
    }
}
