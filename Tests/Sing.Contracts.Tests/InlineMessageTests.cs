using System.Threading.Tasks;
using Sing.Contracts.Tests.Contracts;
using Xunit;

// Endpoints are used inside Assert.Throws lambdas and by the server task on purpose (each by one side at a time).
#pragma warning disable SING0205

namespace Sing.Contracts.Tests
{
    /// <summary>Messages of scalar arguments only travel as <see cref="InlineMessage"/>: packed from the parameters and read
    /// into them with no Message or WireMessage between. The same checks hold as on the general path.</summary>
    [Collection(Fuzzing.ExchangeHeapAccounting.Name)]   // they count the exchange heap's live blocks
    public sealed class InlineMessageTests
    {
        [Fact]
        public async Task A_scalar_request_and_its_reply_make_one_round_trip()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            Task server = Task.Run(() =>
            {
                for (int i = 0; i < 3; i++)
                {
                    exp.RecvAdd(out long left, out long right);
                    exp.SendResult(left + right);
                }
            });
            for (long i = 0; i < 3; i++)
            {
                imp.SendAddAndRecvResult(i, 40, out long sum);
                Assert.Equal(i + 40, sum);
                Assert.Equal("Ready", imp.StateName);
            }

            await server;
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void A_reply_carrying_a_block_its_contract_does_not_declare_is_given_back_and_refused()
        {
            long live = ExchangeHeap.LiveBlocks;
            ChannelRuntime.Current.CreateChannel(Calculator.Protocol, out IChannelTransport client, out IChannelTransport hostile);
            Calculator.Imp imp = Calculator.Imp.Attach(client, Calculator.States.Ready);
            imp.SendAdd(1, 2);
            Assert.True(hostile.Receive(out WireMessage request));
            Assert.Equal(Calculator.Messages.Add, request.Tag);

            // Result declares one long; this one also carries a vector.
            WireMessage reply = default;
            reply.Tag = Calculator.Messages.Result;
            reply.Put(3L);
            reply.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(16)));
            hostile.Send(ref reply);

