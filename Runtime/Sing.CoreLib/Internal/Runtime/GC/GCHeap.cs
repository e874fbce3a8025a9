using System;

namespace Internal.Runtime.GC
{
    /// <summary>The object heap of one object space (the kernel, or one SIP): non-moving mark-sweep.
    /// Allocation bumps a pointer through the current free region; when that runs out it takes the next hole
    /// from the free list left by the last sweep, or a new segment. A collection runs when the bytes allocated
    /// since the last one exceed a budget proportional to the live heap. Roots: the module's GC statics, frozen
    /// objects, and the stack, scanned conservatively (every aligned word that points into an object keeps it
    /// alive; objects never move, so no pointer has to be updated). Stack scanning is one method
    /// (<see cref="RootScanner.ScanStack"/>) so that precise scanning from ILC's GC info can replace it.</summary>
    public static unsafe class GCHeap
    {
        // Segments start small (a SIP that allocates little pays little at start-up) and double up to 1 MiB.
        // The first segment, header included: two allocation-context regions; every new SIP zeroes it.
        private const nuint FirstSegmentSize = 16 * 1024;
        private const nuint MaxSegmentSize = 1024 * 1024;
        private static nuint s_nextSegmentSize = FirstSegmentSize;
        private const nuint LargeObjectThreshold = 256 * 1024;
        private const nuint MinimumBudget = 8 * 1024 * 1024;
        internal const nuint MinObjectSize = 24;   // header + MethodTable + one word

        internal static HeapSegment* Segments;

        // The shared bump region: threads' allocation contexts carve their regions from it (and objects too big
        // for a context region are placed in it directly). Touched only inside the heap section.
        private static byte* s_allocPointer;
        private static byte* s_allocLimit;
        private static HeapSegment* s_allocSegment;

        // Free holes from the last sweep, as a singly linked list threaded through the free objects.
        internal static byte* FreeList;

        /// <summary>Upper bound on heap memory taken from the host (0 = none). When a new segment would pass it,
        /// the heap collects first and fails with out-of-memory only if that does not make room.</summary>
        public static ulong HeapLimit;

        /// <summary>Checks the heap's layout before and after every collection (<see cref="HeapVerifier"/>; slow).</summary>
        public static bool VerifyEveryCollection;

        private static nuint s_allocatedSinceCollection;
        private static bool s_collecting;
        internal static bool Initialized;

        public static void Initialize()
        {
            FreeObject.Initialize();
            ReservedBlock.Initialize();
            Initialized = true;
        }

        /// <summary>Regions handed to allocation contexts are this big (unless the object needs more), so a thread
        /// that allocates little holds back little of the heap.</summary>
        private const nuint ContextRegionSize = 8 * 1024;

        /// <summary>The rounded size the heap gives an object of <paramref name="size"/> bytes (header included).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static nuint AlignedSize(nuint size)
        {
            size = (size + 7) & ~(nuint)7;
            return size < MinObjectSize ? MinObjectSize : size;
        }

        /// <summary>Slow path (inside the heap section): the running thread's context could not hold an object of
        /// <paramref name="size"/> (aligned) bytes. Gives the context a new region, or places a large object
        /// directly. Returns zeroed storage (the object address, past the header word) whose header the caller
        /// writes, or null when even a collection leaves no room.</summary>
        public static byte* Allocate(nuint size)
        {
            size = AlignedSize(size);
            if (size >= LargeObjectThreshold) return Count(AllocateLarge(size), size);
            AllocationContext* context = AllocationContext.CurrentOrNew();
            if (context == null || size > ContextRegionSize / 2) return Count(AllocateShared(size), size);

            context->Retire();
            byte* region = TakeRegion(size, ContextRegionSize, out nuint regionSize);
            if (region == null) return null;
            context->Assign(s_allocSegment, region, region + regionSize);
            context->Pointer = region + size;
            return region + sizeof(nint);
        }

