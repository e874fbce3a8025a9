// expect: SINGI044 pciBar abar of disk is missing in code
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
        [Irq("irq")] public IrqLine Interrupt;
        [DmaMemory("structures")] public DmaMemory Structures;
    }
}
