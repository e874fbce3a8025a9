namespace Internal.Runtime.GC
{
    /// <summary>Checks the heap's layout before and after each collection when <see cref="GCHeap.VerifyEveryCollection"/>
    /// is on (the kernel option gc=verify; off by default: it walks every object twice per collection). Every segment
    /// must walk object by object from its start: each object has its start bit and no start bit inside it, a plausible
    /// type without the mark bit, and a size that keeps it inside the segment; the only gaps are the allocation
    /// contexts' unparsed objects and unused tails, the shared region's unused tail, and the last 8 or 16 bytes of a retired
    /// region (too small for filler). The first inconsistency fails
    /// the runtime with what it found and where (<see cref="FaultAddress"/>), long before a program would trip over it.</summary>
    internal static unsafe class HeapVerifier
    {
        /// <summary>The header address of the first bad object the last failed check found.</summary>
        public static byte* FaultAddress;

        public static void Verify(byte* sharedPointer, byte* sharedLimit)
        {
            for (HeapSegment* segment = GCHeap.Segments; segment != null; segment = segment->Next)
            {
                byte* header = segment->Start;
                while (header < segment->End)
                {
                    byte* skipTo = GapEnd(header, segment, sharedPointer, sharedLimit);
                    if (skipTo != null)
                    {
                        header = skipTo;
                        continue;
                    }
                    if (!segment->IsStart(header))
                    {
                        // A retired region's last 8 or 16 bytes hold no object (too small for filler) and no start bit.
                        if ((nuint)(segment->End - header) < GCHeap.MinObjectSize) break;
                        if (BeginsSomething(header + sizeof(nint), segment, sharedPointer, sharedLimit)) header += sizeof(nint);
                        else if (BeginsSomething(header + 2 * sizeof(nint), segment, sharedPointer, sharedLimit)) header += 2 * sizeof(nint);
                        else Fail(header, "an object without its start bit");
                        continue;
                    }
                    nint typeWord = *(nint*)(header + sizeof(nint));
                    if ((typeWord & 1) != 0) Fail(header, "an object still marked outside a collection");
                    var type = (MethodTable*)typeWord;
                    if (type == null || ((nint)type & 7) != 0 || type->BaseSize < 16 || type->BaseSize > 0x100000)
                        Fail(header, "an object with an implausible type");
                    nuint size = Collector.ObjectSize(header + sizeof(nint));
                    if (header + size > segment->End) Fail(header, "an object that runs past its segment's end");
                    for (byte* inside = header + sizeof(nint); inside < header + size; inside += sizeof(nint))
                        if (segment->IsStart(inside)) Fail(inside, "a start bit inside another object");
                    header += size;
                }
            }
        }

        /// <summary>Where the gap starting at <paramref name="header"/> ends, or null when an object starts there: an
        /// allocation context's unparsed objects (which have no start bits yet) and unused tail, or the shared region's.</summary>
        private static byte* GapEnd(byte* header, HeapSegment* segment, byte* sharedPointer, byte* sharedLimit)
        {
            if (header == sharedPointer && sharedPointer != sharedLimit) return sharedLimit;
            for (AllocationContext* c = AllocationContext.First; c != null; c = c->Next)
            {
                if (c->Pointer == null || c->Segment != segment || header != c->ParsedUpTo) continue;
                if (c->ParsedUpTo == c->Limit) continue;
                for (byte* unparsed = c->ParsedUpTo; unparsed < c->Pointer; unparsed += Collector.ObjectSize(unparsed + sizeof(nint)))
                    if (segment->IsStart(unparsed)) Fail(unparsed, "an unparsed object with a start bit");
                for (byte* tail = c->Pointer; tail < c->Limit; tail += sizeof(nint))
                    if (segment->IsStart(tail)) Fail(tail, "a start bit in an allocation context's unused tail");
                return c->Limit;
            }
            return null;
        }

        private static bool BeginsSomething(byte* address, HeapSegment* segment, byte* sharedPointer, byte* sharedLimit)
        {
            if (address == sharedPointer && sharedPointer != sharedLimit) return true;
            if (segment->IsStart(address)) return true;
            for (AllocationContext* c = AllocationContext.First; c != null; c = c->Next)
                if (c->Pointer != null && c->Segment == segment && address == c->ParsedUpTo) return true;
            return false;
        }

        private static void Fail(byte* address, string what)
        {
            FaultAddress = address;
            if (RuntimeHost.FailFast != null) RuntimeHost.FailFast(what, null, (nuint)address);
            while (true) { }
        }
    }
}