        /// <summary>Takes between <paramref name="minimum"/> and <paramref name="wanted"/> bytes from the shared
        /// region (refilling it first if needed) for an allocation context. No start bits: the context's parse sets them.</summary>
        private static byte* TakeRegion(nuint minimum, nuint wanted, out nuint size)
        {
            size = 0;
            byte* start = s_allocPointer;
            if (start == null || (nuint)(s_allocLimit - start) < minimum)
            {
                start = Refill(minimum);
                if (start == null) return null;
            }
            nuint available = (nuint)(s_allocLimit - start);
            size = available < wanted ? available : wanted;
            if (available - size < MinObjectSize) size = available; // no unusable sliver left behind
            s_allocPointer = start + size;
            s_allocatedSinceCollection += size;
            return start;
        }

        /// <summary>Returns [start, end), the unused tail of a released context's region, to the shared region when
        /// that region ends right there (no region was carved after it and no collection ran since). Inside the
        /// heap section.</summary>
        internal static bool TryGiveBack(HeapSegment* segment, byte* start, byte* end)
        {
            if (start >= end || segment != s_allocSegment || end != s_allocPointer) return false;
            // An allocation cut short may have written an unpublished header (at most three words) there.
            nint* words = (nint*)start;
            nuint count = (nuint)(end - start) / (nuint)sizeof(nint);
            for (nuint i = 0; i < count && i < 3; i++) words[i] = 0;
            s_allocPointer = start;
            nuint returned = (nuint)(end - start);
            s_allocatedSinceCollection = s_allocatedSinceCollection > returned ? s_allocatedSinceCollection - returned : 0;
            return true;
        }

        private static byte* Count(byte* obj, nuint size)
        {
            if (obj == null) return null;
            GCStatistics.CountDirectAllocation(size);
            return obj;
        }

        /// <summary>Bumps the heap's shared region (whole objects, or regions for contexts). Start bit set.</summary>
        private static byte* AllocateShared(nuint size)
        {
            s_allocatedSinceCollection += size;
            byte* header = s_allocPointer;
            if (header == null || (nuint)(s_allocLimit - header) < size)
            {
                header = Refill(size);
                if (header == null) return null;
            }
            s_allocPointer = header + size;
            s_allocSegment->SetStart(header);
            return header + sizeof(nint);
        }

        private static byte* Refill(nuint size)
        {
            RetireAllocationRegion();
            if (s_allocatedSinceCollection > Budget() && !s_collecting)
                Collect();
            if (TakeFreeHole(size)) return s_allocPointer;
            // A segment of the next size is that many bytes with its header: what is left for objects.
            nuint area = s_nextSegmentSize - HeaderBytes(s_nextSegmentSize);
            nuint segmentSize = size > area ? size : area;
            HeapSegment* segment = TryNewSegment(segmentSize, false);
            if (segment == null && !s_collecting)
            {
                Collect();
                if (TakeFreeHole(size)) return s_allocPointer;
                segment = TryNewSegment(segmentSize, false);
            }
            if (segment != null && s_nextSegmentSize < MaxSegmentSize) s_nextSegmentSize *= 2;
            if (segment == null) return null;
            s_allocSegment = segment;
            s_allocPointer = segment->Start;
            s_allocLimit = segment->End;
            return s_allocPointer;
        }

        private static nuint Budget()
        {
            nuint live = (nuint)GCStatistics.LiveBytes;
            return live > MinimumBudget ? live : MinimumBudget;
        }

        /// <summary>Turns the unused tail of the current bump region into a free object, so the heap stays walkable.</summary>
        private static void RetireAllocationRegion()
        {
            if (s_allocPointer == null) return;
            nuint remaining = (nuint)(s_allocLimit - s_allocPointer);
            if (remaining >= MinObjectSize)
            {
                FreeObject.Write(s_allocPointer, remaining, null);
                s_allocSegment->SetStart(s_allocPointer);
            }
            s_allocPointer = s_allocLimit = null;
        }

        private static bool TakeFreeHole(nuint size)
        {
            fixed (byte** head = &FreeList) return TakeFreeHole(size, head);
        }

