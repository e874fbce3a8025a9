using System;
using Sing.Kernel.Boot;
using Sing.Kernel.Console;
using Sing.Kernel.Diagnostics;

namespace Sing.Kernel.Memory
{
    /// <summary>Physical page allocator: one bit per 4 KiB page of the identity-mapped range (the first 4 GiB),
    /// built from the Multiboot2 memory map. Pages the map does not call available, the first MiB, the kernel
    /// image, the boot information, boot modules and the bitmap itself are reserved and never handed out.</summary>
    internal static unsafe class PageAllocator
    {
        public const ulong PageSize = 4096;
        private const ulong MappedLimit = 4UL << 30;
        private const ulong LowMemoryLimit = 1UL << 20;

        private static ulong* s_bitmap;          // 1 = not free (reserved or used)
        private static ulong* s_reservedBitmap;  // 1 = reserved (never allocatable)
        private static ulong* s_allocatedBitmap; // 1 = handed out by Allocate: IsAllocated reads one word, not two
        // 1 = the first page of a live exchange-heap block. Validating an address a SIP hands in reads this side table,
        // never the candidate page itself: an allocated page may be a thread's unmapped stack guard.
        private static ulong* s_exchangeStartBitmap;
        private const int BitmapCount = 4;
        private static ulong s_pageCount;
        private static ulong s_nextHint;

        // The RAM regions of the boot memory map (all of them, above 4 GiB too), so a driver's memory claim can be
        // refused when it covers RAM; a map with more regions than this records the last slot as "RAM to the end".
        private const int MaxRamRegions = 32;
        private struct RamRegions
        {
            public fixed ulong Start[MaxRamRegions];
            public fixed ulong End[MaxRamRegions];
        }
        private static RamRegions s_ram;
        private static int s_ramCount;

        public static ulong TotalPages => s_pageCount;
        public static ulong FreePages { get; private set; }
        public static ulong UsedPages { get; private set; }
        public static ulong ReservedPages { get; private set; }
        public static ulong UsableBytes { get; private set; }

        public static void Initialize(in Multiboot2 boot, byte* kernelStart, byte* kernelEnd)
        {
            ulong top = 0;
            s_ramCount = 0;
            for (int i = 0; i < boot.RegionCount; i++)
            {
                MemoryRegion r = boot.GetRegion(i);
                if (r.Type != MemoryRegion.Available) continue;
                if (r.End > top) top = r.End;
                if (s_ramCount < MaxRamRegions)
                {
                    s_ram.Start[s_ramCount] = r.Base;
                    s_ram.End[s_ramCount] = s_ramCount == MaxRamRegions - 1 ? ulong.MaxValue : r.End;
                    s_ramCount++;
                }
            }
            if (top > MappedLimit) top = MappedLimit;
            s_pageCount = top / PageSize;
            ulong bitmapBytes = ((s_pageCount + 63) / 64) * 8;

            // The bitmaps go in the first available region above every boot-time structure that can fit them.
            ulong floor = Align((ulong)kernelEnd, PageSize);
            floor = Max(floor, Align((ulong)boot.Info + boot.TotalSize, PageSize));
            for (int m = 0; m < boot.ModuleCount; m++) floor = Max(floor, Align((ulong)boot.GetModule(m).End, PageSize));
            ulong bitmapAddress = FindRoom(boot, floor, BitmapCount * bitmapBytes);
            if (bitmapAddress == 0) Panic.Halt("page allocator: no room for the page bitmap");
            s_bitmap = (ulong*)bitmapAddress;
            s_reservedBitmap = (ulong*)(bitmapAddress + bitmapBytes);
            s_allocatedBitmap = (ulong*)(bitmapAddress + 2 * bitmapBytes);
            s_exchangeStartBitmap = (ulong*)(bitmapAddress + 3 * bitmapBytes);
            Fill(s_allocatedBitmap, bitmapBytes, 0);
            Fill(s_exchangeStartBitmap, bitmapBytes, 0);

            // Start with everything reserved, then free what the map calls available.
            Fill(s_bitmap, bitmapBytes, 0xFF);
            for (int i = 0; i < boot.RegionCount; i++)
            {
                MemoryRegion r = boot.GetRegion(i);
                if (r.Type != MemoryRegion.Available) continue;
                ulong first = Align(r.Base, PageSize) / PageSize;
                ulong last = Min(r.End, top) / PageSize;
                for (ulong p = first; p < last; p++) Clear(s_bitmap, p);
            }
            MarkRange(0, LowMemoryLimit);
            MarkRange((ulong)kernelStart, (ulong)kernelEnd);
            MarkRange((ulong)boot.Info, (ulong)boot.Info + boot.TotalSize);
            for (int m = 0; m < boot.ModuleCount; m++)
            {
                BootModule module = boot.GetModule(m);
                MarkRange((ulong)module.Start, (ulong)module.End);
            }
            MarkRange(bitmapAddress, bitmapAddress + BitmapCount * bitmapBytes);

            Buffer.Memmove((byte*)s_reservedBitmap, (byte*)s_bitmap, (nuint)bitmapBytes);
            ulong free = 0;
            for (ulong p = 0; p < s_pageCount; p++) if (!Test(s_bitmap, p)) free++;
            FreePages = free;
            UsableBytes = free * PageSize;
            ReservedPages = s_pageCount - free;
            UsedPages = 0;
            s_nextHint = LowMemoryLimit / PageSize;
        }

