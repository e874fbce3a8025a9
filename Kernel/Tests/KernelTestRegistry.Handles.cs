namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>Handle tables, whichever lookup the boot chose (handles=table|mmu|hash: HandleLookupBootTests runs
        /// these and the whole suite under each).</summary>
        private static KernelTest[] Handles() => new[]
        {
            new KernelTest("handles.forged_stale_and_mistyped_are_refused", &HandleTableTests.ForgedStaleAndMistypedAreRefused),
            new KernelTest("handles.processes_cannot_use_each_others", &HandleTableTests.ProcessesCannotUseEachOthers),
            new KernelTest("handles.quota_and_reuse", &HandleTableTests.QuotaAndReuse),
            new KernelTest("handles.lookup_outside_the_window_is_refused", &HandleTableTests.LookupOutsideTheWindowIsRefused),
            new KernelTest("handles.endpoints_are_records_in_the_holders_table", &HandleTableTests.EndpointsAreRecordsInTheHoldersTable),
        };
    }
}
