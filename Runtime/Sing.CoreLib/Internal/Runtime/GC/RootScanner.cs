using System.Runtime.CompilerServices;

namespace Internal.Runtime.GC
{
    /// <summary>Finds the collector's roots. Statics and frozen objects are exact. The stack is scanned
    /// conservatively (every aligned word between the stack pointer and the top of the stack, with the
    /// callee-saved registers spilled onto it first): a precise scan from ILC's GC info can replace
    /// <see cref="ScanStack"/> without touching the rest of the collector.</summary>
    internal static unsafe class RootScanner
    {
        private const int MaxRegions = 16;

        private struct Regions
        {
            public fixed ulong Start[MaxRegions];
            public fixed ulong Length[MaxRegions];
        }

        private static Regions s_staticRegions;
        private static int s_staticRegionCount;
        private static Regions s_frozenRegions;
        private static int s_frozenRegionCount;

        /// <summary>Records a module's GC static region: 32-bit relative pointers to slots that hold the objects
        /// carrying each type's reference-type statics.</summary>
        public static void AddStaticRegion(byte* start, int length)
        {
            if (s_staticRegionCount == MaxRegions) RuntimeHost.Fail("too many GC static regions", null);
            s_staticRegions.Start[s_staticRegionCount] = (ulong)start;
            s_staticRegions.Length[s_staticRegionCount] = (ulong)length;
            s_staticRegionCount++;
        }

        /// <summary>Records a module's frozen objects (compile-time-built strings and arrays, outside the heap).</summary>
        public static void AddFrozenRegion(byte* start, int length)
        {
            if (s_frozenRegionCount == MaxRegions) RuntimeHost.Fail("too many frozen object regions", null);
            s_frozenRegions.Start[s_frozenRegionCount] = (ulong)start;
            s_frozenRegions.Length[s_frozenRegionCount] = (ulong)length;
            s_frozenRegionCount++;
        }

        public static void ScanStatics(delegate*<nint*, void> visit)
        {
            for (int r = 0; r < s_staticRegionCount; r++)
            {
                byte* start = (byte*)s_staticRegions.Start[r];
                byte* end = start + s_staticRegions.Length[r];
                for (byte* entry = start; entry < end; entry += sizeof(int))
                {
                    nint* slot = (nint*)(entry + *(int*)entry);
                    visit(slot);
                }
            }
        }

        /// <summary>Frozen objects may hold references to heap objects once code stores into them (a frozen array
        /// is still a mutable array), so their reference fields are roots.</summary>
        public static void ScanFrozenObjects(delegate*<nint*, void> visit)
        {
            for (int r = 0; r < s_frozenRegionCount; r++)
            {
                byte* header = (byte*)s_frozenRegions.Start[r];
                byte* end = header + s_frozenRegions.Length[r];
                while (header + 2 * sizeof(nint) <= end)
                {
                    byte* obj = header + sizeof(nint);
                    MethodTable* type = *(MethodTable**)obj;
                    if (type == null) break;
                    nuint size = Collector.ObjectSizeUnaligned(obj, type);
                    GCDesc.EnumerateReferences(obj, type, size, visit);
                    size = (size + 7) & ~(nuint)7;
                    header += size < GCHeap.MinObjectSize ? GCHeap.MinObjectSize : size;
                }
            }
        }

        private static delegate*<nint*, void> s_stackVisitor;

        public static void ScanStack(delegate*<nint*, void> visit)
        {
            s_stackVisitor = visit;
            SpillRegistersAndScan(&ScanFrom);
            // Stopped threads keep their registers on their own stacks (saved by the switch or the interrupt).
            if (RuntimeHost.EnumerateOtherStacks != null) RuntimeHost.EnumerateOtherStacks(&ScanRange);
        }

        private static void ScanRange(nint* low, nint* high)
        {
            for (nint* slot = low; slot < high; slot++) s_stackVisitor(slot);
        }

        /// <summary>Called by the assembly helper with the stack pointer after it pushed the callee-saved registers.</summary>
        private static void ScanFrom(nint* stackPointer)
        {
            nint* top = RuntimeHost.StackTop == null ? null : (nint*)RuntimeHost.StackTop();
            if (top == null) RuntimeHost.Fail("the collector found no stack top: the stack pointer lies in no stack the host knows", null);
            for (nint* slot = stackPointer; slot < top; slot++) s_stackVisitor(slot);
        }

        [MethodImpl(MethodImplOptions.InternalCall), System.Runtime.RuntimeImport("sing_gc_spill_registers_and_call")]
        private static extern void SpillRegistersAndScan(delegate*<nint*, void> scan);
    }
}