        private static bool TakeFreeHole(nuint size, byte** link)
        {
            while (*link != null)
            {
                byte* hole = *link;
                nuint holeSize = FreeObject.SizeOf(hole);
                if (holeSize >= size)
                {
                    *link = FreeObject.Next(hole);
                    HeapSegment* segment = FindSegment(hole);
                    segment->ClearStart(hole);
                    Buffer.Fill(hole, 0, holeSize);
                    s_allocSegment = segment;
                    s_allocPointer = hole;
                    s_allocLimit = hole + holeSize;
                    return true;
                }
                link = FreeObject.NextLink(hole);
            }
            return false;
        }

        private static byte* AllocateLarge(nuint size)
        {
            s_allocatedSinceCollection += size;
            if (s_allocatedSinceCollection > Budget() && !s_collecting) Collect();
            HeapSegment* segment = TryNewSegment(size, true);
            if (segment == null && !s_collecting)
            {
                Collect();
                segment = TryNewSegment(size, true);
            }
            if (segment == null) return null;
            segment->SetStart(segment->Start);
            // The rest of the last page is filler, so the segment walks cleanly.
            nuint tail = (nuint)(segment->End - segment->Start) - size;
            if (tail >= MinObjectSize)
            {
                FreeObject.Write(segment->Start + size, tail, null);
                segment->SetStart(segment->Start + size);
            }
            return segment->Start + sizeof(nint);
        }

        /// <summary>Bytes at the start of a segment with room for <paramref name="objectBytes"/> of objects: the segment's
        /// record and its start bits, for the objects and the rest of the last page (whole pages are taken, the objects
        /// get whatever the header leaves of them). The objects start right after it, 16-byte aligned: a page of its own
        /// would be a page more for every new program to zero, for a few hundred bytes.</summary>
        private static nuint HeaderBytes(nuint objectBytes)
        {
            nuint mapBytes = (((objectBytes + 4096) / 8 + 63) / 64) * 8;
            return ((nuint)sizeof(HeapSegment) + mapBytes + 15) & ~(nuint)15;
        }

        /// <summary>A new segment from the host, or null when the host has no memory or the heap limit forbids it.</summary>
        private static HeapSegment* TryNewSegment(nuint objectBytes, bool large)
        {
            nuint headerBytes = HeaderBytes(objectBytes);
            nuint total = (headerBytes + objectBytes + 4095) & ~(nuint)4095;
            if (RuntimeHost.AllocateHeapMemory == null) RuntimeHost.Fail("object allocation before the runtime host installed a heap", null);
            if (!WithinLimit(total)) return null;
            byte* memory = (byte*)RuntimeHost.AllocateHeapMemory(total);
            if (memory == null) return null;
            HeapSegment* segment = (HeapSegment*)memory;
            segment->StartMap = (ulong*)(memory + sizeof(HeapSegment));
            segment->Start = memory + headerBytes;
            segment->End = memory + total;
            segment->ReservedBytes = total;
            segment->IsLarge = large;
            segment->Next = Segments;
            Segments = segment;
            GCStatistics.HeapBytes += total;
            RebuildSortedSegments();
            return segment;
        }

        private static bool WithinLimit(nuint bytes) => HeapLimit == 0 || GCStatistics.HeapBytes + bytes <= HeapLimit;

        private static OutOfMemoryException s_outOfMemory;

        /// <summary>Throws a preallocated OutOfMemoryException: allocating one now would itself fail.</summary>
        internal static void ThrowOutOfMemory()
        {
            if (s_outOfMemory == null) RuntimeHost.Fail("out of memory before the heap was usable", null);
            GCStatistics.OutOfMemoryCount++;
            throw s_outOfMemory;
        }

        /// <summary>Called once statics work: preallocates what the heap throws when it is full.</summary>
        internal static void PrepareOutOfMemory() => s_outOfMemory ??= new OutOfMemoryException();

        // Segments sorted by address, for binary search (the collector looks one up per reference it traces).
        private static HeapSegment** s_sorted;
        private static int s_sortedCount;
        private static int s_sortedCapacity;
        private static bool s_sortedFromHost;   // false while the table is the arena's first one (never freed)
        private static HeapSegment* s_lastFound;

        /// <summary>The segment holding <paramref name="address"/>, or null. The last segment found answers inline (the
        /// mark loop asks once per reference, and neighbours usually share a segment).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static HeapSegment* FindSegment(byte* address)
        {
            HeapSegment* last = s_lastFound;
            if (last != null && last->Contains(address)) return last;
            return FindSegmentSearch(address);
        }

