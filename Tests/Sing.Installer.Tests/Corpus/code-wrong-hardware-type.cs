// expect: SINGI048 field Test.App.Startup.Alarm for irq alarm is Singularity.Configuration.IoPortRange
// program: rtc
// manifest: Shared/rtc.xml
using System;
using System.Runtime.InteropServices;
using Singularity.V1;
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
        [IoPorts("registers")] public IoPortRange Registers;
        [Irq("alarm")] public IoPortRange Alarm;
        [IoMemory("frame")] public IoMemoryRange Frame;
        [Dma("dma")] public DmaChannel Dma;
    }
}
