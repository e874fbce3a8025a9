using System.Collections.Generic;

namespace Sing.Drivers.Ahci
{
    /// <summary>One partition: its number as Linux and Windows number it (MBR primary slots 1-4, logical partitions of
    /// the extended one from 5, GPT entries by their index from 1) and its sector range on the disk.</summary>
    internal readonly struct PartitionRange
    {
        public readonly int Number;
        public readonly long First, Count;

        public PartitionRange(int number, long first, long count)
        {
            Number = number;
            First = first;
            Count = count;
        }
    }

    /// <summary>Where the partition table reader gets its sectors: the driver reads them from the disk, the host tests
    /// from an image in memory. Read fills the 512 bytes of <c>sector</c> and says whether it could.</summary>
    internal interface ISectorSource
    {
        long Sectors { get; }
        bool Read(long lba, byte[] sector);
    }

    /// <summary>Reads a disk's partition table. MBR: the four primary entries, and the logical partitions of an
    /// extended one (types 0x05, 0x0F, 0x85) by following its chain of EBRs. A protective MBR (type 0xEE) leads to
    /// the GPT: the primary header at LBA 1 is used when its signature, size, own LBA and CRC-32 hold and its entry
    /// array's CRC-32 matches; else the backup header (at the primary's alternate LBA, or the disk's last sector).
    /// Nothing on the disk is trusted: every entry must lie inside the disk (and a GPT entry inside the usable
    /// range), a chain of EBRs may not loop or leave its extended partition, counts are capped. What is skipped is
    /// said in <c>notes</c>; a disk without a valid table has no partitions (it is still served whole).</summary>
    internal static class PartitionTable
    {
        public const int SectorSize = 512;
        private const int MaxLogical = 60;          // logical partitions followed in one extended partition
        private const uint MaxGptEntries = 1024;    // entries read (and covered by the array CRC) at most
        private const ulong GptSignature = 0x5452415020494645UL;   // "EFI PART"

        public static List<PartitionRange> Read(ISectorSource disk, List<string> notes)
        {
            var found = new List<PartitionRange>();
            byte[] sector = new byte[SectorSize];
            if (!disk.Read(0, sector))
            {
                notes.Add("sector 0 could not be read: no partition table");
                return found;
            }
            if (sector[510] != 0x55 || sector[511] != 0xAA) return found;   // no MBR: the disk is one volume
            bool protective = false, extendedSeen = false;
            long extendedFirst = 0, extendedCount = 0;
            for (int i = 0; i < 4; i++)
            {
                int entry = 446 + i * 16;
                byte type = sector[entry + 4];
                long first = U32(sector, entry + 8), count = U32(sector, entry + 12);
                if (type == 0 || count == 0) continue;
                if (type == 0xEE)
                {
                    protective = true;
                    continue;
                }
                if (IsExtended(type))
                {
                    if (extendedSeen)
                    {
                        notes.Add($"MBR entry {i + 1}: a second extended partition: ignored");
                        continue;
                    }
                    if (!Inside(disk, first, count, $"MBR entry {i + 1} (extended)", notes)) continue;
                    extendedSeen = true;
                    extendedFirst = first;
                    extendedCount = count;
                    continue;
                }
                if (Inside(disk, first, count, $"MBR entry {i + 1}", notes)) found.Add(new PartitionRange(i + 1, first, count));
            }
            if (protective)
            {
                if (found.Count > 0 || extendedSeen) notes.Add("MBR: a protective entry beside other partitions: a hybrid MBR; the GPT is used");
                found.Clear();
                ReadGpt(disk, sector, found, notes);
                return found;
            }
            if (extendedSeen) ReadLogical(disk, sector, extendedFirst, extendedCount, found, notes);
            return found;
        }

        private static bool IsExtended(byte type) => type == 0x05 || type == 0x0F || type == 0x85;

        /// <summary>The EBR chain: each EBR's first entry is a logical partition (relative to that EBR), its second
        /// the link to the next EBR (relative to the extended partition's start).</summary>
        private static void ReadLogical(ISectorSource disk, byte[] sector, long extendedFirst, long extendedCount, List<PartitionRange> found, List<string> notes)
        {
            var visited = new List<long>();
            long ebr = extendedFirst;
            int number = 5;
            while (true)
            {
                if (visited.Contains(ebr))
                {
                    notes.Add($"extended partition: the EBR chain loops back to sector {ebr}: stopped");
                    return;
                }
                if (visited.Count == MaxLogical)
                {
                    notes.Add($"extended partition: more than {MaxLogical} logical partitions: the rest ignored");
                    return;
                }
                visited.Add(ebr);
                if (!disk.Read(ebr, sector) || sector[510] != 0x55 || sector[511] != 0xAA)
                {
                    notes.Add($"extended partition: no valid EBR at sector {ebr}: chain ends");
                    return;
                }
                byte type = sector[446 + 4];
                long first = ebr + U32(sector, 446 + 8), count = U32(sector, 446 + 12);
                if (type != 0 && count > 0)
                {
                    if (first <= ebr || first < extendedFirst || count > extendedFirst + extendedCount - first || first >= extendedFirst + extendedCount)
                        notes.Add($"logical partition {number} (sectors {first}+{count}) lies outside its extended partition: skipped");
                    else if (Inside(disk, first, count, $"logical partition {number}", notes))
                        found.Add(new PartitionRange(number, first, count));
                    number++;
                }
                byte nextType = sector[462 + 4];
                long next = U32(sector, 462 + 8);
                if (!IsExtended(nextType) || next == 0) return;
                if (next >= extendedCount)
                {
                    notes.Add($"extended partition: the EBR at sector {ebr} links outside the partition: chain ends");
                    return;
                }
                ebr = extendedFirst + next;
            }
        }

