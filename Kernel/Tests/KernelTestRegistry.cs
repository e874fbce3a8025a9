namespace Sing.Kernel.Tests
{
    /// <summary>Every in-kernel test. Each area lists its tests in a part of this class (KernelTestRegistry.*.cs);
    /// the host harness (Tests/Sing.Boot.Tests) reads the names from these files, so each test appears in
    /// `dotnet test` under its own name.</summary>
    internal static unsafe partial class KernelTestRegistry
    {
        public static KernelTest[] All()
        {
            KernelTest[][] areas = { Boot(), Runtime(), Collector(), Library(), Threads(), Smp(), Processes(), Handles(), Principals(), ChannelArea(), Manifests(), Isolation(), Storage() };
            int total = 0;
            for (int a = 0; a < areas.Length; a++) total += areas[a].Length;
            var all = new KernelTest[total];
            int n = 0;
            for (int a = 0; a < areas.Length; a++)
                for (int i = 0; i < areas[a].Length; i++) all[n++] = areas[a][i];
            return all;
        }

        private static KernelTest[] Boot() => new[]
        {
            new KernelTest("boot.memory_map_has_usable_memory", &BootTests.MemoryMapHasUsableMemory),
            new KernelTest("boot.command_line_reaches_kernel", &BootTests.CommandLineReachesKernel),
            new KernelTest("boot.symbols_name_kernel_code", &BootTests.SymbolsNameKernelCode),
            new KernelTest("page_allocator.alloc_free_roundtrip", &PageAllocatorTests.AllocFreeRoundtrip),
            new KernelTest("page_allocator.contiguous_run", &PageAllocatorTests.ContiguousRun),
            new KernelTest("page_allocator.pages_are_zeroed", &PageAllocatorTests.PagesAreZeroed),
            new KernelTest("page_allocator.never_hands_out_reserved", &PageAllocatorTests.NeverHandsOutReserved),
            new KernelTest("page_allocator.refuses_impossible_request", &PageAllocatorTests.RefusesImpossibleRequest),
            new KernelTest("page_allocator.mapping_follows_configuration", &PageAllocatorTests.MappingFollowsConfiguration),
            new KernelTest("kernel_heap.alloc_free_coalesce", &KernelHeapTests.AllocFreeCoalesce),
            new KernelTest("kernel_heap.alignment_and_size", &KernelHeapTests.AlignmentAndSize),
            new KernelTest("kernel_heap.large_block", &KernelHeapTests.LargeBlock),
            new KernelTest("timer.ticks_advance", &TimerTests.TicksAdvance),
            new KernelTest("timer.tsc_matches_timer", &TimerTests.TscMatchesTimer),
            new KernelTest("interrupts.breakpoint_is_handled", &InterruptTests.BreakpointIsHandled),
        };
    }
}
