using Sing.Contracts.Tests.Contracts;
using Xunit;

// These tests misuse endpoints and blocks on purpose, inside Assert.Throws lambdas, to show that the
// run-time checks back up what the analyzers reject statically.
#pragma warning disable SING0201, SING0202, SING0203, SING0205

namespace Sing.Contracts.Tests
{
    /// <summary>The run-time backstops behind the analyzers: protocol state and ownership checks.</summary>
    public sealed class RuntimeCheckTests
    {
        [Fact]
        public void Send_in_the_wrong_state_throws_and_leaves_state_unchanged()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            imp.SendQuit();
            ProtocolViolationException e = Assert.Throws<ProtocolViolationException>(() => imp.SendAdd(1, 2));
            Assert.Contains("Add", e.Message, System.StringComparison.Ordinal);
            Assert.Contains("Done", e.Message, System.StringComparison.Ordinal);
            Assert.Equal("Done", imp.StateName);
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void Typed_receive_in_the_wrong_state_throws()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            Assert.Throws<ProtocolViolationException>(() => imp.ReceiveReadyAfterDivide());
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void Receive_after_peer_closed_reports_ChannelClosed()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            imp.SendAdd(1, 1);
            imp.Free();
            Calculator.Exp.ReadyReceived first = exp.ReceiveReady();
            Assert.Equal(Calculator.Exp.ReadyTag.Add, first.Tag);
            first.AfterAdd();
            exp.SendResult(2);
            Assert.Equal(Calculator.Exp.ReadyTag.ChannelClosed, exp.ReceiveReady().Tag);
            exp.Free();
        }

        [Fact]
        public void Sends_to_a_closed_peer_are_dropped_without_failing()
        {
            NicEvents.CreateChannel(out NicEvents.Imp imp, out NicEvents.Exp exp);
            imp.Free();

            // Failure shows on the receive, never on the send.
            exp.SendNicEvent(NicEvents.NicEventType.LinkEvent);
            Assert.Equal(NicEvents.Exp.ReadyAfterNicEventTag.ChannelClosed, exp.ReceiveReadyAfterNicEvent().Tag);
            exp.Free();
        }

        [Fact]
        public void Single_message_receive_throws_on_ChannelClosed()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            imp.SendAdd(1, 1);
            exp.Free();
            Assert.Throws<ChannelClosedException>(() => imp.RecvResult(out long _));
            imp.Free();
        }

        [Fact]
        public void Sent_vector_is_dead_for_the_sender_and_live_for_the_receiver()
        {
            Disk.CreateChannel(out Disk.Imp imp, out Disk.Exp exp);
            exp.SendReady();
            imp.RecvReady();
            ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(512);
            buffer[3] = 9;
            imp.SendRead(42, buffer);
            Assert.Throws<LinearityViolationException>(() => buffer[0]);
            Assert.Throws<LinearityViolationException>(() => buffer.Free());
            exp.ReceiveIdle().GetRead(out ulong sector, out ExVector<byte> got);
            Assert.Equal(42UL, sector);
            Assert.Equal(9, got[3]);
            exp.SendReadDone(got);
            imp.ReceiveIdleAfterRead().GetReadDone(out ExVector<byte> back);
            back.Free();
            Assert.Throws<LinearityViolationException>(() => back.Free());
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void A_received_block_can_be_taken_only_once()
        {
            Disk.CreateChannel(out Disk.Imp imp, out Disk.Exp exp);
            exp.SendReady();
            imp.RecvReady();
            imp.SendWrite(1, ExchangeHeap.NewVector<byte>(8));
            Disk.Exp.IdleReceived request = exp.ReceiveIdle();
            request.GetWrite(out ulong _, out ExVector<byte> first);
            Assert.Throws<LinearityViolationException>(() => request.GetWrite(out ulong _, out ExVector<byte> _));
            first.Free();
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void Endpoint_argument_must_be_in_its_declared_state()
        {
            NicDevice.CreateChannel(out NicDevice.Imp client, out NicDevice.Exp driver);
            driver.SendDeviceInfo(1500, 1);
            client.RecvDeviceInfo(out int _, out ulong _);
            NicEvents.CreateChannel(out NicEvents.Imp eventsImp, out NicEvents.Exp eventsExp);
            eventsExp.SendNicEvent(NicEvents.NicEventType.LinkEvent);
            Assert.Throws<ProtocolViolationException>(() => client.SendRegisterForEvents(eventsExp));
            client.Free();
            driver.Free();
            eventsImp.Free();
        }

        [Fact]
        public void Extension_contract_keeps_base_protocol_and_adds_branches()
        {
            ScientificCalculator.CreateChannel(out ScientificCalculator.Imp imp, out ScientificCalculator.Exp exp);
            imp.SendNegate(5);
            exp.ReceiveReady().GetNegate(out long value);
            exp.SendResult(-value);
            imp.RecvResult(out long negated);
            Assert.Equal(-5, negated);
            imp.SendAdd(1, 2);
            Assert.Equal(ScientificCalculator.Exp.ReadyTag.Add, exp.ReceiveReady().Tag);
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void TRef_holds_a_tracked_value_in_an_ordinary_object()
        {
            ExVector<int> vector = ExchangeHeap.NewVector<int>(4);
            var holder = new TRef<ExVector<int>>(vector);
            Assert.False(vector.IsOwned);
            ExVector<int> taken = holder.Acquire();
            Assert.False(holder.HasValue);
            Assert.Throws<LinearityViolationException>(() => holder.Acquire());
            taken[1] = 5;
            holder.Release(taken);
            Assert.Throws<LinearityViolationException>(() => taken[1]);
            ExVector<int> again = holder.Acquire();
            Assert.Equal(5, again[1]);
            again.Free();
        }
    }
}
