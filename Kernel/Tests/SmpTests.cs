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
