using Singularity.Configuration;

namespace Sing.Conformance
{
    /// <summary>What conformance's manifest (Manifests/Programs/conformance.xml) lets a user pass.</summary>
    [ProgramStartup]
    internal sealed partial class ConformanceStartup
    {
        [Parameter("only")] public string Only;
    }

    internal static class Program
    {
        /// <summary>Async, as ordinary programs' Main often is: the suite runs on the first thread, and the exit code
        /// comes back through a continuation on the thread pool (the SIP entry waits for it, as .NET's does).</summary>
        internal static async System.Threading.Tasks.Task<int> Main(ConformanceStartup startup)
        {
            // The first DateTime.UtcNow waits for the clock driver's answer, which it gives only after its start-up
            // lines: asking before the suite prints keeps a driver started just before from printing between its lines.
            try
            {
                _ = System.DateTime.UtcNow;
            }
            catch (System.PlatformNotSupportedException)
            {
                // No clock driver: the date group reports it in its own lines.
            }
            int code = Suite.Run(startup.Only);
            await System.Threading.Tasks.Task.Yield();
            return code;
        }
    }
}
