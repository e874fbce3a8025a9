using System;
using Sing.Apps.ChannelProbe;
using Sing.Apps.SingBench;
using Sing.Contracts;
using Sing.Contracts.Fuzzing;
using Sing.Contracts.Tests.Contracts;
using Sing.Storage;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Contracts.Tests.Fuzzing
{
    /// <summary>The contract fuzzer's generator against the hosted runtime, for every contract in the system image
    /// (linked from the programs that declare them) and the paper's: legal walks with random payloads are served
    /// to the end with every block returned; each kind of violation, at every step it can happen, is refused by the
    /// runtime without moving the endpoint's state, and the conversation then goes on legally. Alone in its
    /// collection: it checks the exchange heap's live-block count.</summary>
    [Collection(ExchangeHeapAccounting.Name)]
    public sealed class ContractFuzzTests
    {
        private readonly ITestOutputHelper _output;

        public ContractFuzzTests(ITestOutputHelper output)
        {
            _output = output;
        }

        private const int Seeds = 20;
        private const int Steps = 60;

        [Fact] public void Echo_() => Fuzz<Echo.Message>(Echo.Protocol);
        [Fact] public void Pairs_() => Fuzz<Pairs.Message>(Pairs.Protocol);

        /// <summary>Pairs with its Hand message carrying two fresh channel ends (the other ends kept here meanwhile).</summary>
        [Fact]
        public void Pairs_with_endpoints()
        {
            var kept = new System.Collections.Generic.List<IChannelTransport>();
            Fuzz<Pairs.Message>(Pairs.Protocol, () =>
            {
                ChannelRuntime.Current.CreateChannel(Note.Protocol, out IChannelTransport sent, out IChannelTransport other);
                lock (kept) kept.Add(other);
                return sent;
            });
            foreach (IChannelTransport end in kept) end.Close();
        }
        [Fact] public void BenchEcho_() => Fuzz<BenchEcho.Message>(BenchEcho.Protocol);
        [Fact] public void BlockDevice_() => Fuzz<BlockDevice.Message>(BlockDevice.Protocol);
        [Fact] public void FileSystemContract_() => Fuzz<FileSystemContract.Message>(FileSystemContract.Protocol);
        [Fact] public void FileContract_() => Fuzz<FileContract.Message>(FileContract.Protocol);
        [Fact] public void NicDevice_() => Fuzz<NicDevice.Message>(NicDevice.Protocol);
        [Fact] public void Calculator_() => Fuzz<Calculator.Message>(Calculator.Protocol);

        [Fact]
        public void Shapes_come_from_the_generated_message_layout()
        {
            var block = new RandomMessages<BlockDevice.Message>(BlockDevice.Protocol);
            Assert.Equal(8 + 4 + 4, block.InlineBytes(BlockDevice.Messages.Read));   // lba, sectors, the vector's length
            Assert.Equal(1, block.Blocks(BlockDevice.Messages.Read));
            Assert.Equal(0, block.Blocks(BlockDevice.Messages.GetInfo));
            var pairs = new RandomMessages<Pairs.Message>(Pairs.Protocol);
            Assert.Equal(2, pairs.Blocks(Pairs.Messages.Swap));
            Assert.Equal(0, pairs.Endpoints(Pairs.Messages.Hand));   // no endpoint maker: endpoint arguments stay null
            var ends = new System.Collections.Generic.List<IChannelTransport>();
            var withEndpoints = new RandomMessages<Pairs.Message>(Pairs.Protocol, () =>
            {
                ChannelRuntime.Current.CreateChannel(Note.Protocol, out IChannelTransport sent, out IChannelTransport other);
                ends.Add(other);
                return sent;
            });
            Assert.Equal(2, withEndpoints.Endpoints(Pairs.Messages.Hand));
            Assert.Equal(0, withEndpoints.Endpoints(Pairs.Messages.Swap));
            foreach (IChannelTransport end in ends) end.Close();
        }

        [Fact]
        public void Walker_never_picks_a_legal_message_as_a_violation()
        {
            foreach (ContractInfo c in new[] { Echo.Protocol, BlockDevice.Protocol, FileSystemContract.Protocol, NicDevice.Protocol })
            {
                for (int state = 0; state < c.StateNames.Length; state++)
                {
                    for (ulong seed = 1; seed <= 30; seed++)
                    {
                        var w = new ProtocolWalker(c, isImp: true, seed, state);
                        int wrongState = w.PickViolating(Violation.WrongState);
                        if (wrongState >= 0)
                        {
                            Assert.True(c.MessageIsIn[wrongState] && c.Next(state, wrongState) < 0);
                        }

                        int wrongDirection = w.PickViolating(Violation.WrongDirection);
                        if (wrongDirection >= 0)
                        {
                            Assert.False(c.MessageIsIn[wrongDirection]);
                        }

                        int legal = w.PickLegal();
                        Assert.True(legal < 0 || (c.MessageIsIn[legal] && c.Next(state, legal) >= 0));
                    }
                }
            }
        }

        private void Fuzz<TMsg>(ContractInfo contract, Func<IChannelTransport>? newChannel = null) where TMsg : struct, IMessage
        {
            long liveBefore = ExchangeHeap.LiveBlocks;
            int legalMessages = 0, refused = 0;
            for (ulong seed = 1; seed <= Seeds; seed++)
            {
                ConversationResult legal = HostConversation.Run<TMsg>(contract, seed, Steps, Violation.None, 0, newChannel);
                Assert.True(legal.Error is null, contract.Name + " legal walk, seed " + seed + ": " + legal.Error);
                Assert.Equal(legal.ClientSent, legal.PeerReceived);
                Assert.Equal(legal.PeerSent, legal.ClientReceived);
                Assert.True(legal.PeerSawClosed, contract.Name + ": the exporter saw ChannelClosed at the end");
                legalMessages += legal.ClientSent + legal.PeerSent;

                foreach (Violation violation in new[] { Violation.WrongState, Violation.WrongDirection, Violation.UnknownTag, Violation.CloseEarly })
                {
                    int at = (int)(seed % 7);
                    ConversationResult bad = HostConversation.Run<TMsg>(contract, seed, Steps, violation, at, newChannel);
                    string where = contract.Name + " " + violation + " at step " + at + ", seed " + seed;
                    Assert.True(bad.Error is null, where + ": " + bad.Error);
                    if (violation == Violation.CloseEarly)
                    {
                        Assert.True(bad.PeerSawClosed, where + ": the exporter saw ChannelClosed");
                        continue;
                    }

                    if (!bad.Refused)
                    {
                        // A walk that ended (a terminal state such as Echo's Done) before the chosen step commits none.
                        Assert.True(bad.ClientReachedTerminal, where + ": no violation was committed");
                        continue;
                    }

                    refused++;
                    Assert.True(bad.StateKeptAfterRefusal, where + ": a refused send moved the endpoint's state");
                    Assert.Contains(contract.Name, bad.RefusalMessage, StringComparison.Ordinal);
                    Assert.Equal(bad.ClientSent, bad.PeerReceived);
                }
            }

            Assert.True(legalMessages > Seeds, contract.Name + ": legal walks exchanged " + legalMessages + " messages");
            Assert.True(refused >= Seeds, contract.Name + ": " + refused + " violations refused");
            Assert.Equal(liveBefore, ExchangeHeap.LiveBlocks);
            _output.WriteLine(contract.Name + ": " + Seeds + " legal walks, " + legalMessages + " messages served; " + refused + " violations refused");
        }
    }

    /// <summary>Tests that count the exchange heap's live blocks run alone, after the parallel ones.</summary>
    [CollectionDefinition(Name, DisableParallelization = true)]
    public sealed class ExchangeHeapAccounting
    {
        public const string Name = "exchange heap accounting";
    }
}
