using Sing.Kernel.Arch;
using Sing.Kernel.Smp;

namespace Sing.Kernel.Bench
{
    /// <summary>Costs of several processors (bench=smp, or a row's name): an interprocessor-interrupt round trip, a
    /// cross-call from the boot processor to processor 1 running an empty function and waiting for its answer. Under
    /// -icount QEMU runs the CPUs in turns on one host thread, so the figure counts both CPUs' instructions and the
    /// turns; under multi-threaded TCG it is wall-clock time of CPUs running in parallel. Skipped on one CPU.</summary>
    internal static unsafe class SmpBenchmarks
    {
        public static Benchmark[] All() => new[]
        {
            Processors.Count > 1
                ? new Benchmark("IPI.RoundTrip", 10_000, &CrossCallRoundTrip)
                : Benchmark.Skipped("IPI.RoundTrip", 10_000, "one CPU runs (boot with several: --cpus N, QEMU -smp N)"),
        };

        private static ulong CrossCallRoundTrip(int n)
        {
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) CrossCall.TryRun(1, &Nothing, 0, out _);
            return Cpu.ReadTsc() - start;
        }

        private static ulong Nothing(ulong unused) => 0;
    }
}
