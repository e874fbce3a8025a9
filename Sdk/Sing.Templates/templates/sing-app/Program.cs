using Singularity.Configuration;
using Singularity.V1;

namespace SingApp
{
    /// <summary>What singapp.xml lets a user pass; the startup generator fills it from the command line.</summary>
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [Parameter("name")] public string Name;
    }

    internal static class Program
    {
        internal static int Main(Startup startup)
        {
            Debug.WriteLine($"SingApp: hello, {startup.Name}, from SIP {Processes.CurrentId}");
            return 0;
        }
    }
}
