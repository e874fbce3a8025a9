namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>SIPs, the ABI and the process manager.</summary>
        private static KernelTest[] Processes() => new[]
        {
            new KernelTest("processes.exit_code_and_pages_returned", &ProcessTests.ExitCodeAndPagesReturned),
            new KernelTest("processes.supervisor_restart_policies", &SupervisorTests.RestartPolicies),
            new KernelTest("processes.reconnect_mid_conversation", &ReconnectTests.MidConversation),
            new KernelTest("processes.fault_stops_only_the_faulting_sip", &ProcessTests.FaultStopsOnlyTheFaultingSip),
            new KernelTest("processes.kill_blocked_in_kernel", &ProcessTests.KillBlockedInKernel),
            new KernelTest("processes.forged_handles_rejected", &ProcessTests.ForgedHandlesRejected),
            new KernelTest("processes.sip_threads_and_events", &ProcessTests.SipThreadsAndEvents),
            new KernelTest("processes.managed_threads_follow_dotnet_rules", &ProcessTests.ManagedThreadsFollowDotNetRules),
            new KernelTest("processes.children_and_exit_codes", &ProcessTests.ChildrenAndExitCodes),
            new KernelTest("processes.threads_start_only_in_own_image", &ProcessTests.ThreadsStartOnlyInOwnImage),
            new KernelTest("processes.privileges_from_the_manifest", &ProcessTests.PrivilegesFromTheManifest),
            new KernelTest("processes.stop_and_kill_from_another_sip", &ProcessTests.StopAndKillFromAnotherSip),
            new KernelTest("processes.abi_mutex_excludes", &ProcessTests.AbiMutexExcludes),
            new KernelTest("processes.abi_version_refused", &ProcessTests.AbiVersionRefused),
            new KernelTest("processes.malformed_images_rejected", &ProcessTests.MalformedImagesRejected),
            new KernelTest("processes.create_exit_loop_leaks_nothing", &ProcessTests.CreateExitLoopLeaksNothing),
            new KernelTest("processes.image_copies_reused_and_drained", &ProcessTests.ImageCopiesReusedAndDrained),
            new KernelTest("processes.reused_copies_start_pristine", &ProcessTests.ReusedCopiesStartPristine),
        };
    }
}
