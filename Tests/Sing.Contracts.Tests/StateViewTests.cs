using Sing.Contracts.Tests.Contracts;
using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>Typed state views: each view has only the operations its state allows.</summary>
    public sealed class StateViewTests
    {
        [Fact]
        public void Views_walk_the_protocol()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            Calculator.Imp.ReadyAfterDivideView waiting = imp.InReady().SendDivide(10, 2);
            Calculator.Exp.ReadyReceived request = exp.InReady().Receive();
            request.GetDivide(out long dividend, out long divisor);
            request.AfterDivide().SendResult(dividend / divisor);

            Calculator.Imp.ReadyAfterDivideReceived reply = waiting.Receive();
            Assert.Equal(Calculator.Imp.ReadyAfterDivideTag.Result, reply.Tag);
            reply.GetResult(out long quotient);
            Assert.Equal(5, quotient);
            Calculator.Imp.DoneView done = reply.AfterResult().SendQuit();
            Assert.Equal("Done", done.Endpoint.StateName);
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void Single_message_states_offer_Recv_in_the_view()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            Calculator.Imp.ReadyAfterAddView afterAdd = imp.InReady().SendAdd(2, 3);
            exp.InReady().Receive().AfterAdd().SendResult(5);
            Calculator.Imp.ReadyView ready = afterAdd.RecvResult(out long sum);
            Assert.Equal(5, sum);
            Assert.Equal("Ready", ready.Endpoint.StateName);
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void Entering_a_view_in_another_state_throws()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
#pragma warning disable SING0205 // deliberate misuse inside Assert.Throws
            Assert.Throws<ProtocolViolationException>(() => imp.InDone());
#pragma warning restore SING0205
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void After_for_a_message_that_did_not_arrive_throws()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            imp.SendQuit();
            Calculator.Exp.ReadyReceived request = exp.ReceiveReady();
            Assert.Throws<ProtocolViolationException>(() => request.AfterAdd());
            imp.Free();
            exp.Free();
        }
    }
}
