namespace Internal.Runtime
{
    /// <summary>Never-freed memory for the runtime's own bookkeeping (dispatch caches and the like), carved from
    /// pages the host supplies. Not part of the object heap, so the collector never sees it.</summary>
    internal static unsafe class NativeArena
    {
        // The first chunk is one page: the host zeroes what it hands out, and most programs' bookkeeping fits in one
        // page (a program that starts and exits at once zeroes 12 KiB less); later chunks are four.
        private const nuint FirstChunkSize = 4 * 1024;
        private const nuint ChunkSize = 16 * 1024;
        private static byte* s_current;
        private static byte* s_limit;

        /// <summary>Whole pages from the host, for runtime tables too large for the chunks above.</summary>
        public static void* AllocatePages(nuint bytes) =>
            RuntimeHost.AllocateHeapMemory == null ? null : RuntimeHost.AllocateHeapMemory((bytes + 4095) & ~(nuint)4095);

        /// <summary>Null when <paramref name="size"/> exceeds a chunk or the host has no memory. Safe from any thread:
        /// the bump runs in a no-preemption section (two threads resolving dispatch cells at once must not be handed
        /// the same bytes).</summary>
        public static void* Allocate(nuint size)
        {
            size = (size + 15) & ~(nuint)15;
            if (size > ChunkSize) return null;
            ulong cookie = RuntimeHost.EnterNoPreemption != null ? RuntimeHost.EnterNoPreemption() : 0;
            byte* result = null;
            if (s_current == null || (nuint)(s_limit - s_current) < size)
            {
                nuint bytes = s_current == null && size <= FirstChunkSize ? FirstChunkSize : ChunkSize;
                byte* chunk = RuntimeHost.AllocateHeapMemory == null ? null : (byte*)RuntimeHost.AllocateHeapMemory(bytes);
                if (chunk != null)
                {
                    s_current = chunk;
                    s_limit = chunk + bytes;
                }
            }
            if (s_current != null && (nuint)(s_limit - s_current) >= size)
            {
                result = s_current;
                s_current += size;
            }
            if (RuntimeHost.ExitNoPreemption != null) RuntimeHost.ExitNoPreemption(cookie);
            return result;
        }
    }
}
