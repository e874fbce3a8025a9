using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Apps.ComputeBench
{
    [ProgramStartup]
    internal sealed partial class ComputeBenchStartup
    {
        [Parameter("args")] public string Args = "";
    }

    /// <summary>computebench [quick]: the compute rows (Bench/Compute/Workloads) measured in this SIP, one BENCH line
    /// each in TSC cycles per operation; the kernel's bench=compute starts it.</summary>
    internal static class Program
    {
        internal static int Main(ComputeBenchStartup startup)
        {
            Sing.Bench.Compute.ComputeRunner.Run(startup.Args.Contains("quick"), "cycles_per_op", Debug.WriteLine);
            return 0;
        }
    }
}
