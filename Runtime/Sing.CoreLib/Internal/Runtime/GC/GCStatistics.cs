namespace Internal.Runtime.GC
{
    /// <summary>Counters of the object heap, readable by code through System.GC.</summary>
    public static class GCStatistics
    {
        public static ulong Collections;
        // Allocation counts live in the threads' allocation contexts (bumped without locks by their owners) plus
        // these totals of objects placed directly by the heap.
        private static ulong s_directBytes;
        private static ulong s_directObjects;

        public static ulong BytesAllocated => s_directBytes + AllocationContext.TotalBytes;
        public static ulong ObjectsAllocated => s_directObjects + AllocationContext.TotalObjects;

        internal static void CountDirectAllocation(nuint bytes)
        {
            s_directBytes += bytes;
            s_directObjects++;
        }
        /// <summary>Bytes in live objects after the last collection.</summary>
        public static ulong LiveBytes;
        public static ulong LiveObjects;
        /// <summary>Bytes of heap memory held from the host (segments, including their maps).</summary>
        public static ulong HeapBytes;
        /// <summary>Bytes the collector's own structures hold from the host (mark stack, segment table).</summary>
        public static ulong BookkeepingBytes;
        public static ulong FreedBytes;
        public static ulong LastPauseCycles;
        public static ulong MaxPauseCycles;
        public static ulong TotalPauseCycles;
        public static ulong OutOfMemoryCount;
    }

    internal static unsafe class Timestamp
    {
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall)]
        [System.Runtime.RuntimeImport("sing_runtime_rdtsc")]
        public static extern ulong Read();
    }
}
