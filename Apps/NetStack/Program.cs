using Singularity.Configuration;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.NetStack
{
    [ProgramStartup]
    internal sealed partial class NetStackStartup
    {
        [Parameter("nic")] public string Nic = "/dev/nic0";
    }

    internal static class Program
    {
        internal static int Main(NetStackStartup startup)
        {
            Debug.WriteLine("netstack: " + startup.Nic);
            return 0;
        }
    }
}
