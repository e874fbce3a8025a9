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
            var visitor = new FunctionVisitor(visit);
            EnumerateReferences(obj, type, size, ref visitor);
        }

        /// <summary>As above with a struct visitor: the compiler makes one copy per visitor type and inlines its Visit,
        /// so the collector's mark loop makes no call per reference.</summary>
        public static void EnumerateReferences<TVisitor>(byte* obj, MethodTable* type, nuint size, ref TVisitor visit)
            where TVisitor : struct, IReferenceVisitor
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
                    for (; slot < stop; slot++) visit.Visit(slot);
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
                        for (; slot < end; slot++) visit.Visit(slot);
                        slot = (nint*)((byte*)slot + skip);
                    }
                }
            }
        }
    }

    /// <summary>What <see cref="GCDesc.EnumerateReferences{TVisitor}"/> calls for each reference slot.</summary>
    internal unsafe interface IReferenceVisitor
    {
        void Visit(nint* slot);
    }

    /// <summary>A visitor that forwards to a function pointer (roots scanned once per collection).</summary>
    internal readonly unsafe struct FunctionVisitor : IReferenceVisitor
    {
        private readonly delegate*<nint*, void> _visit;

        public FunctionVisitor(delegate*<nint*, void> visit) => _visit = visit;

        public void Visit(nint* slot) => _visit(slot);
    }
}
