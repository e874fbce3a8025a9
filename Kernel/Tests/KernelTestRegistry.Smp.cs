namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>Several processors: bring-up, cross-calls, locks, TLB shootdowns.</summary>
        private static KernelTest[] Smp() => new[]
        {
            new KernelTest("smp.every_listed_processor_reports_in", &SmpTests.EveryListedProcessorReportsIn),
            new KernelTest("smp.cross_call_runs_on_the_named_processor", &SmpTests.CrossCallRunsOnTheNamedProcessor),
            new KernelTest("smp.cross_calls_are_answered_exactly_once", &SmpTests.CrossCallsAreAnsweredExactlyOnce),
            new KernelTest("smp.cross_call_to_a_processor_not_running_is_refused", &SmpTests.CrossCallToAProcessorNotRunningIsRefused),
            new KernelTest("smp.each_processor_runs_on_its_own_stack", &SmpTests.EachProcessorRunsOnItsOwnStack),
            new KernelTest("smp.spin_lock_excludes_across_processors", &SmpTests.SpinLockExcludesAcrossProcessors),
            new KernelTest("smp.lock_order_violation_is_reported_with_both_stacks", &SmpTests.LockOrderViolationIsReportedWithBothStacks),
            new KernelTest("smp.tlb_shootdown_reaches_every_processor", &SmpTests.TlbShootdownReachesEveryProcessor),
            new KernelTest("smp.threads_run_and_are_preempted_on_every_processor", &SmpTests.ThreadsRunAndArePreemptedOnEveryProcessor),
            new KernelTest("smp.wake_up_reaches_an_idle_processor_while_others_spin", &SmpTests.WakeUpReachesAnIdleProcessorWhileOthersSpin),
            new KernelTest("smp.processes_run_on_the_processors_the_policy_names", &SmpTests.ProcessesRunOnTheProcessorsThePolicyNames),
        };
    }
}
