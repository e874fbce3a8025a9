using Sing.Contracts;
using Sing.Storage;

namespace Sing.Apps.DiskProbe
{
    /// <summary>One request and its answer over a BlockDevice channel: the buffer comes back (filled for a read) with
    /// 0, or with the driver's error code; -1 when the driver is gone (ChannelClosed: the buffer is lost with it).</summary>
    internal static class BlockClient
    {
        public static int Read(BlockDevice.Imp disk, long lba, int sectors, [Claims] ExVector<byte> buffer, out ExVector<byte>? back)
        {
            disk.SendRead(lba, sectors, buffer);
            return ReadAnswer(disk, out back);
        }

        public static int ReadAnswer(BlockDevice.Imp disk, out ExVector<byte>? back)
        {
            BlockDevice.Imp.ReadyAfterReadReceived r = disk.ReceiveReadyAfterRead();
            switch (r.Tag)
            {
                case BlockDevice.Imp.ReadyAfterReadTag.ReadDone:
                    r.GetReadDone(out ExVector<byte> done);
                    back = done;
                    return 0;
                case BlockDevice.Imp.ReadyAfterReadTag.Failed:
                    r.GetFailed(out int error, out ExVector<byte> failed);
                    back = failed;
                    return error;
                default:
                    back = null;
                    return -1;
            }
        }

        public static int Write(BlockDevice.Imp disk, long lba, int sectors, [Claims] ExVector<byte> buffer, out ExVector<byte>? back)
        {
            disk.SendWrite(lba, sectors, buffer);
            BlockDevice.Imp.ReadyAfterWriteReceived r = disk.ReceiveReadyAfterWrite();
            switch (r.Tag)
            {
                case BlockDevice.Imp.ReadyAfterWriteTag.WriteDone:
                    r.GetWriteDone(out ExVector<byte> done);
                    back = done;
                    return 0;
                case BlockDevice.Imp.ReadyAfterWriteTag.Failed:
                    r.GetFailed(out int error, out ExVector<byte> failed);
                    back = failed;
                    return error;
                default:
                    back = null;
                    return -1;
            }
        }

        public static int Flush(BlockDevice.Imp disk)
        {
            disk.SendFlush();
            BlockDevice.Imp.ReadyAfterFlushReceived r = disk.ReceiveReadyAfterFlush();
            switch (r.Tag)
            {
                case BlockDevice.Imp.ReadyAfterFlushTag.Flushed:
                    return 0;
                case BlockDevice.Imp.ReadyAfterFlushTag.FlushFailed:
                    r.GetFlushFailed(out int error);
                    return error;
                default:
                    return -1;
            }
        }

        /// <summary>Sector count, sector size and the most sectors per request; false when the driver is gone.</summary>
        public static bool Info(BlockDevice.Imp disk, out long sectors, out int sectorSize, out int maxSectors)
        {
            disk.SendGetInfo();
            BlockDevice.Imp.ReadyAfterGetInfoReceived r = disk.ReceiveReadyAfterGetInfo();
            sectors = 0;
            sectorSize = maxSectors = 0;
            if (r.Tag != BlockDevice.Imp.ReadyAfterGetInfoTag.Info) return false;
            r.GetInfo(out sectors, out sectorSize, out maxSectors, out _);
            return true;
        }
    }
}