        /// <summary>Allocates <paramref name="count"/> physically contiguous pages, zeroed. Returns null when no run is free.</summary>
        public static void* Allocate(ulong count = 1) => Allocate(count, zero: true);

        /// <summary>As <see cref="Allocate(ulong)"/>; <paramref name="zero"/> false skips clearing for callers that
        /// overwrite every byte themselves (image loading, stacks).</summary>
        public static void* Allocate(ulong count, bool zero) => Allocate(count, zero, MemoryOwner.Kernel);

        /// <summary>As <see cref="Allocate(ulong, bool)"/>, for <paramref name="owner"/>: in the hardware-domain
        /// configurations the pages come from 2 MiB chunks that only that owner's address space maps.</summary>
        public static void* Allocate(ulong count, bool zero, ushort owner)
        {
            // The bitmaps change with interrupts off: the scheduler preempts kernel code, and two threads must never
            // be handed the same run. Zeroing happens after, on pages already ours.
            ulong flags = Threading.Scheduler.DisableInterrupts();
            ulong start;
            if (count == 0 || count > FreePages) start = ulong.MaxValue;
            else if (s_chunks != null) start = FindOwnedRun(count, owner);
            else
            {
                start = FindRun(s_nextHint, s_pageCount, count);
                if (start == ulong.MaxValue) start = FindRun(0, s_pageCount, count);
            }
            if (start == ulong.MaxValue)
            {
                Threading.Scheduler.RestoreInterrupts(flags);
                return null;
            }
            for (ulong p = start; p < start + count;)
            {
                ulong mask = WordMask(p, start + count, out ulong next);
                s_bitmap[p / 64] |= mask;
                s_allocatedBitmap[p / 64] |= mask;
                p = next;
            }
            if (s_chunks != null) CountChunkPages(start, count, +1);
            FreePages -= count;
            UsedPages += count;
            s_nextHint = start + count;
            Threading.Scheduler.RestoreInterrupts(flags);
            if (DemandMapping.Enabled) DemandMapping.Map(start, count, owner >= MemoryOwner.FirstDomain && Domains.AddressSpace.IsUserOwner(owner));
            byte* address = (byte*)(start * PageSize);
            if (zero) Buffer.Fill(address, 0, (nuint)(count * PageSize));
            return address;
        }

        /// <summary>Returns pages to the pool. Freeing a reserved page, a free page or an unaligned address is a kernel bug and panics.</summary>
        public static void Free(void* address, ulong count = 1)
        {
            ulong a = (ulong)address;
            if (a % PageSize != 0) Panic.Halt("page allocator: free of an unaligned address", a);
            ulong first = a / PageSize;
            if (first + count > s_pageCount) Panic.Halt("page allocator: free beyond physical memory", a);
            ulong flags = Threading.Scheduler.DisableInterrupts();   // see Allocate
            // Unmapped while still ours: once the bits clear, another thread may be handed the pages and map them.
            if (DemandMapping.Enabled) DemandMapping.Unmap(first, count);
            for (ulong p = first; p < first + count;)
            {
                ulong mask = WordMask(p, first + count, out ulong next);
                if ((s_reservedBitmap[p / 64] & mask) != 0) Panic.Halt("page allocator: free of a reserved page", p * PageSize);
                if ((s_bitmap[p / 64] & mask) != mask) Panic.Halt("page allocator: double free", p * PageSize);
                s_bitmap[p / 64] &= ~mask;
                s_allocatedBitmap[p / 64] &= ~mask;
                s_exchangeStartBitmap[p / 64] &= ~mask;
                p = next;
            }
            if (s_chunks != null) CountChunkPages(first, count, -1);
            FreePages += count;
            UsedPages -= count;
            if (first < s_nextHint) s_nextHint = first;
            Threading.Scheduler.RestoreInterrupts(flags);
        }

