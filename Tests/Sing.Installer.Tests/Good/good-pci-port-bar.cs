// A BAR that the device decodes as I/O ports is taken by an [IoPorts] field instead.
// manifest: ../Corpus/Shared/pci-ich9.xml
using System.Runtime.InteropServices;
using Singularity.Configuration;

namespace Test.App
{
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [IoPorts("abar")] public IoPortRange Registers;
    }

    internal static class Program
    {
        private static Startup s_startup = new Startup();

        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => s_startup.Registers.Base;
    }
}
