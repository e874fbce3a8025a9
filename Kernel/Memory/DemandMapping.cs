using Sing.Kernel.Arch;

namespace Sing.Kernel.Memory
{
    /// <summary>SIP-Page's MMU upkeep: RAM is mapped with 4 KiB pages and a page is present only while it is
    /// allocated (or reserved: the kernel image, boot data, firmware areas). Allocating a page maps it, freeing it
    /// unmaps it and invalidates its TLB entry, so every page allocation pays what 004's paged configurations pay.
    /// The page tables for all of RAM are one contiguous array, so the entry of page p is simply Entries[p].</summary>
    internal static unsafe class DemandMapping
    {
        private const ulong Present = 1, Writable = 1UL << 1, User = 1UL << 2, LargePage = 1UL << 7;
        private const ulong AddressMask = 0x000F_FFFF_FFFF_F000;
        private const ulong RegionSize = 2UL << 20, EntriesPerTable = 512;

        private static ulong* s_entries;
        private static ulong s_pageCount;

        public static bool Enabled { get; private set; }

        /// <summary>Replaces the identity map of RAM by 4 KiB page tables and unmaps every free page. Called once at
        /// boot, before the first process starts.</summary>
        public static void Enable()
        {
            ulong pages = PageAllocator.TotalPages;
            ulong regions = (pages + EntriesPerTable - 1) / EntriesPerTable;
            ulong* entries = (ulong*)PageAllocator.Allocate(regions);
            if (entries == null) Diagnostics.Panic.Halt("SIP-Page: no room for the page tables of RAM");

            ulong flags = Threading.Scheduler.DisableInterrupts();
            ulong* replaced = stackalloc ulong[64];
            int replacedCount = 0;
            for (ulong r = 0; r < regions; r++)
            {
                ulong* pde = PageTables.DirectoryEntryOf(r * RegionSize);
                if (pde == null) Diagnostics.Panic.Halt("SIP-Page: RAM not mapped by the boot page tables", r * RegionSize);
                ulong* table = entries + r * EntriesPerTable;
                if ((*pde & LargePage) != 0)
                {
                    ulong baseAddress = *pde & AddressMask & ~(RegionSize - 1);
                    for (ulong i = 0; i < EntriesPerTable; i++) table[i] = (baseAddress + i * PageAllocator.PageSize) | Present | Writable;
                }
                else
                {
                    // Already split (the first 2 MiB, a guard page's region): keep its entries as they are.
                    ulong* old = (ulong*)(*pde & AddressMask);
                    for (ulong i = 0; i < EntriesPerTable; i++) table[i] = old[i];
                    if (PageAllocator.IsAllocated(old) && replacedCount < 64) replaced[replacedCount++] = (ulong)old;
                }
                *pde = (ulong)table | Present | Writable;
            }
            s_entries = entries;
            s_pageCount = pages;
            for (ulong p = 0; p < pages; p++)
                if (PageAllocator.IsFreePage(p)) entries[p] &= ~Present;
            Cpu.WriteCr3(Cpu.ReadCr3());
            Enabled = true;
            Threading.Scheduler.RestoreInterrupts(flags);
            for (int i = 0; i < replacedCount; i++) PageAllocator.Free((void*)replaced[i], 1);
        }

        /// <summary>Maps pages [first, first+count), just allocated (for ring 3 too when <paramref name="user"/>). A not-present entry is never cached by the
        /// TLB, so making it present needs no invalidation.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static void Map(ulong first, ulong count, bool user)
        {
            ulong bits = Present | (user ? User : 0);
            for (ulong p = first; p < first + count; p++) s_entries[p] |= bits;
        }

        /// <summary>Unmaps pages [first, first+count), about to be freed, and drops their TLB entries, so a stale
        /// pointer to a freed page faults instead of reaching the page's next owner.</summary>
        public static void Unmap(ulong first, ulong count)
        {
            for (ulong p = first; p < first + count; p++)
            {
                // A page's next owner never inherits ring-3 access, nor a write protection (WriteProtect).
                s_entries[p] = (s_entries[p] & ~(Present | User)) | Writable;
                Cpu.InvalidatePage(p * PageAllocator.PageSize);
            }
            Smp.Tlb.InvalidateOnOthers(first, count);
        }

        /// <summary>Makes pages [first, first+count) read-only for every address space (CR0.WP holds the kernel to it
        /// too): a ring-3 image's code and read-only data, loaded and relocated, which no process may write after, so
        /// a pooled copy can serve the next process of the image. Freeing the pages makes them writable again. The
        /// loaded space's translations are dropped here; other domains' caches follow AddressSpace.PagesRestricted.</summary>
        public static void WriteProtect(ulong first, ulong count)
        {
            for (ulong p = first; p < first + count; p++)
            {
                s_entries[p] &= ~Writable;
                Cpu.InvalidatePage(p * PageAllocator.PageSize);
            }
            Smp.Tlb.InvalidateOnOthers(first, count);
        }

        /// <summary>The 4 KiB entry mapping <paramref name="address"/> when it lies in RAM, else null.</summary>
        public static ulong* EntryOf(ulong address)
        {
            ulong page = address / PageAllocator.PageSize;
            return page < s_pageCount ? s_entries + page : null;
        }
    }
}