        private static void ReadGpt(ISectorSource disk, byte[] sector, List<PartitionRange> found, List<string> notes)
        {
            long alternate = disk.Sectors - 1;
            string? why = TryGpt(disk, 1, sector, found, notes, ref alternate);
            if (why == null) return;
            notes.Add($"GPT: primary header at LBA 1 {why}; trying the backup at LBA {alternate}");
            long unused = 0;
            string? backupWhy = alternate > 1 && alternate < disk.Sectors ? TryGpt(disk, alternate, sector, found, notes, ref unused) : "lies outside the disk";
            if (backupWhy != null) notes.Add($"GPT: backup header at LBA {alternate} {backupWhy}; no partitions");
        }

        /// <summary>Reads the GPT whose header is at <paramref name="lba"/>; null when it was valid and its entries
        /// were added, else why it was not used (nothing added). A header that is itself sound names its alternate.</summary>
        private static string? TryGpt(ISectorSource disk, long lba, byte[] sector, List<PartitionRange> found, List<string> notes, ref long alternate)
        {
            if (!disk.Read(lba, sector)) return "could not be read";
            if (U64(sector, 0) != GptSignature) return "has no EFI PART signature";
            uint headerSize = U32(sector, 12);
            if (headerSize < 92 || headerSize > SectorSize) return $"has a header size of {headerSize}";
            uint stored = U32(sector, 16);
            sector[16] = sector[17] = sector[18] = sector[19] = 0;
            if (Crc32.Of(sector, 0, (int)headerSize) != stored) return "fails its CRC-32";
            if ((long)U64(sector, 24) != lba) return $"names LBA {(long)U64(sector, 24)} as its own";
            long otherHeader = (long)U64(sector, 32);
            if (otherHeader > 0 && otherHeader < disk.Sectors) alternate = otherHeader;
            long firstUsable = (long)U64(sector, 40), lastUsable = (long)U64(sector, 48), entriesLba = (long)U64(sector, 72);
            uint entries = U32(sector, 80), entrySize = U32(sector, 84), entriesCrc = U32(sector, 88);
            if (firstUsable < 2 || lastUsable < firstUsable || lastUsable >= disk.Sectors) return $"has a usable range {firstUsable}-{lastUsable} outside the disk";
            if (entrySize < 128 || entrySize > SectorSize || SectorSize % entrySize != 0) return $"has an entry size of {entrySize}";
            if (entries == 0 || entries > MaxGptEntries) return $"has {entries} entries (1-{MaxGptEntries} accepted)";
            int perSector = SectorSize / (int)entrySize;
            long arraySectors = (entries + perSector - 1) / perSector;
            if (entriesLba < 2 || entriesLba >= disk.Sectors || arraySectors > disk.Sectors - entriesLba) return $"has its entry array at LBA {entriesLba}, outside the disk";
            if (entriesLba <= lba && lba < entriesLba + arraySectors) return "has its entry array over itself";
            // One pass: the entries are collected and the array's CRC computed over the very bytes they came from;
            // they are kept only when it matches.
            var accepted = new List<PartitionRange>();
            var skipped = new List<string>();
            uint crc = Crc32.Start;
            for (int i = 0; i < entries; i++)
            {
                int at = i % perSector * (int)entrySize;
                if (at == 0)
                {
                    if (!disk.Read(entriesLba + i / perSector, sector)) return $"has an entry array that could not be read at LBA {entriesLba + i / perSector}";
                    int bytes = (int)System.Math.Min(SectorSize, (entries - i) * entrySize);
                    crc = Crc32.Update(crc, sector, 0, bytes);
                }
                if (U64(sector, at) == 0 && U64(sector, at + 8) == 0) continue;   // unused entry: zero type GUID
                long first = (long)U64(sector, at + 32), last = (long)U64(sector, at + 40);
                if (first < firstUsable || last > lastUsable || last < first)
                {
                    skipped.Add($"GPT entry {i + 1} (sectors {first}-{last}) lies outside the usable range {firstUsable}-{lastUsable}: skipped");
                    continue;
                }
                accepted.Add(new PartitionRange(i + 1, first, last - first + 1));
            }
            if (Crc32.Finish(crc) != entriesCrc) return "has an entry array that fails its CRC-32";
            found.AddRange(accepted);
            notes.AddRange(skipped);
            return null;
        }

        private static bool Inside(ISectorSource disk, long first, long count, string what, List<string> notes)
        {
            if (first > 0 && count > 0 && first < disk.Sectors && count <= disk.Sectors - first) return true;
            notes.Add($"{what} (sectors {first}+{count}) lies outside the disk's {disk.Sectors} sectors: skipped");
            return false;
        }

        private static uint U32(byte[] b, int at) => (uint)(b[at] | b[at + 1] << 8 | b[at + 2] << 16 | b[at + 3] << 24);

        private static ulong U64(byte[] b, int at) => U32(b, at) | (ulong)U32(b, at + 4) << 32;
    }
}
