using Sing.Contracts.Tests.Contracts;
using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>The host transport's own guarantees (the queues every host test runs on).</summary>
    public sealed class HostTransportTests
    {
        [Fact]
        public void A_last_message_sent_just_before_the_peer_closes_is_received_before_ChannelClosed()
        {
            // The host queue once answered "closed" when the peer queued its last message and closed between the
            // receiver's look at the queue and its look at the writer (the fuzzer's Pairs conversation, whose exporter
            // sends Handed and closes at once, saw it under load). Both ends race here as closely as threads allow.
            for (int round = 0; round < 1000; round++)
            {
                ChannelRuntime.Current.CreateChannel(Calculator.Protocol, out IChannelTransport receiver, out IChannelTransport peer);
                int go = 0;
                var sender = new System.Threading.Thread(() =>
                {
                    while (System.Threading.Volatile.Read(ref go) == 0)
                    {
                    }

                    WireMessage last = default;
                    last.Tag = Calculator.Messages.Result;
                    last.Put((long)round);
                    peer.Send(ref last);
                    peer.Close();
                });
                sender.Start();
                System.Threading.Volatile.Write(ref go, 1);
                Assert.True(receiver.Receive(out WireMessage got), "round " + round + ": the last message was lost");
                Assert.Equal(Calculator.Messages.Result, got.Tag);
                Assert.False(receiver.Receive(out WireMessage _));
                sender.Join();
                receiver.Close();
            }
        }
    }
}
