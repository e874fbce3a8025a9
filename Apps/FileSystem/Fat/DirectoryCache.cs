#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>Scanned directories kept by first cluster, so a path lookup is a hash probe per component instead of
    /// a scan that decodes every slot. An index is dropped the moment any sector of its chain changes (the block
    /// cache reports every write) and when its chain grows or is freed; at most <see cref="MaxEntries"/> entries are
    /// kept, the oldest directories going first.</summary>
    internal sealed class DirectoryCache
    {
        public const int MaxEntries = 65536;

        private readonly Dictionary<uint, DirectoryIndex> _byCluster = new Dictionary<uint, DirectoryIndex>();
        private readonly Dictionary<long, uint> _bySector = new Dictionary<long, uint>();
        private readonly Queue<uint> _order = new Queue<uint>();
        private int _entries;

        public DirectoryIndex? Get(uint firstCluster) => _byCluster.TryGetValue(firstCluster, out DirectoryIndex? index) ? index : null;

        /// <summary>Keeps the index unless one of its sectors already belongs to another kept directory (a damaged,
        /// cross-linked volume): then that directory is simply scanned every time.</summary>
        public void Put(uint firstCluster, DirectoryIndex index)
        {
            Forget(firstCluster);
            List<long> sectors = index.Sectors;
            for (int i = 0; i < sectors.Count; i++) if (_bySector.ContainsKey(sectors[i])) return;
            for (int i = 0; i < sectors.Count; i++) _bySector[sectors[i]] = firstCluster;
            _byCluster[firstCluster] = index;
            _order.Enqueue(firstCluster);
            _entries += index.Entries.Count;
            while (_entries > MaxEntries && _order.Count > 0) Forget(_order.Dequeue());
        }

        /// <summary>Called for every sector written through the block cache.</summary>
        public void SectorChanged(long lba)
        {
            if (_bySector.Count != 0 && _bySector.TryGetValue(lba, out uint firstCluster)) Forget(firstCluster);
        }

        public void Forget(uint firstCluster)
        {
            if (!_byCluster.TryGetValue(firstCluster, out DirectoryIndex? index)) return;
            _byCluster.Remove(firstCluster);
            List<long> sectors = index.Sectors;
            for (int i = 0; i < sectors.Count; i++) _bySector.Remove(sectors[i]);
            _entries -= index.Entries.Count;
        }
    }

    /// <summary>One scanned directory: its chain, its sectors, its live entries in slot order, and a case-insensitive
    /// map from long and short names to entries (the first entry in slot order wins, as a linear search finds it).</summary>
    internal sealed class DirectoryIndex
    {
        public readonly List<uint> Chain;
        public readonly List<long> Sectors;
        public readonly List<DirectoryEntry> Entries;
        private readonly Dictionary<string, DirectoryEntry> _byName;

        public DirectoryIndex(List<uint> chain, List<long> sectors, List<DirectoryEntry> entries)
        {
            Chain = chain;
            Sectors = sectors;
            Entries = entries;
            _byName = new Dictionary<string, DirectoryEntry>(entries.Count * 2, FatNameComparer.Instance);
            for (int i = 0; i < entries.Count; i++)
            {
                DirectoryEntry e = entries[i];
                _byName.TryAdd(e.Name, e);
                // The short alias, unless it is the long name in another case (then the probe above already finds it).
                if (e.LongSlots > 0 && !ShortName.DisplaySameAs(e.Short, 0, e.Name)) _byName.TryAdd(ShortName.Display(e.Short, 0, 0), e);
            }
        }

        public DirectoryEntry? Find(string name) => _byName.TryGetValue(name, out DirectoryEntry? e) ? e : null;
    }

    /// <summary>FAT's name equality (<see cref="FatPath.SameName"/>: ASCII letters fold) with a hash that agrees.</summary>
    internal sealed class FatNameComparer : IEqualityComparer<string>
    {
        public static readonly FatNameComparer Instance = new FatNameComparer();

        public bool Equals(string? a, string? b) => a != null && b != null && FatPath.SameName(a, b);

        public int GetHashCode(string name)
        {
            uint h = 2166136261;
            for (int i = 0; i < name.Length; i++)
            {
                char c = name[i];
                if (c >= 'a' && c <= 'z') c = (char)(c - 32);
                h = (h ^ c) * 16777619;
            }
            return (int)h;
        }
    }
}
