using Sing.Kernel.Arch;
using Sing.Kernel.Smp;

namespace Sing.Kernel.Bench
{
    /// <summary>Costs of several processors (bench=smp, or a row's name): an uncontended kernel spin lock; an
    /// interprocessor-interrupt round trip, a cross-call from the boot processor to processor 1 running an empty function
    /// and waiting for its answer; a TLB shootdown of one page on every processor; a wake-up round trip between two
    /// threads (two events, each thread waking the other) on the same processor and on two (the partner on processor 1,
    /// woken there by the reschedule IPI when idle). Under
    /// -icount QEMU runs the CPUs in turns on one host thread, so the figure counts both CPUs' instructions and the
    /// turns; under multi-threaded TCG it is wall-clock time of CPUs running in parallel. The last two are skipped on one CPU.</summary>
    internal static unsafe class SmpBenchmarks
    {
        private const string OneCpu = "one CPU runs (boot with several: --cpus N, QEMU -smp N)";

        public static Benchmark[] All() => new[]
        {
            new Benchmark("Lock.Uncontended", 100_000, &UncontendedLock),
            Processors.Count > 1 ? new Benchmark("IPI.RoundTrip", 10_000, &CrossCallRoundTrip) : Benchmark.Skipped("IPI.RoundTrip", 10_000, OneCpu),
            Processors.Count > 1 ? new Benchmark("TLB.Shootdown", 10_000, &Shootdown) : Benchmark.Skipped("TLB.Shootdown", 10_000, OneCpu),
            new Benchmark("Wake.SameCpu", 5_000, &WakeRoundTripSameCpu),
            Processors.ThreadsOnAll ? new Benchmark("Wake.CrossCpu", 5_000, &WakeRoundTripCrossCpu) : Benchmark.Skipped("Wake.CrossCpu", 5_000, "threads run on one processor (one CPU, or sched=bsp)"),
        };

        private static ulong WakeRoundTripSameCpu(int n) => WakeRoundTrip(n, 0);

        private static ulong WakeRoundTripCrossCpu(int n) => WakeRoundTrip(n, 1);

        private static Threading.AutoResetEvent s_ping, s_pong;
        private static int s_rounds;

        // n round trips: this thread sets ping and waits for pong; the partner, on `processor`, does the reverse.
        private static ulong WakeRoundTrip(int n, int processor)
        {
            s_ping = new Threading.AutoResetEvent(false);
            s_pong = new Threading.AutoResetEvent(false);
            s_rounds = n;
            var partner = Threading.Scheduler.CreateThread("bench-wake", static () =>
            {
                for (int i = 0; i < s_rounds; i++)
                {
                    s_ping.WaitOne();
                    s_pong.Set();
                }
            });
            Threading.Scheduler.SetHomeProcessor(partner, processor);
            Threading.Scheduler.Start(partner);
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++)
            {
                s_ping.Set();
                s_pong.WaitOne();
            }
            ulong elapsed = Cpu.ReadTsc() - start;
            partner.Join();
            return elapsed;
        }

        private static readonly SpinLock s_lock = new SpinLock("bench", 1);

        // Enter and exit of a free kernel spin lock (interrupts off and on again included).
        private static ulong UncontendedLock(int n)
        {
            SpinLock l = s_lock;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) l.Exit(l.Enter());
            return Cpu.ReadTsc() - start;
        }

        // One page's translation invalidated on this CPU and, by cross-call, on every other (all answering).
        private static ulong Shootdown(int n)
        {
            void* page = Memory.PageAllocator.Allocate(1);
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) Tlb.Invalidate((ulong)page);
            ulong elapsed = Cpu.ReadTsc() - start;
            Memory.PageAllocator.Free(page, 1);
            return elapsed;
        }

        private static ulong CrossCallRoundTrip(int n)
        {
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) CrossCall.TryRun(1, &Nothing, 0, out _);
            return Cpu.ReadTsc() - start;
        }

        private static ulong Nothing(ulong unused) => 0;
    }
}