        // Chunk ownership, on in the hardware-domain configurations: RAM is split into 2 MiB chunks (one page table
        // each), a chunk holds pages of one owner only, and an address space maps a chunk by its page-directory
        // entry. A domain's pages are then invisible to every other domain at the cost of one entry per chunk.
        public const ulong PagesPerChunk = 512;
        private struct ChunkState
        {
            public ushort Owner;
            public ushort Used;   // pages not free: allocated or reserved
        }
        private static ChunkState* s_chunks;
        private static ulong s_chunkCount;
        // Per owner, the chunk it last allocated from: most allocations fit there, so the search rarely walks the table.
        private const int OwnerHints = Domains.AddressSpace.MaxDomains;
        private static uint* s_ownerHint;
        private static uint* s_transferHint;
        private static ulong s_claimHint;

        public static ulong ChunkCount => s_chunkCount;
        public static bool ChunksEnabled => s_chunks != null;

        /// <summary>Starts chunk ownership: every chunk that holds a page already in use is the kernel's, the others
        /// are unassigned. Called once at boot, before the first process.</summary>
        public static void EnableChunkOwnership()
        {
            ulong chunks = (s_pageCount + PagesPerChunk - 1) / PagesPerChunk;
            var table = (ChunkState*)Allocate(((ulong)sizeof(ChunkState) * chunks + PageSize - 1) / PageSize);
            // One hint per domain number, and one more for the transfer chunks.
            s_ownerHint = (uint*)Allocate(((ulong)sizeof(uint) * (OwnerHints + 1) + PageSize - 1) / PageSize);
            if (table == null || s_ownerHint == null) Panic.Halt("page allocator: no room for the chunk table");
            s_transferHint = s_ownerHint + OwnerHints;
            *s_transferHint = uint.MaxValue;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            for (ulong c = 0; c < chunks; c++)
            {
                ulong used = 0;
                for (ulong p = c * PagesPerChunk; p < ChunkEnd(c); p++) if (Test(s_bitmap, p)) used++;
                table[c].Used = (ushort)used;
                table[c].Owner = used == 0 ? MemoryOwner.Unassigned : MemoryOwner.Kernel;
            }
            s_chunkCount = chunks;
            s_chunks = table;
            Threading.Scheduler.RestoreInterrupts(flags);
        }

        /// <summary>How many chunks <paramref name="owner"/> holds (walks the table: for tests).</summary>
        public static ulong ChunksOf(ushort owner)
        {
            ulong n = 0;
            for (ulong c = 0; c < s_chunkCount; c++) if (s_chunks[c].Owner == owner) n++;
            return n;
        }

        /// <summary>Who owns chunk <paramref name="chunk"/> (MemoryOwner.Unassigned when none).</summary>
        public static ushort ChunkOwner(ulong chunk) => s_chunks == null || chunk >= s_chunkCount ? MemoryOwner.Kernel : s_chunks[chunk].Owner;

        private static ulong ChunkEnd(ulong chunk) => Min((chunk + 1) * PagesPerChunk, s_pageCount);

