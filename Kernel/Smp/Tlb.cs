using Sing.Kernel.Arch;

namespace Sing.Kernel.Smp
{
    /// <summary>TLB shootdowns of the kernel's page tables: every processor runs on them, so a change to one of their
    /// entries is invalidated on the calling CPU and, by a cross-call, on every other running processor before the
    /// change counts as made (a CPU that cached the old entry would keep using it: QEMU's TCG keeps a TLB per CPU just
    /// as hardware does). One CPU: one invlpg, as before. SIP-Page's map of RAM (DemandMapping) is part of the kernel's
    /// tables. A hardware domain's own tables are loaded only where its threads run (its process's processor); a change
    /// to them flushes the processors that have it loaded (Scheduler.FlushDomainElsewhere) or, with PCIDs, marks it for a
    /// flush at the next load on every other processor (Domains.AddressSpace).</summary>
    internal static unsafe class Tlb
    {
        public static ulong Shootdowns;

        /// <summary>Invalidates the translation of the page holding <paramref name="address"/> on every processor.</summary>
        public static void Invalidate(ulong address)
        {
            Cpu.InvalidatePage(address);
            if (Processors.Count == 1) return;
            Shootdowns++;
            CrossCall.RunOnOthers(&InvalidateHere, address);
        }

        /// <summary>For a caller that invalidated pages [<paramref name="firstPage"/>, +<paramref name="count"/>) on its
        /// own CPU: the same on every other processor, with one cross-call each.</summary>
        public static void InvalidateOnOthers(ulong firstPage, ulong count)
        {
            if (Processors.Count == 1 || count == 0) return;
            Shootdowns++;
            // One argument carries both: page numbers fit in 44 bits (52-bit physical addresses), counts in 20.
            const ulong MaxCount = (1UL << 20) - 1;
            for (ulong done = 0; done < count; done += MaxCount)
            {
                ulong n = count - done < MaxCount ? count - done : MaxCount;
                CrossCall.RunOnOthers(&InvalidatePagesHere, (firstPage + done) << 20 | n);
            }
        }

        private static ulong InvalidateHere(ulong address)
        {
            Cpu.InvalidatePage(address);
            return 0;
        }

        private static ulong InvalidatePagesHere(ulong packed)
        {
            ulong first = packed >> 20, count = packed & ((1UL << 20) - 1);
            for (ulong p = first; p < first + count; p++) Cpu.InvalidatePage(p * Memory.PageAllocator.PageSize);
            return 0;
        }
    }
}
