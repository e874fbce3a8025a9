namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>Threads, the scheduler and synchronization.</summary>
        private static KernelTest[] Threads() => new[]
        {
            new KernelTest("threads.create_start_join", &ThreadTests.CreateStartJoin),
            new KernelTest("threads.sleep_waits_for_the_timer", &ThreadTests.SleepWaitsForTheTimer),
            new KernelTest("threads.events_ping_pong", &ThreadTests.EventsPingPong),
            new KernelTest("threads.manual_reset_releases_all", &ThreadTests.ManualResetReleasesAll),
            new KernelTest("threads.mutex_excludes", &ThreadTests.MutexExcludes),
            new KernelTest("threads.wait_any_with_timeout", &ThreadTests.WaitAnyWithTimeout),
            new KernelTest("threads.preemption_is_fair", &ThreadTests.PreemptionIsFair),
            new KernelTest("threads.woken_thread_runs_before_preempted", &ThreadTests.WokenThreadRunsBeforePreempted),
            new KernelTest("threads.collector_scans_every_stack", &ThreadTests.CollectorScansEveryStack),
            new KernelTest("threads.concurrent_allocation_and_collection", &ThreadTests.ConcurrentAllocationAndCollection),
            new KernelTest("threads.allocation_contexts_counted_and_reused", &AllocationContextTests.CountsAndReuseAcrossThreads),
            new KernelTest("threads.exceptions_are_per_thread", &ThreadTests.ExceptionsArePerThread),
            new KernelTest("threads.create_exit_loop_leaks_nothing", &ThreadTests.CreateExitLoopLeaksNothing),
        };
    }
}
