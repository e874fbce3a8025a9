namespace Internal.Runtime
{
    /// <summary>Never-freed memory for the runtime's own bookkeeping (dispatch caches and the like), carved from
    /// pages the host supplies. Not part of the object heap, so the collector never sees it.</summary>
    internal static unsafe class NativeArena
    {
        private const nuint ChunkSize = 16 * 1024;
        private static byte* s_current;
        private static byte* s_limit;

        /// <summary>Whole pages from the host, for runtime tables too large for the chunks above.</summary>
        public static void* AllocatePages(nuint bytes) =>
            RuntimeHost.AllocateHeapMemory == null ? null : RuntimeHost.AllocateHeapMemory((bytes + 4095) & ~(nuint)4095);

        public static void* Allocate(nuint size)
        {
            size = (size + 15) & ~(nuint)15;
            if (size > ChunkSize) return null;
            if (s_current == null || (nuint)(s_limit - s_current) < size)
            {
                if (RuntimeHost.AllocateHeapMemory == null) return null;
                s_current = (byte*)RuntimeHost.AllocateHeapMemory(ChunkSize);
                if (s_current == null) return null;
                s_limit = s_current + ChunkSize;
            }
            byte* result = s_current;
            s_current += size;
            return result;
        }
    }
}
