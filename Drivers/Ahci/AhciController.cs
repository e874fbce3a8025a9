using System.Collections.Generic;
using Singularity.Configuration;
using Singularity.V1;
using static Sing.Drivers.Ahci.AhciRegisters;
using Debug = Singularity.V1.Debug;

namespace Sing.Drivers.Ahci
{
    /// <summary>Brings the HBA up: reset, AHCI mode, then each implemented port whose link is up and whose device
    /// signature is an ATA disk is started and identified; every other port (ATAPI drives such as the boot CD, ports that fail) is stopped with its interrupts off.</summary>
    internal static class AhciController
    {
        public const int MaxDisks = 4;

        public static List<AhciPort> Start(IoMemoryRange abar, DmaMemory dma, IrqLine irq)
        {
            var disks = new List<AhciPort>();
            uint capabilities = abar.Read32(Capabilities);
            int slots = (int)((capabilities >> 8) & 31) + 1;
            abar.Write32(GlobalControl, AhciEnable);
            abar.Write32(GlobalControl, AhciEnable | GlobalReset);
            for (int waited = 0; (abar.Read32(GlobalControl) & GlobalReset) != 0; waited++)
            {
                if (waited == 1000)
                {
                    Debug.WriteLine("the controller did not finish its reset in 1 s");
                    return disks;
                }
                Threads.Sleep(1);
            }
            abar.Write32(GlobalControl, AhciEnable);
            uint implemented = abar.Read32(PortsImplemented);
            ulong room = dma.Length / AhciPort.BytesPerPort;
            for (int n = 0; n < 32 && disks.Count < MaxDisks && (ulong)disks.Count < room; n++)
            {
                if ((implemented & (1u << n)) == 0) continue;
                var port = new AhciPort(abar, dma, n, (ulong)disks.Count * AhciPort.BytesPerPort, slots);
                if ((port.Read(SataStatus) & 0xF) != DevicePresent) continue;
                if (!port.Start())
                {
                    Debug.WriteLine($"port {n}: did not start (engines busy or device not ready)");
                    port.Disable();
                    continue;
                }
                uint signature = port.Read(Signature);
                for (int waited = 0; signature == 0xFFFFFFFF && waited < 100; waited++)
                {
                    Threads.Sleep(1);
                    signature = port.Read(Signature);
                }
                if (signature != AtaDiskSignature)
                {
                    port.Disable();
                    continue;
                }
                disks.Add(port);
            }
            abar.Write32(AhciRegisters.InterruptStatus, 0xFFFFFFFF);
            abar.Write32(GlobalControl, AhciEnable | GlobalInterruptEnable);
            for (int i = 0; i < disks.Count; i++)
                if (!disks[i].Identify(irq))
                {
                    Debug.WriteLine($"port {disks[i].Number}: IDENTIFY DEVICE failed; the disk is not served");
                    disks[i].Disable();
                    disks.RemoveAt(i--);
                }
            return disks;
        }
    }
}
