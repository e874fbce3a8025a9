using System;
using Sing.Contracts;

namespace Sing.Apps.RamDisk
{
    /// <summary>The disk's sectors, in 64 KiB chunks (no single huge object), zeroed at start.</summary>
    internal sealed class MemoryDisk
    {
        public const int SectorSize = 512;
        private const int ChunkBytes = 64 * 1024;
        private const int SectorsPerChunk = ChunkBytes / SectorSize;
        private readonly byte[][] _chunks;
        private byte[] _staging = new byte[MaxStaging];
        private const int MaxStaging = 128 * SectorSize;

        public long SectorCount { get; }

        public MemoryDisk(int megabytes)
        {
            SectorCount = (long)megabytes * 1024 * 1024 / SectorSize;
            _chunks = new byte[(int)((SectorCount + SectorsPerChunk - 1) / SectorsPerChunk)][];
            for (int i = 0; i < _chunks.Length; i++) _chunks[i] = new byte[ChunkBytes];
        }

        /// <summary>Copies <paramref name="sectors"/> sectors at <paramref name="lba"/> into the vector (in place: the vector is the client's buffer).</summary>
        public void ReadInto(long lba, int sectors, ExVector<byte> buffer)
        {
            byte[] staging = Staging(sectors * SectorSize);
            for (int s = 0; s < sectors; s++)
            {
                byte[] chunk = _chunks[(lba + s) / SectorsPerChunk];
                Array.Copy(chunk, (int)((lba + s) % SectorsPerChunk) * SectorSize, staging, s * SectorSize, SectorSize);
            }
            buffer.CopyFrom(new ReadOnlySpan<byte>(staging, 0, sectors * SectorSize));
        }

        public void WriteFrom(long lba, int sectors, ExVector<byte> buffer)
        {
            byte[] staging = Staging(buffer.Length);
            buffer.CopyTo(staging);
            for (int s = 0; s < sectors; s++)
            {
                byte[] chunk = _chunks[(lba + s) / SectorsPerChunk];
                Array.Copy(staging, s * SectorSize, chunk, (int)((lba + s) % SectorsPerChunk) * SectorSize, SectorSize);
            }
        }

        /// <summary>The checked vector accessors copy whole ranges; the sectors go through this buffer on their way.</summary>
        private byte[] Staging(int bytes)
        {
            if (_staging.Length < bytes) _staging = new byte[bytes];
            return _staging;
        }
    }
}
