using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Storage;
using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Apps.RamDisk
{
    [ProgramStartup]
    internal sealed partial class RamDiskStartup
    {
        [Parameter("name")] public string Name;
        [Parameter("size")] public int MegaBytes;
    }

    /// <summary>Registers the name, then serves one client at a time over the block contract until it closes its
    /// channel, then the next (the file system is its one client; a restarted file system reconnects). Clients connect
    /// with the handshake every block device serves, the disk driver's (Drivers/Contracts/BlockDeviceConnection.cs):
    /// on each connect request the RAM disk creates a BlockDevice channel and sends the client its importer end.</summary>
    internal static class Program
    {
        private const int MaxSectors = 128;
        private const int OutOfRange = 1, BadRequest = 3;

        internal static int Main(RamDiskStartup startup)
        {
            if (startup.MegaBytes < 1 || startup.MegaBytes > 1024)
            {
                Debug.WriteLine("ramdisk: size must be 1 to 1024 MiB");
                return 1;
            }
            var disk = new MemoryDisk(startup.MegaBytes);
            AbiStatus status = Names.Register(startup.Name, out ChannelEndpoint requests);
            if (status != AbiStatus.Ok)
            {
                Debug.WriteLine("ramdisk: cannot register " + startup.Name + ": " + status.ToString());
                return 2;
            }
            Debug.WriteLine($"ramdisk: {startup.MegaBytes} MiB at {startup.Name}");
            while (Channels.Receive(requests, out ReceivedMessage connect) == AbiStatus.Ok)
            {
                if (connect.Tag != Names.ConnectRequestTag || connect.Endpoint.IsNull) continue;
                BlockDevice.Exp client = BlockDeviceConnection.Accept(connect.Endpoint);
                if (client != null) Serve(disk, client);
            }
            return 0;
        }

        private static void Serve(MemoryDisk disk, [Claims] BlockDevice.Exp client)
        {
            while (true)
            {
                BlockDevice.Exp.ReadyReceived r = client.ReceiveReady();
                switch (r.Tag)
                {
                    case BlockDevice.Exp.ReadyTag.ChannelClosed:
                        client.Free();
                        return;
                    case BlockDevice.Exp.ReadyTag.GetInfo:
                        client.SendInfo(disk.SectorCount, MemoryDisk.SectorSize, MaxSectors, 0);
                        break;
                    case BlockDevice.Exp.ReadyTag.Read:
                    {
                        r.GetRead(out long lba, out int sectors, out ExVector<byte> buffer);
                        int error = Check(disk, lba, sectors, buffer.Length);
                        if (error == 0)
                        {
                            disk.ReadInto(lba, sectors, buffer);
                            client.SendReadDone(buffer);
                        }
                        else client.SendFailed(error, buffer);
                        break;
                    }
                    case BlockDevice.Exp.ReadyTag.Write:
                    {
                        r.GetWrite(out long lba, out int sectors, out ExVector<byte> buffer);
                        int error = Check(disk, lba, sectors, buffer.Length);
                        if (error == 0)
                        {
                            disk.WriteFrom(lba, sectors, buffer);
                            client.SendWriteDone(buffer);
                        }
                        else client.SendFailed(error, buffer);
                        break;
                    }
                    case BlockDevice.Exp.ReadyTag.Flush:
                        client.SendFlushed();
                        break;
                }
            }
        }

        private static int Check(MemoryDisk disk, long lba, int sectors, int bufferBytes)
        {
            if (sectors < 1 || sectors > MaxSectors || (long)bufferBytes < (long)sectors * MemoryDisk.SectorSize) return BadRequest;
            if (lba < 0 || lba + sectors > disk.SectorCount) return OutOfRange;
            return 0;
        }
    }
}
