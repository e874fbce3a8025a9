using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.ChannelProbe
{
    /// <summary>"block-proxy PATH TARGET [stall-flush]": a block device at PATH that forwards every request to the block
    /// device at TARGET (a RAM disk), so a killed proxy and its successor front the same sectors. With stall-flush it
    /// holds the first Flush unanswered and registers PATH-stalled: the kernel test storage.rebind_fails_the_request_in_flight
    /// kills it there, with the file system's request in flight.</summary>
    internal static class BlockProxy
    {
        public static int Run(string path, string target, bool stallFlush)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 150;
            while (true)
            {
                if (Channels.Receive(requests, out ReceivedMessage connect) != AbiStatus.Ok) return 151;
                if (connect.Tag != Names.ConnectRequestTag || connect.Endpoint.IsNull) continue;
                BlockDevice.Exp client = BlockDeviceConnection.Accept(connect.Endpoint);
                if (client == null) continue;
                BlockDevice.Imp disk = BlockDeviceConnection.Connect(target, 2000);
                if (disk == null)
                {
                    client.Free();
                    return 152;
                }
                Forward(client, disk, path, stallFlush);
            }
        }

        /// <summary>Forwards until either side closes, then closes both.</summary>
        private static void Forward([Claims] BlockDevice.Exp client, [Claims] BlockDevice.Imp disk, string path, bool stallFlush)
        {
            bool open = true;
            while (open)
            {
                BlockDevice.Exp.ReadyReceived r = client.ReceiveReady();
                switch (r.Tag)
                {
                    case BlockDevice.Exp.ReadyTag.GetInfo:
                        disk.SendGetInfo();
                        BlockDevice.Imp.ReadyAfterGetInfoReceived info = disk.ReceiveReadyAfterGetInfo();
                        if (info.Tag != BlockDevice.Imp.ReadyAfterGetInfoTag.Info) { open = false; break; }
                        info.GetInfo(out long sectors, out int sectorSize, out int maxSectors, out int readOnly);
                        client.SendInfo(sectors, sectorSize, maxSectors, readOnly);
                        break;
                    case BlockDevice.Exp.ReadyTag.Read:
                        r.GetRead(out long lba, out int count, out ExVector<byte> buffer);
                        disk.SendRead(lba, count, buffer);
                        BlockDevice.Imp.ReadyAfterReadReceived read = disk.ReceiveReadyAfterRead();
                        if (read.Tag == BlockDevice.Imp.ReadyAfterReadTag.ReadDone)
                        {
                            read.GetReadDone(out ExVector<byte> done);
                            client.SendReadDone(done);
                        }
                        else if (read.Tag == BlockDevice.Imp.ReadyAfterReadTag.Failed)
                        {
                            read.GetFailed(out int error, out ExVector<byte> back);
                            client.SendFailed(error, back);
                        }
                        else open = false;
                        break;
                    case BlockDevice.Exp.ReadyTag.Write:
                        r.GetWrite(out long wlba, out int wcount, out ExVector<byte> data);
                        disk.SendWrite(wlba, wcount, data);
                        BlockDevice.Imp.ReadyAfterWriteReceived written = disk.ReceiveReadyAfterWrite();
                        if (written.Tag == BlockDevice.Imp.ReadyAfterWriteTag.WriteDone)
                        {
                            written.GetWriteDone(out ExVector<byte> done);
                            client.SendWriteDone(done);
                        }
                        else if (written.Tag == BlockDevice.Imp.ReadyAfterWriteTag.Failed)
                        {
                            written.GetFailed(out int error, out ExVector<byte> back);
                            client.SendFailed(error, back);
                        }
                        else open = false;
                        break;
                    case BlockDevice.Exp.ReadyTag.Flush:
                        if (stallFlush)
                        {
                            Names.Register(path + "-stalled", out _);
                            Threads.CreateEvent(false, false, out EventHandle never);
                            Threads.WaitAny(new[] { never }, ulong.MaxValue, out _);
                        }
                        disk.SendFlush();
                        BlockDevice.Imp.ReadyAfterFlushReceived flushed = disk.ReceiveReadyAfterFlush();
                        if (flushed.Tag == BlockDevice.Imp.ReadyAfterFlushTag.Flushed) client.SendFlushed();
                        else if (flushed.Tag == BlockDevice.Imp.ReadyAfterFlushTag.FlushFailed)
                        {
                            flushed.GetFlushFailed(out int error);
                            client.SendFlushFailed(error);
                        }
                        else open = false;
                        break;
                    default:
                        open = false;
                        break;
                }
            }
            client.Free();
            disk.Free();
        }
    }
}
