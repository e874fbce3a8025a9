using Internal.Runtime.GC;

namespace System
{
    /// <summary>The object space's collector, as .NET code knows it, plus the statistics the runtime keeps.</summary>
    public static class GC
    {
        public static void Collect()
        {
            ulong cookie = Internal.Runtime.HeapSection.Enter();
            GCHeap.Collect();
            Internal.Runtime.HeapSection.Exit(cookie);
        }

        public static void Collect(int generation) => Collect();

        /// <summary>The collector is not generational: every collection is a full one.</summary>
        public static int CollectionCount(int generation) => (int)GCStatistics.Collections;

        public static int MaxGeneration => 0;

        /// <summary>Bytes in live objects after the last collection (collecting first when asked).</summary>
        public static long GetTotalMemory(bool forceFullCollection)
        {
            if (forceFullCollection) Collect();
            return (long)GCStatistics.LiveBytes;
        }

        public static long GetTotalAllocatedBytes(bool precise = false) => (long)GCStatistics.BytesAllocated;

        public static GCStatisticsSnapshot GetStatistics() => new GCStatisticsSnapshot
        {
            Collections = GCStatistics.Collections,
            BytesAllocated = GCStatistics.BytesAllocated,
            ObjectsAllocated = GCStatistics.ObjectsAllocated,
            LiveBytes = GCStatistics.LiveBytes,
            LiveObjects = GCStatistics.LiveObjects,
            HeapBytes = GCStatistics.HeapBytes,
            BookkeepingBytes = GCStatistics.BookkeepingBytes,
            FreedBytes = GCStatistics.FreedBytes,
            LastPauseCycles = GCStatistics.LastPauseCycles,
            MaxPauseCycles = GCStatistics.MaxPauseCycles,
            TotalPauseCycles = GCStatistics.TotalPauseCycles,
        };

        public static void KeepAlive(object obj) { }

        public static void SuppressFinalize(object obj) { }
    }

    /// <summary>A copy of the heap's counters at one moment. Pause times are in TSC cycles.</summary>
    public struct GCStatisticsSnapshot
    {
        public ulong Collections;
        public ulong BytesAllocated;
        public ulong ObjectsAllocated;
        public ulong LiveBytes;
        public ulong LiveObjects;
        public ulong HeapBytes;
        /// <summary>Bytes the collector's own structures hold (mark stack, segment table).</summary>
        public ulong BookkeepingBytes;
        public ulong FreedBytes;
        public ulong LastPauseCycles;
        public ulong MaxPauseCycles;
        public ulong TotalPauseCycles;
    }
}
