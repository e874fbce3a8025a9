using System;
using System.Collections.Generic;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;

namespace Sing.Bench.Hosted
{
    /// <summary>
    /// Entry point: <c>--quick</c> picks the short job; every other argument goes to BenchmarkDotNet
    /// (<c>--filter</c>, <c>--list flat</c>, ...). Without a filter, all benchmarks run.
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            var rest = new List<string>();
            bool quick = false;
            bool filtered = false;
            foreach (string arg in args)
            {
                if (arg == "--quick")
                {
                    quick = true;
                    continue;
                }

                filtered |= arg == "--filter" || arg.StartsWith("--filter=", StringComparison.Ordinal) || arg == "--list";
                rest.Add(arg);
            }

            // BenchmarkDotNet asks interactively when no filter is given; a benchmark script should not.
            if (!filtered)
            {
                rest.Add("--filter");
                rest.Add("*");
            }

            IConfig config = quick ? BenchConfig.Quick() : BenchConfig.Full();
            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest.ToArray(), config);
            return 0;
        }
    }
}
