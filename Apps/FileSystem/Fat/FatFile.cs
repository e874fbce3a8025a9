#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>The shared state of an open file: every handle to the same entry uses one node, so their views of
    /// the chain and size never disagree. The short entry's place on disk is fixed while the file is open (an open
    /// file cannot be deleted or renamed).</summary>
    internal sealed class FileNode
    {
        public long Key;
        public long EntryLba;
        public int EntryOffset;
        public List<uint> Chain = new List<uint>();
        public uint Size;
        public int OpenCount;
        public string Path = "";
    }

    /// <summary>An open file: reads and writes at a position, extends and truncates its cluster chain, and keeps its
    /// directory entry's size, first cluster and modification time current (in the cache until sync).</summary>
    public sealed class FatFile
    {
        public const long MaxSize = 0xFFFFFFFFL;

        private readonly FatVolume _volume;
        private readonly FileNode _node;
        private bool _closed;

        public bool CanWrite { get; }
        public long Length => _node.Size;
        /// <summary>The path it was opened by, each existing component as stored (FatVolume.Canonical's form).</summary>
        public string Path => _node.Path;

        internal FatFile(FatVolume volume, FileNode node, bool write)
        {
            _volume = volume;
            _node = node;
            CanWrite = write;
        }

        private void CheckOpen()
        {
            if (_closed) throw new FatException(FatError.InvalidArgument, "the file is closed");
        }

        /// <summary>Reads up to <paramref name="count"/> bytes at <paramref name="position"/>; 0 at or past the end.</summary>
        public int Read(long position, byte[] buffer, int offset, int count)
        {
            CheckOpen();
            if (position < 0 || count < 0 || offset < 0 || offset + count > buffer.Length)
                throw new FatException(FatError.InvalidArgument, "a read outside the buffer or before the start of the file");
            if (position >= _node.Size) return 0;
            if (count > _node.Size - position) count = (int)(_node.Size - position);
            Transfer(position, buffer, offset, count, write: false);
            return count;
        }

        /// <summary>The whole file's bytes (the first <see cref="Length"/> of the array, which holds whole sectors), from
        /// the volume's file cache (read into it on a miss, in one device request when the file lies in one piece), for
        /// a reader that copies out of them itself; null for an empty file or one larger than the cache keeps (read
        /// those with <see cref="Read"/>). The array is shared: callers only read it, and only until the next engine call.</summary>
        public byte[]? Contents()
        {
            CheckOpen();
            uint size = _node.Size;
            if (size == 0 || size > FileCache.MaxFileBytes) return null;
            uint first = _node.Chain[0];
            byte[]? data = _volume.Files.Get(first, size);
            if (data != null) return data;
            int sectorSize = _volume.Boot.BytesPerSector;
            int whole = (int)((size + sectorSize - 1) / sectorSize) * sectorSize;   // inside the chain (CheckSize)
            data = new byte[whole];
            Transfer(0, data, 0, whole, write: false);
            int clusterBytes = _volume.Boot.ClusterBytes;
            _volume.Files.Put(_node.Chain, (int)((size + clusterBytes - 1) / clusterBytes), data, size);
            return data;
        }

        /// <summary>Writes <paramref name="count"/> bytes at <paramref name="position"/>, growing the file (a gap
        /// after the old end reads as zeros).</summary>
        public void Write(long position, byte[] buffer, int offset, int count)
        {
            CheckOpen();
            if (!CanWrite) throw new FatException(FatError.AccessDenied, _node.Path + ": opened for reading only");
            if (position < 0 || count < 0 || offset < 0 || offset + count > buffer.Length)
                throw new FatException(FatError.InvalidArgument, "a write outside the buffer or before the start of the file");
            if (position + count > MaxSize) throw new FatException(FatError.NoSpace, _node.Path + ": FAT files end at 4 GiB - 1");
            if (count == 0) return;
            long end = position + count;
            Reserve(end);
            if (position > _node.Size) Zero(_node.Size, position);
            Transfer(position, buffer, offset, count, write: true);
            if (end > _node.Size) _node.Size = (uint)end;
            UpdateEntry();
        }

        /// <summary>Truncates (freeing clusters) or extends (with zeros) the file to <paramref name="length"/> bytes.</summary>
        public void SetLength(long length)
        {
            CheckOpen();
            if (!CanWrite) throw new FatException(FatError.AccessDenied, _node.Path + ": opened for reading only");
            if (length < 0 || length > MaxSize) throw new FatException(FatError.InvalidArgument, _node.Path + ": a length FAT cannot hold");
            if (length < _node.Size)
            {
                int clusterBytes = _volume.Boot.ClusterBytes;
                int keep = (int)((length + clusterBytes - 1) / clusterBytes);
                List<uint> chain = _node.Chain;
                if (keep < chain.Count)
                {
                    if (keep > 0) _volume.Fat.Set(chain[keep - 1], FileAllocationTable.EndOfChain);
                    _volume.Fat.Free(chain, keep);
                    chain.RemoveRange(keep, chain.Count - keep);
                }
                _node.Size = (uint)length;
            }
            else if (length > _node.Size)
            {
                Reserve(length);
                Zero(_node.Size, length);
                _node.Size = (uint)length;
            }
            UpdateEntry();
        }

        public void Close()
        {
            if (_closed) return;
            _closed = true;
            _volume.Release(_node);
        }

        /// <summary>Grows the chain until it holds <paramref name="end"/> bytes; on a full volume what was added stays
        /// in the chain (the size is unchanged, so the file reads the same).</summary>
        private void Reserve(long end)
        {
            int clusterBytes = _volume.Boot.ClusterBytes;
            List<uint> chain = _node.Chain;
            while ((long)chain.Count * clusterBytes < end)
            {
                uint added = _volume.Fat.Allocate(chain.Count == 0 ? 0 : chain[chain.Count - 1]);
                chain.Add(added);
                if (chain.Count == 1) UpdateEntry();
            }
        }

        private void Zero(long from, long to)
        {
            var zeros = new byte[4096];
            while (from < to)
            {
                int n = (int)(to - from < zeros.Length ? to - from : zeros.Length);
                Transfer(from, zeros, 0, n, write: true);
                from += n;
            }
        }

        /// <summary>Copies between the buffer and the file's sectors (through the cache) over [position, position + count).</summary>
        private void Transfer(long position, byte[] buffer, int offset, int count, bool write)
        {
            int sectorSize = _volume.Boot.BytesPerSector;
            int clusterBytes = _volume.Boot.ClusterBytes;
            while (count > 0)
            {
                int index = (int)(position / clusterBytes);
                int inCluster = (int)(position % clusterBytes);
                long lba = _volume.ClusterLba(_node.Chain[index]) + inCluster / sectorSize;
                int inSector = inCluster % sectorSize;
                int n = sectorSize - inSector;
                if (n > count) n = count;
                if (!write && inSector == 0 && count >= sectorSize && !_volume.Cache.Contains(lba))
                {
                    n = DirectRead(index, inCluster / sectorSize, lba, buffer, offset, count);
                    position += n;
                    offset += n;
                    count -= n;
                    continue;
                }
                if (write)
                {
                    byte[] s = n == sectorSize ? _volume.Cache.GetForOverwrite(lba) : _volume.Cache.Get(lba);
                    System.Array.Copy(buffer, offset, s, inSector, n);
                    _volume.Cache.MarkDirty(lba);
                }
                else System.Array.Copy(_volume.Cache.Get(lba), inSector, buffer, offset, n);
                position += n;
                offset += n;
                count -= n;
            }
        }

        /// <summary>Reads the whole sectors from <paramref name="lba"/> on that lie one after another on the disk (the
        /// rest of this cluster and every following cluster of the chain that is the next one on the disk) in one
        /// device request, straight into the caller's buffer: file data skips the sector cache, which keeps the FAT and
        /// directories. A sector the cache holds (perhaps changed and not yet written) ends the run, so it is read from
        /// the cache. Returns the bytes read (a multiple of the sector size, at least one sector).</summary>
        private int DirectRead(int clusterIndex, int sectorInCluster, long lba, byte[] buffer, int offset, int count)
        {
            const int MaxSectors = 128;   // 64 KiB: one request of the block contract
            int sectorSize = _volume.Boot.BytesPerSector;
            int perCluster = _volume.Boot.SectorsPerCluster;
            int wanted = count / sectorSize;
            if (wanted > MaxSectors) wanted = MaxSectors;
            List<uint> chain = _node.Chain;
            int n = 1;
            int inCluster = sectorInCluster + 1;
            while (n < wanted)
            {
                if (inCluster == perCluster)
                {
                    if (clusterIndex + 1 >= chain.Count || chain[clusterIndex + 1] != chain[clusterIndex] + 1) break;
                    clusterIndex++;
                    inCluster = 0;
                }
                if (_volume.Cache.Contains(lba + n)) break;
                n++;
                inCluster++;
            }
            _volume.ReadData(lba, n, buffer, offset);
            return n * sectorSize;
        }

        private void UpdateEntry()
        {
            byte[] s = _volume.Cache.Get(_node.EntryLba);
            int at = _node.EntryOffset;
            uint first = _node.Chain.Count == 0 ? 0 : _node.Chain[0];
            FatTimestamp now = _volume.Now();
            LittleEndian.Put16(s, at + 20, (int)(first >> 16));
            LittleEndian.Put16(s, at + 26, (int)(first & 0xFFFF));
            LittleEndian.Put32(s, at + 28, _node.Size);
            LittleEndian.Put16(s, at + 22, now.Time);
            LittleEndian.Put16(s, at + 24, now.Date);
            LittleEndian.Put16(s, at + 18, now.Date);
            s[at + 11] |= 0x20;   // archive: changed since the last backup
            _volume.Cache.MarkDirty(_node.EntryLba);
        }
    }
}
