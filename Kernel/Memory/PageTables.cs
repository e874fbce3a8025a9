using Sing.Kernel.Arch;

namespace Sing.Kernel.Memory
{
    /// <summary>Edits the boot page tables (identity mapping, 4-level). Tables are identity-mapped, so their physical
    /// addresses can be dereferenced directly.</summary>
    internal static unsafe class PageTables
    {
        private const ulong Present = 1, LargePage = 1UL << 7;
        private const ulong AddressMask = 0x000F_FFFF_FFFF_F000;

        private const ulong Writable = 1UL << 1;

        /// <summary>Makes one 4 KiB page not-present (a guard page). A 2 MiB mapping around it is first split into
        /// 4 KiB entries. Returns false when the address is not mapped at all.</summary>
        public static bool TryUnmapSmallPage(ulong address)
        {
            ulong* entry = FindSmallPageEntry(address, split: true);
            if (entry == null) return false;
            *entry &= ~Present;
            Smp.Tlb.Invalidate(address);
            return true;
        }

        /// <summary>Maps a 4 KiB page back (identity, writable), undoing <see cref="TryUnmapSmallPage"/>.</summary>
        public static void MapSmallPage(ulong address)
        {
            ulong* entry = FindSmallPageEntry(address, split: true);
            if (entry == null) return;
            *entry = (address & AddressMask) | Present | Writable;
            Smp.Tlb.Invalidate(address);
        }

        /// <summary>Maps the 4 KiB page at <paramref name="address"/> to the frame at <paramref name="frame"/> (writable)
        /// instead of itself; <see cref="MapSmallPage"/> restores the identity. False when the address is not mapped.</summary>
        public static bool TryRemapSmallPage(ulong address, ulong frame)
        {
            ulong* entry = FindSmallPageEntry(address, split: true);
            if (entry == null) return false;
            *entry = (frame & AddressMask) | Present | Writable;
            Smp.Tlb.Invalidate(address);
            return true;
        }

        private const ulong User = 1UL << 2;

        /// <summary>Lets ring 3 reach the 4 KiB page at <paramref name="address"/> (or takes that away). The upper
        /// levels of the current address space get the user bit too, which grants nothing by itself: every other
        /// leaf entry still lacks it. Returns false when the address is not mapped.</summary>
        public static bool SetUserAccess(ulong address, bool user)
        {
            ulong* entry = FindSmallPageEntry(address, split: true);
            if (entry == null) return false;
            ulong* pml4 = (ulong*)(Cpu.ReadCr3() & AddressMask);
            ulong* pml4e = &pml4[(address >> 39) & 511];
            ulong* pdpte = &((ulong*)(*pml4e & AddressMask))[(address >> 30) & 511];
            ulong* pde = &((ulong*)(*pdpte & AddressMask))[(address >> 21) & 511];
            if (user)
            {
                *pml4e |= User;
                *pdpte |= User;
                *pde |= User;
                *entry |= User;
            }
            else *entry &= ~User;
            Smp.Tlb.Invalidate(address);
            return true;
        }

        public static bool IsMapped(ulong address)
        {
            ulong* pml4 = (ulong*)(Cpu.ReadCr3() & AddressMask);
            ulong e = pml4[(address >> 39) & 511];
            if ((e & Present) == 0) return false;
            e = ((ulong*)(e & AddressMask))[(address >> 30) & 511];
            if ((e & Present) == 0) return false;
            if ((e & LargePage) != 0) return true;
            e = ((ulong*)(e & AddressMask))[(address >> 21) & 511];
            if ((e & Present) == 0) return false;
            if ((e & LargePage) != 0) return true;
            e = ((ulong*)(e & AddressMask))[(address >> 12) & 511];
            return (e & Present) != 0;
        }

        private static ulong* FindSmallPageEntry(ulong address, bool split)
        {
            // With RAM in DemandMapping's tables the entry is found directly, whichever address space is loaded.
            ulong* direct = DemandMapping.Enabled ? DemandMapping.EntryOf(address) : null;
            if (direct != null) return direct;
            ulong* pde = DirectoryEntryOf(address);
            if (pde == null) return null;
            if ((*pde & LargePage) != 0)
            {
                if (!split) return null;
                SplitLargePage(pde);
            }
            return &((ulong*)(*pde & AddressMask))[(address >> 12) & 511];
        }

        /// <summary>The present page-directory entry (2 MiB) for <paramref name="address"/> in the loaded address
        /// space, or null when a level above it is missing or maps 1 GiB at once.</summary>
        public static ulong* DirectoryEntryOf(ulong address)
        {
            ulong* pml4 = (ulong*)(Cpu.ReadCr3() & AddressMask);
            ulong e = pml4[(address >> 39) & 511];
            if ((e & Present) == 0) return null;
            e = ((ulong*)(e & AddressMask))[(address >> 30) & 511];
            if ((e & Present) == 0 || (e & LargePage) != 0) return null;
            ulong* pde = &((ulong*)(e & AddressMask))[(address >> 21) & 511];
            return (*pde & Present) == 0 ? null : pde;
        }

        /// <summary>Pages holding the 4 KiB tables that replaced 2 MiB mappings: kept for good, at most one per 2 MiB of
        /// memory (guard pages), so accounting checks count them apart.</summary>
        public static ulong SplitTablePages { get; private set; }

        /// <summary>Replaces a 2 MiB mapping with a page table of 512 identical 4 KiB mappings.</summary>
        private static void SplitLargePage(ulong* pde)
        {
            ulong* table = (ulong*)PageAllocator.Allocate();
            if (table == null) Diagnostics.Panic.Halt("out of memory splitting a large page");
            SplitTablePages++;
            ulong baseAddress = *pde & AddressMask & ~((1UL << 21) - 1);
            ulong attributes = *pde & (Present | Writable);
            for (ulong i = 0; i < 512; i++) table[i] = (baseAddress + i * 4096) | attributes;
            *pde = (ulong)table | Present | Writable;
            Cpu.WriteCr3(Cpu.ReadCr3()); // flush the TLB: the 2 MiB entry may be cached
        }
    }
}
