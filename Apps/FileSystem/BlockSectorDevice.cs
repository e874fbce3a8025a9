using System;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Storage;
using Sing.Storage.Fat;
using Singularity.V1;

namespace Sing.Apps.FileSystem
{
    /// <summary>The FAT engine's sector device over a block-contract channel: each request moves a fresh exchange-heap
    /// vector to the driver and back (the driver fills or drains it in place; nothing is copied between SIPs).
    /// Requests larger than the driver's MaxSectors are split.</summary>
    internal sealed class BlockSectorDevice : ISectorDevice
    {
        private readonly TRef<BlockDevice.Imp> _channel;
        private readonly int _maxSectors;
        private bool _closed;   // the driver closed the channel (it died): every later request fails at once

        public int SectorSize { get; }
        public long SectorCount { get; }
        public bool IsReadOnly { get; }
        public string Path { get; }

        private BlockSectorDevice([Claims] BlockDevice.Imp channel, string path, long sectors, int sectorSize, int maxSectors, bool readOnly)
        {
            _channel = new TRef<BlockDevice.Imp>(channel);
            Path = path;
            SectorCount = sectors;
            SectorSize = sectorSize;
            _maxSectors = maxSectors < 1 ? 1 : maxSectors > 128 ? 128 : maxSectors;
            IsReadOnly = readOnly;
        }

        /// <summary>Connects to <paramref name="path"/> with the one handshake every block device serves
        /// (<see cref="BlockDeviceConnection.Connect"/>: bind the name, then the device sends the client's end of a
        /// BlockDevice channel it created) and asks for the geometry; null when nothing serves the name. It does not
        /// wait for the name to appear: the caller waits on a /dev/ watch.</summary>
        public static BlockSectorDevice Connect(string path, out string error)
        {
            BlockDevice.Imp device = BlockDeviceConnection.Connect(path, 0);
            if (device == null)
            {
                error = path + ": no block device registered, or it did not hand over a block channel";
                return null;
            }
            device.SendGetInfo();
            BlockDevice.Imp.ReadyAfterGetInfoReceived r = device.ReceiveReadyAfterGetInfo();
            if (r.Tag != BlockDevice.Imp.ReadyAfterGetInfoTag.Info)
            {
                device.Free();
                error = path + ": the driver closed the channel";
                return null;
            }
            r.GetInfo(out long sectors, out int sectorSize, out int maxSectors, out int readOnly);
            error = null;
            return new BlockSectorDevice(device, path, sectors, sectorSize, maxSectors, readOnly != 0);
        }

        public void Read(long lba, int count, byte[] buffer, int offset) => Transfer(lba, count, buffer, offset, write: false);

        public void Write(long lba, int count, byte[] buffer, int offset) => Transfer(lba, count, buffer, offset, write: true);

        private void Transfer(long lba, int count, byte[] buffer, int offset, bool write)
        {
            while (count > 0)
            {
                if (_closed) throw Failure(-1, lba, count, write);
                int n = count < _maxSectors ? count : _maxSectors;
                int bytes = n * SectorSize;
                ExVector<byte> vector = ExchangeHeap.NewVector<byte>(bytes);
                if (write) vector.CopyFrom(new ReadOnlySpan<byte>(buffer, offset, bytes));
                BlockDevice.Imp device = _channel.Acquire();
                ExVector<byte> back;
                int error = write ? WriteOnce(device, lba, n, vector, out back) : ReadOnce(device, lba, n, vector, out back);
                _channel.Release(device);
                if (back != null)
                {
                    if (error == 0 && !write) back.CopyTo(new Span<byte>(buffer, offset, bytes));
                    back.Free();
                }
                if (error == -1) _closed = true;   // the channel is past use: its state machine saw ChannelClosed
                if (error != 0) throw Failure(error, lba, n, write);
                lba += n;
                offset += bytes;
                count -= n;
            }
        }

        /// <summary>One Read round trip; the vector comes back in <paramref name="back"/> (null when the channel closed).</summary>
        private static int ReadOnce(BlockDevice.Imp device, long lba, int n, [Claims] ExVector<byte> vector, out ExVector<byte> back)
        {
            device.SendRead(lba, n, vector);
            BlockDevice.Imp.ReadyAfterReadReceived r = device.ReceiveReadyAfterRead();
            switch (r.Tag)
            {
                case BlockDevice.Imp.ReadyAfterReadTag.ReadDone:
                    r.GetReadDone(out back);
                    return 0;
                case BlockDevice.Imp.ReadyAfterReadTag.Failed:
                    r.GetFailed(out int error, out back);
                    return error == 0 ? 2 : error;
                default:
                    back = null;
                    return -1;
            }
        }

        private static int WriteOnce(BlockDevice.Imp device, long lba, int n, [Claims] ExVector<byte> vector, out ExVector<byte> back)
        {
            device.SendWrite(lba, n, vector);
            BlockDevice.Imp.ReadyAfterWriteReceived r = device.ReceiveReadyAfterWrite();
            switch (r.Tag)
            {
                case BlockDevice.Imp.ReadyAfterWriteTag.WriteDone:
                    r.GetWriteDone(out back);
                    return 0;
                case BlockDevice.Imp.ReadyAfterWriteTag.Failed:
                    r.GetFailed(out int error, out back);
                    return error == 0 ? 2 : error;
                default:
                    back = null;
                    return -1;
            }
        }

        private FatException Failure(int error, long lba, int n, bool write)
        {
            string what = (write ? "writing" : "reading") + " sectors " + lba.ToString() + "+" + n.ToString() + " of " + Path + ": ";
            string why = error == -1 ? "the disk driver closed the channel" : error == 1 ? "out of range" : error == 3 ? "bad request"
                : error == 4 ? "the device is read-only" : "device error " + error.ToString();
            return new FatException(FatError.DeviceError, what + why);
        }

        public void Flush()
        {
            if (_closed) throw new FatException(FatError.DeviceError, "flushing " + Path + ": the disk driver closed the channel");
            BlockDevice.Imp device = _channel.Acquire();
            device.SendFlush();
            BlockDevice.Imp.ReadyAfterFlushReceived r = device.ReceiveReadyAfterFlush();
            BlockDevice.Imp.ReadyAfterFlushTag tag = r.Tag;
            int error = 0;
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.FlushFailed) r.GetFlushFailed(out error);
            _channel.Release(device);
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.ChannelClosed) _closed = true;
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.ChannelClosed) throw new FatException(FatError.DeviceError, "flushing " + Path + ": the disk driver closed the channel");
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.FlushFailed) throw new FatException(FatError.DeviceError, "flushing " + Path + ": device error " + error.ToString());
        }
    }
}
