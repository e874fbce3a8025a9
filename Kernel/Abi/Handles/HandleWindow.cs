using System.Runtime;
using System.Runtime.CompilerServices;
using Sing.Kernel.Arch;
using Sing.Kernel.Memory;

namespace Sing.Kernel.Abi
{
    /// <summary>003's capability window for handles=mmu: each process's handle entries live in a 2 MiB window of
    /// kernel address space, entry i at window + 16·i (the handle's whole word, then its object's address), so a
    /// lookup is one address computation and one load that the MMU translates. Pages of the window that hold no live
    /// entry map one shared read-only page of zeros, the NULL sentinel (its word 0 matches no handle); pages past the
    /// process's quota are not mapped at all, and a load from them faults: the page-fault handler resumes the probe
    /// at its fixup (<see cref="TryFixUp"/>), which answers "no such handle". No bounds check runs on the hit path.
    ///
    /// 003 (§4.4) maps a process's capability pages in its own address space. Here the windows of all processes are
    /// mapped at once, each at its own address (<see cref="Base"/> + 2 MiB · window number), in the kernel's page
    /// tables that every domain shares: one PML4 entry, copied into each hardware domain's PML4 when it is made. So
    /// nothing is switched on a context switch in any configuration, and several CPUs running threads of different
    /// processes in one address space (SIP-Phys shares one set of tables among all CPUs) each see every window. The
    /// pages are supervisor-only: a ring-3 SIP cannot read its window; the kernel reads it on the SIP's behalf.</summary>
    internal static unsafe class HandleWindow
    {
        /// <summary>The first window: 1 TiB, the second PML4 entry's range (the identity map uses the first).</summary>
        public const ulong Base = 0x0000_0100_0000_0000;
        public const int Windows = 2048;                     // 4 GiB of address space: four page directories
        public const int WindowShift = 21;                   // 2 MiB: one page table per window
        public const int EntryBytes = 16;
        public const uint SlotsPerWindow = (1u << WindowShift) / EntryBytes;
        private const int EntriesPerPage = (int)(PageAllocator.PageSize / EntryBytes);
        private const ulong Present = 1, Writable = 1UL << 1;
        private const ulong AddressMask = 0x000F_FFFF_FFFF_F000;

        private static ulong* s_directories;   // 2048 directory entries, window w's at [w]
        private static ulong s_nullPage;        // the sentinel: one page of zeros, mapped read-only
        private static bool[] s_taken;
        private static ulong s_probeLoad, s_probeFixup;

        /// <summary>Pages of entries mapped (live ones), for the diagnostics.</summary>
        public static int EntryPages;

        /// <summary>The object address stored for <paramref name="handle"/> in the window at <paramref name="window"/>
        /// when the entry holds exactly that handle and its type is <paramref name="expectedType"/>; else 0 (a page
        /// past the mapped ones faults, and the fixup answers 0). Arch/cpu.asm: the whole lookup is one leaf routine,
        /// so the faulting load has a known address.</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_window_lookup")]
        public static extern ulong Lookup(ulong window, ulong handle, ulong expectedType);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_window_lookup_sites")]
        private static extern void LookupSites(ulong* sites);

        /// <summary>Builds the window region (a PDPT and four page directories) and hangs it in the boot PML4 before
        /// any domain copies that. Called once at boot when handles=mmu.</summary>
        public static void Initialize()
        {
            ulong* tables = (ulong*)PageAllocator.Allocate(6);   // PDPT, four directories, the NULL page: zeroed
            if (tables == null) Diagnostics.Panic.Halt("handles=mmu: no room for the handle windows' page tables");
            ulong* pdpt = tables;
            s_directories = tables + 512;
            s_nullPage = (ulong)(tables + 5 * 512);
            for (int i = 0; i < Windows / 512; i++) pdpt[i] = ((ulong)(s_directories + i * 512) & AddressMask) | Present | Writable;
            ulong* pml4 = (ulong*)(Cpu.ReadCr3() & AddressMask);
            pml4[Base >> 39] = ((ulong)pdpt & AddressMask) | Present | Writable;
            s_taken = new bool[Windows];
            ulong* sites = stackalloc ulong[2];
            LookupSites(sites);
            s_probeLoad = sites[0];
            s_probeFixup = sites[1];
        }

