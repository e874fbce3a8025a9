using Singularity.Configuration;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.WebServer
{
    [ProgramStartup]
    internal sealed partial class WebServerStartup
    {
        [Parameter("root")] public string Root = "/fs/www";
    }

    internal static class Program
    {
        internal static int Main(WebServerStartup startup)
        {
            Debug.WriteLine("webserver: " + startup.Root);
            return 0;
        }
    }
}