            ProtocolViolationException e = Assert.Throws<ProtocolViolationException>(() => imp.RecvResult(out long _));
            Assert.Contains("carrying blocks or endpoints", e.Message, System.StringComparison.Ordinal);
            Assert.Equal(live, ExchangeHeap.LiveBlocks);
            imp.Free();
            hostile.Close();
        }

        [Fact]
        public void A_reply_other_than_the_one_expected_is_refused_after_the_protocol_step()
        {
            // Divide may be answered by DivideByZero: the protocol step is taken, but RecvResult expected Result.
            string state = RefusedReply(divide: true, Calculator.Messages.DivideByZero, (ref WireMessage _) => { },
                "expected Result but received DivideByZero");
            Assert.Equal("Ready", state);
        }

        [Fact]
        public void A_reply_the_protocol_does_not_allow_is_refused_and_leaves_the_state()
        {
            // Quit is the importer's own message.
            string state = RefusedReply(divide: false, Calculator.Messages.Quit, (ref WireMessage _) => { }, "cannot receive Quit");
            Assert.Equal("ReadyAfterAdd", state);
        }

        [Fact]
        public void A_short_reply_is_refused_rather_than_read_past_its_end()
        {
            // Four bytes where Result declares eight.
            RefusedReply(divide: false, Calculator.Messages.Result, (ref WireMessage reply) => reply.Put(7), "shorter than its contract");
        }

        private delegate void ReplyBuilder(ref WireMessage reply);

        /// <summary>Sends Add (or Divide) from a generated endpoint, answers from a raw transport with a reply of
        /// <paramref name="tag"/> built by <paramref name="build"/>, and checks that RecvResult refuses it with a message
        /// containing <paramref name="expected"/>; returns the endpoint's state afterwards.</summary>
        private static string RefusedReply(bool divide, int tag, ReplyBuilder build, string expected)
        {
            ChannelRuntime.Current.CreateChannel(Calculator.Protocol, out IChannelTransport client, out IChannelTransport hostile);
            Calculator.Imp imp = Calculator.Imp.Attach(client, Calculator.States.Ready);
            if (divide) imp.SendDivide(1, 0);
            else imp.SendAdd(1, 2);
            Assert.True(hostile.Receive(out WireMessage _));
            WireMessage reply = default;
            reply.Tag = tag;
            build(ref reply);
            hostile.Send(ref reply);

            ProtocolViolationException e = Assert.Throws<ProtocolViolationException>(() => imp.RecvResult(out long _));
            Assert.Contains(expected, e.Message, System.StringComparison.Ordinal);
            string state = imp.StateName;
            imp.Free();
            hostile.Close();
            return state;
        }

        [Fact]
        public void A_call_whose_peer_closed_throws_ChannelClosed()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            exp.Free();
            ChannelClosedException e = Assert.Throws<ChannelClosedException>(() => imp.SendAddAndRecvResult(1, 2, out long _));
            Assert.Contains("waiting for Result", e.Message, System.StringComparison.Ordinal);
            imp.Free();
        }

        [Fact]
        public void What_a_message_carries_is_handed_out_once_and_given_back_if_nobody_takes_it()
        {
            long live = ExchangeHeap.LiveBlocks;
            ChannelRuntime.Current.CreateChannel(NicDevice.Protocol, out IChannelTransport a, out IChannelTransport b);
            for (int round = 0; round < 2; round++)
            {
                WireMessage wire = default;
                wire.Tag = 0;
                wire.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(32)));
                a.Send(ref wire);
            }

            InlineMessage arrived = default;
            Assert.True(b.ReceiveInline(ref arrived));
            Assert.True(arrived.CarriesLinear);
            InlineMessage copy = arrived;
            WireMessage first = b.TakeCarried();
            Assert.Equal(1, first.BlockCount);
            Assert.Equal(0, b.TakeCarried().BlockCount);   // once only, whatever copies of the struct exist
            Assert.True(copy.CarriesLinear);
            first.ReleaseCarried();

            // The second is received and never taken: the next receive gives it back.
            Assert.True(b.ReceiveInline(ref arrived));
            Assert.True(arrived.CarriesLinear);
            a.Close();
            Assert.False(b.ReceiveInline(ref arrived));
            Assert.Equal(live, ExchangeHeap.LiveBlocks);
            b.Close();
        }

        [Fact]
        public void Get_refuses_every_offset_outside_the_arguments()
        {
            var message = new InlineMessage(0);
            message.Put(5L);
            Assert.Equal(8, message.InlineLength);
            foreach (int offset in new[] { -8, -1, 1, 8, 40, 41, int.MaxValue, int.MinValue })
            {
                int at = offset;
                Assert.Throws<ProtocolViolationException>(() => message.Get<long>(ref at));
                Assert.Equal(offset, at);
            }

            int start = 0;
            Assert.Equal(5L, message.Get<long>(ref start));
            Assert.Equal(8, start);
        }

        [Fact]
        public void Put_refuses_more_than_the_inline_capacity()
        {
            var message = new InlineMessage(0);
            for (int i = 0; i < InlineMessage.Capacity / sizeof(long); i++)
            {
                message.Put((long)i);
            }

            Assert.Throws<ProtocolViolationException>(() => message.Put((byte)1));
            Assert.Equal(InlineMessage.Capacity, message.InlineLength);
        }

        [Fact]
        public void An_inline_message_is_laid_out_as_the_kernel_message()
        {
            // KernelTransport hands an InlineMessage to the kernel as a ChannelMessage: tag at 0, length at 4, carried
            // flags at 6, the two slot words at 8 and 16, the inline bytes at 24, 64 bytes in all.
            Assert.Equal(64, System.Runtime.InteropServices.Marshal.SizeOf<InlineMessage>());
            Assert.Equal(24, (int)System.Runtime.InteropServices.Marshal.OffsetOf<InlineMessage>("_inline"));
            Assert.Equal(8, (int)System.Runtime.InteropServices.Marshal.OffsetOf<InlineMessage>("_block"));
            Assert.Equal(4, (int)System.Runtime.InteropServices.Marshal.OffsetOf<InlineMessage>("_length"));
        }
    }
}
