using System;

namespace Internal.Runtime.GC
{
    /// <summary>Mark-sweep over the segments. The mark bit is the low bit of the MethodTable pointer (MethodTables
    /// are 8-byte aligned); it is cleared again by the sweep, so outside a collection no object carries it.</summary>
    internal static unsafe class Collector
    {
        private const nint MarkBit = 1;

        private static nint* s_markStack;
        private static nuint s_markStackCapacity;
        private static nuint s_markStackCount;
        private static byte* s_heapLow;
        private static byte* s_heapHigh;

        public static void MarkAndSweep()
        {
            ComputeHeapBounds();
            RootScanner.ScanStatics(&MarkReference);
            RootScanner.ScanFrozenObjects(&MarkReference);
            RootScanner.ScanStack(&MarkConservative);
            DrainMarkStack();
            Sweep();
        }

        private static void ComputeHeapBounds()
        {
            s_heapLow = (byte*)ulong.MaxValue;
            s_heapHigh = null;
            for (HeapSegment* s = GCHeap.Segments; s != null; s = s->Next)
            {
                if (s->Start < s_heapLow) s_heapLow = s->Start;
                if (s->End > s_heapHigh) s_heapHigh = s->End;
            }
        }

        /// <summary>A slot holding an exact object reference (a field or a static).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void MarkReference(nint* slot)
        {
            byte* obj = (byte*)*slot;
            if (obj < s_heapLow || obj >= s_heapHigh) return;
            HeapSegment* segment = GCHeap.FindSegment(obj);
            if (segment == null) return;
            Mark(obj);
        }

        /// <summary>A stack word that may or may not be a reference: it keeps alive the object it points into, header
        /// word included. An allocation's last instructions hold only the header address of the object they just
        /// published (ObjectAllocator, runtime.asm's fast paths): a thread preempted there must not lose it.</summary>
        private static void MarkConservative(nint* slot)
        {
            byte* value = (byte*)*slot;
            if (value < s_heapLow || value >= s_heapHigh) return;
            HeapSegment* segment = GCHeap.FindSegment(value);
            if (segment == null) return;
            byte* header = segment->FindObjectHeader(value);
            if (header == null || FreeObject.Is(header)) return;
            byte* obj = header + sizeof(nint);
            if (value >= header + ObjectSize(obj)) return;
            Mark(obj);
        }

        private static void Mark(byte* obj)
        {
            nint* methodTableSlot = (nint*)obj;
            if ((*methodTableSlot & MarkBit) != 0) return;
            *methodTableSlot |= MarkBit;
            MethodTable* type = (MethodTable*)(*methodTableSlot & ~MarkBit);
            if (type->ContainsGCPointers) Push((nint)obj);
        }

        private static void DrainMarkStack()
        {
            var marker = new Marker();
            while (s_markStackCount > 0)
            {
                byte* obj = (byte*)s_markStack[--s_markStackCount];
                MethodTable* type = (MethodTable*)(*(nint*)obj & ~MarkBit);
                GCDesc.EnumerateReferences(obj, type, ObjectSizeUnaligned(obj, type), ref marker);
            }
        }

        /// <summary>The mark loop's visitor: <see cref="MarkReference"/> inlined into the field walk.</summary>
        private struct Marker : IReferenceVisitor
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
            public void Visit(nint* slot) => MarkReference(slot);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Push(nint obj)
        {
            if (s_markStackCount == s_markStackCapacity) GrowMarkStack();
            s_markStack[s_markStackCount++] = obj;
        }

        private static void GrowMarkStack()
        {
            nuint capacity = s_markStackCapacity == 0 ? 4096 : s_markStackCapacity * 2;
            nint* stack = (nint*)RuntimeHost.AllocateHeapMemory(capacity * (nuint)sizeof(nint));
            if (stack == null) RuntimeHost.Fail("out of memory for the collector's mark stack", null);
            for (nuint i = 0; i < s_markStackCount; i++) stack[i] = s_markStack[i];
            if (s_markStack != null && RuntimeHost.FreeHeapMemory != null)
                RuntimeHost.FreeHeapMemory(s_markStack, s_markStackCapacity * (nuint)sizeof(nint));
            GCStatistics.BookkeepingBytes += (capacity - s_markStackCapacity) * (nuint)sizeof(nint);
            s_markStack = stack;
            s_markStackCapacity = capacity;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static nuint ObjectSizeUnaligned(byte* obj, MethodTable* type)
        {
            nuint size = type->BaseSize;
            if (type->HasComponentSize) size += (nuint)(*(uint*)(obj + sizeof(nint))) * type->ComponentSize;
            return size;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static nuint ObjectSize(byte* obj)
        {
            MethodTable* type = (MethodTable*)(*(nint*)obj & ~MarkBit);
            nuint size = (ObjectSizeUnaligned(obj, type) + 7) & ~(nuint)7;
            return size < GCHeap.MinObjectSize ? GCHeap.MinObjectSize : size;
        }

        /// <summary>Walks every segment by its object-start bits: live objects lose their mark, runs of dead objects
        /// and free filler merge into holes that go on the free list.</summary>
        private static void Sweep()
        {
            GCHeap.FreeList = null;
            ulong liveBytes = 0, liveObjects = 0, freed = 0;
            HeapSegment* previous = null;
            HeapSegment* segment = GCHeap.Segments;
            while (segment != null)
            {
                HeapSegment* next = segment->Next;
                byte* holeStart = null;
                ulong segmentLive = 0;
                nuint words = (nuint)(segment->End - segment->Start) / 8;
                for (nuint w = 0; w < (words + 63) / 64; w++)
                {
                    ulong bits = segment->StartMap[w];
                    while (bits != 0)
                    {
                        int bit = System.Numerics.BitOperations.TrailingZeroCount(bits);
                        bits &= bits - 1;
                        byte* header = segment->Start + ((w * 64 + (nuint)bit) << 3);
                        byte* obj = header + sizeof(nint);
                        bool isFree = FreeObject.Is(header);
                        if (!isFree && (*(nint*)obj & MarkBit) != 0)
                        {
                            *(nint*)obj &= ~MarkBit;
                            nuint size = ObjectSize(obj);
                            liveBytes += size;
                            liveObjects++;
                            segmentLive += size;
                            if (holeStart != null)
                            {
                                AddHole(segment, holeStart, header);
                                holeStart = null;
                            }
                            continue;
                        }
                        if (!isFree) freed += ObjectSize(obj);
                        if (holeStart == null) holeStart = header;   // later starts in the hole are cleared by AddHole
                    }
                }
                if (segment->IsLarge && segmentLive == 0)
                {
                    GCHeap.ReleaseSegment(segment, previous);
                    segment = next;
                    continue;
                }
                if (holeStart != null) AddHole(segment, holeStart, segment->End);
                previous = segment;
                segment = next;
            }
            GCStatistics.LiveBytes = liveBytes;
            GCStatistics.LiveObjects = liveObjects;
            GCStatistics.FreedBytes += freed;
        }

        private static void AddHole(HeapSegment* segment, byte* start, byte* end)
        {
            nuint size = (nuint)(end - start);
            segment->ClearStarts(start, end);   // the dead objects and filler inside become one
            if (size < GCHeap.MinObjectSize) return;
            segment->SetStart(start);
            if (segment->IsLarge)
            {
                FreeObject.Write(start, size, null);
                return;
            }
            FreeObject.Write(start, size, GCHeap.FreeList);
            if (size >= 32) GCHeap.FreeList = start;
        }
    }
}
