using Singularity.Configuration;

namespace Sing.Drivers.Ahci
{
    /// <summary>A disk's sectors for the partition table reader: each is read by DMA into the port's scratch area and
    /// copied out, before the port serves any client.</summary>
    internal sealed class PortSectorSource : ISectorSource
    {
        private readonly AhciPort _port;
        private readonly IrqLine _irq;

        public PortSectorSource(AhciPort port, IrqLine irq)
        {
            _port = port;
            _irq = irq;
        }

        public long Sectors => _port.Sectors;

        public bool Read(long lba, byte[] sector)
        {
            if (lba < 0 || lba >= _port.Sectors || !_port.ReadToScratch(_irq, lba)) return false;
            for (int i = 0; i < PartitionTable.SectorSize; i += 4)
            {
                uint word = _port.ScratchRead32(i);
                sector[i] = (byte)word;
                sector[i + 1] = (byte)(word >> 8);
                sector[i + 2] = (byte)(word >> 16);
                sector[i + 3] = (byte)(word >> 24);
            }
            return true;
        }
    }
}