        private static HeapSegment* FindSegmentSearch(byte* address)
        {
            int lo = 0, hi = s_sortedCount - 1;
            while (lo <= hi)
            {
                int mid = (lo + hi) >> 1;
                HeapSegment* s = s_sorted[mid];
                if (address < s->Start) hi = mid - 1;
                else if (address >= s->End) lo = mid + 1;
                else
                {
                    s_lastFound = s;
                    return s;
                }
            }
            return null;
        }

        private static void RebuildSortedSegments()
        {
            int count = 0;
            for (HeapSegment* s = Segments; s != null; s = s->Next) count++;
            if (count > s_sortedCapacity)
            {
                int capacity = count * 2 < 64 ? 64 : count * 2;
                // The first table (512 bytes) comes from the runtime's arena rather than a whole zeroed page of its
                // own: every process starts with one, most never need a larger one.
                var table = (HeapSegment**)(s_sorted == null ? NativeArena.Allocate((nuint)(capacity * sizeof(HeapSegment*))) : null);
                bool fromHost = table == null;
                if (fromHost) table = (HeapSegment**)RuntimeHost.AllocateHeapMemory((nuint)(capacity * sizeof(HeapSegment*)));
                if (table == null) RuntimeHost.Fail("out of memory for the segment table", null);
                if (s_sorted != null && s_sortedFromHost && RuntimeHost.FreeHeapMemory != null)
                {
                    RuntimeHost.FreeHeapMemory(s_sorted, (nuint)(s_sortedCapacity * sizeof(HeapSegment*)));
                    GCStatistics.BookkeepingBytes -= (ulong)(s_sortedCapacity * sizeof(HeapSegment*));
                }
                if (fromHost) GCStatistics.BookkeepingBytes += (ulong)(capacity * sizeof(HeapSegment*));
                s_sortedFromHost = fromHost;
                s_sorted = table;
                s_sortedCapacity = capacity;
            }
            int n = 0;
            for (HeapSegment* s = Segments; s != null; s = s->Next)
            {
                int j = n++;
                while (j > 0 && s_sorted[j - 1]->Start > s->Start)
                {
                    s_sorted[j] = s_sorted[j - 1];
                    j--;
                }
                s_sorted[j] = s;
            }
            s_sortedCount = n;
            s_lastFound = null;
        }

        /// <summary>Runs a full collection now.</summary>
        public static void Collect()
        {
            if (s_collecting || !Initialized) return;
            s_collecting = true;
            if (RuntimeHost.StopOtherProcessors != null) RuntimeHost.StopOtherProcessors();
            ulong start = Timestamp.Read();
            if (VerifyEveryCollection) HeapVerifier.Verify(s_allocPointer, s_allocLimit);
            RetireAllocationRegion();
            AllocationContext.PrepareForCollection();
            Collector.MarkAndSweep();
            AllocationContext.FinishCollection();
            if (VerifyEveryCollection) HeapVerifier.Verify(null, null);
            if (RuntimeHost.ResumeOtherProcessors != null) RuntimeHost.ResumeOtherProcessors();
            s_allocatedSinceCollection = 0;
            ulong pause = Timestamp.Read() - start;
            GCStatistics.Collections++;
            GCStatistics.LastPauseCycles = pause;
            GCStatistics.TotalPauseCycles += pause;
            if (pause > GCStatistics.MaxPauseCycles) GCStatistics.MaxPauseCycles = pause;
            s_collecting = false;
        }

        /// <summary>Returns a dead large-object segment to the host.</summary>
        internal static void ReleaseSegment(HeapSegment* segment, HeapSegment* previous)
        {
            if (previous == null) Segments = segment->Next; else previous->Next = segment->Next;
            GCStatistics.HeapBytes -= segment->ReservedBytes;
            if (RuntimeHost.FreeHeapMemory != null) RuntimeHost.FreeHeapMemory(segment, segment->ReservedBytes);
            RebuildSortedSegments();
        }
    }
}
