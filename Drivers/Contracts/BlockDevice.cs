using Sing.Contracts;

namespace Sing.Storage
{
    /// <summary>A block device (a disk or one of its partitions), served by a disk driver at /dev/diskN (and
    /// /dev/diskNpM per partition). Data travels in exchange-heap vectors that move to the driver and back, so a
    /// sector's bytes are never copied between SIPs: the client sends a buffer with Read and gets the same buffer
    /// back filled. One request is outstanding per channel; a client that wants several in flight opens several
    /// channels (the driver queues commands from all of them on the controller).
    /// Errors (Failed, FlushFailed) carry an error code: 1 = out of range, 2 = device error, 3 = bad request
    /// (buffer shorter than sectors × sector size, sector count 0 or beyond MaxSectors), 4 = read-only.
    /// Linked as source into the driver and its clients so both name the same contract. A client gets its channel with
    /// BlockDeviceConnection.Connect("/dev/disk0") (BlockDeviceConnection.cs: the driver creates the channel and hands
    /// the client its importer end); sector size is 512 and MaxSectors 128 with the AHCI driver.</summary>
    [Contract]
    [State("Ready",
        "GetInfo? -> Info! -> Ready",
        "Read? -> (ReadDone! | Failed!) -> Ready",
        "Write? -> (WriteDone! | Failed!) -> Ready",
        "Flush? -> (Flushed! | FlushFailed!) -> Ready")]
    public sealed partial class BlockDevice
    {
        [InMessage] partial void GetInfo();
        /// <summary>Size in sectors, bytes per sector, the most sectors one Read or Write may move, and 1 when the
        /// device refuses writes.</summary>
        [OutMessage] partial void Info(long sectorCount, int sectorSize, int maxSectors, int readOnly);

        [InMessage] partial void Read(long lba, int sectors, ExVector<byte> buffer);
        [OutMessage] partial void ReadDone(ExVector<byte> buffer);
        [InMessage] partial void Write(long lba, int sectors, ExVector<byte> buffer);
        [OutMessage] partial void WriteDone(ExVector<byte> buffer);
        /// <summary>A Read or Write that failed: the buffer comes back unchanged in ownership.</summary>
        [OutMessage] partial void Failed(int error, ExVector<byte> buffer);

        [InMessage] partial void Flush();
        [OutMessage] partial void Flushed();
        [OutMessage] partial void FlushFailed(int error);
    }
}
