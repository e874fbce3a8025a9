using System;
using Internal.Runtime.GC;

namespace Sing.Kernel.Tests
{
    /// <summary>The kernel object space's collector: reclamation, roots, large objects, value-type arrays with
    /// references, interior pointers, statistics, and a randomized stress run over many object graphs.</summary>
    internal static class GCTests
    {
        private sealed class Node
        {
            public long Value;
            public Node Left;
            public Node Right;
            public string Label;
        }

        private struct Pair
        {
            public string Name;
            public int Number;
            public Node Item;
        }

        private static Node s_rooted;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void MakeGarbage(int count)
        {
            for (int i = 0; i < count; i++)
            {
                var n = new Node { Value = i, Label = "garbage" };
                n.Left = new Node { Value = -i };
            }
        }

        public static void UnreachableObjectsAreReclaimed(TestContext t)
        {
            GC.Collect();
            ulong baseline = (ulong)GC.GetTotalMemory(false);
            ulong collectionsBefore = GC.GetStatistics().Collections;
            MakeGarbage(200_000);  // about 12 MiB of garbage
            GC.Collect();
            var stats = GC.GetStatistics();
            t.True(stats.Collections > collectionsBefore, "collections happened");
            t.True(stats.LiveBytes <= baseline + 64 * 1024, "live bytes return to the baseline after the garbage is collected");
            t.True(stats.FreedBytes >= 10UL << 20, "at least 10 MiB were freed");
            t.True(stats.LastPauseCycles > 0 && stats.TotalPauseCycles >= stats.LastPauseCycles, "pause times are recorded");
        }

        public static void RootsKeepObjectsAlive(TestContext t)
        {
            s_rooted = Build(10, 1);
            Node local = Build(8, 1000);
            MakeGarbage(50_000);
            GC.Collect();
            MakeGarbage(50_000);
            GC.Collect();
            t.Equal(Sum(10, 1), (ulong)Checksum(s_rooted), "a graph reachable from a static survives intact");
            t.Equal(Sum(8, 1000), (ulong)Checksum(local), "a graph reachable from a local survives intact");
            s_rooted = null;
        }

        private static unsafe delegate*<Arch.InterruptFrame*, bool> s_chainedDivideHandler;
        private static int s_collectionsInHandler;
        private static int s_zero;

        /// <summary>A collection while a fault handler runs on its own interrupt stack (IST) scans that stack to its top
        /// and the interrupted frames, never the span between the two stacks (guard pages lie there).</summary>
        public static unsafe void CollectionInAFaultHandler(TestContext t)
        {
            Node local = Build(8, 7);
            s_collectionsInHandler = 0;
            s_chainedDivideHandler = Arch.Interrupts.Handler(Arch.Interrupts.DivideError);
            Arch.Interrupts.SetHandler(Arch.Interrupts.DivideError, &CollectingDivideHandler);
            bool caught = false;
            try { DivideBy(s_zero); }
            catch (DivideByZeroException) { caught = true; }
            finally { Arch.Interrupts.SetHandler(Arch.Interrupts.DivideError, s_chainedDivideHandler); }
            t.True(caught, "the divide error still becomes a DivideByZeroException");
            t.Equal(1UL, (ulong)s_collectionsInHandler, "the handler collected once on its interrupt stack");
            MakeGarbage(20_000);
            GC.Collect();
            t.Equal(Sum(8, 7), (ulong)Checksum(local), "a graph held by the interrupted frames survives intact");
        }

