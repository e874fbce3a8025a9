using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Drivers.E1000
{
    /// <summary>What e1000's manifest grants: the matched card's registers (BAR 0), its interrupt line, DMA memory for
    /// the two descriptor rings, and the registration of /dev/nic0.</summary>
    [ProgramStartup]
    internal sealed partial class E1000Startup
    {
        [IoMemory("registers")] public IoMemoryRange Registers;
        [Irq("irq")] public IrqLine Interrupt;
        [DmaMemory("rings")] public DmaMemory Rings;
        [Endpoint("nic0")] public ChannelEndpoint Nic0;
    }

    internal static class Program
    {
        /// <summary>How long the start waits for the PHY's link before it reports the link down (it is reported
        /// when it comes up later).</summary>
        private const int LinkWaitMilliseconds = 1000;

        internal static int Main(E1000Startup startup)
        {
            var card = new E1000Card(startup.Registers, startup.Rings);
            if (!card.Start())
            {
                Debug.WriteLine("the card did not finish its reset in 100 ms");
                return 1;
            }
            string link = card.WaitForLink(LinkWaitMilliseconds) ? $"link up at {card.SpeedMbps} Mb/s" : "link down";
            Debug.WriteLine($"{E1000Card.Format(card.Mac)}, {link}, {E1000Card.Descriptors} receive and {E1000Card.Descriptors} transmit descriptors");
            new NicServer(card, startup.Interrupt, startup.Rings).Run(startup.Nic0);
            return 0;
        }
    }
}
