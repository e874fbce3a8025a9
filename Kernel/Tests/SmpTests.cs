using System.Threading;
using Sing.Kernel.Arch;
using Sing.Kernel.Boot;
using Sing.Kernel.Smp;

namespace Sing.Kernel.Tests
{
    /// <summary>Processor bring-up and cross-calls. They pass on one CPU too (then only the local path runs); the boot
    /// tests run them with 2 and 4 (SmpBootTests).</summary>
    internal static unsafe class SmpTests
    {
        public static void EveryListedProcessorReportsIn(TestContext t)
        {
            int expected = InterruptController.UsesApic ? Processors.Listed : 1;
            if (KernelOptions.Get("cpus") is string cap && int.TryParse(cap, out int n) && n >= 1 && n < expected) expected = n;
            if (expected < 1) expected = 1;
            t.Equal((ulong)expected, (ulong)Processors.Count, "processors running (the MADT's, capped by cpus=)");
            t.Equal(0, (ulong)Processors.Current, "the test thread runs on the boot processor, processor 0");
            for (int i = 0; i < Processors.Count; i++)
                for (int j = i + 1; j < Processors.Count; j++)
                    t.True(Processors.ApicIdOf(i) != Processors.ApicIdOf(j), "each processor has its own APIC id");
        }

        public static void CrossCallRunsOnTheNamedProcessor(TestContext t)
        {
            for (int i = 0; i < Processors.Count; i++)
            {
                t.True(CrossCall.TryRun(i, &ApicIdHere, 0, out ulong id), "the processor answers");
                t.Equal(Processors.ApicIdOf(i), id, "the function ran on the processor named (its local APIC id)");
            }
        }

        public static void CrossCallsAreAnsweredExactlyOnce(TestContext t)
        {
            const int Calls = 300;
            for (int i = 0; i < Processors.Count; i++)
            {
                s_calls = 0;
                s_sum = 0;
                ulong expectedSum = 0;
                bool resultsRight = true;
                for (ulong k = 1; k <= Calls; k++)
                {
                    if (!CrossCall.TryRun(i, &AddAndDouble, k, out ulong r)) { t.Fail($"processor {i} did not answer call {k}"); return; }
                    resultsRight &= r == 2 * k;
                    expectedSum += k;
                }
                t.True(resultsRight, "each call returns its own argument's result");
                t.Equal(Calls, (ulong)Volatile.Read(ref s_calls), "each call ran once");
                t.Equal(expectedSum, (ulong)Volatile.Read(ref s_sum), "each call saw its own argument");
            }
        }

        public static void CrossCallToAProcessorNotRunningIsRefused(TestContext t)
        {
            t.True(!CrossCall.TryRun(Processors.Count, &ApicIdHere, 0, out _), "a processor index past the last running one is refused");
            t.True(!CrossCall.TryRun(-1, &ApicIdHere, 0, out _), "a negative processor index is refused");
            t.True(!CrossCall.TryRun(0, null, 0, out _), "a null function is refused");
        }

        public static void EachProcessorRunsOnItsOwnStack(TestContext t)
        {
            ulong* stacks = stackalloc ulong[Processors.Count];
            for (int i = 0; i < Processors.Count; i++)
                t.True(CrossCall.TryRun(i, &StackPointerHere, 0, out stacks[i]), "the processor answers");
            for (int i = 0; i < Processors.Count; i++)
                for (int j = i + 1; j < Processors.Count; j++)
                {
                    ulong distance = stacks[i] > stacks[j] ? stacks[i] - stacks[j] : stacks[j] - stacks[i];
                    t.True(distance >= 4096, "two processors' stacks are at least a page apart");
                }
        }

        public static void SpinLockExcludesAcrossProcessors(TestContext t)
        {
            const ulong Rounds = 2000;
            // First touch on this CPU: the class's static constructor (which allocates the lock) runs here, not on an AP.
            t.True(!s_lock.IsHeld, "the lock starts free");
            s_counter = 0;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            int* requests = stackalloc int[Processors.Count];
            for (int i = 1; i < Processors.Count; i++) CrossCall.Post(i, &CountUnderLock, Rounds, out requests[i]);
            CountUnderLock(Rounds);
            bool answered = true;
            for (int i = 1; i < Processors.Count; i++) answered &= CrossCall.Wait(i, requests[i], out _);
            Threading.Scheduler.RestoreInterrupts(flags);
            t.True(answered, "every processor finished its rounds");
            // Each round reads the counter, pauses (under -icount a pause hands the host thread to the next CPU) and
            // writes it back plus one: without mutual exclusion rounds would overwrite each other.
            t.Equal(Rounds * (ulong)Processors.Count, s_counter, "no round lost: one holder at a time");
            t.True(!s_lock.IsHeld, "the lock is free after the last exit");
        }

