using Sing.Kernel.Arch;
using Sing.Kernel.Boot;
using Sing.Kernel.Console;
using Sing.Kernel.Platform;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Bench
{
    /// <summary>One timed operation: runs <see cref="Iterations"/> times per repetition; the reported figure is the
    /// median over the repetitions of cycles per operation. A row with a <see cref="SkipReason"/> has no body: the
    /// feature it measures does not exist yet.</summary>
    internal readonly unsafe struct Benchmark
    {
        public readonly string Name;
        public readonly int Iterations;
        public readonly delegate*<int, ulong> Body; // runs n operations, returns elapsed TSC cycles (or a measured pause)
        public readonly string SkipReason;

        public Benchmark(string name, int iterations, delegate*<int, ulong> body)
        {
            Name = name;
            Iterations = iterations;
            Body = body;
            SkipReason = null;
        }

        private Benchmark(string name, int iterations, string skipReason)
        {
            Name = name;
            Iterations = iterations;
            Body = null;
            SkipReason = skipReason;
        }

        public static Benchmark Skipped(string name, int iterations, string reason) => new Benchmark(name, iterations, reason);
    }

    /// <summary>Runs the in-kernel benchmarks selected by the "bench" option (all, runtime, singbench, storage, compute (the
    /// computebench SIP, Bench/Compute/README.md), smp (not part of all: its rows need several CPUs), or one row's name; all and singbench include the storage rows, skipped when no disk is attached) and prints one machine-readable line per row:
    /// BENCH name cycles_per_op=N iterations=N repetitions=N min=N max=N collections=N context_switches=N suite=S,
    /// or BENCH-SKIP name reason="..." suite=S for a row whose feature is missing; then BENCH-DONE, then exits QEMU.
    /// Cycles come from the TSC read with lfence (under -icount the TSC counts instructions). Collections and context
    /// switches are counted over the timed repetitions only. "bench.quick" divides the iteration counts by 10 (at
    /// least 10) and runs 3 repetitions instead of 5, matching the Linux guest's quick mode.</summary>
    internal static unsafe class BenchmarkRunner
    {
        private const int FullRepetitions = 5;
        private const int QuickRepetitions = 3;
        private const int MaxRepetitions = FullRepetitions;

        public static void Run(string selection)
        {
            bool quick = KernelOptions.Get("bench.quick") is string q && q != "0";
            int repetitions = quick ? QuickRepetitions : FullRepetitions;
            Log.Line($"BENCH-START tsc_hz={Tsc.Frequency} repetitions={repetitions} quick={(quick ? 1 : 0)}");
            if (selection == "all" || selection == "runtime" || !IsSuite(selection))
                RunSuite("runtime", RuntimeBenchmarks.All(), selection, quick, repetitions);
            if (selection == "all" || selection == "singbench" || !IsSuite(selection))
                RunSuite("singbench", SingBench.All(), selection, quick, repetitions);
            if (selection == "all" || selection == "singbench") RunSingBenchSip(quick);
            if (selection == "all" || selection == "singbench" || selection == "storage") StorageBenchmarks.Run(quick);
            if (selection == "all" || selection == "compute") RunSip("computebench", quick, ComputeRows, "compute");
            if (selection == "smp" || !IsSuite(selection)) RunSuite("smp", SmpBenchmarks.All(), selection, quick, repetitions);
            Log.Line("BENCH-DONE");
            QemuExit.Exit(QemuExit.Success);
        }

        private static readonly string[] PaperRows =
        {
            "ABICall", "PageAlloc", "CreateThread", "ThreadYield", "CreateChannel", "CreateProc", "NameBind",
            "SR-1", "SR-32", "SR-1K", "SR-32K", "PSR-1", "PSR-32", "PSR-1K", "PSR-32K",
        };

        private static readonly string[] ComputeRows =
        {
            "Compute.Numeric", "Compute.DictionaryStrings", "Compute.BinaryTrees", "Compute.Fannkuch", "Compute.SpectralNorm", "Compute.Sort", "Compute.StringBuilding",
        };

        /// <summary>The paper's rows, measured by the SingBench SIP; its lines reach the serial port prefixed with
        /// "[singbench:PID] ". If it cannot run, each row is reported skipped with the reason.</summary>
        private static void RunSingBenchSip(bool quick) => RunSip("singbench", quick, PaperRows, "singbench-sip");

        /// <summary>Runs a benchmark SIP ("quick" passed on) and waits for it; if it cannot run or fails, each of its rows is
        /// reported skipped with the reason.</summary>
        private static void RunSip(string program, bool quick, string[] rows, string suite)
        {
            var status = Processes.ProcessManager.Create(program, quick ? "quick" : "", null, out Processes.KernelProcess sip, out string error);
            if (status == Singularity.V1.AbiStatus.Ok)
            {
                Processes.ProcessManager.Start(sip);
                sip.Exited.WaitOne();
                if (sip.ExitCode == 0) return;
                error = string.Concat("the ", program, " SIP exited with ", sip.ExitCode.ToString());
            }
            for (int i = 0; i < rows.Length; i++)
                Log.Line($"BENCH-SKIP {rows[i]} reason=\"{error}\" suite={suite}");
        }

        private static bool IsSuite(string selection) => selection == "all" || selection == "runtime" || selection == "singbench" || selection == "storage" || selection == "smp" || selection == "compute";

        private static void RunSuite(string suite, Benchmark[] rows, string selection, bool quick, int repetitions)
        {
            for (int i = 0; i < rows.Length; i++)
            {
                Benchmark b = rows[i];
                if (!IsSuite(selection) && selection != b.Name) continue;
                if (b.Body == null)
                {
                    Log.Line($"BENCH-SKIP {b.Name} reason=\"{b.SkipReason}\" suite={suite}");
                    continue;
                }
                RunRow(suite, b, quick, repetitions);
            }
        }

        private static void RunRow(string suite, in Benchmark b, bool quick, int repetitions)
        {
            // Single-operation rows (GC pauses) stay at one iteration in quick mode.
            int iterations = quick && b.Iterations > 1 ? System.Math.Max(10, b.Iterations / 10) : b.Iterations;
            ulong* samples = stackalloc ulong[MaxRepetitions];
            b.Body(iterations / 10 + 1); // warm-up: caches, dispatch cells, heap segments
            ulong collectionsBefore = System.GC.GetStatistics().Collections;
            ulong switchesBefore = Scheduler.ContextSwitches;
            for (int r = 0; r < repetitions; r++) samples[r] = b.Body(iterations);
            ulong switches = Scheduler.ContextSwitches - switchesBefore;
            ulong collections = System.GC.GetStatistics().Collections - collectionsBefore;
            Sort(samples, repetitions);
            ulong median = samples[repetitions / 2] / (ulong)iterations;
            ulong min = samples[0] / (ulong)iterations, max = samples[repetitions - 1] / (ulong)iterations;
            Log.Line($"BENCH {b.Name} cycles_per_op={median} iterations={iterations} repetitions={repetitions} min={min} max={max} collections={collections} context_switches={switches} suite={suite}");
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
