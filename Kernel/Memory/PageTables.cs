using Sing.Kernel.Arch;

namespace Sing.Kernel.Memory
{
    /// <summary>Edits the boot page tables (identity mapping, 4-level). Tables are identity-mapped, so their physical
    /// addresses can be dereferenced directly.</summary>
    internal static unsafe class PageTables
    {
        private const ulong Present = 1, LargePage = 1UL << 7;
        private const ulong AddressMask = 0x000F_FFFF_FFFF_F000;

        /// <summary>Makes one 4 KiB page not-present (a guard page). Only pages mapped with 4 KiB entries qualify
        /// (the first 2 MiB, where the kernel image lives); returns false otherwise.</summary>
        public static bool TryUnmapSmallPage(ulong address)
        {
            ulong* entry = FindSmallPageEntry(address);
            if (entry == null) return false;
            *entry &= ~Present;
            Cpu.InvalidatePage(address);
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

        private static ulong* FindSmallPageEntry(ulong address)
        {
            ulong* pml4 = (ulong*)(Cpu.ReadCr3() & AddressMask);
            ulong e = pml4[(address >> 39) & 511];
            if ((e & Present) == 0) return null;
            e = ((ulong*)(e & AddressMask))[(address >> 30) & 511];
            if ((e & Present) == 0 || (e & LargePage) != 0) return null;
            e = ((ulong*)(e & AddressMask))[(address >> 21) & 511];
            if ((e & Present) == 0 || (e & LargePage) != 0) return null;
            return &((ulong*)(e & AddressMask))[(address >> 12) & 511];
        }
    }
}
