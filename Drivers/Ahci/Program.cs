using System.Collections.Generic;
using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Drivers.Ahci
{
    /// <summary>What ahci's manifest grants: the matched controller's registers (BAR 5) and interrupt line, DMA memory
    /// for the command lists and tables, and the registration of /dev/disk0.</summary>
    [ProgramStartup]
    internal sealed partial class AhciStartup
    {
        [IoMemory("abar")] public IoMemoryRange Registers;
        [Irq("irq")] public IrqLine Interrupt;
        [DmaMemory("structures")] public DmaMemory Structures;
        [Endpoint("disk0")] public ChannelEndpoint Disk0;
    }

    internal static class Program
    {
        internal static int Main(AhciStartup startup)
        {
            List<AhciPort> disks = AhciController.Start(startup.Registers, startup.Structures, startup.Interrupt);
            if (disks.Count == 0)
            {
                Debug.WriteLine("no SATA disk on any port: nothing to serve");
                return 0;
            }
            var server = new BlockServer(startup.Registers, startup.Interrupt, disks);
            for (int d = 0; d < disks.Count; d++)
            {
                AhciPort disk = disks[d];
                string path = string.Concat("/dev/disk", d.ToString());
                ChannelEndpoint requests = startup.Disk0;
                if (d > 0 && Names.Register(path, out requests) != AbiStatus.Ok)
                {
                    Debug.WriteLine($"{path}: could not register the name; disk not served");
                    continue;
                }
                server.Add(new Volume(path, disk, 0, disk.Sectors), requests);
                var notes = new List<string>();
                List<PartitionRange> partitions = PartitionTable.Read(new PortSectorSource(disk, startup.Interrupt), notes);
                foreach (string note in notes) Debug.WriteLine($"{path}: {note}");
                Debug.WriteLine($"{path}: port {disk.Number}, {disk.Sectors} sectors ({disk.Sectors / 2048} MiB), \"{disk.Model}\", {partitions.Count} partition(s)");
                for (int p = 0; p < partitions.Count; p++)
                {
                    string partitionPath = string.Concat(path, "p", partitions[p].Number.ToString());
                    if (Names.Register(partitionPath, out ChannelEndpoint partitionRequests) != AbiStatus.Ok)
                    {
                        Debug.WriteLine($"{partitionPath}: could not register the name; partition not served");
                        continue;
                    }
                    server.Add(new Volume(partitionPath, disk, partitions[p].First, partitions[p].Count), partitionRequests);
                    Debug.WriteLine($"{partitionPath}: sectors {partitions[p].First}-{partitions[p].First + partitions[p].Count - 1}");
                }
            }
            server.Run();
            return 0;
        }
    }
}
