using Sing.Kernel.Arch;
using Sing.Kernel.Console;
using Sing.Kernel.Platform;

namespace Sing.Kernel.Bench
{
    /// <summary>One timed operation: runs <see cref="Iterations"/> times per repetition; the reported figure is the
    /// median over the repetitions of cycles per operation.</summary>
    internal readonly unsafe struct Benchmark
    {
        public readonly string Name;
        public readonly int Iterations;
        public readonly delegate*<int, ulong> Body; // runs n operations, returns elapsed TSC cycles (or a measured pause)

        public Benchmark(string name, int iterations, delegate*<int, ulong> body)
        {
            Name = name;
            Iterations = iterations;
            Body = body;
        }
    }

    /// <summary>Runs the in-kernel benchmarks selected by the "bench" option and prints one machine-readable line per
    /// row: BENCH name cycles_per_op=N iterations=N repetitions=N min=N max=N collections=N, then BENCH-DONE, then
    /// exits QEMU. Cycles come from the TSC read with lfence (under -icount the TSC counts instructions).</summary>
    internal static unsafe class BenchmarkRunner
    {
        private const int Repetitions = 5;

        public static void Run(string selection)
        {
            Benchmark[] all = RuntimeBenchmarks.All();
            Log.Line($"BENCH-START tsc_hz={Tsc.Frequency} repetitions={Repetitions}");
            for (int i = 0; i < all.Length; i++)
            {
                Benchmark b = all[i];
                if (selection != "all" && selection != "runtime" && selection != b.Name) continue;
                ulong* samples = stackalloc ulong[Repetitions];
                ulong collectionsBefore = System.GC.GetStatistics().Collections;
                b.Body(b.Iterations / 10 + 1); // warm-up: caches, dispatch cells, heap segments
                for (int r = 0; r < Repetitions; r++) samples[r] = b.Body(b.Iterations);
                ulong collections = System.GC.GetStatistics().Collections - collectionsBefore;
                Sort(samples, Repetitions);
                ulong median = samples[Repetitions / 2] / (ulong)b.Iterations;
                ulong min = samples[0] / (ulong)b.Iterations, max = samples[Repetitions - 1] / (ulong)b.Iterations;
                Log.Line($"BENCH {b.Name} cycles_per_op={median} iterations={b.Iterations} repetitions={Repetitions} min={min} max={max} collections={collections}");
            }
            Log.Line("BENCH-DONE");
            QemuExit.Exit(QemuExit.Success);
        }

        private static void Sort(ulong* values, int n)
        {
            for (int i = 1; i < n; i++)
            {
                ulong key = values[i];
                int j = i - 1;
                while (j >= 0 && values[j] > key) { values[j + 1] = values[j]; j--; }
                values[j + 1] = key;
            }
        }
    }
}