        /// <summary>A free run of <paramref name="count"/> pages in a chunk of <paramref name="owner"/>, else in
        /// unassigned chunks it then claims; runs longer than a chunk take whole chunks. Interrupts off.</summary>
        private static ulong FindOwnedRun(ulong count, ushort owner)
        {
            uint* hint = owner < OwnerHints ? s_ownerHint + owner : owner == MemoryOwner.Transfer ? s_transferHint : null;
            if (count <= PagesPerChunk)
            {
                if (hint != null && *hint < s_chunkCount && s_chunks[*hint].Owner == owner)
                {
                    ulong run = FindRunInChunk(*hint, count);
                    if (run != ulong.MaxValue) return run;
                }
                for (ulong c = 0; c < s_chunkCount; c++)
                {
                    if (s_chunks[c].Owner != owner) continue;
                    ulong run = FindRunInChunk(c, count);
                    if (run == ulong.MaxValue) continue;
                    if (hint != null) *hint = (uint)c;
                    return run;
                }
            }
            ulong needed = (count + PagesPerChunk - 1) / PagesPerChunk;
            // Unassigned chunks are searched from where the last claim ended, so a claim rarely walks the table.
            for (ulong k = 0; k < s_chunkCount; k++)
            {
                ulong c = (s_claimHint + k) % s_chunkCount;
                if (c + needed > s_chunkCount) continue;
                ulong n = 0;
                while (n < needed && s_chunks[c + n].Owner == MemoryOwner.Unassigned && ChunkEnd(c + n) - (c + n) * PagesPerChunk >= (n + 1 == needed ? count - n * PagesPerChunk : PagesPerChunk)) n++;
                if (n < needed) continue;
                for (ulong j = 0; j < needed; j++)
                {
                    s_chunks[c + j].Owner = owner;
                    Domains.AddressSpace.ChunkClaimed(c + j, owner);
                }
                if (hint != null) *hint = (uint)(c + needed - 1);
                s_claimHint = c + needed;
                return c * PagesPerChunk;
            }
            return ulong.MaxValue;
        }

        private static void ReleaseChunk(ulong chunk)
        {
            ushort owner = s_chunks[chunk].Owner;
            s_chunks[chunk].Owner = MemoryOwner.Unassigned;
            Domains.AddressSpace.ChunkReleased(chunk, owner);
        }

        /// <summary>Gives up the empty chunk <paramref name="owner"/> kept for its next allocation (its domain is
        /// going away).</summary>
        public static void ReleaseEmptyChunks(ushort owner)
        {
            if (s_chunks == null) return;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            for (ulong c = 0; c < s_chunkCount; c++)
                if (s_chunks[c].Owner == owner && s_chunks[c].Used == 0) ReleaseChunk(c);
            Threading.Scheduler.RestoreInterrupts(flags);
        }

        private static ulong FindRunInChunk(ulong chunk, ulong count) =>
            ChunkEnd(chunk) - chunk * PagesPerChunk - s_chunks[chunk].Used < count ? ulong.MaxValue : FindRun(chunk * PagesPerChunk, ChunkEnd(chunk), count);

        /// <summary>Counts pages [first, first+count) into (or out of) their chunks; a domain's chunk left with no
        /// page goes back to the unassigned pool and out of the domain's address space. Interrupts off.</summary>
        private static void CountChunkPages(ulong first, ulong count, int sign)
        {
            for (ulong p = first; p < first + count;)
            {
                ulong c = p / PagesPerChunk;
                ulong end = Min((c + 1) * PagesPerChunk, first + count);
                s_chunks[c].Used = (ushort)(s_chunks[c].Used + sign * (int)(end - p));
                if (sign < 0 && s_chunks[c].Owner >= MemoryOwner.FirstDomain) Domains.AddressSpace.PagesFreed(s_chunks[c].Owner);
                // An owner keeps its current chunk even when it empties (allocating and freeing one page would
                // otherwise claim and release a chunk each time); ReleaseEmptyChunks gives it up when the domain goes.
                // The transfer chunks keep theirs the same way; the others go, and with them the domains' transfer
                // tables for them (AddressSpace.ChunkReleased).
                if (sign < 0 && s_chunks[c].Used == 0 && !KeepsWhenEmpty(c, s_chunks[c].Owner)) ReleaseChunk(c);
                p = end;
            }
        }

        private static bool KeepsWhenEmpty(ulong c, ushort owner) =>
            owner == MemoryOwner.Kernel || (owner == MemoryOwner.Transfer ? *s_transferHint == c
                : owner < OwnerHints && s_ownerHint[owner] == c && !Domains.AddressSpace.IsRetiring(owner));

        /// <summary>Whether [start, start+length) touches RAM of the boot memory map (the kernel's to manage, never a
        /// driver's to claim as device memory).</summary>
        public static bool OverlapsRam(ulong start, ulong length)
        {
            ulong end = length > ulong.MaxValue - start ? ulong.MaxValue : start + length;
            for (int i = 0; i < s_ramCount; i++)
                if (start < s_ram.End[i] && s_ram.Start[i] < end) return true;
            return false;
        }

        // Inlined into the exchange heap's address validation, which every channel ABI call runs.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static bool IsAllocated(void* address)
        {
            ulong p = (ulong)address / PageSize;
            return p < s_pageCount && Test(s_allocatedBitmap, p);
        }

