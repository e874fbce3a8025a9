#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>A directory's cluster chain seen as 32-byte slots: scanning (with long names assembled and checked),
    /// finding room for new entries (growing the chain), and writing and freeing slots.</summary>
    internal sealed class FatDirectory
    {
        public const int MaxSlots = 65536;   // FAT's limit on one directory

        private readonly FatVolume _volume;
        public readonly uint FirstCluster;   // 0 never: the root is its own cluster
        public readonly List<uint> Chain;
        public readonly string Path;

        public FatDirectory(FatVolume volume, uint firstCluster, string path)
        {
            _volume = volume;
            FirstCluster = firstCluster;
            Path = path;
            DirectoryIndex? cached = volume.Directories.Get(firstCluster);
            if (cached != null)
            {
                Chain = cached.Chain;
                return;
            }
            Chain = volume.Fat.Chain(firstCluster, "directory " + path);
            if (Chain.Count * SlotsPerCluster > MaxSlots * 2)
                throw new FatException(FatError.Corrupt, "directory " + path + ": larger than FAT allows");
        }

        /// <summary>The live entry named <paramref name="name"/> (long or short name, any case), or null: a hash probe
        /// in the volume's directory cache.</summary>
        public DirectoryEntry? Lookup(string name)
        {
            List<DirectoryEntry> entries = Scan();
            DirectoryIndex? index = _volume.Directories.Get(FirstCluster);
            return index != null ? index.Find(name) : Find(entries, name);
        }

        private int SlotsPerCluster => _volume.Boot.ClusterBytes / 32;
        public int SlotCount => Chain.Count * SlotsPerCluster;

        /// <summary>The sector holding slot <paramref name="slot"/> and the slot's offset in it.</summary>
        public long Locate(int slot, out int offset)
        {
            int perSector = _volume.Boot.BytesPerSector / 32;
            int perCluster = SlotsPerCluster;
            uint cluster = Chain[slot / perCluster];
            int inCluster = slot % perCluster;
            offset = (inCluster % perSector) * 32;
            return _volume.ClusterLba(cluster) + inCluster / perSector;
        }

        /// <summary>Every live entry, "." and ".." included; volume labels left out. The list is shared with the
        /// directory cache: callers only read it.</summary>
        public List<DirectoryEntry> Scan()
        {
            DirectoryIndex? cached = _volume.Directories.Get(FirstCluster);
            if (cached != null) return cached.Entries;
            Prefetch();
            List<DirectoryEntry> entries = ScanSlots();
            var sectors = new List<long>(Chain.Count * _volume.Boot.SectorsPerCluster);
            for (int i = 0; i < Chain.Count; i++)
                for (int k = 0; k < _volume.Boot.SectorsPerCluster; k++) sectors.Add(_volume.ClusterLba(Chain[i]) + k);
            _volume.Directories.Put(FirstCluster, new DirectoryIndex(Chain, sectors, entries));
            return entries;
        }

        /// <summary>Brings the chain's sectors (at most <see cref="MaxPrefetch"/>) into the sector cache in runs of
        /// clusters that follow one another on the disk: a scan then asks the device once per run, not once per sector.</summary>
        private void Prefetch()
        {
            const int MaxPrefetch = 256;
            int perCluster = _volume.Boot.SectorsPerCluster;
            int budget = MaxPrefetch;
            int i = 0;
            while (i < Chain.Count && budget > 0)
            {
                int n = 1;
                while (i + n < Chain.Count && Chain[i + n] == Chain[i] + (uint)n && (n + 1) * perCluster <= budget) n++;
                int sectors = n * perCluster;
                if (sectors > budget) sectors = budget;
                _volume.Cache.Prefetch(_volume.ClusterLba(Chain[i]), sectors);
                budget -= sectors;
                i += n;
            }
        }

        private List<DirectoryEntry> ScanSlots()
        {
            var entries = new List<DirectoryEntry>();
            var longName = new char[260];
            int expected = 0;     // the next long-name ordinal expected (0: none in progress)
            int longSlots = 0;
            byte checksum = 0;
            int total = 0;        // characters collected
            int count = SlotCount;
            int perSector = _volume.Boot.BytesPerSector / 32;
            byte[] s = System.Array.Empty<byte>();
            for (int slot = 0; slot < count; slot++)
            {
                int at;
                if (slot % perSector == 0) s = _volume.Cache.Get(Locate(slot, out at));   // one cache probe per sector
                else at = (slot % perSector) * 32;
                byte first = s[at];
                if (first == 0x00) break;
                if (first == 0xE5) { expected = 0; continue; }
                byte attributes = s[at + 11];
                if ((attributes & 0x3F) == DirectoryEntry.LongNameAttributes)
                {
                    int ordinal = first & 0x1F;
                    if ((first & 0x40) != 0)
                    {
                        if (ordinal < 1 || ordinal > 20) { expected = 0; continue; }
                        expected = ordinal;
                        longSlots = 0;
                        checksum = s[at + 13];
                        total = ordinal * 13;
                        for (int i = 0; i < total; i++) longName[i] = (char)0xFFFF;
                    }
                    else if (expected == 0 || ordinal != expected || s[at + 13] != checksum) { expected = 0; continue; }
                    int basis = (ordinal - 1) * 13;
                    for (int i = 0; i < 5; i++) longName[basis + i] = (char)LittleEndian.U16(s, at + 1 + 2 * i);
                    for (int i = 0; i < 6; i++) longName[basis + 5 + i] = (char)LittleEndian.U16(s, at + 14 + 2 * i);
                    for (int i = 0; i < 2; i++) longName[basis + 11 + i] = (char)LittleEndian.U16(s, at + 28 + 2 * i);
                    expected = ordinal - 1;
                    longSlots++;
                    if (expected == 0) expected = -1;   // complete: the short entry must follow
                    continue;
                }
                if ((attributes & DirectoryEntry.VolumeLabel) != 0 && (attributes & DirectoryEntry.Directory) == 0) { expected = 0; continue; }
                var e = new DirectoryEntry { Index = slot, Attributes = attributes };
                System.Array.Copy(s, at, e.Short, 0, 11);
                e.FirstCluster = (uint)(LittleEndian.U16(s, at + 20) << 16) | LittleEndian.U16(s, at + 26);
                e.Size = LittleEndian.U32(s, at + 28);
                e.CreatedTime = LittleEndian.U16(s, at + 14);
                e.CreatedDate = LittleEndian.U16(s, at + 16);
                e.ModifiedTime = LittleEndian.U16(s, at + 22);
                e.ModifiedDate = LittleEndian.U16(s, at + 24);
                bool dot = IsDotEntry(e.Short);
                string? name = null;
                if (expected == -1 && !dot && ShortName.Checksum(s, at) == checksum) name = LongNameText(longName, total);
                if (name != null) e.LongSlots = longSlots;
                expected = 0;
                e.Problem = dot ? null : ShortName.Problem(s, at);
                e.Name = name ?? (dot ? (e.Short[1] == (byte)'.' ? ".." : ".") : ShortName.Display(s, at, s[at + 12]));
                if (e.Problem == null && e.FirstCluster != 0 && !_volume.Fat.IsValidCluster(e.FirstCluster))
                    e.Problem = $"its first cluster {e.FirstCluster} is outside the volume";
                if (e.Problem == null && e.IsDirectory && e.FirstCluster == 0 && !dot)
                    e.Problem = "a directory without clusters";
                entries.Add(e);
            }
            return entries;
        }

        private static bool IsDotEntry(byte[] n) =>
            n[0] == (byte)'.' && (n[1] == (byte)' ' || (n[1] == (byte)'.' && n[2] == (byte)' '));

        /// <summary>The long name up to its terminator; null when it is malformed (empty, or text after the terminator).</summary>
        private static string? LongNameText(char[] chars, int total)
        {
            int length = 0;
            while (length < total && chars[length] != (char)0 && chars[length] != (char)0xFFFF) length++;
            if (length == 0) return null;
            for (int i = length + 1; i < total; i++) if (chars[i] != (char)0xFFFF) return null;
            for (int i = 0; i < length; i++) if (chars[i] < 0x20 || IsForbiddenInLongName(chars[i])) return null;
            return new string(new System.ReadOnlySpan<char>(chars, 0, length));
        }

        private static bool IsForbiddenInLongName(char c) =>
            c == '"' || c == '*' || c == '/' || c == ':' || c == '<' || c == '>' || c == '?' || c == '\\' || c == '|';

        /// <summary>The live entry named <paramref name="name"/> (long or short name, any case), or null.</summary>
        public static DirectoryEntry? Find(List<DirectoryEntry> entries, string name)
        {
            for (int i = 0; i < entries.Count; i++)
            {
                DirectoryEntry e = entries[i];
                if (FatPath.SameName(e.Name, name)) return e;
                if (e.LongSlots > 0 && FatPath.SameName(ShortName.Display(e.Short, 0, 0), name)) return e;
            }
            return null;
        }

        /// <summary>The first of <paramref name="needed"/> consecutive free slots, growing the directory by zeroed
        /// clusters when it has none.</summary>
        public int FindFree(int needed)
        {
            int run = 0;
            int count = SlotCount;
            for (int slot = 0; slot < count; slot++)
            {
                byte[] s = _volume.Cache.Get(Locate(slot, out int at));
                if (s[at] == 0x00)
                {
                    // From the end marker on everything is free; what does not fit needs new clusters.
                    int start = slot - run;
                    while (start + needed > SlotCount) Grow();
                    return start;
                }
                run = s[at] == 0xE5 ? run + 1 : 0;
                if (run == needed) return slot - needed + 1;
            }
            int begin = count - run;
            while (begin + needed > SlotCount) Grow();
            return begin;
        }

        private void Grow()
        {
            if (SlotCount + SlotsPerCluster > MaxSlots)
                throw new FatException(FatError.NoSpace, "directory " + Path + " is full (65,536 entries)");
            uint added = _volume.Fat.Allocate(Chain[Chain.Count - 1]);
            _volume.Directories.Forget(FirstCluster);
            Chain.Add(added);
            _volume.ZeroCluster(added);
        }

        /// <summary>Marks the entry's slots (long-name ones and the short one) deleted.</summary>
        public void Remove(DirectoryEntry e)
        {
            for (int slot = e.Index - e.LongSlots; slot <= e.Index; slot++)
            {
                long lba = Locate(slot, out int at);
                _volume.Cache.Get(lba)[at] = 0xE5;
                _volume.Cache.MarkDirty(lba);
            }
        }

        /// <summary>Writes a new entry named <paramref name="name"/> with the given short-entry fields; returns the
        /// short entry's slot.</summary>
        public int Add(string name, byte attributes, uint firstCluster, uint size, FatTimestamp created, FatTimestamp modified, List<DirectoryEntry> existing)
        {
            byte[] shortName = ChooseShortName(name, existing, out bool needsLong);
            int longSlots = needsLong ? (name.Length + 12) / 13 : 0;
            int start = FindFree(longSlots + 1);
            byte checksum = ShortName.Checksum(shortName, 0);
            for (int k = 0; k < longSlots; k++)
            {
                int ordinal = longSlots - k;
                long lba = Locate(start + k, out int at);
                byte[] s = _volume.Cache.Get(lba);
                System.Array.Clear(s, at, 32);
                s[at] = (byte)(ordinal | (k == 0 ? 0x40 : 0));
                s[at + 11] = DirectoryEntry.LongNameAttributes;
                s[at + 13] = checksum;
                int basis = (ordinal - 1) * 13;
                for (int i = 0; i < 13; i++)
                {
                    int c = basis + i < name.Length ? name[basis + i] : basis + i == name.Length ? 0 : 0xFFFF;
                    int offset = i < 5 ? 1 + 2 * i : i < 11 ? 14 + 2 * (i - 5) : 28 + 2 * (i - 11);
                    LittleEndian.Put16(s, at + offset, c);
                }
                _volume.Cache.MarkDirty(lba);
            }
            int slot = start + longSlots;
            WriteShort(slot, shortName, attributes, firstCluster, size, created, modified);
            return slot;
        }

        public void WriteShort(int slot, byte[] shortName, byte attributes, uint firstCluster, uint size, FatTimestamp created, FatTimestamp modified)
        {
            long lba = Locate(slot, out int at);
            byte[] s = _volume.Cache.Get(lba);
            System.Array.Clear(s, at, 32);
            System.Array.Copy(shortName, 0, s, at, 11);
            s[at + 11] = attributes;
            LittleEndian.Put16(s, at + 14, created.Time);
            LittleEndian.Put16(s, at + 16, created.Date);
            LittleEndian.Put16(s, at + 18, modified.Date);
            LittleEndian.Put16(s, at + 20, (int)(firstCluster >> 16));
            LittleEndian.Put16(s, at + 22, modified.Time);
            LittleEndian.Put16(s, at + 24, modified.Date);
            LittleEndian.Put16(s, at + 26, (int)(firstCluster & 0xFFFF));
            LittleEndian.Put32(s, at + 28, size);
            _volume.Cache.MarkDirty(lba);
        }

        private static byte[] ChooseShortName(string name, List<DirectoryEntry> existing, out bool needsLong)
        {
            if (ShortName.IsExactShortName(name, out byte[]? exact) && exact != null && !Taken(exact, existing))
            {
                needsLong = false;
                return exact;
            }
            needsLong = true;
            ShortName.Basis(name, out string basis, out string ext, out bool lossy);
            for (int n = lossy ? 1 : 0; n < 1000000; n++)
            {
                byte[] candidate = ShortName.WithTail(basis, ext, n);
                if (!Taken(candidate, existing)) return candidate;
            }
            throw new FatException(FatError.NoSpace, "no free short name for " + name);
        }

        private static bool Taken(byte[] candidate, List<DirectoryEntry> existing)
        {
            for (int i = 0; i < existing.Count; i++) if (ShortName.Same(candidate, existing[i].Short, 0)) return true;
            return false;
        }
    }
}
