using Sing.Kernel.Arch;
using Sing.Kernel.Memory;

namespace Sing.Kernel.Tests
{
    internal static unsafe class PageAllocatorTests
    {
        public static void AllocFreeRoundtrip(TestContext t)
        {
            ulong free = PageAllocator.FreePages, used = PageAllocator.UsedPages;
            void* page = PageAllocator.Allocate();
            t.True(page != null, "a page is allocated");
            t.Equal(0, (ulong)page % PageAllocator.PageSize, "page alignment");
            t.Equal(free - 1, PageAllocator.FreePages, "free count after allocation");
            t.Equal(used + 1, PageAllocator.UsedPages, "used count after allocation");
            t.True(PageAllocator.IsAllocated(page), "the page is marked allocated");
            PageAllocator.Free(page);
            t.Equal(free, PageAllocator.FreePages, "free count restored");
            t.Equal(used, PageAllocator.UsedPages, "used count restored");
            t.True(!PageAllocator.IsAllocated(page), "the page is free again");
        }

        /// <summary>SIP-Page (and every hardware-domain configuration) maps a page while it is allocated and unmaps it when freed (a stale pointer faults);
        /// SIP-Phys keeps all of RAM mapped. A run of pages is checked at both ends.</summary>
        public static void MappingFollowsConfiguration(TestContext t)
        {
            bool paged = Domains.Isolation.Current != Domains.IsolationConfiguration.SipPhys;
            t.Equal(paged ? 1UL : 0UL, DemandMapping.Enabled ? 1UL : 0UL, "demand mapping is on in every configuration but SIP-Phys");
            byte* run = (byte*)PageAllocator.Allocate(3);
            t.True(run != null, "three pages are allocated");
            if (run == null) return;
            ulong last = (ulong)run + 2 * PageAllocator.PageSize;
            t.True(PageTables.IsMapped((ulong)run) && PageTables.IsMapped(last), "allocated pages are mapped");
            run[0] = 1;
            run[2 * PageAllocator.PageSize] = 2;
            PageAllocator.Free(run, 3);
            t.True(PageTables.IsMapped((ulong)run) != paged, paged ? "a freed page is unmapped" : "a freed page stays mapped");
            t.True(PageTables.IsMapped(last) != paged, paged ? "the run's last page is unmapped" : "the run's last page stays mapped");
        }

        public static void ContiguousRun(TestContext t)
        {
            const ulong count = 64;
            byte* run = (byte*)PageAllocator.Allocate(count);
            t.True(run != null, "64 contiguous pages are allocated");
            if (run == null) return;
            ulong* words = (ulong*)run;
            ulong n = count * PageAllocator.PageSize / 8;
            for (ulong i = 0; i < n; i++) words[i] = i * 0x9E3779B97F4A7C15UL;
            ulong bad = 0;
            for (ulong i = 0; i < n; i++) if (words[i] != i * 0x9E3779B97F4A7C15UL) bad++;
            t.Equal(0, bad, "pattern written across the run reads back");
            PageAllocator.Free(run, count);
        }

        public static void PagesAreZeroed(TestContext t)
        {
            byte* page = (byte*)PageAllocator.Allocate();
            for (int i = 0; i < 4096; i++) page[i] = 0xAB;
            PageAllocator.Free(page);
            byte* again = (byte*)PageAllocator.Allocate();
            t.True(again == page, "the freed page is handed out again first");
            ulong nonZero = 0;
            for (int i = 0; i < 4096; i++) if (again[i] != 0) nonZero++;
            t.Equal(0, nonZero, "a reused page is zeroed");
            PageAllocator.Free(again);
        }

        public static void NeverHandsOutReserved(TestContext t)
        {
            const int count = 200;
            ulong* pages = stackalloc ulong[count];
            ulong kernelStart = (ulong)Cpu.KernelImageStart(), kernelEnd = (ulong)Cpu.KernelImageEnd();
            int overlaps = 0;
            for (int i = 0; i < count; i++)
            {
                ulong p = (ulong)PageAllocator.Allocate();
                pages[i] = p;
                if (p < (1UL << 20) || (p + PageAllocator.PageSize > kernelStart && p < kernelEnd)) overlaps++;
            }
            t.Equal(0, (ulong)overlaps, "no page in the first MiB or the kernel image");
            for (int i = 0; i < count; i++) PageAllocator.Free((void*)pages[i]);
        }

        public static void RefusesImpossibleRequest(TestContext t)
        {
            ulong free = PageAllocator.FreePages;
            void* p = PageAllocator.Allocate(free + 1);
            t.True(p == null, "a request larger than free memory returns null");
            t.Equal(free, PageAllocator.FreePages, "a refused request changes nothing");
        }
    }
}
