using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Singularity.V1;

namespace Sing.Apps.SingBench
{
    /// <summary>Rows: ABICall (GetTimestampFrequency, the analogue of the paper's GetCyclesPerSecond), ThreadYield
    /// (two SIP threads yielding to each other), CreateThread (create + join a thread that returns at once),
    /// PageAlloc (allocate, touch and free one page), CreateProc (create, start and join a SIP that exits at
    /// once). Iteration counts are the paper's (10,000 ABI calls, 1,000 page allocations, 100 processes, 20,000
    /// otherwise); "quick" divides them by ten. Each row prints one line:
    /// BENCH name cycles_per_op=N iterations=N repetitions=N min=N max=N collections=N</summary>
    internal static unsafe class Program
    {
        private const int Repetitions = 5;

        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main()
        {
            string args = Processes.Arguments;
            if (args.StartsWith("exit")) return 0;   // the child of CreateProc
            int divisor = args.Contains("quick") ? 10 : 1;
            Debug.WriteLine($"BENCH-START tsc_hz={Stopwatch.Frequency} repetitions={Repetitions} source=sip");
            Row("ABICall", 10_000 / divisor, &AbiCall);
            Row("ThreadYield", 20_000 / divisor, &ThreadYield);
            Row("CreateThread", 20_000 / divisor / 10, &CreateThread);
            Row("PageAlloc", 1_000 / divisor, &PageAlloc);
            Row("CreateProc", Math.Max(100 / divisor, 10), &CreateProc);
            Debug.WriteLine("BENCH-DONE");
            return 0;
        }

        private static void Row(string name, int iterations, delegate*<int, long> body)
        {
            long* samples = stackalloc long[Repetitions];
            long collections = GC.CollectionCount(0);
            body(Math.Max(iterations / 10, 1));
            for (int r = 0; r < Repetitions; r++) samples[r] = body(iterations);
            for (int i = 1; i < Repetitions; i++)
            {
                long key = samples[i];
                int j = i - 1;
                while (j >= 0 && samples[j] > key) { samples[j + 1] = samples[j]; j--; }
                samples[j + 1] = key;
            }
            Debug.WriteLine($"BENCH {name} cycles_per_op={samples[Repetitions / 2] / iterations} iterations={iterations} repetitions={Repetitions} min={samples[0] / iterations} max={samples[Repetitions - 1] / iterations} collections={GC.CollectionCount(0) - collections}");
        }

        private static long AbiCall(int n)
        {
            ulong sink = 0;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++) sink += Abi.TimestampFrequency;
            long end = Stopwatch.GetTimestamp();
            return sink == 0 ? 0 : end - start;
        }

        private static volatile int s_yieldsLeft;

        [UnmanagedCallersOnly]
        private static void Yielder(nint count)
        {
            for (int i = 0; i < (int)count; i++) Threads.Yield();
        }

        /// <summary>Two threads each yield n times; every yield switches to the other thread.</summary>
        private static long ThreadYield(int n)
        {
            Threads.Create(&Yielder, n, out ThreadHandle other);
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++) Threads.Yield();
            Threads.Join(other);
            long end = Stopwatch.GetTimestamp();
            Processes.Close(new ProcessHandle { Value = other.Value });
            return (end - start) / 2;
        }

        [UnmanagedCallersOnly]
        private static void Nothing(nint unused) { }

        private static long CreateThread(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                Threads.Create(&Nothing, 0, out ThreadHandle t);
                Threads.Join(t);
                Processes.Close(new ProcessHandle { Value = t.Value });
            }
            return Stopwatch.GetTimestamp() - start;
        }

        private static long PageAlloc(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                byte* page = (byte*)Pages.Allocate(1);
                page[0] = 1;
                Pages.Free(page, 1);
            }
            return Stopwatch.GetTimestamp() - start;
        }

        private static long CreateProc(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                Processes.Create("singbench", "exit", out ProcessHandle child);
                Processes.Start(child);
                Processes.Join(child, ulong.MaxValue, out _);
                Processes.Close(child);
            }
            return Stopwatch.GetTimestamp() - start;
        }
    }
}