        public static void LockOrderViolationIsReportedWithBothStacks(TestContext t)
        {
            bool wasChecking = LockOrder.Checking;
            LockOrder.Checking = true;
            var low = new SpinLock("test-low", 10);
            var high = new SpinLock("test-high", 20);
            int before = LockOrder.Violations;
            ulong a = low.Enter();
            ulong b = high.Enter();
            t.Equal(2, (ulong)LockOrder.HeldHere, "both locks are recorded as held");
            high.Exit(b);
            low.Exit(a);
            t.Equal((ulong)before, (ulong)LockOrder.Violations, "low then high follows the order");
            b = high.Enter();
            a = low.Enter();   // the other way round: reported
            low.Exit(a);
            high.Exit(b);
            t.Equal((ulong)before + 1, (ulong)LockOrder.Violations, "high then low is reported once");
            t.True(low.TryEnter(out a), "TryEnter takes a free lock");
            t.True(!low.TryEnter(out ulong ignored), "TryEnter refuses a held lock");
            low.Exit(a);
            t.Equal(0, (ulong)LockOrder.HeldHere, "nothing is held after the exits");
            LockOrder.Checking = wasChecking;
        }

        public static void TlbShootdownReachesEveryProcessor(TestContext t)
        {
            ulong* page = (ulong*)Memory.PageAllocator.Allocate(1);
            ulong* other = (ulong*)Memory.PageAllocator.Allocate(1);
            *page = 0x1111;
            *other = 0x2222;
            ulong address = (ulong)page;
            for (int i = 0; i < Processors.Count; i++)
            {
                t.True(CrossCall.TryRun(i, &ReadWord, address, out ulong v), "the processor answers");
                t.Equal(0x1111, v, "every processor reads the page (and caches its translation)");
            }
            t.True(Memory.PageTables.TryRemapSmallPage(address, (ulong)other), "the page is remapped");
            for (int i = 0; i < Processors.Count; i++)
            {
                t.True(CrossCall.TryRun(i, &ReadWord, address, out ulong v), "the processor answers");
                t.Equal(0x2222, v, "every processor sees the new frame: its cached translation was shot down");
            }
            Memory.PageTables.MapSmallPage(address);
            for (int i = 0; i < Processors.Count; i++)
            {
                t.True(CrossCall.TryRun(i, &ReadWord, address, out ulong v), "the processor answers");
                t.Equal(0x1111, v, "every processor sees the identity mapping again");
            }
            Memory.PageAllocator.Free(page, 1);
            Memory.PageAllocator.Free(other, 1);
        }

        /// <summary>Threads run on every processor, and a processor preempts a thread that never blocks: on each processor
        /// a spinner starts first, then a second thread that can run only if the spinner is preempted there.</summary>
        public static void ThreadsRunAndArePreemptedOnEveryProcessor(TestContext t)
        {
            if (!Processors.ThreadsOnAll)
            {
                t.True(Processors.Count == 1 || KernelOptions.Get("sched") == "bsp", "threads run on the boot processor only with one CPU or sched=bsp");
                return;
            }
            for (int p = 0; p < Processors.Count; p++)
            {
                var spinner = StartSpinner(p);
                var second = Threading.Scheduler.CreateThread("test-second", static () => s_secondRanOn = Processors.Current);
                Threading.Scheduler.SetHomeProcessor(second, p);
                Threading.Scheduler.Start(second);
                bool secondRan = second.Join(5000);
                Volatile.Write(ref s_stopSpinning, 1);
                bool spinnerEnded = spinner.Join(5000);
                t.Equal((ulong)p, (ulong)(long)s_spinnerRanOn, $"the spinner ran on its processor {p}");
                t.True(secondRan, $"processor {p} preempted the spinner for the second thread");
                t.Equal((ulong)p, (ulong)(long)s_secondRanOn, $"the second thread ran on processor {p}");
                t.True(spinnerEnded, "the spinner ended when told");
            }
        }

