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
        internal static int Main(ConformanceStartup startup) => Suite.Run(startup.Only);
    }
}
