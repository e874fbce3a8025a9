using System;
using Sing.Kernel.Diagnostics;

namespace Sing.Kernel.Memory
{
    /// <summary>The kernel's unmanaged heap for variable-sized blocks (descriptor tables, buffers, stacks' bookkeeping).
    /// First-fit over an address-ordered free list; freed blocks merge with free neighbours. Memory comes from the
    /// page allocator in regions of at least 64 KiB. Every block has a 16-byte header holding its size and a magic
    /// word, so a bad or repeated free is detected and reported instead of corrupting the heap.</summary>
    internal static unsafe class KernelHeap
    {
        private const ulong RegionPages = 16;
        private const ulong Alignment = 16;
        private const ulong HeaderSize = 16;
        private const uint UsedMagic = 0x48454150;  // "HEAP"
        private const uint FreeMagic = 0x46524545;  // "FREE"

        private struct Block
        {
            public ulong Size;      // whole block, header included
            public uint Magic;
            public uint Reserved;
            public Block* NextFree; // valid only while free (lives in the payload)
        }

        private static Block* s_freeList;

        public static ulong BytesInUse { get; private set; }
        public static ulong BytesReserved { get; private set; }
        public static ulong Allocations { get; private set; }
        public static ulong Frees { get; private set; }

        public static void* Allocate(ulong size)
        {
            if (size == 0) size = 1;
            ulong needed = Align(size + HeaderSize, Alignment);
            if (needed < (ulong)sizeof(Block)) needed = Align((ulong)sizeof(Block), Alignment);

            Block* block = TakeFirstFit(needed);
            if (block == null)
            {
                ulong pages = (needed + PageAllocator.PageSize - 1) / PageAllocator.PageSize;
                if (pages < RegionPages) pages = RegionPages;
                Block* region = (Block*)PageAllocator.Allocate(pages);
                if (region == null) return null;
                region->Size = pages * PageAllocator.PageSize;
                BytesReserved += region->Size;
                InsertFree(region);
                block = TakeFirstFit(needed);
            }
            block->Magic = UsedMagic;
            BytesInUse += block->Size;
            Allocations++;
            byte* payload = (byte*)block + HeaderSize;
            Buffer.Fill(payload, 0, (nuint)(block->Size - HeaderSize));
            return payload;
        }

        public static void Free(void* pointer)
        {
            if (pointer == null) return;
            Block* block = (Block*)((byte*)pointer - HeaderSize);
            if (block->Magic == FreeMagic) Panic.Halt("kernel heap: double free", (ulong)pointer);
            if (block->Magic != UsedMagic) Panic.Halt("kernel heap: free of a pointer it did not allocate", (ulong)pointer);
            BytesInUse -= block->Size;
            Frees++;
            InsertFree(block);
        }

        /// <summary>Size usable by the caller for a block returned by Allocate.</summary>
        public static ulong UsableSize(void* pointer) => ((Block*)((byte*)pointer - HeaderSize))->Size - HeaderSize;

        public static int FreeBlockCount
        {
            get
            {
                int n = 0;
                for (Block* b = s_freeList; b != null; b = b->NextFree) n++;
                return n;
            }
        }

        private static Block* TakeFirstFit(ulong needed)
        {
            Block* previous = null;
            for (Block* b = s_freeList; b != null; previous = b, b = b->NextFree)
            {
                if (b->Size < needed) continue;
                ulong remainder = b->Size - needed;
                Block* next = b->NextFree;
                if (remainder >= Align((ulong)sizeof(Block), Alignment))
                {
                    Block* rest = (Block*)((byte*)b + needed);
                    rest->Size = remainder;
                    rest->Magic = FreeMagic;
                    rest->NextFree = next;
                    next = rest;
                    b->Size = needed;
                }
                if (previous == null) s_freeList = next; else previous->NextFree = next;
                return b;
            }
            return null;
        }

        /// <summary>Inserts in address order and merges with the neighbours it touches.</summary>
        private static void InsertFree(Block* block)
        {
            block->Magic = FreeMagic;
            Block* previous = null;
            Block* current = s_freeList;
            while (current != null && current < block)
            {
                previous = current;
                current = current->NextFree;
            }
            block->NextFree = current;
            if (previous == null) s_freeList = block; else previous->NextFree = block;

            if (current != null && (byte*)block + block->Size == (byte*)current)
            {
                block->Size += current->Size;
                block->NextFree = current->NextFree;
            }
            if (previous != null && (byte*)previous + previous->Size == (byte*)block)
            {
                previous->Size += block->Size;
                previous->NextFree = block->NextFree;
            }
        }

        private static ulong Align(ulong value, ulong alignment) => (value + alignment - 1) & ~(alignment - 1);
    }
}
