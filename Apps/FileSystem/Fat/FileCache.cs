#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>Whole contents of small files kept after they were read, as a page cache keeps them, so reading a file
    /// again copies from memory in one piece instead of asking the device. Kept by the file's first cluster and valid
    /// only for its size; every cluster of a kept file is known, and a kept file is dropped the moment the block cache
    /// changes any sector of one of its clusters (<see cref="SectorChanged"/>), so it never holds anything but what
    /// the file holds. At most <see cref="CapacityBytes"/> are kept, the oldest files going first.</summary>
    internal sealed class FileCache
    {
        public const int MaxFileBytes = 1 << 20;
        public const long CapacityBytes = 48L << 20;

        private sealed class Kept
        {
            public readonly byte[] Data;   // whole sectors: the file's bytes, then the rest of its last sector
            public readonly uint Size;
            public readonly uint[] Clusters;

            public Kept(byte[] data, uint size, uint[] clusters)
            {
                Data = data;
                Size = size;
                Clusters = clusters;
            }
        }

        private readonly long _dataStart;
        private readonly int _sectorsPerCluster;
        private readonly Dictionary<uint, Kept> _byFirst = new Dictionary<uint, Kept>();
        private readonly Dictionary<uint, uint> _byCluster = new Dictionary<uint, uint>();   // cluster → first cluster of its kept file
        private readonly Queue<uint> _order = new Queue<uint>();
        private long _bytes;

        public FileCache(long dataStart, int sectorsPerCluster)
        {
            _dataStart = dataStart;
            _sectorsPerCluster = sectorsPerCluster;
        }

        /// <summary>The kept contents of the file starting at <paramref name="firstCluster"/> when they are
        /// <paramref name="size"/> bytes long (the array may be longer: whole sectors), else null.</summary>
        public byte[]? Get(uint firstCluster, uint size)
        {
            if (_byFirst.Count == 0 || !_byFirst.TryGetValue(firstCluster, out Kept? kept)) return null;
            return kept.Size == size ? kept.Data : null;
        }

        /// <summary>Keeps <paramref name="data"/> (the whole file of <paramref name="size"/> bytes) for the chain's
        /// first <paramref name="clusters"/> clusters, unless one of them already belongs to another kept file (a
        /// cross-linked, damaged volume).</summary>
        public void Put(List<uint> chain, int clusters, byte[] data, uint size)
        {
            if (clusters == 0 || size > MaxFileBytes) return;
            uint first = chain[0];
            Forget(first);
            for (int i = 0; i < clusters; i++) if (_byCluster.ContainsKey(chain[i])) return;
            var kept = new uint[clusters];
            for (int i = 0; i < clusters; i++)
            {
                kept[i] = chain[i];
                _byCluster[chain[i]] = first;
            }
            _byFirst[first] = new Kept(data, size, kept);
            _order.Enqueue(first);
            if (_order.Count > 2 * _byFirst.Count + 1024) Compact();
            _bytes += data.Length;
            while (_bytes > CapacityBytes && _order.Count > 0) Forget(_order.Dequeue());
        }

        /// <summary>Called for every sector changed through the block cache.</summary>
        public void SectorChanged(long lba)
        {
            if (_byCluster.Count == 0 || lba < _dataStart) return;
            uint cluster = (uint)((lba - _dataStart) / _sectorsPerCluster) + 2;
            if (_byCluster.TryGetValue(cluster, out uint first)) Forget(first);
        }

        /// <summary>Drops from the eviction order the files no longer kept and repeats (a file dropped and kept again).</summary>
        private void Compact()
        {
            var seen = new HashSet<uint>();
            int n = _order.Count;
            for (int i = 0; i < n; i++)
            {
                uint first = _order.Dequeue();
                if (_byFirst.ContainsKey(first) && seen.Add(first)) _order.Enqueue(first);
            }
        }

        private void Forget(uint first)
        {
            if (!_byFirst.TryGetValue(first, out Kept? kept)) return;
            _byFirst.Remove(first);
            uint[] clusters = kept.Clusters;
            for (int i = 0; i < clusters.Length; i++) _byCluster.Remove(clusters[i]);
            _bytes -= kept.Data.Length;
        }
    }
}