        /// <summary>Whether page number <paramref name="page"/> is free (neither reserved nor allocated).</summary>
        public static bool IsFreePage(ulong page) => page < s_pageCount && !Test(s_bitmap, page);

        /// <summary>Records (or forgets) that the allocated page at <paramref name="address"/> starts a live exchange-heap
        /// block. Interrupts must be off (the exchange heap changes its list and this table together).</summary>
        public static void MarkExchangeBlockStart(void* address, bool live)
        {
            ulong p = (ulong)address / PageSize;
            if ((ulong)address % PageSize != 0 || p >= s_pageCount || !Test(s_allocatedBitmap, p))
                Panic.Halt("page allocator: exchange block mark on a page not allocated", (ulong)address);
            if (live) Set(s_exchangeStartBitmap, p);
            else Clear(s_exchangeStartBitmap, p);
        }

        /// <summary>True when <paramref name="address"/> is the start of a page that starts a live exchange-heap block:
        /// a side-table read only, so any number may be asked about.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static bool IsExchangeBlockStart(void* address)
        {
            ulong a = (ulong)address;
            ulong p = a / PageSize;
            return (a & (PageSize - 1)) == 0 && p < s_pageCount && Test(s_exchangeStartBitmap, p);
        }

        /// <summary>The bits of pages [page, min(end, next word)) within their bitmap word; <paramref name="next"/>
        /// is the first page after them. Lets allocation, freeing and searching work a word at a time.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static ulong WordMask(ulong page, ulong end, out ulong next)
        {
            ulong wordEnd = (page | 63) + 1;
            next = end < wordEnd ? end : wordEnd;
            ulong span = next - page;
            ulong bits = span == 64 ? ulong.MaxValue : (1UL << (int)span) - 1;
            return bits << (int)(page & 63);
        }

        private static ulong FindRun(ulong from, ulong to, ulong count)
        {
            ulong run = 0;
            for (ulong p = from; p < to;)
            {
                ulong mask = WordMask(p, to, out ulong next);
                ulong taken = s_bitmap[p / 64] & mask;
                if (taken == 0)
                {
                    // A free stretch: the run grows by all of it.
                    run += next - p;
                    if (run >= count) return next - run;
                    p = next;
                    continue;
                }
                if (taken == mask)
                {
                    run = 0;
                    p = next;
                    continue;
                }
                // One page: the first free bit of the word, without walking it bit by bit.
                if (count == 1) return (p & ~63UL) + (ulong)System.Numerics.BitOperations.TrailingZeroCount(~taken & mask);
                for (; p < next; p++)
                {
                    if (Test(s_bitmap, p)) run = 0;
                    else if (++run == count) return p + 1 - count;
                }
            }
            return ulong.MaxValue;
        }

        private static ulong FindRoom(in Multiboot2 boot, ulong floor, ulong bytes)
        {
            for (int i = 0; i < boot.RegionCount; i++)
            {
                MemoryRegion r = boot.GetRegion(i);
                if (r.Type != MemoryRegion.Available) continue;
                ulong start = Align(Max(r.Base, floor), PageSize);
                if (start + bytes <= Min(r.End, MappedLimit)) return start;
            }
            return 0;
        }

        private static void MarkRange(ulong start, ulong end)
        {
            for (ulong p = start / PageSize; p < Align(end, PageSize) / PageSize && p < s_pageCount; p++) Set(s_bitmap, p);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static bool Test(ulong* bits, ulong page) => (bits[page / 64] & (1UL << (int)(page % 64))) != 0;
        private static void Set(ulong* bits, ulong page) => bits[page / 64] |= 1UL << (int)(page % 64);
        private static void Clear(ulong* bits, ulong page) => bits[page / 64] &= ~(1UL << (int)(page % 64));
        private static void Fill(ulong* bits, ulong bytes, byte value) => Buffer.Fill((byte*)bits, value, (nuint)bytes);
        private static ulong Align(ulong value, ulong alignment) => (value + alignment - 1) & ~(alignment - 1);
        private static ulong Max(ulong a, ulong b) => a > b ? a : b;
        private static ulong Min(ulong a, ulong b) => a < b ? a : b;

        public static void PrintSummary()
        {
            Log.Line($"Memory: {UsableBytes / (1024 * 1024)} MiB usable of {TotalPages * PageSize / (1024 * 1024)} MiB mapped; pages (4 KiB): free={FreePages} used={UsedPages} reserved={ReservedPages}");
        }
    }
}
