// expect: SINGI048 field Test.App.Startup.Structures for dmaMemory structures is Singularity.Configuration.DmaChannel
// program: disk
// manifest: Shared/pci-disk.xml
using System.Runtime.InteropServices;
using Singularity.Configuration;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => 0;
    }
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [IoMemory("abar")] public IoMemoryRange Registers;
        [Irq("irq")] public IrqLine Interrupt;
        [DmaMemory("structures")] public DmaChannel Structures;
    }
}
