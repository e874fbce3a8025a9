using System.Collections.Generic;
using Debug = Singularity.V1.Debug;

namespace Sing.Drivers.Ahci
{
    /// <summary>A partition's sector range on its disk.</summary>
    internal readonly struct PartitionRange
    {
        public readonly long First, Count;

        public PartitionRange(long first, long count)
        {
            First = first;
            Count = count;
        }
    }

    /// <summary>Reads a disk's partition table: the MBR's four primary entries, or, when the MBR is protective (type
    /// 0xEE), the GPT header at LBA 1 and its entry array. Entries that are empty, lie outside the disk or are
    /// malformed are skipped with a log line; a disk without a valid table has no partitions (it is still served
    /// whole as /dev/diskN). Extended MBR partitions (types 0x05, 0x0F) are not followed.</summary>
    internal static class PartitionTable
    {
        private const int MaxGptEntries = 128;

        public static List<PartitionRange> Read(AhciPort port, Singularity.Configuration.IrqLine irq)
        {
            var found = new List<PartitionRange>();
            if (!port.ReadToScratch(irq, 0) || port.ScratchRead8(510) != 0x55 || port.ScratchRead8(511) != 0xAA) return found;
            var primary = new List<PartitionRange>();
            bool protective = false;
            for (int i = 0; i < 4; i++)
            {
                int entry = 446 + i * 16;
                byte type = port.ScratchRead8(entry + 4);
                long first = port.ScratchRead32(entry + 8), count = port.ScratchRead32(entry + 12);
                if (type == 0xEE) protective = true;
                if (type == 0 || type == 0xEE || count == 0) continue;
                if (type == 0x05 || type == 0x0F)
                {
                    Debug.WriteLine($"port {port.Number}: extended partition {i + 1} not followed");
                    continue;
                }
                Add(primary, port, first, count, $"MBR entry {i + 1}");
            }
            if (!protective) return primary;
            ReadGpt(port, irq, found);
            return found;
        }

        private static void ReadGpt(AhciPort port, Singularity.Configuration.IrqLine irq, List<PartitionRange> found)
        {
            // "EFI PART" at LBA 1, then the entry array's LBA, count and entry size.
            if (!port.ReadToScratch(irq, 1) || port.ScratchRead64(0) != 0x5452415020494645UL)
            {
                Debug.WriteLine($"port {port.Number}: protective MBR but no GPT header at LBA 1");
                return;
            }
            long entriesLba = (long)port.ScratchRead64(72);
            uint entries = port.ScratchRead32(80), entrySize = port.ScratchRead32(84);
            if (entrySize < 128 || entrySize > AhciPort.SectorSize || AhciPort.SectorSize % entrySize != 0 || entriesLba < 2 || entriesLba >= port.Sectors)
            {
                Debug.WriteLine($"port {port.Number}: GPT header with an entry size of {entrySize} or entries at LBA {entriesLba}: ignored");
                return;
            }
            if (entries > MaxGptEntries) entries = MaxGptEntries;
            int perSector = AhciPort.SectorSize / (int)entrySize;
            for (int i = 0; i < entries; i++)
            {
                if (i % perSector == 0 && !port.ReadToScratch(irq, entriesLba + i / perSector)) return;
                int at = (i % perSector) * (int)entrySize;
                if (port.ScratchRead64(at) == 0 && port.ScratchRead64(at + 8) == 0) continue;   // unused entry (zero type GUID)
                long first = (long)port.ScratchRead64(at + 32), last = (long)port.ScratchRead64(at + 40);
                if (last < first) continue;
                Add(found, port, first, last - first + 1, $"GPT entry {i + 1}");
            }
        }

        private static void Add(List<PartitionRange> list, AhciPort port, long first, long count, string what)
        {
            if (first <= 0 || count <= 0 || first >= port.Sectors || count > port.Sectors - first)
            {
                Debug.WriteLine($"port {port.Number}: {what} (sectors {first}+{count}) lies outside the disk's {port.Sectors} sectors: skipped");
                return;
            }
            list.Add(new PartitionRange(first, count));
        }
    }
}
