using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime.GC
{
    /// <summary>One thread's bump region in this object space's heap. The owning thread allocates from it with no
    /// lock and no preemption section: it writes the object's header into [Pointer, Limit) and only then moves
    /// Pointer past it (publishing). Nothing else ever changes Pointer or Limit while the thread owns the region, so
    /// a thread preempted half-way through an allocation resumes correctly even if a collection ran meanwhile:
    /// the collector parses only published objects ([ParsedUpTo, Pointer), laid out back to back) and keeps the
    /// unpublished tail [Pointer, Limit) alive as one opaque block (<see cref="ReservedBlock"/>).
    /// Contexts are found through a per-thread slot (GS-relative, see sing_thread_slot_get) and linked in a list
    /// the collector walks. Interrupt handlers must not allocate: they would share the interrupted thread's context.</summary>
    internal unsafe struct AllocationContext
    {
        public byte* Pointer;
        public byte* Limit;
        public byte* ParsedUpTo;      // objects below this have their start bits set
        public HeapSegment* Segment;  // the segment holding [ParsedUpTo, Limit)
        public byte* RegionStart;     // where the current region began: [RegionStart, Pointer) is what it allocated
        // Counted off the fast path (which only bumps Pointer): objects when they are parsed, bytes when a region is
        // retired; the current region's share is added by whoever asks (TotalObjects, TotalBytes).
        public ulong Objects;
        public ulong Bytes;
        public AllocationContext* Next;
        public bool InUse;

        // Saved words under a reserved block while a collection runs (the owner may have written them already).
        public nint Saved0, Saved1, Saved2;

        private static AllocationContext* s_all;

        /// <summary>The first context of the list every context is on (linked by <see cref="Next"/>).</summary>
        internal static AllocationContext* First => s_all;

        /// <summary>Objects and bytes of contexts that were released (their counts no longer live in a context).</summary>
        private static ulong s_releasedObjects;
        private static ulong s_releasedBytes;

        /// <summary>Offset of this object space's slot in the per-thread block; -1 before the host set one (then
        /// allocation takes the locked slow path).</summary>
        public static nint SlotOffset = -1;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static AllocationContext* Current() => SlotOffset < 0 ? null : (AllocationContext*)GetSlot(SlotOffset);

        /// <summary>The running thread's context, created on first use. Inside the heap section.</summary>
        public static AllocationContext* CurrentOrNew()
        {
            if (SlotOffset < 0) return null;
            var context = (AllocationContext*)GetSlot(SlotOffset);
            if (context != null) return context;
            for (context = s_all; context != null; context = context->Next)
                if (!context->InUse) break;
            if (context == null)
            {
                context = (AllocationContext*)NativeArena.Allocate((nuint)sizeof(AllocationContext));
                if (context == null) return null;
                *context = default;
                context->Next = s_all;
                s_all = context;
            }
            context->InUse = true;
            SetSlot(SlotOffset, context);
            return context;
        }

        /// <summary>Ends the running thread's use of its context (the thread is about to end). Inside the heap section.</summary>
        public static void ReleaseCurrent()
        {
            if (SlotOffset < 0) return;
            var context = (AllocationContext*)GetSlot(SlotOffset);
            if (context == null) return;
            SetSlot(SlotOffset, null);
            Release(context);
        }

        /// <summary>Gives a dead thread's context back: its tail becomes free space and the context can serve another
        /// thread. Inside the heap section.</summary>
        public static void Release(AllocationContext* context)
        {
            if (context == null || !context->InUse) return;
            // The unused tail goes back to the shared region when nothing was carved after it, so threads that
            // allocate a little and end (every process's first thread) do not each strand most of a region. Not a tail
            // too small for any object: no reserved block covered it in the collections since, so a sweep may have
            // merged it into a hole that is in use again.
            if (context->Pointer != null && (nuint)(context->Limit - context->Pointer) >= GCHeap.MinObjectSize
                && GCHeap.TryGiveBack(context->Segment, context->Pointer, context->Limit))
                context->Limit = context->Pointer;
            context->Retire();
            s_releasedObjects += context->Objects;
            s_releasedBytes += context->Bytes;
            context->Objects = 0;
            context->Bytes = 0;
            context->InUse = false;
        }

        /// <summary>Contexts ever created (a finished thread's context is reused by the next thread).</summary>
        public static int Count
        {
            get
            {
                int n = 0;
                for (AllocationContext* c = s_all; c != null; c = c->Next) n++;
                return n;
            }
        }

        public static ulong TotalObjects
        {
            get
            {
                ulong total = s_releasedObjects;
                for (AllocationContext* c = s_all; c != null; c = c->Next) total += c->Objects + c->UnparsedObjects();
                return total;
            }
        }

        public static ulong TotalBytes
        {
            get
            {
                ulong total = s_releasedBytes;
                for (AllocationContext* c = s_all; c != null; c = c->Next)
                    total += c->Bytes + (c->Pointer == null ? 0 : (ulong)(c->Pointer - c->RegionStart));
                return total;
            }
        }

        /// <summary>Hands the context a fresh region (already zeroed).</summary>
        public void Assign(HeapSegment* segment, byte* start, byte* end)
        {
            Segment = segment;
            RegionStart = start;
            ParsedUpTo = start;
            Limit = end;
            Pointer = start;
        }

        /// <summary>Sets the start bits of the objects published since the last parse.</summary>
        public void Parse()
        {
            byte* end = Pointer;
            byte* header = ParsedUpTo;
            if (header == null) return;
            // The objects lie back to back, a dozen or so to a word of the start map: the bits of one word are
            // gathered and stored once.
            ulong* map = Segment->StartMap;
            byte* segmentStart = Segment->Start;
            ulong objects = 0, word = ulong.MaxValue, bits = 0;
            while (header < end)
            {
                ulong index = (ulong)(header - segmentStart) >> 3;
                if (index >> 6 != word)
                {
                    if (bits != 0) map[word] |= bits;
                    word = index >> 6;
                    bits = 0;
                }
                bits |= 1UL << (int)(index & 63);
                header += Collector.ObjectSize(header + sizeof(nint));
                objects++;
            }
            if (bits != 0) map[word] |= bits;
            ParsedUpTo = end;
            Objects += objects;
        }

        /// <summary>Objects published since the last parse (read-only: any thread may ask; each is whole before the
        /// pointer moves past it).</summary>
        private readonly ulong UnparsedObjects()
        {
            byte* end = Pointer;
            byte* header = ParsedUpTo;
            ulong objects = 0;
            if (header == null) return 0;
            for (; header < end; header += Collector.ObjectSize(header + sizeof(nint))) objects++;
            return objects;
        }

        /// <summary>Parses the region and turns its unused tail into free filler; the context then has no region.</summary>
        public void Retire()
        {
            if (Pointer == null) return;
            Parse();
            Bytes += (ulong)(Pointer - RegionStart);
            nuint remaining = (nuint)(Limit - Pointer);
            if (remaining >= GCHeap.MinObjectSize)
            {
                FreeObject.Write(Pointer, remaining, null);
                Segment->SetStart(Pointer);
            }
            Pointer = Limit = ParsedUpTo = RegionStart = null;
            Segment = null;
        }

        /// <summary>Before a collection: parse every context and cover each unpublished tail with a live reserved
        /// block, so marking and sweeping leave it alone.</summary>
        public static void PrepareForCollection()
        {
            for (AllocationContext* c = s_all; c != null; c = c->Next)
            {
                if (c->Pointer == null) continue;
                c->Parse();
                nuint remaining = (nuint)(c->Limit - c->Pointer);
                if (remaining < GCHeap.MinObjectSize) continue; // no object fits: nothing can be in flight there
                nint* words = (nint*)c->Pointer;
                c->Saved0 = words[0];
                c->Saved1 = words[1];
                c->Saved2 = words[2];
                ReservedBlock.Write(c->Pointer, remaining);
                c->Segment->SetStart(c->Pointer);
            }
        }

        /// <summary>After a collection: remove the reserved blocks and restore what the owners had written.</summary>
        public static void FinishCollection()
        {
            for (AllocationContext* c = s_all; c != null; c = c->Next)
            {
                if (c->Pointer == null) continue;
                nuint remaining = (nuint)(c->Limit - c->Pointer);
                if (remaining < GCHeap.MinObjectSize) continue;
                c->Segment->ClearStart(c->Pointer);
                nint* words = (nint*)c->Pointer;
                words[0] = c->Saved0;
                words[1] = c->Saved1;
                words[2] = c->Saved2;
            }
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_thread_slot_get")]
        private static extern void* GetSlot(nint offset);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_thread_slot_set")]
        private static extern void SetSlot(nint offset, void* value);
    }
}
