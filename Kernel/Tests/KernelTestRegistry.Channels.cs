namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>Channels, the exchange heap and the name service.</summary>
        private static KernelTest[] ChannelArea() => new[]
        {
            new KernelTest("channels.ping_pong_between_sips", &ChannelTests.PingPongBetweenSips),
            new KernelTest("channels.late_checked_binds_replay_queued_requests", &ChannelTests.LateCheckedBindsReplayQueuedRequests),
            new KernelTest("channels.foreign_endpoints_are_refused_by_the_receiver", &ChannelTests.ForeignEndpointsAreRefusedByTheReceiver),
            new KernelTest("channels.zero_copy_vector_across_three_sips", &ChannelTests.ZeroCopyVectorAcrossThreeSips),
            new KernelTest("channels.killed_peer_closes_channel", &ChannelTests.KilledPeerClosesChannel),
            new KernelTest("channels.endpoint_transfer_across_sips", &ChannelTests.EndpointTransferAcrossSips),
            new KernelTest("channels.many_received_endpoints_are_recorded", &ChannelTests.ManyReceivedEndpointsAreRecorded),
            new KernelTest("channels.names_are_watched_and_listed", &ChannelTests.NamesAreWatchedAndListed),
            new KernelTest("channels.protocol_violation_ends_the_sender", &ChannelTests.ProtocolViolationEndsTheSender),
            new KernelTest("channels.protocol_violation_through_call_ends_the_sender", &ChannelTests.ProtocolViolationThroughCallEndsTheSender),
            new KernelTest("channels.call_round_trips_and_refusals", &ChannelTests.CallRoundTripsAndRefusals),
            new KernelTest("channels.stress_many_channels_many_messages", &ChannelTests.StressManyChannelsManyMessages),
            new KernelTest("contracts.ping_pong_between_sips", &ContractChannelTests.PingPongBetweenSips),
            new KernelTest("contracts.memo_answers_only_for_the_same_table", &ContractMemoTests.AnswersOnlyForTheSameTable),
            new KernelTest("contracts.endpoint_travels_in_a_message", &ContractChannelTests.EndpointTravelsInAMessage),
            new KernelTest("contracts.endpoint_set_serves_many_clients", &ContractChannelTests.EndpointSetServesManyClients),
            new KernelTest("contracts.two_blocks_and_two_endpoints_in_one_message", &ContractChannelTests.TwoBlocksAndTwoEndpointsInOneMessage),
            new KernelTest("contracts.peer_death_is_channel_closed", &ContractChannelTests.PeerDeathIsChannelClosed),
            new KernelTest("contracts.protocol_violation_is_detected", &ContractChannelTests.ProtocolViolationIsDetected),
        };
    }
}