        private static unsafe bool CollectingDivideHandler(Arch.InterruptFrame* frame)
        {
            MakeGarbage(20_000);
            GC.Collect();
            s_collectionsInHandler++;
            return s_chainedDivideHandler(frame);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static int DivideBy(int divisor) => 1000 / divisor;

        private static Node Build(int depth, long seed)
        {
            if (depth == 0) return null;
            return new Node { Value = seed, Left = Build(depth - 1, seed * 2), Right = Build(depth - 1, seed * 2 + 1), Label = depth == 1 ? "leaf" : null };
        }

        private static long Checksum(Node n) => n == null ? 0 : n.Value + Checksum(n.Left) + Checksum(n.Right) + (n.Label == null ? 0 : n.Label.Length);

        // Sum of Build(depth, seed)'s values plus 4 per leaf ("leaf".Length).
        private static ulong Sum(int depth, long seed)
        {
            if (depth == 0) return 0;
            return (ulong)seed + Sum(depth - 1, seed * 2) + Sum(depth - 1, seed * 2 + 1) + (depth == 1 ? 4UL : 0);
        }

        public static void LargeObjectsAreReturned(TestContext t)
        {
            GC.Collect();
            ulong heapBefore = GC.GetStatistics().HeapBytes;
            long total = 0;
            for (int i = 0; i < 40; i++)
            {
                byte[] big = new byte[1 << 20];
                big[i] = (byte)i;
                total += big[i] + big.Length;
            }
            GC.Collect();
            ulong heapAfter = GC.GetStatistics().HeapBytes;
            t.Equal(40L * ((1 << 20)) + 780, (ulong)total, "large arrays were usable");
            t.True(heapAfter <= heapBefore + (4UL << 20), "dead large objects' memory went back to the host");
        }

        public static void ValueTypeArraysWithReferences(TestContext t)
        {
            var pairs = new Pair[500];
            for (int i = 0; i < pairs.Length; i++)
                pairs[i] = new Pair { Name = "n" + i.ToString(), Number = i, Item = new Node { Value = i * 3 } };
            MakeGarbage(100_000);
            GC.Collect();
            int bad = 0;
            for (int i = 0; i < pairs.Length; i++)
                if (pairs[i].Name != "n" + i.ToString() || pairs[i].Number != i || pairs[i].Item.Value != i * 3) bad++;
            t.Equal(0, (ulong)bad, "references inside struct array elements are traced");
        }

        public static void InteriorPointersKeepObjectsAlive(TestContext t)
        {
            Span<long> span = MakeArray();
            MakeGarbage(100_000);
            GC.Collect();
            MakeGarbage(100_000);
            long sum = 0;
            for (int i = 0; i < span.Length; i++) sum += span[i];
            t.Equal(100 * 99 / 2 * 7, (ulong)sum, "an array reachable only through a span survives");
        }

        /// <summary>A thread preempted at the end of an allocation holds only the header address of the object it has
        /// just published (runtime.asm's fast paths): a stack word pointing at an object's header word keeps it alive.</summary>
        public static unsafe void HeaderAddressesKeepObjectsAlive(TestContext t)
        {
            const int count = 512;
            nint* headers = stackalloc nint[count];
            for (int i = 0; i < count; i++) headers[i] = MakeArrayHeader(i);
            MakeGarbage(100_000);
            GC.Collect();
            for (int round = 0; round < 4; round++) MakeGarbage(100_000);
            int intact = 0;
            nint arrayType = *(nint*)(headers[0] + sizeof(nint));
            for (int i = 0; i < count; i++)
            {
                byte* obj = (byte*)headers[i] + sizeof(nint);
                bool same = *(nint*)obj == arrayType && *(int*)(obj + sizeof(nint)) == 6;
                long* data = (long*)(obj + 2 * sizeof(nint));
                for (int k = 0; k < 6 && same; k++) same = data[k] == i * 1000 + k;
                if (same) intact++;
            }
            t.Equal((ulong)count, (ulong)intact, "arrays known only by their header addresses survive a collection and later allocations");
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static unsafe nint MakeArrayHeader(int seed)
        {
            var array = new long[6];
            for (int k = 0; k < array.Length; k++) array[k] = seed * 1000 + k;
            return System.Runtime.CompilerServices.Unsafe.As<long[], nint>(ref array) - sizeof(nint);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static Span<long> MakeArray()
        {
            var array = new long[100];
            for (int i = 0; i < array.Length; i++) array[i] = i * 7;
            return new Span<long>(array, 0, array.Length);
        }

        /// <summary>Random graphs (lists, trees, reference arrays, strings) in 64 root slots, replaced at random,
        /// allocating many times the heap limit. Every graph is verified whenever a collection has happened, and
        /// after all are dropped the live bytes must return to the baseline.</summary>
        public static void StressRandomGraphs(TestContext t)
        {
            const ulong heapLimit = 8UL << 20;
            const ulong toAllocate = 160UL << 20;  // twenty times the heap limit
            ulong previousLimit = GCHeap.HeapLimit;
            GC.Collect();
            ulong baseline = GC.GetStatistics().LiveBytes;
            GCHeap.HeapLimit = GC.GetStatistics().HeapBytes + heapLimit;

            var stress = new GraphStress(64, 0x9E3779B97F4A7C15UL);
            ulong start = GC.GetStatistics().BytesAllocated;
            ulong collections = GC.GetStatistics().Collections;
            int verifications = 0, failures = 0;
            while (GC.GetStatistics().BytesAllocated - start < toAllocate)
            {
                stress.Step();
                ulong now = GC.GetStatistics().Collections;
                if (now != collections)
                {
                    collections = now;
                    verifications++;
                    failures += stress.VerifyAll();
                }
            }
            failures += stress.VerifyAll();
            var stats = GC.GetStatistics();
            t.True(stats.HeapBytes <= GCHeap.HeapLimit, "the heap stayed within its limit");
            t.True(verifications >= 10, "graphs were verified after at least ten collections");
            t.Equal(0, (ulong)failures, "every graph's contents survived every collection");
            stress.DropAll();
            GC.Collect();
            ulong after = GC.GetStatistics().LiveBytes;
            GCHeap.HeapLimit = previousLimit;
            t.True(after <= baseline + 64 * 1024, "live bytes return to the baseline once the graphs are dropped");
            Console.Log.Line($"  gc stress: allocated {toAllocate >> 20} MiB within a {heapLimit >> 20} MiB heap limit, {verifications} verified collections, max pause {Arch.Tsc.ToMicroseconds(stats.MaxPauseCycles)} us, live {baseline} -> {after} bytes");
        }
    }
}
