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
    /// Requests larger than the driver's MaxSectors are split. The channel is a <see cref="ReconnectingEndpoint{TImp}"/>:
    /// when the disk driver dies and the supervisor restarts it, the request that was in flight fails with a device
    /// error (the driver may or may not have done it, and a read's buffer never came back), and the next request binds
    /// the name again, waits for the new instance at most <see cref="RebindMilliseconds"/>, checks that it serves the
    /// same geometry and the same sector 0 (the same volume, not a blank or another device), and goes on.</summary>
    internal sealed class BlockSectorDevice : ISectorDevice
    {
        /// <summary>Above the supervisor's longest back-off (2 s) plus the driver's start (controller reset, partition table).</summary>
        private const int RebindMilliseconds = 5000;

        private readonly ReconnectingEndpoint<BlockDevice.Imp> _connection;
        private readonly Geometry _geometry;
        private readonly int _maxSectors;
        private int _lossesReported;

        public int SectorSize { get; }
        public long SectorCount { get; }
        public bool IsReadOnly { get; }
        public string Path { get; }

        private BlockSectorDevice(ReconnectingEndpoint<BlockDevice.Imp> connection, Geometry geometry)
        {
            _connection = connection;
            _geometry = geometry;
            Path = connection.Name;
            SectorCount = geometry.Sectors;
            SectorSize = geometry.SectorSize;
            _maxSectors = geometry.MaxSectors < 1 ? 1 : geometry.MaxSectors > 128 ? 128 : geometry.MaxSectors;
            IsReadOnly = geometry.ReadOnly;
        }

        /// <summary>What the opening exchange told: the geometry (GetInfo) and the volume's first sector (a Read of LBA 0).
        /// The first connection sets both; every later one must find them the same, so a restarted driver that serves
        /// another device, or a blank one (a RAM disk started again), under the name is refused rather than read.</summary>
        private sealed class Geometry
        {
            public bool Known;
            public long Sectors;
            public int SectorSize, MaxSectors;
            public bool ReadOnly;
            /// <summary>Sector 0 as the device holds it (kept up to date by this client's own writes of it).</summary>
            public byte[] FirstSector;

            public void Open(BlockDevice.Imp device)
            {
                device.SendGetInfo();
                BlockDevice.Imp.ReadyAfterGetInfoReceived r = device.ReceiveReadyAfterGetInfo();
                if (r.Tag != BlockDevice.Imp.ReadyAfterGetInfoTag.Info) throw new ChannelClosedException("the driver closed the channel before Info");
                r.GetInfo(out long sectors, out int sectorSize, out int maxSectors, out int readOnly);
                if (sectors < 1 || sectorSize < 1 || sectorSize > 65536)
                    throw new FatException(FatError.DeviceError, "the driver reports an impossible geometry: " + sectors.ToString() + " sectors of " + sectorSize.ToString() + " bytes");
                if (Known && (sectors != Sectors || sectorSize != SectorSize || (readOnly != 0) != ReadOnly))
                {
                    throw new FatException(FatError.DeviceError, "the restarted driver serves a different device: " + sectors.ToString() + " sectors of "
                        + sectorSize.ToString() + " bytes" + (readOnly != 0 ? ", read-only" : "") + ", was " + Sectors.ToString() + " of " + SectorSize.ToString());
                }
                byte[] first = ReadFirstSector(device, sectorSize);
                if (Known && !Same(first, FirstSector))
                    throw new FatException(FatError.DeviceError, "the restarted driver's device holds another volume (its sector 0 differs from the mounted one's)");
                if (Known) return;
                Known = true;
                Sectors = sectors;
                SectorSize = sectorSize;
                MaxSectors = maxSectors;
                ReadOnly = readOnly != 0;
                FirstSector = first;
            }

            private static byte[] ReadFirstSector(BlockDevice.Imp device, int sectorSize)
            {
                device.SendRead(0, 1, ExchangeHeap.NewVector<byte>(sectorSize));
                BlockDevice.Imp.ReadyAfterReadReceived r = device.ReceiveReadyAfterRead();
                switch (r.Tag)
                {
                    case BlockDevice.Imp.ReadyAfterReadTag.ReadDone:
                        r.GetReadDone(out ExVector<byte> back);
                        var bytes = new byte[sectorSize];
                        if (back.Length >= sectorSize) back.CopyTo(new Span<byte>(bytes));
                        bool whole = back.Length >= sectorSize;
                        back.Free();
                        if (!whole) throw new FatException(FatError.DeviceError, "the driver answered a read of sector 0 with a short buffer");
                        return bytes;
                    case BlockDevice.Imp.ReadyAfterReadTag.Failed:
                        r.GetFailed(out int error, out ExVector<byte> failed);
                        failed.Free();
                        throw new FatException(FatError.DeviceError, "reading sector 0 failed: device error " + error.ToString());
                    default:
                        throw new ChannelClosedException("the driver closed the channel before answering the read of sector 0");
                }
            }

            private static bool Same(byte[] a, byte[] b)
            {
                if (a.Length != b.Length) return false;
                for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
                return true;
            }
        }

        /// <summary>Connects to <paramref name="path"/> with the one handshake every block device serves
        /// (<see cref="BlockDeviceConnection.Connect"/>: bind the name, then the device sends the client's end of a
        /// BlockDevice channel it created) and asks for the geometry; null when nothing serves the name. It does not
        /// wait for the name to appear: the caller waits on a /dev/ watch.</summary>
        public static BlockSectorDevice Connect(string path, out string error)
        {
            var geometry = new Geometry();
            var connection = new ReconnectingEndpoint<BlockDevice.Imp>(path, Bind, geometry.Open, 0);
            try
            {
                connection.Release(connection.Acquire());
            }
            catch (ServiceUnavailableException e)
            {
                error = e.Message;
                return null;
            }
            catch (ProtocolViolationException e)
            {
                error = path + ": " + e.Message;
                return null;
            }
            catch (FatException e)
            {
                error = path + ": " + e.Message;
                return null;
            }
            connection.TimeoutMilliseconds = RebindMilliseconds;
            error = null;
            return new BlockSectorDevice(connection, geometry);
        }

        private static BlockDevice.Imp Bind(string path) => BlockDeviceConnection.Connect(path, 0);

        public void Read(long lba, int count, byte[] buffer, int offset) => Transfer(lba, count, buffer, offset, write: false);

        public void Write(long lba, int count, byte[] buffer, int offset) => Transfer(lba, count, buffer, offset, write: true);

        private void Transfer(long lba, int count, byte[] buffer, int offset, bool write)
        {
            while (count > 0)
            {
                int n = count < _maxSectors ? count : _maxSectors;
                int bytes = n * SectorSize;
                BlockDevice.Imp device = Connected((write ? "writing" : "reading") + " sectors " + lba.ToString() + "+" + n.ToString());
                ExVector<byte> vector = ExchangeHeap.NewVector<byte>(bytes);
                if (write) vector.CopyFrom(new ReadOnlySpan<byte>(buffer, offset, bytes));
                ExVector<byte> back;
                int error = write ? WriteOnce(device, lba, n, vector, out back) : ReadOnce(device, lba, n, vector, out back);
                if (error == -1) _connection.Lost(device);   // its state machine saw ChannelClosed: the next request re-binds
                else _connection.Release(device);
                if (back != null)
                {
                    if (error == 0 && !write) back.CopyTo(new Span<byte>(buffer, offset, bytes));
                    back.Free();
                }
                if (error != 0) throw Failure(error, lba, n, write);
                if (write && lba == 0) Array.Copy(buffer, offset, _geometry.FirstSector, 0, SectorSize);
                lba += n;
                offset += bytes;
                count -= n;
            }
        }

        /// <summary>The channel, re-bound first if the driver has died since the last request (logged with how long the
        /// device was unreachable); a device error naming <paramref name="what"/> when no driver comes back.</summary>
        private BlockDevice.Imp Connected(string what)
        {
            BlockDevice.Imp device;
            try
            {
                device = _connection.Acquire();
            }
            catch (ServiceUnavailableException e)
            {
                throw new FatException(FatError.DeviceError, what + " of " + Path + ": " + e.Message);
            }
            catch (ProtocolViolationException e)
            {
                throw new FatException(FatError.DeviceError, what + " of " + Path + ": " + e.Message);
            }
            catch (FatException e)
            {
                throw new FatException(FatError.DeviceError, what + " of " + Path + ": " + e.Message);
            }
            if (_connection.Losses != _lossesReported)
            {
                _lossesReported = _connection.Losses;
                Debug.WriteLine($"fs: {Path} is back: re-bound to the restarted disk driver {_connection.LastOutageMilliseconds} ms after the channel was found closed");
            }
            return device;
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
            string why = error == -1 ? "the disk driver closed the channel with the request in flight" : error == 1 ? "out of range" : error == 3 ? "bad request"
                : error == 4 ? "the device is read-only" : "device error " + error.ToString();
            return new FatException(FatError.DeviceError, what + why);
        }

        public void Flush()
        {
            BlockDevice.Imp device = Connected("flushing");
            device.SendFlush();
            BlockDevice.Imp.ReadyAfterFlushReceived r = device.ReceiveReadyAfterFlush();
            BlockDevice.Imp.ReadyAfterFlushTag tag = r.Tag;
            int error = 0;
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.FlushFailed) r.GetFlushFailed(out error);
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.ChannelClosed) _connection.Lost(device);
            else _connection.Release(device);
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.ChannelClosed) throw new FatException(FatError.DeviceError, "flushing " + Path + ": the disk driver closed the channel with the request in flight");
            if (tag == BlockDevice.Imp.ReadyAfterFlushTag.FlushFailed) throw new FatException(FatError.DeviceError, "flushing " + Path + ": device error " + error.ToString());
        }
    }
}
