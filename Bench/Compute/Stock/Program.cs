using System;

namespace Sing.Bench.Compute
{
    /// <summary>computebench [quick]: the compute rows with the stock runtime, one line each on standard output.</summary>
    internal static class Program
    {
        private static int Main(string[] args)
        {
            ComputeRunner.Run(Array.IndexOf(args, "quick") >= 0, "ns_per_op", Console.WriteLine);
            return 0;
        }
    }
}
