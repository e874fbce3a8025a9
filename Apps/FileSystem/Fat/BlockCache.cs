#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>Sectors kept in memory with write-back: a modified sector reaches the device when it is evicted or at
    /// <see cref="Flush"/> (the FS's sync and shutdown). Eviction is first-in first-out, which is enough for the
    /// FAT's and directories' locality.</summary>
    internal sealed class BlockCache
    {
        private sealed class Entry
        {
            public byte[] Data = System.Array.Empty<byte>();
            public bool Dirty;
        }

        private readonly ISectorDevice _device;
        private readonly int _capacity;
        private readonly Dictionary<long, Entry> _entries = new Dictionary<long, Entry>();
        private readonly Queue<long> _order = new Queue<long>();
        private readonly int _sectorSize;
        private readonly DirectoryCache _directories;   // told of every sector that changes
        private readonly FileCache _files;              // likewise

        public BlockCache(ISectorDevice device, int capacity, DirectoryCache directories, FileCache files)
        {
            _device = device;
            _directories = directories;
            _files = files;
            _capacity = capacity;
            _sectorSize = device.SectorSize;
        }

        public int DirtyCount
        {
            get
            {
                int n = 0;
                foreach (var e in _entries) if (e.Value.Dirty) n++;
                return n;
            }
        }

        /// <summary>The sector's bytes (read from the device on a miss). Call <see cref="MarkDirty"/> after changing them.</summary>
        public byte[] Get(long lba)
        {
            if (_entries.TryGetValue(lba, out Entry? e)) return e.Data;
            var data = new byte[_sectorSize];
            _device.Read(lba, 1, data, 0);
            Insert(lba, data);
            return data;
        }

        /// <summary>As <see cref="Get(long)"/>, but a miss also reads the following sectors up to
        /// <paramref name="readAhead"/> in all (the FAT: its sectors are read in runs, not one at a time).</summary>
        public byte[] Get(long lba, int readAhead)
        {
            if (_entries.TryGetValue(lba, out Entry? e)) return e.Data;
            Prefetch(lba, readAhead);
            return _entries.TryGetValue(lba, out e) ? e.Data : Get(lba);
        }

        /// <summary>The sector's bytes for a caller that overwrites all of them: not read from the device.</summary>
        public byte[] GetForOverwrite(long lba)
        {
            _directories.SectorChanged(lba);
            _files.SectorChanged(lba);
            if (_entries.TryGetValue(lba, out Entry? e)) return e.Data;
            var data = new byte[_sectorSize];
            Insert(lba, data);
            return data;
        }

        public bool Contains(long lba) => _entries.ContainsKey(lba);

        /// <summary>Reads the sectors of [<paramref name="lba"/>, + <paramref name="count"/>) the cache does not hold,
        /// each run of missing sectors in one device request (a directory about to be scanned), instead of one
        /// request per sector as <see cref="Get"/> would.</summary>
        public void Prefetch(long lba, int count)
        {
            const int MaxRun = 64;
            int i = 0;
            while (i < count)
            {
                if (_entries.ContainsKey(lba + i)) { i++; continue; }
                int n = 1;
                while (i + n < count && n < MaxRun && !_entries.ContainsKey(lba + i + n)) n++;
                if (n == 1)
                {
                    Get(lba + i);
                    i++;
                    continue;
                }
                if (_prefetch == null) _prefetch = new byte[MaxRun * _sectorSize];
                _device.Read(lba + i, n, _prefetch, 0);
                for (int k = 0; k < n; k++)
                {
                    var data = new byte[_sectorSize];
                    System.Array.Copy(_prefetch, k * _sectorSize, data, 0, _sectorSize);
                    Insert(lba + i + k, data);
                }
                i += n;
            }
        }

        private byte[]? _prefetch;

        public void MarkDirty(long lba)
        {
            _directories.SectorChanged(lba);
            _files.SectorChanged(lba);
            if (_entries.TryGetValue(lba, out Entry? e)) e.Dirty = true;
        }

        private void Insert(long lba, byte[] data)
        {
            while (_entries.Count >= _capacity && _order.Count > 0)
            {
                long old = _order.Dequeue();
                if (!_entries.TryGetValue(old, out Entry? victim)) continue;
                if (victim.Dirty) _device.Write(old, 1, victim.Data, 0);
                _entries.Remove(old);
            }
            _entries[lba] = new Entry { Data = data };
            _order.Enqueue(lba);
        }

        /// <summary>Writes every modified sector (in address order, contiguous runs in one request) and flushes the device.</summary>
        public void Flush()
        {
            var dirty = new List<long>();
            foreach (var e in _entries) if (e.Value.Dirty) dirty.Add(e.Key);
            dirty.Sort();
            const int MaxRun = 64;
            byte[]? run = null;
            int i = 0;
            while (i < dirty.Count)
            {
                int n = 1;
                while (i + n < dirty.Count && n < MaxRun && dirty[i + n] == dirty[i] + n) n++;
                if (n == 1) _device.Write(dirty[i], 1, _entries[dirty[i]].Data, 0);
                else
                {
                    if (run == null) run = new byte[MaxRun * _sectorSize];
                    for (int k = 0; k < n; k++) System.Array.Copy(_entries[dirty[i + k]].Data, 0, run, k * _sectorSize, _sectorSize);
                    _device.Write(dirty[i], n, run, 0);
                }
                for (int k = 0; k < n; k++) _entries[dirty[i + k]].Dirty = false;
                i += n;
            }
            _device.Flush();
        }
    }
}
