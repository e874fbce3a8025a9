namespace Internal.Runtime.GC
{
    /// <summary>Covers the unused tail of another thread's allocation context during a collection: a fake
    /// byte-array object that is already marked, so the collector keeps it (and whatever that thread is half-way
    /// through writing there) and the sweep never turns it into free space. Removed again after the collection.
    /// Layout as <see cref="FreeObject"/>: [header][ReservedType* | mark][int length].</summary>
    internal static unsafe class ReservedBlock
    {
        private const uint HasComponentSizeFlag = 0x80000000;
        private const uint SzArrayElementType = 0x18u << 26;
        private const nuint BaseSize = 24;

        private static MethodTable* s_type;

        public static void Initialize()
        {
            uint* mt = (uint*)NativeArena.Allocate(64);
            mt[0] = HasComponentSizeFlag | SzArrayElementType | 1;
            mt[1] = (uint)BaseSize;
            s_type = (MethodTable*)mt;
        }

        public static void Write(byte* header, nuint size)
        {
            *(nint*)header = 0;
            *(nint*)(header + 8) = (nint)s_type | 1; // marked
            *(int*)(header + 16) = (int)(size - BaseSize);
        }
    }
}
