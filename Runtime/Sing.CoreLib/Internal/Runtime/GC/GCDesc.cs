namespace Internal.Runtime.GC
{
    /// <summary>Where an object's references are, from the GC descriptor ILC stores just before each MethodTable
    /// that has pointers (the CoreCLR "GCDesc" layout): at MT-8 a signed series count N. N &gt; 0: N series below
    /// it, each (size, offset) — references from object+offset for (size + object size) bytes. N &lt; 0: an array
    /// of value types with references: from MT-16 a start offset, below it -N (pointer count, skip bytes) pairs
    /// repeated for every element.</summary>
    internal static unsafe class GCDesc
    {
        /// <summary>Calls <paramref name="visit"/> for each reference slot of the object at <paramref name="obj"/>
        /// (the MethodTable-pointer address) whose total size is <paramref name="size"/>.</summary>
        public static void EnumerateReferences(byte* obj, MethodTable* type, nuint size, delegate*<nint*, void> visit)
        {
            if (!type->ContainsGCPointers) return;
            nint* desc = (nint*)type;
            nint seriesCount = desc[-1];
            if (seriesCount > 0)
            {
                // Series i occupies the two words below the previous one: (size at -2-2i, offset at -1-2i) words below the count.
                for (nint i = 0; i < seriesCount; i++)
                {
                    nint seriesSize = desc[-3 - 2 * i];
                    nint seriesOffset = desc[-2 - 2 * i];
                    nint* slot = (nint*)(obj + seriesOffset);
                    nint* stop = (nint*)((byte*)slot + seriesSize + (nint)size);
                    for (; slot < stop; slot++) visit(slot);
                }
            }
            else if (seriesCount < 0)
            {
                nint startOffset = desc[-2];
                uint* items = (uint*)&desc[-3];           // item 0 at -3, item 1 at -4, ...
                nint* slot = (nint*)(obj + startOffset);
                nint* stop = (nint*)(obj + (nint)size - sizeof(nint)); // size counts the header word before obj
                while (slot < stop)
                {
                    for (nint i = 0; i > seriesCount; i--)
                    {
                        uint* item = items + 2 * i;          // items grow downward in memory
                        uint pointers = item[0];
                        uint skip = item[1];
                        nint* end = slot + pointers;
                        for (; slot < end; slot++) visit(slot);
                        slot = (nint*)((byte*)slot + skip);
                    }
                }
            }
        }
    }
}
