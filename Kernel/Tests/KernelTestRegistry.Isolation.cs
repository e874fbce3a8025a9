namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>Isolation: attacks from an untrusted program (Apps/Hostile) and what the kernel does about them.</summary>
        private static KernelTest[] Isolation() => new[]
        {
            new KernelTest("isolation.refused_allocation_spans_nothing", &IsolationTests.RefusedAllocationSpansNothing),
            new KernelTest("isolation.stale_block_copies_fail", &IsolationTests.StaleBlockCopiesFail),
            new KernelTest("isolation.inline_reads_stay_in_the_message", &IsolationTests.InlineReadsStayInTheMessage),
            new KernelTest("isolation.huge_select_is_refused", &IsolationTests.HugeSelectIsRefused),
            new KernelTest("isolation.naming_rules_and_name_quota", &IsolationTests.NamingRulesAndNameQuota),
            new KernelTest("isolation.checked_binds_cannot_be_forged", &IsolationTests.CheckedBindsCannotBeForged),
            new KernelTest("isolation.applications_cannot_start_system_programs", &IsolationTests.CannotStartSystemPrograms),
            new KernelTest("isolation.retyped_handle_closes_nothing", &IsolationTests.RetypedHandleClosesNothing),
            new KernelTest("isolation.never_started_children_are_reclaimed", &IsolationTests.ChildrenQuotaAndReclaim),
            new KernelTest("isolation.fork_bomb_is_bounded", &IsolationTests.ForkBombIsBounded),
            new KernelTest("isolation.exchange_quota_and_reserve", &IsolationTests.ExchangeQuota),
            new KernelTest("isolation.forged_exchange_addresses_are_never_read", &IsolationTests.ForgedExchangeAddressesAreNeverRead),
            new KernelTest("isolation.undeclared_contract_is_refused", &IsolationTests.UndeclaredContractIsRefused),
            new KernelTest("isolation.stack_exhaustion_ends_only_the_sip", &IsolationTests.StackExhaustionEndsOnlyTheSip),
            new KernelTest("isolation.span_over_covariant_array_refused", &IsolationTests.SpanOverCovariantArray),
            new KernelTest("isolation.endpoint_cycle_refused", &IsolationTests.EndpointCycleRefused),
            new KernelTest("isolation.abi_fuzz", &IsolationTests.AbiFuzz),
            new KernelTest("isolation.kills_lose_nothing", &IsolationTests.KillsLoseNothing),
            new KernelTest("isolation.contract_fuzz_block_device", &ContractFuzzTests.BlockDeviceServer),
            new KernelTest("isolation.contract_fuzz_clock", &ContractFuzzTests.ClockServer),
            new KernelTest("isolation.contract_fuzz_file_system", &ContractFuzzTests.FileSystemServer),
            new KernelTest("isolation.contract_fuzz_file", &ContractFuzzTests.FileServer),
            new KernelTest("isolation.contract_fuzz_echo", &ContractFuzzTests.EchoServer),
            new KernelTest("isolation.contract_fuzz_bench_echo", &ContractFuzzTests.BenchEchoServer),
            new KernelTest("isolation.contract_fuzz_pairs", &ContractFuzzTests.PairsServer),
            new KernelTest("soak.mixed_workload", &SoakTests.MixedWorkload),
            new KernelTest("domains.foreign_pages_fault_in_hardware_domains", &DomainTests.ForeignPagesFaultInHardwareDomains),
            new KernelTest("domains.domain_tables_are_reclaimed", &DomainTests.DomainTablesAreReclaimed),
            new KernelTest("domains.ring3_programs_run", &DomainTests.Ring3ProgramsRun),
            new KernelTest("domains.ring3_code_is_write_protected", &DomainTests.Ring3CodeIsWriteProtected),
            new KernelTest("domains.remap_vector_moves_between_ring3_domains", &RemapTests.VectorMovesBetweenRing3Domains),
            new KernelTest("domains.remap_vector_through_a_ring0_relay", &RemapTests.VectorThroughARing0Relay),
            new KernelTest("domains.remap_touch_after_send_ends_the_sender", &RemapTests.TouchAfterSendEndsTheSender),
            new KernelTest("domains.remap_endpoint_with_remapped_block_works", &RemapTests.EndpointWithRemappedBlockWorks),
            new KernelTest("domains.remap_kill_mid_conversation_balances", &RemapTests.KillMidConversationBalances),
            new KernelTest("usermode.system_calls_from_ring3", &UserModeTests.SystemCallsFromRing3),
            new KernelTest("usermode.entry_mechanisms_reach_the_kernel", &UserModeTests.EntryMechanismsReachTheKernel),
            new KernelTest("usermode.privileged_instructions_end_the_thread", &UserModeTests.PrivilegedInstructionsEndTheThread),
            new KernelTest("usermode.numbers_outside_the_table_answer_no_such_call", &SystemCallEntryTests.NumbersOutsideTheTableAnswerNoSuchCall),
            new KernelTest("usermode.thread_without_table_answers_no_such_call", &SystemCallEntryTests.ThreadWithoutTableAnswersNoSuchCall),
            new KernelTest("usermode.only_the_result_comes_back", &SystemCallEntryTests.OnlyTheResultComesBack),
        };
    }
}
