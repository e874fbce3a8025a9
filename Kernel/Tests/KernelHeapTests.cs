using Sing.Kernel.Memory;

namespace Sing.Kernel.Tests
{
    internal static unsafe class KernelHeapTests
    {
        public static void AllocFreeCoalesce(TestContext t)
        {
            ulong inUse = KernelHeap.BytesInUse;
            // Compared with the free blocks before the allocations: those may use up whole holes left by earlier
            // allocations (how many depends on what booted before: more CPUs, more blocks), which the frees give back.
            int freeBlocksBefore = KernelHeap.FreeBlockCount;
            byte** blocks = stackalloc byte*[32];
            for (int i = 0; i < 32; i++)
            {
                ulong size = (ulong)(16 + i * 37);
                blocks[i] = (byte*)KernelHeap.Allocate(size);
                for (ulong j = 0; j < size; j++) blocks[i][j] = (byte)i;
            }
            int corrupted = 0;
            for (int i = 0; i < 32; i++)
                for (ulong j = 0; j < (ulong)(16 + i * 37); j++)
                    if (blocks[i][j] != (byte)i) corrupted++;
            t.Equal(0, (ulong)corrupted, "blocks do not overlap");
            // Free odd blocks, then even ones: the heap must merge every hole back.
            for (int i = 1; i < 32; i += 2) KernelHeap.Free(blocks[i]);
            for (int i = 0; i < 32; i += 2) KernelHeap.Free(blocks[i]);
            t.Equal(inUse, KernelHeap.BytesInUse, "bytes in use back to the baseline");
            t.True(KernelHeap.FreeBlockCount <= freeBlocksBefore + 1, "freed neighbours were merged");
        }

        public static void AlignmentAndSize(TestContext t)
        {
            for (ulong size = 1; size < 300; size += 7)
            {
                void* p = KernelHeap.Allocate(size);
                t.Equal(0, (ulong)p % 16, "16-byte alignment");
                t.True(KernelHeap.UsableSize(p) >= size, "usable size covers the request");
                KernelHeap.Free(p);
            }
        }

        public static void LargeBlock(TestContext t)
        {
            ulong freePages = PageAllocator.FreePages;
            byte* p = (byte*)KernelHeap.Allocate(1 << 20);
            t.True(p != null, "a 1 MiB block is allocated");
            t.True(PageAllocator.FreePages < freePages, "the heap grew by taking pages");
            p[0] = 1;
            p[(1 << 20) - 1] = 2;
            t.True(p[0] == 1 && p[(1 << 20) - 1] == 2, "both ends are writable");
            KernelHeap.Free(p);
        }
    }
}
