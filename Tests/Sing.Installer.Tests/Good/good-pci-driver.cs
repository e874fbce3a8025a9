// A PCI driver: its BAR as a memory range, the function's interrupt line and DMA memory, as pci-disk.xml declares.
// manifest: ../Corpus/Shared/pci-disk.xml
using System.Runtime.InteropServices;
using Singularity.Configuration;

namespace Test.App
{
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [IoMemory("abar")] public IoMemoryRange Registers;
        [Irq("irq")] public IrqLine Interrupt;
        [DmaMemory("structures")] public DmaMemory Structures;
    }

    internal static class Program
    {
        private static Startup s_startup = new Startup();

        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => s_startup.Interrupt.Line + (int)s_startup.Structures.Length;
    }
}
