using System;
using Sing.Kernel.Arch;
using Sing.Kernel.Memory;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Bench
{
    /// <summary>Kernel-internal counterparts of some SingBench rows (004 §4.1), with the paper's iteration counts.
    /// The paper's rows themselves come from the SingBench SIP.</summary>
    internal static unsafe class SingBench
    {
        public static Benchmark[] All()
        {
            Prepare();
            Benchmark[] rows = Rows(), entries = EntryBenchmarks.Rows();
            var all = new Benchmark[rows.Length + entries.Length];
            for (int i = 0; i < rows.Length; i++) all[i] = rows[i];
            for (int i = 0; i < entries.Length; i++) all[rows.Length + i] = entries[i];
            return all;
        }

        // The paper's rows are measured by the SingBench SIP (Apps/SingBench), through the ABI as an application
        // sees them; BenchmarkRunner starts it after these. These rows give the same operations from inside the
        // kernel, without the ABI crossing, for comparison.
        private static Benchmark[] Rows() => new[]
        {
            new Benchmark("Kernel.PageAlloc", 1_000, &PageAlloc),
            new Benchmark("Kernel.CreateThread", 20_000, &CreateThread),
            new Benchmark("Kernel.ThreadYield", 20_000, &ThreadYield),
            // Seed 003's lookup (Tables 2 and 3): the handle table the boot chose (handles=table|mmu|hash), hot, and
            // TLB-cold (CR3 reloaded first: no page is global here, so every translation is refilled), and the reload
            // alone, to subtract.
            new Benchmark("Kernel.HandleResolve", 100_000, &HandleResolve),
            new Benchmark("Kernel.HandleResolve-TlbCold", 20_000, &HandleResolveTlbCold),
            new Benchmark("Kernel.TlbFlush", 20_000, &TlbFlush),
        };

        // Built at run time so no allocation of the delegates falls inside a timed loop.
        private static Action s_exitAtOnce;
        private static Action s_yieldPartner;
        private static int s_stopYielding;
        private static ulong s_sink;

        private static void Prepare()
        {
            s_exitAtOnce = ExitAtOnce;
            s_yieldPartner = YieldPartner;
        }

        private static void ExitAtOnce() { }

        // A process's handle table as the benchmarks' SIP would have it: a few handles, the measured one among them.
        private static Abi.HandleTable s_handles;
        private static ulong s_handle;

        private static ulong PrepareHandles()
        {
            if (s_handles != null) return s_handle;
            s_handles = Abi.HandleTable.Create();
            for (int i = 0; i < 8; i++)
            {
                ulong h = s_handles.Add(Singularity.V1.HandleType.Event, new ManualResetEvent(false));
                if (i == 5) s_handle = h;
            }
            return s_handle;
        }

        private static ulong HandleResolve(int n)
        {
            ulong handle = PrepareHandles();
            int found = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++)
                if (s_handles.Resolve(handle, Singularity.V1.HandleType.Event, out WaitHandle e) == Singularity.V1.AbiStatus.Ok) found++;
            ulong end = Cpu.ReadTsc();
            return found == n ? end - start : 0;
        }

        private static ulong HandleResolveTlbCold(int n)
        {
            ulong handle = PrepareHandles();
            int found = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++)
            {
                Cpu.WriteCr3(Cpu.ReadCr3());
                if (s_handles.Resolve(handle, Singularity.V1.HandleType.Event, out WaitHandle e) == Singularity.V1.AbiStatus.Ok) found++;
            }
            ulong end = Cpu.ReadTsc();
            return found == n ? end - start : 0;
        }

        private static ulong TlbFlush(int n)
        {
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) Cpu.WriteCr3(Cpu.ReadCr3());
            return Cpu.ReadTsc() - start;
        }

        private static void YieldPartner()
        {
            while (System.Threading.Volatile.Read(ref s_stopYielding) == 0) Scheduler.Yield();
        }

        /// <summary>Allocate one 4 KiB page, commit it by writing to it, free it (004: "allocating and committing one
        /// page of memory"). In SIP-Phys every page is already mapped, so committing is the write alone.</summary>
        private static ulong PageAlloc(int n)
        {
            ulong touched = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++)
            {
                ulong* page = (ulong*)PageAllocator.Allocate(1);
                if (page == null) throw new OutOfMemoryException();
                *page = (ulong)i;
                touched += *page;
                PageAllocator.Free(page, 1);
            }
            ulong end = Cpu.ReadTsc();
            s_sink = touched;
            return end - start;
        }

        /// <summary>Create a thread in the running process (here: the kernel) whose body returns at once, start it,
        /// and join it. The stack of the finished thread is reclaimed at the next switch, inside the loop.</summary>
        private static ulong CreateThread(int n)
        {
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++)
            {
                KernelThread thread = Scheduler.CreateThread("bench-create", s_exitAtOnce);
                Scheduler.Start(thread);
                thread.Join();
            }
            return Cpu.ReadTsc() - start;
        }

        /// <summary>Two threads yield to each other: this one and a partner that yields until told to stop. Each of
        /// this thread's n yields runs the partner, which yields back, so n iterations are 2n yields; the result is
        /// cycles per yield, as the Linux row counts it.</summary>
        private static ulong ThreadYield(int n)
        {
            System.Threading.Volatile.Write(ref s_stopYielding, 0);
            KernelThread partner = Scheduler.CreateThread("bench-yield", s_yieldPartner);
            Scheduler.Start(partner);
            Scheduler.Yield(); // let the partner enter its loop, so every timed yield is a switch
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) Scheduler.Yield();
            ulong elapsed = Cpu.ReadTsc() - start;
            System.Threading.Volatile.Write(ref s_stopYielding, 1);
            partner.Join();
            return elapsed / 2;
        }
    }
}
