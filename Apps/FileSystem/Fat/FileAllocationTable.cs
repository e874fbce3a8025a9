#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>The cluster chains: reads entries from the active FAT, writes every copy (when mirroring) so the
    /// copies stay equal, allocates and frees clusters and keeps the free count. Every walk is bounded by the
    /// cluster count, so a looping chain is an error, never a hang.</summary>
    internal sealed class FileAllocationTable
    {
        public const uint EndOfChain = 0x0FFFFFFF;
        private const uint Mask = 0x0FFFFFFF;
        private const uint BadCluster = 0x0FFFFFF7;
        private const int ReadAhead = 32;   // FAT sectors read together on a miss

        private readonly BlockCache _cache;
        private readonly BootSector _boot;
        private readonly int _entriesPerSector;
        private uint _nextFree = 2;

        public uint FreeClusters { get; private set; }
        public uint NextFreeHint => _nextFree;

        public FileAllocationTable(BlockCache cache, BootSector boot, uint freeClusters)
        {
            _cache = cache;
            _boot = boot;
            _entriesPerSector = boot.BytesPerSector / 4;
            FreeClusters = freeClusters;
        }

        public uint MaxCluster => _boot.ClusterCount + 1;

        public bool IsValidCluster(uint c) => c >= 2 && c <= MaxCluster;

        private long FatSector(int copy, uint cluster) => _boot.FatStart + copy * _boot.FatSectors + cluster / (uint)_entriesPerSector;

        public uint Get(uint cluster)
        {
            int copy = _boot.MirrorFats ? 0 : _boot.ActiveFat;
            long lba = FatSector(copy, cluster);
            long left = _boot.FatStart + (copy + 1) * (long)_boot.FatSectors - lba;   // sectors to the end of this copy
            byte[] s = _cache.Get(lba, left < ReadAhead ? (int)left : ReadAhead);
            return LittleEndian.U32(s, (int)(cluster % (uint)_entriesPerSector) * 4) & Mask;
        }

        public void Set(uint cluster, uint value)
        {
            if (_chains.Count != 0) _chains.Clear();   // a link changed: the known chains may be stale
            int offset = (int)(cluster % (uint)_entriesPerSector) * 4;
            for (int copy = 0; copy < _boot.FatCount; copy++)
            {
                if (!_boot.MirrorFats && copy != _boot.ActiveFat) continue;
                long lba = FatSector(copy, cluster);
                byte[] s = _cache.Get(lba);
                uint old = LittleEndian.U32(s, offset);
                LittleEndian.Put32(s, offset, (old & ~Mask) | (value & Mask));   // the top four bits are reserved: keep them
                _cache.MarkDirty(lba);
            }
        }

        public static bool IsEnd(uint value) => value >= 0x0FFFFFF8;

        private const int MaxKnownChains = 65536;
        private readonly Dictionary<uint, List<uint>> _chains = new Dictionary<uint, List<uint>>();

        /// <summary>As <see cref="Chain"/>, but the chain is kept (by first cluster) until any FAT entry changes, so
        /// opening the same file again does not walk it again. The list is shared: callers only read it.</summary>
        public List<uint> KnownChain(uint first, string what)
        {
            if (first != 0 && _chains.TryGetValue(first, out List<uint>? known)) return known;
            List<uint> chain = Chain(first, what);
            if (first == 0) return chain;
            if (_chains.Count >= MaxKnownChains) _chains.Clear();
            _chains[first] = chain;
            return chain;
        }

        /// <summary>The clusters of the chain starting at <paramref name="first"/> (empty for 0). Throws Corrupt, naming
        /// <paramref name="what"/>, for a chain that leaves the volume, meets a free or bad cluster, or loops.</summary>
        public List<uint> Chain(uint first, string what)
        {
            var chain = new List<uint>();
            if (first == 0) return chain;
            uint c = first;
            while (true)
            {
                if (!IsValidCluster(c)) throw Corrupt(what, $"cluster {c} is outside the volume (2..{MaxCluster})");
                if (chain.Count > _boot.ClusterCount) throw Corrupt(what, "its cluster chain loops");
                chain.Add(c);
                uint next = Get(c);
                if (IsEnd(next)) return chain;
                if (next == 0) throw Corrupt(what, $"its chain runs into free cluster after {c}");
                if (next == BadCluster) throw Corrupt(what, $"its chain runs into a cluster marked bad after {c}");
                c = next;
            }
        }

        private static FatException Corrupt(string what, string why) => new FatException(FatError.Corrupt, what + ": " + why);

        /// <summary>A free cluster marked end-of-chain, linked after <paramref name="previous"/> when that is not 0.</summary>
        public uint Allocate(uint previous)
        {
            if (FreeClusters == 0) throw new FatException(FatError.NoSpace, "the volume is full");
            uint max = MaxCluster;
            uint start = _nextFree < 2 || _nextFree > max ? 2 : _nextFree;
            uint c = start;
            for (uint scanned = 0; scanned < _boot.ClusterCount; scanned++)
            {
                if (Get(c) == 0)
                {
                    Set(c, EndOfChain);
                    if (previous != 0) Set(previous, c);
                    FreeClusters--;
                    _nextFree = c == max ? 2 : c + 1;
                    return c;
                }
                c = c == max ? 2 : c + 1;
            }
            FreeClusters = 0;   // the count was wrong: there is nothing free
            throw new FatException(FatError.NoSpace, "the volume is full");
        }

        /// <summary>Frees the given clusters (a chain already validated by <see cref="Chain"/>).</summary>
        public void Free(List<uint> clusters, int from)
        {
            for (int i = from; i < clusters.Count; i++)
            {
                Set(clusters[i], 0);
                FreeClusters++;
            }
        }
    }
}
