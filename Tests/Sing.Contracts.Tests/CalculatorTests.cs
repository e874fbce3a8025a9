using System.Threading;
using Sing.Contracts.Tests.Contracts;
using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>Request/reply over the hosted runtime, server on its own thread.</summary>
    public sealed class CalculatorTests
    {
        private static void Serve([Claims][InState("Ready")] Calculator.Exp exp)
        {
            while (true)
            {
                Calculator.Exp.ReadyReceived request = exp.ReceiveReady();
                switch (request.Tag)
                {
                    case Calculator.Exp.ReadyTag.Add:
                        request.GetAdd(out long left, out long right);
                        exp.SendResult(left + right);
                        break;
                    case Calculator.Exp.ReadyTag.Divide:
                        request.GetDivide(out long dividend, out long divisor);
                        if (divisor == 0)
                        {
                            exp.SendDivideByZero();
                        }
                        else
                        {
                            exp.SendResult(dividend / divisor);
                        }

                        break;
                    case Calculator.Exp.ReadyTag.Quit:
                    case Calculator.Exp.ReadyTag.ChannelClosed:
                        exp.Free();
                        return;
                }
            }
        }

        /// <summary>The server as it would be written with the combined calls: each reply goes out with the receive of
        /// the next request.</summary>
        private static void ServeCombined([Claims][InState("Ready")] Calculator.Exp exp)
        {
            Calculator.Exp.ReadyReceived request = exp.ReceiveReady();
            while (true)
            {
                switch (request.Tag)
                {
                    case Calculator.Exp.ReadyTag.Add:
                        request.GetAdd(out long left, out long right);
                        request = exp.SendResultAndReceive(left + right);
                        break;
                    case Calculator.Exp.ReadyTag.Divide:
                        request.GetDivide(out long dividend, out long divisor);
                        if (divisor == 0)
                        {
                            request = exp.SendDivideByZeroAndReceive();
                        }
                        else
                        {
                            request = exp.SendResultAndReceive(dividend / divisor);
                        }

                        break;
                    case Calculator.Exp.ReadyTag.Quit:
                    case Calculator.Exp.ReadyTag.ChannelClosed:
                        exp.Free();
                        return;
                }
            }
        }

        [Fact]
        public void Combined_send_and_receive_follow_the_protocol()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            var handOver = new TRef<Calculator.Exp>(exp);
            var server = new Thread(() => ServeCombined(handOver.Acquire()));
            server.Start();

            imp.SendAddAndRecvResult(40, 2, out long sum);
            Assert.Equal(42, sum);
            Assert.Equal("Ready", imp.StateName);
            Calculator.Imp.ReadyAfterDivideReceived reply = imp.SendDivideAndReceive(7, 0);
            Assert.Equal(Calculator.Imp.ReadyAfterDivideTag.DivideByZero, reply.Tag);
            reply.AfterDivideByZero();
            reply = imp.SendDivideAndReceive(42, 6);
            reply.GetResult(out long quotient);
            Assert.Equal(7, quotient);
            imp.SendQuit();
            server.Join();
            Assert.Equal("Done", imp.StateName);
            imp.Free();
        }

        [Fact]
        public void Requests_get_replies_across_threads()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            // Endpoints cross to another thread through a TRef, never through a closure (SING0205).
            var handOver = new TRef<Calculator.Exp>(exp);
            var server = new Thread(() => Serve(handOver.Acquire()));
            server.Start();

            imp.SendAdd(40, 2);
            imp.RecvResult(out long sum);
            Assert.Equal(42, sum);

            imp.SendDivide(7, 0);
            Calculator.Imp.ReadyAfterDivideReceived reply = imp.ReceiveReadyAfterDivide();
            Assert.Equal(Calculator.Imp.ReadyAfterDivideTag.DivideByZero, reply.Tag);
            reply.AfterDivideByZero();

            imp.SendQuit();
            Assert.Equal("Done", imp.StateName);
            imp.Free();
            Assert.True(server.Join(10_000));
        }
    }
}
