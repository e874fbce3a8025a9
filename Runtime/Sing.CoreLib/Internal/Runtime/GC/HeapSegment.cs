namespace Internal.Runtime.GC
{
    /// <summary>A contiguous run of the object heap, from the host. Objects are laid out back to back from
    /// <see cref="Start"/>; every 8-byte-aligned address that begins an object (live, dead or free filler) has
    /// its bit set in the start map, so a conservative pointer can be traced back to the object containing it.
    /// Header word of the segment: [Segment][start bitmap][objects ...].</summary>
    internal unsafe struct HeapSegment
    {
        public HeapSegment* Next;
        public byte* Start;       // first object header
        public byte* End;         // end of the object area
        public ulong* StartMap;   // one bit per 8 bytes of [Start, End)
        public nuint ReservedBytes;
        public bool IsLarge;      // holds a single large object

        public readonly bool Contains(byte* address) => address >= Start && address < End;

        public void SetStart(byte* headerAddress)
        {
            ulong index = (ulong)(headerAddress - Start) >> 3;
            StartMap[index >> 6] |= 1UL << (int)(index & 63);
        }

        public void ClearStart(byte* headerAddress)
        {
            ulong index = (ulong)(headerAddress - Start) >> 3;
            StartMap[index >> 6] &= ~(1UL << (int)(index & 63));
        }

        /// <summary>Clears the start bits of every header address in [<paramref name="from"/>, <paramref name="to"/>): a
        /// word at a time (the sweep merges a run of dead objects into one hole).</summary>
        public void ClearStarts(byte* from, byte* to)
        {
            ulong first = (ulong)(from - Start) >> 3, end = (ulong)(to - Start + 7) >> 3;
            while (first < end)
            {
                ulong word = first >> 6;
                int low = (int)(first & 63);
                ulong stop = (word + 1) << 6 < end ? (word + 1) << 6 : end;
                int count = (int)(stop - first);
                ulong mask = count == 64 ? ulong.MaxValue : ((1UL << count) - 1) << low;
                StartMap[word] &= ~mask;
                first = stop;
            }
        }

        public readonly bool IsStart(byte* headerAddress)
        {
            ulong index = (ulong)(headerAddress - Start) >> 3;
            return (StartMap[index >> 6] & (1UL << (int)(index & 63))) != 0;
        }

        /// <summary>The header address of the object whose storage contains <paramref name="address"/>, or null.</summary>
        public readonly byte* FindObjectHeader(byte* address)
        {
            ulong index = (ulong)(address - Start) >> 3;
            ulong word = index >> 6;
            ulong bits = StartMap[word] & (ulong.MaxValue >> (63 - (int)(index & 63)));
            while (bits == 0)
            {
                if (word == 0) return null;
                bits = StartMap[--word];
            }
            int highest = HighestBit(bits);
            return Start + ((word * 64 + (ulong)highest) << 3);
        }

        private static int HighestBit(ulong bits)
        {
            int n = 0;
            if (bits >= 1UL << 32) { n += 32; bits >>= 32; }
            if (bits >= 1UL << 16) { n += 16; bits >>= 16; }
            if (bits >= 1UL << 8) { n += 8; bits >>= 8; }
            if (bits >= 1UL << 4) { n += 4; bits >>= 4; }
            if (bits >= 1UL << 2) { n += 2; bits >>= 2; }
            if (bits >= 1UL << 1) n += 1;
            return n;
        }
    }
}