        /// <summary>A window for a process whose quota is <paramref name="slots"/> handles: its page table, the pages
        /// covering the quota mapped to the NULL page, the rest not present. -1 when none is free or memory is out.
        /// Interrupts off.</summary>
        public static int Acquire(int slots)
        {
            int w = 0;
            while (w < Windows && s_taken[w]) w++;
            if (w == Windows) return -1;
            ulong* table = (ulong*)PageAllocator.Allocate(1);
            if (table == null) return -1;
            long pages = MappedSlotsFor(slots) / EntriesPerPage;
            for (int p = 0; p < pages; p++) table[p] = (s_nullPage & AddressMask) | Present;
            s_taken[w] = true;
            // Not present before: no processor can hold a translation of it, so nothing to invalidate.
            s_directories[w] = ((ulong)table & AddressMask) | Present | Writable;
            return w;
        }

        /// <summary>Slots a window acquired for <paramref name="slots"/> maps: whole pages, slot 0 (never used)
        /// included, at most the window.</summary>
        public static int MappedSlotsFor(int slots) =>
            (int)System.Math.Min(((long)slots + 1 + EntriesPerPage - 1) / EntriesPerPage * EntriesPerPage, SlotsPerWindow);

        public static ulong AddressOf(int window) => Base + ((ulong)window << WindowShift);

        public static ulong* EntryOf(int window, uint slot) =>
            (ulong*)(AddressOf(window) + (ulong)(slot & (SlotsPerWindow - 1)) * EntryBytes);

        /// <summary>Gives the page holding <paramref name="slot"/>'s entry a frame of its own if it still maps the NULL
        /// page. False when the slot lies past the window's mapped pages or memory is out. Interrupts off.</summary>
        public static bool MakeWritable(int window, uint slot)
        {
            if (slot >= SlotsPerWindow) return false;
            ulong* pte = TableOf(window) + slot / EntriesPerPage;
            if ((*pte & Present) == 0) return false;
            if ((*pte & AddressMask) != (s_nullPage & AddressMask)) return true;
            void* page = PageAllocator.Allocate(1);
            if (page == null) return false;
            *pte = ((ulong)page & AddressMask) | Present | Writable;
            // Every processor may have cached the NULL page's translation here (a lookup of a handle of this page).
            Smp.Tlb.Invalidate((ulong)EntryOf(window, slot) & ~(PageAllocator.PageSize - 1));
            EntryPages++;
            return true;
        }

        /// <summary>Unmaps the window and gives back its pages (the process ended). Interrupts off.</summary>
        public static void Release(int window)
        {
            ulong* table = TableOf(window);
            s_directories[window] = 0;
            ulong first = (Base + ((ulong)window << WindowShift)) / PageAllocator.PageSize;
            for (ulong p = 0; p < 512; p++)
                if ((table[p] & Present) != 0) Cpu.InvalidatePage((first + p) * PageAllocator.PageSize);
            Smp.Tlb.InvalidateOnOthers(first, 512);
            for (int p = 0; p < 512; p++)
            {
                ulong frame = table[p] & AddressMask;
                if ((table[p] & Present) != 0 && frame != (s_nullPage & AddressMask))
                {
                    PageAllocator.Free((void*)frame);
                    EntryPages--;
                }
            }
            PageAllocator.Free(table);
            s_taken[window] = false;
        }

        /// <summary>The page-fault handler's first question: a fault at the lookup's load is a lookup past the mapped
        /// part of a window, answered "no such handle" by resuming at the fixup.</summary>
        public static bool TryFixUp(InterruptFrame* frame)
        {
            if (frame->Rip != s_probeLoad || s_probeLoad == 0) return false;
            frame->Rip = s_probeFixup;
            return true;
        }

        private static ulong* TableOf(int window) => (ulong*)(s_directories[window] & AddressMask);
    }
}
