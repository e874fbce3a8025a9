#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>A mounted FAT32 volume: path operations (list, stat, open, mkdir, delete, rename), free space, and sync.
    /// Not thread-safe: the file-system SIP calls it under one lock. Only <see cref="FatException"/> escapes.</summary>
    public sealed class FatVolume
    {
        private const int CacheBytes = 8 << 20;   // the sector cache: the FAT of a large volume and the directories being scanned

        private readonly ISectorDevice _device;
        private readonly IFatClock _clock;
        private readonly Dictionary<long, FileNode> _open = new Dictionary<long, FileNode>();
        private readonly bool _fsInfoValid;

        internal readonly BootSector Boot;
        internal readonly BlockCache Cache;
        internal readonly FileAllocationTable Fat;
        internal readonly DirectoryCache Directories = new DirectoryCache();
        internal readonly FileCache Files;

        public bool IsReadOnly => _device.IsReadOnly;
        public int ClusterBytes => Boot.ClusterBytes;
        public long TotalBytes => (long)Boot.ClusterCount * Boot.ClusterBytes;
        public long FreeBytes => (long)Fat.FreeClusters * Boot.ClusterBytes;
        public uint VolumeId => Boot.VolumeId;
        public int OpenFiles => _open.Count;

        private FatVolume(ISectorDevice device, IFatClock clock, BootSector boot, uint freeClusters, bool fsInfoValid)
        {
            _device = device;
            _clock = clock;
            Boot = boot;
            Files = new FileCache(boot.DataStart, boot.SectorsPerCluster);
            Cache = new BlockCache(device, CacheBytes / device.SectorSize, Directories, Files);
            Fat = new FileAllocationTable(Cache, boot, freeClusters);
            _fsInfoValid = fsInfoValid;
        }

        /// <summary>Checks the boot sector, compares the FAT copies, counts the free clusters and checks the root
        /// directory's chain; throws BadVolume with the reason when any is wrong.</summary>
        public static FatVolume Mount(ISectorDevice device, IFatClock clock)
        {
            if (device.SectorSize < 512 || device.SectorSize > 4096 || device.SectorCount < 1)
                throw new FatException(FatError.BadVolume, $"the device's geometry ({device.SectorCount} sectors of {device.SectorSize} bytes) cannot hold FAT32");
            var sector = new byte[device.SectorSize];
            device.Read(0, 1, sector, 0);
            BootSector boot = BootSector.Parse(sector, device.SectorSize, device.SectorCount);
            uint free = CheckFats(device, boot);
            bool fsInfoValid = false;
            if (boot.FsInfoSector != 0)
            {
                device.Read(boot.FsInfoSector, 1, sector, 0);
                fsInfoValid = LittleEndian.U32(sector, 0) == 0x41615252 && LittleEndian.U32(sector, 484) == 0x61417272;
            }
            var volume = new FatVolume(device, clock, boot, free, fsInfoValid);
            try
            {
                volume.Fat.Chain(boot.RootCluster, "the root directory");
            }
            catch (FatException e)
            {
                throw new FatException(FatError.BadVolume, "not a usable FAT32 volume: " + e.Message);
            }
            return volume;
        }

        /// <summary>Reads the FATs once: copies that differ (when mirrored) refuse the mount, naming the first cluster
        /// whose entries differ; returns the free-cluster count of the active copy.</summary>
        private static uint CheckFats(ISectorDevice device, BootSector boot)
        {
            const int Chunk = 64;
            int size = boot.BytesPerSector;
            var active = new byte[Chunk * size];
            var other = new byte[Chunk * size];
            int activeCopy = boot.MirrorFats ? 0 : boot.ActiveFat;
            long needed = ((long)boot.ClusterCount + 2) * 4;
            long sectors = (needed + size - 1) / size;
            uint free = 0;
            uint cluster = 0;
            for (long s = 0; s < sectors; s += Chunk)
            {
                int n = (int)(sectors - s < Chunk ? sectors - s : Chunk);
                device.Read(boot.FatStart + activeCopy * boot.FatSectors + s, n, active, 0);
                if (boot.MirrorFats)
                {
                    for (int copy = 1; copy < boot.FatCount; copy++)
                    {
                        device.Read(boot.FatStart + copy * boot.FatSectors + s, n, other, 0);
                        for (int i = 0; i < n * size; i += 4)
                        {
                            long entry = (s * size + i) / 4;
                            if (entry >= boot.ClusterCount + 2) break;
                            if ((LittleEndian.U32(active, i) & 0x0FFFFFFF) != (LittleEndian.U32(other, i) & 0x0FFFFFFF))
                                throw new FatException(FatError.BadVolume,
                                    $"not a usable FAT32 volume: FAT copies 1 and {copy + 1} differ at the entry of cluster {entry} (run fsck.fat)");
                        }
                    }
                }
                for (int i = 0; i < n * size; i += 4, cluster++)
                {
                    if (cluster < 2) continue;
                    if (cluster > boot.ClusterCount + 1) break;
                    if ((LittleEndian.U32(active, i) & 0x0FFFFFFF) == 0) free++;
                }
            }
            return free;
        }

        internal long ClusterLba(uint cluster) => Boot.DataStart + (long)(cluster - 2) * Boot.SectorsPerCluster;

        internal void ZeroCluster(uint cluster)
        {
            long lba = ClusterLba(cluster);
            for (int i = 0; i < Boot.SectorsPerCluster; i++)
            {
                byte[] s = Cache.GetForOverwrite(lba + i);
                System.Array.Clear(s, 0, s.Length);
                Cache.MarkDirty(lba + i);
            }
        }

        /// <summary>File data read straight from the device (see FatFile.DirectRead).</summary>
        internal void ReadData(long lba, int sectors, byte[] buffer, int offset) => _device.Read(lba, sectors, buffer, offset);

        internal FatTimestamp Now() => _clock == null ? FatTimestamp.Epoch : _clock.Now();

        private void CheckWritable()
        {
            if (_device.IsReadOnly) throw new FatException(FatError.ReadOnly, "the volume is read-only");
        }

        private FatDirectory Root() => new FatDirectory(this, Boot.RootCluster, "/");

        /// <summary>The directory at the first <paramref name="count"/> parts of <paramref name="parts"/>.</summary>
        private FatDirectory OpenDirectory(List<string> parts, int count)
        {
            FatDirectory dir = Root();
            for (int i = 0; i < count; i++)
            {
                DirectoryEntry? e = dir.Lookup(parts[i]);
                string path = FatPath.Join(parts, i + 1);
                if (e == null) throw new FatException(FatError.NotFound, path + ": no such directory");
                if (e.Problem != null) throw new FatException(FatError.Corrupt, path + ": damaged entry: " + e.Problem);
                if (!e.IsDirectory) throw new FatException(FatError.NotADirectory, path + ": not a directory");
                parts[i] = e.Name;   // its stored name: what follows is built from canonical components (see Canonical)
                dir = new FatDirectory(this, e.FirstCluster == 0 ? Boot.RootCluster : e.FirstCluster, FatPath.Join(parts, i + 1));
            }
            return dir;
        }

        /// <summary>The entry a path names and the directory holding it; <paramref name="rootMeans"/> says what
        /// the root (which has no entry) cannot be used for.</summary>
        private DirectoryEntry Resolve(string path, string rootMeans, out FatDirectory parent, out List<string> parts)
        {
            parts = FatPath.Split(path);
            if (parts.Count == 0) throw new FatException(FatError.InvalidArgument, "/: " + rootMeans);
            parent = OpenDirectory(parts, parts.Count - 1);
            DirectoryEntry? e = parent.Lookup(parts[parts.Count - 1]);
            if (e == null) throw new FatException(FatError.NotFound, FatPath.Join(parts, parts.Count) + ": no such file or directory");
            if (e.Problem != null) throw new FatException(FatError.Corrupt, FatPath.Join(parts, parts.Count) + ": damaged entry: " + e.Problem);
            return e;
        }

        /// <summary>The path with "." and ".." resolved and each existing component replaced by its stored name, so a
        /// short alias ("PROGRA~1") or another spelling names the same thing (access rules compare these). Components
        /// that do not exist are kept as given.</summary>
        public string Canonical(string path)
        {
            List<string> parts = FatPath.Split(path);
            FatDirectory? dir = Root();
            for (int i = 0; i < parts.Count && dir != null; i++)
            {
                DirectoryEntry? e = dir.Lookup(parts[i]);
                if (e == null) break;
                parts[i] = e.Name;
                dir = e.IsDirectory && e.Problem == null ? new FatDirectory(this, e.FirstCluster == 0 ? Boot.RootCluster : e.FirstCluster, "") : null;
            }
            return FatPath.Join(parts, parts.Count);
        }

        /// <summary>The entries of the directory at <paramref name="path"/> ("." and ".." left out), damaged ones included
        /// with their <see cref="FatEntryInfo.Problem"/>.</summary>
        public List<FatEntryInfo> List(string path)
        {
            List<string> parts = FatPath.Split(path);
            FatDirectory dir = OpenDirectory(parts, parts.Count);
            var result = new List<FatEntryInfo>();
            List<DirectoryEntry> entries = dir.Scan();
            for (int i = 0; i < entries.Count; i++) if (!entries[i].IsDot) result.Add(entries[i].ToInfo());
            return result;
        }

        public FatEntryInfo Stat(string path)
        {
            if (FatPath.Split(path).Count == 0) return new FatEntryInfo { Name = "/", IsDirectory = true };
            DirectoryEntry e = Resolve(path, "", out _, out List<string> parts);
            FatEntryInfo info = e.ToInfo();
            if (!e.IsDirectory) CheckSize(e, FatPath.Join(parts, parts.Count));
            return info;
        }

        /// <summary>Walks a file's chain: a size beyond it (or a damaged chain) is an error for this file.</summary>
        private List<uint> CheckSize(DirectoryEntry e, string path)
        {
            List<uint> chain = Fat.KnownChain(e.FirstCluster, path);   // shared: copy before changing it
            if (e.Size > (long)chain.Count * Boot.ClusterBytes)
                throw new FatException(FatError.Corrupt, $"{path}: its size {e.Size} is beyond its chain of {chain.Count} clusters");
            return chain;
        }

        /// <summary>Opens a file; <paramref name="create"/> makes it when missing, <paramref name="truncate"/> empties it.</summary>
        public FatFile Open(string path, bool write, bool create, bool truncate)
        {
            if (write || create || truncate) CheckWritable();
            List<string> parts = FatPath.Split(path);
            if (parts.Count == 0) throw new FatException(FatError.IsADirectory, "/: is a directory");
            FatDirectory parent = OpenDirectory(parts, parts.Count - 1);
            string name = parts[parts.Count - 1];
            DirectoryEntry? e = parent.Lookup(name);
            if (e != null) parts[parts.Count - 1] = e.Name;
            // The canonical path (stored names, as Canonical gives): FatFile.Path, which the server's ACL check uses.
            string full = FatPath.Join(parts, parts.Count);
            if (e == null)
            {
                List<DirectoryEntry> entries = parent.Scan();
                if (!create) throw new FatException(FatError.NotFound, full + ": no such file");
                string? problem = FatPath.NameProblem(name);
                if (problem != null) throw new FatException(FatError.BadName, full + ": " + problem);
                FatTimestamp now = Now();
                int slot = parent.Add(name, DirectoryEntry.Archive, 0, 0, now, now, entries);
                e = new DirectoryEntry { Index = slot, Attributes = DirectoryEntry.Archive, Name = name };
            }
            else if (e.Problem != null) throw new FatException(FatError.Corrupt, full + ": damaged entry: " + e.Problem);
            else if (e.IsDirectory) throw new FatException(FatError.IsADirectory, full + ": is a directory");
            if (write && (e.Attributes & DirectoryEntry.ReadOnly) != 0) throw new FatException(FatError.AccessDenied, full + ": the file is marked read-only");
            long entryLba = parent.Locate(e.Index, out int entryOffset);
            long key = entryLba * 4096 + entryOffset;
            if (!_open.TryGetValue(key, out FileNode? node))
            {
                var chain = new List<uint>(CheckSize(e, full));
                node = new FileNode { Key = key, EntryLba = entryLba, EntryOffset = entryOffset, Chain = chain, Size = e.Size, Path = full };
                _open[key] = node;
            }
            node.OpenCount++;
            var file = new FatFile(this, node, write);
            if (truncate && node.Size > 0) file.SetLength(0);
            return file;
        }

        internal void Release(FileNode node)
        {
            if (--node.OpenCount == 0) _open.Remove(node.Key);
        }

        private void RefuseIfOpen(FatDirectory dir, DirectoryEntry e, string path)
        {
            long lba = dir.Locate(e.Index, out int offset);
            if (_open.ContainsKey(lba * 4096 + offset)) throw new FatException(FatError.Busy, path + ": the file is open");
        }

        public void CreateDirectory(string path)
        {
            CheckWritable();
            List<string> parts = FatPath.Split(path);
            if (parts.Count == 0) throw new FatException(FatError.AlreadyExists, "/: exists");
            FatDirectory parent = OpenDirectory(parts, parts.Count - 1);
            List<DirectoryEntry> entries = parent.Scan();
            string name = parts[parts.Count - 1];
            string full = FatPath.Join(parts, parts.Count);
            if (FatDirectory.Find(entries, name) != null) throw new FatException(FatError.AlreadyExists, full + ": exists");
            string? problem = FatPath.NameProblem(name);
            if (problem != null) throw new FatException(FatError.BadName, full + ": " + problem);
            uint cluster = Fat.Allocate(0);
            ZeroCluster(cluster);
            FatTimestamp now = Now();
            var dir = new FatDirectory(this, cluster, full);
            dir.WriteShort(0, DotName(1), DirectoryEntry.Directory, cluster, 0, now, now);
            dir.WriteShort(1, DotName(2), DirectoryEntry.Directory, parent.FirstCluster == Boot.RootCluster ? 0 : parent.FirstCluster, 0, now, now);
            try
            {
                parent.Add(name, DirectoryEntry.Directory, cluster, 0, now, now, entries);
            }
            catch (FatException)
            {
                Fat.Free(new List<uint> { cluster }, 0);
                throw;
            }
        }

        private static byte[] DotName(int dots)
        {
            var n = new byte[11];
            for (int i = 0; i < 11; i++) n[i] = i < dots ? (byte)'.' : (byte)' ';
            return n;
        }

        /// <summary>Deletes a file, or a directory that is empty.</summary>
        public void Delete(string path)
        {
            CheckWritable();
            DirectoryEntry e = Resolve(path, "the root cannot be deleted", out FatDirectory parent, out List<string> parts);
            string full = FatPath.Join(parts, parts.Count);
            if (e.IsDot) throw new FatException(FatError.BadName, full + ": . and .. cannot be deleted");
            List<uint> chain = Fat.Chain(e.FirstCluster, full);
            if (e.IsDirectory)
            {
                List<DirectoryEntry> inside = new FatDirectory(this, e.FirstCluster, full).Scan();
                for (int i = 0; i < inside.Count; i++)
                    if (!inside[i].IsDot) throw new FatException(FatError.DirectoryNotEmpty, full + ": the directory is not empty");
            }
            else RefuseIfOpen(parent, e, full);
            parent.Remove(e);
            if (e.IsDirectory) Directories.Forget(e.FirstCluster);
            Fat.Free(chain, 0);
        }

        /// <summary>Renames or moves <paramref name="from"/> to <paramref name="to"/>, which must not exist.</summary>
        public void Rename(string from, string to)
        {
            CheckWritable();
            DirectoryEntry e = Resolve(from, "the root cannot be renamed", out FatDirectory oldParent, out List<string> fromParts);
            string source = FatPath.Join(fromParts, fromParts.Count);
            if (e.IsDot) throw new FatException(FatError.BadName, source + ": cannot be renamed");
            List<string> toParts = FatPath.Split(to);
            string target = FatPath.Join(toParts, toParts.Count);
            if (toParts.Count == 0) throw new FatException(FatError.AlreadyExists, "/: exists");
            if (e.IsDirectory && IsWithin(toParts, fromParts))
                throw new FatException(FatError.InvalidArgument, target + ": a directory cannot move into itself");
            if (!e.IsDirectory) RefuseIfOpen(oldParent, e, source);
            FatDirectory newParent = OpenDirectory(toParts, toParts.Count - 1);
            List<DirectoryEntry> entries = newParent.Scan();
            string name = toParts[toParts.Count - 1];
            DirectoryEntry? existing = FatDirectory.Find(entries, name);
            bool sameEntry = existing != null && newParent.FirstCluster == oldParent.FirstCluster && existing.Index == e.Index;
            if (existing != null && !sameEntry) throw new FatException(FatError.AlreadyExists, target + ": exists");
            string? problem = FatPath.NameProblem(name);
            if (problem != null) throw new FatException(FatError.BadName, target + ": " + problem);
            FatTimestamp created = FatTimestamp.FromFat(e.CreatedDate, e.CreatedTime);
            FatTimestamp modified = FatTimestamp.FromFat(e.ModifiedDate, e.ModifiedTime);
            if (sameEntry)
            {
                // A change of case only: the old slots must go first so the name is free; put them back on failure.
                oldParent.Remove(e);
                try
                {
                    newParent.Add(name, e.Attributes, e.FirstCluster, e.Size, created, modified, oldParent.Scan());
                }
                catch (FatException)
                {
                    oldParent.Add(e.Name, e.Attributes, e.FirstCluster, e.Size, created, modified, oldParent.Scan());
                    throw;
                }
            }
            else
            {
                // The new entry is written before the old one goes: a failure (a full directory) loses nothing.
                newParent.Add(name, e.Attributes, e.FirstCluster, e.Size, created, modified, entries);
                oldParent.Remove(e);
            }
            if (e.IsDirectory && newParent.FirstCluster != oldParent.FirstCluster)
            {
                var moved = new FatDirectory(this, e.FirstCluster, target);
                long lba = moved.Locate(1, out int at);
                byte[] s = Cache.Get(lba);
                if (s[at] == (byte)'.' && s[at + 1] == (byte)'.')
                {
                    uint parentCluster = newParent.FirstCluster == Boot.RootCluster ? 0 : newParent.FirstCluster;
                    LittleEndian.Put16(s, at + 20, (int)(parentCluster >> 16));
                    LittleEndian.Put16(s, at + 26, (int)(parentCluster & 0xFFFF));
                    Cache.MarkDirty(lba);
                }
            }
        }

        private static bool IsWithin(List<string> inner, List<string> outer)
        {
            if (inner.Count < outer.Count) return false;
            for (int i = 0; i < outer.Count; i++) if (!FatPath.SameName(inner[i], outer[i])) return false;
            return true;
        }

        /// <summary>Writes every modified sector and the FSInfo free count, then flushes the device.</summary>
        public void Sync()
        {
            if (_fsInfoValid && !_device.IsReadOnly)
            {
                long lba = Boot.FsInfoSector;
                byte[] s = Cache.Get(lba);
                LittleEndian.Put32(s, 488, Fat.FreeClusters);
                LittleEndian.Put32(s, 492, Fat.NextFreeHint);
                Cache.MarkDirty(lba);
            }
            if (_device.IsReadOnly) return;
            Cache.Flush();
        }
    }
}