        /// <summary>A thread woken on another processor runs there while this one keeps its processor busy: the wake-up
        /// interrupt reaches an idle processor (each processor's work in turn while the others spin).</summary>
        public static void WakeUpReachesAnIdleProcessorWhileOthersSpin(TestContext t)
        {
            if (!Processors.ThreadsOnAll) return;
            for (int i = 0; i < 4; i++) ProcessTests.Run(t, "hello", "");   // processes on every processor first
            for (int p = 1; p < Processors.Count; p++)
            {
                var spinner = StartSpinner(0);   // on the boot processor, beside this thread
                for (int round = 0; round < 20; round++)
                {
                    s_secondRanOn = -1;
                    var second = Threading.Scheduler.CreateThread("test-second", static () => s_secondRanOn = Processors.Current);
                    Threading.Scheduler.SetHomeProcessor(second, p);
                    Threading.Scheduler.Start(second);
                    bool ran = second.Join(5000);
                    if (!ran || s_secondRanOn != p)
                    {
                        t.Fail($"round {round}: the thread woken on idle processor {p} did not run there within 5 s (ran on {s_secondRanOn})");
                        Threading.Scheduler.DescribeProcessors();
                        break;
                    }
                }
                Volatile.Write(ref s_stopSpinning, 1);
                t.True(spinner.Join(5000), "the spinner ended when told");
            }
        }

        private static int s_stopSpinning, s_spinnerRanOn, s_secondRanOn;

        // A kernel thread on processor `processor` that spins until s_stopSpinning; returns once it runs there.
        private static Threading.KernelThread StartSpinner(int processor)
        {
            Volatile.Write(ref s_stopSpinning, 0);
            s_spinnerRanOn = s_secondRanOn = -1;
            var spinner = Threading.Scheduler.CreateThread("test-spinner", static () =>
            {
                s_spinnerRanOn = Processors.Current;
                while (Volatile.Read(ref s_stopSpinning) == 0) Cpu.Pause();
            });
            Threading.Scheduler.SetHomeProcessor(spinner, processor);
            Threading.Scheduler.Start(spinner);
            for (int i = 0; i < 1000 && Volatile.Read(ref s_spinnerRanOn) < 0; i++) Threading.WaitHandle.Sleep(1);
            return spinner;
        }

        private static readonly SpinLock s_lock = new SpinLock("test-counter", 1);
        private static ulong s_counter;

        private static ulong CountUnderLock(ulong rounds)
        {
            for (ulong r = 0; r < rounds; r++)
            {
                ulong flags = s_lock.Enter();
                ulong value = Volatile.Read(ref s_counter);
                Cpu.Pause();
                Volatile.Write(ref s_counter, value + 1);
                s_lock.Exit(flags);
            }
            return 0;
        }

        private static ulong ReadWord(ulong address) => Volatile.Read(ref *(ulong*)address);

        private static long s_calls, s_sum;

        // Without the APIC (irq=pic) there is one processor, whose id Processors records as 0.
        private static ulong ApicIdHere(ulong unused) => LocalApic.Present ? LocalApic.Id : 0;

        private static ulong StackPointerHere(ulong unused) => Cpu.ReadStackPointer();

        private static ulong AddAndDouble(ulong k)
        {
            Interlocked.Increment(ref s_calls);
            Interlocked.Add(ref s_sum, (long)k);
            return 2 * k;
        }

        /// <summary>The policy's cpus (ProgramManifest.Cpus) places every process of a program on the named processors
        /// that were started, round robin; a list naming none of them is ignored (the program runs anywhere).</summary>
        public static void ProcessesRunOnTheProcessorsThePolicyNames(TestContext t)
        {
            Singularity.Manifests.ProgramManifest hello = Processes.ProgramCatalog.Find("hello");
            ulong policy = hello.Cpus;
            int last = Processors.Count - 1;
            try
            {
                hello.Cpus = 1UL << last;
                for (int i = 0; i < 3; i++)
                    t.Equal((ulong)(Processors.ThreadsOnAll ? last : 0), (ulong)HomeOfAHelloRun(t), "a process of a program pinned to the last processor runs there");
                hello.Cpus = 1UL << 63;   // a processor this machine does not have
                bool[] seen = new bool[Processors.Count];
                for (int i = 0; i < 2 * Processors.Count; i++) seen[HomeOfAHelloRun(t)] = true;
                int homes = 0;
                for (int i = 0; i < seen.Length; i++) if (seen[i]) homes++;
                t.Equal((ulong)(Processors.ThreadsOnAll ? Processors.Count : 1), (ulong)homes, "cpus naming no started processor: processes go round all of them");
            }
            finally
            {
                hello.Cpus = policy;
            }
        }

        private static int HomeOfAHelloRun(TestContext t)
        {
            if (Processes.ProcessManager.Create("hello", "", null, out Processes.KernelProcess p, out string error) != Singularity.V1.AbiStatus.Ok)
            {
                t.Fail(string.Concat("cannot create hello: ", error));
                return 0;
            }
            Processes.ProcessManager.Start(p);
            p.Exited.WaitOne();
            t.Equal(42, (ulong)(uint)p.ExitCode, "hello ran to its end");
            return p.HomeProcessor;
        }
    }
}
