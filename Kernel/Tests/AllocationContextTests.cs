using Internal.Runtime;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Tests
{
    /// <summary>Per-thread allocation contexts: every thread bumps its own region; counts stay exact across
    /// threads, and a finished thread's context serves the next thread instead of piling up.</summary>
    internal static class AllocationContextTests
    {
        private sealed class Node
        {
            public Node Next;
            public int Value;
        }

        public static void CountsAndReuseAcrossThreads(TestContext t)
        {
            const int Threads = 40, PerThread = 500;
            ulong before = ObjectAllocator.ObjectsAllocated;
            int contextsBefore = ObjectAllocator.ThreadContextCount;
            int checksum = 0;
            for (int i = 0; i < Threads; i++)
            {
                int seed = i;
                KernelThread worker = Scheduler.CreateThread("alloc" + i.ToString(), () =>
                {
                    Node list = null;
                    for (int k = 0; k < PerThread; k++) list = new Node { Next = list, Value = seed };
                    int sum = 0;
                    for (Node n = list; n != null; n = n.Next) sum += n.Value;
                    checksum += sum;
                });
                Scheduler.Start(worker);
                worker.Join();
            }
            t.Equal((ulong)(PerThread * (Threads * (Threads - 1) / 2)), (ulong)checksum, "every thread's objects hold their values");
            t.True(ObjectAllocator.ObjectsAllocated - before >= (ulong)(Threads * PerThread), "objects allocated by other threads are counted");
            // The workers ran one after another: each reused the context its predecessor released.
            t.True(ObjectAllocator.ThreadContextCount <= contextsBefore + 2, "finished threads' contexts are reused");
        }
    }
}
