// A driver whose startup class receives every kind of hardware resource its manifest declares.
// manifest: ../Corpus/Shared/rtc.xml
using System.Runtime.InteropServices;
using Singularity.Configuration;

namespace Test.App
{
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [IoPorts("registers")] public IoPortRange Registers;
        [Irq("alarm")] public IrqLine Alarm;
        [IoMemory("frame")] public IoMemoryRange Frame;
        [Dma("dma")] public DmaChannel Dma;
    }

    internal static class Program
    {
        private static Startup s_startup = new Startup();

        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => s_startup.Registers.Base + s_startup.Alarm.Line;
    }
}
