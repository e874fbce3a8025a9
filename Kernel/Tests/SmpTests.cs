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
            t.Equal(0, (ulong)Processors.Current, "the boot processor, which runs every thread, is processor 0");
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
    }
}
