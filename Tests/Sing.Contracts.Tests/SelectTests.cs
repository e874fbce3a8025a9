using System.Threading;
using Sing.Contracts.Tests.Contracts;
using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>switch receive: the first ready endpoint wins; nothing ready means timeout.</summary>
    public sealed class SelectTests
    {
        [Fact]
        public void Times_out_when_nothing_arrives()
        {
            Calculator.CreateChannel(out Calculator.Imp a, out Calculator.Exp aExp);
            Calculator.CreateChannel(out Calculator.Imp b, out Calculator.Exp bExp);
            Assert.Equal(Select.TimedOut, Select.Wait(30, aExp, bExp));
            a.Free();
            b.Free();
            aExp.Free();
            bExp.Free();
        }

        [Fact]
        public void Span_overload_returns_the_first_ready_index()
        {
            Calculator.CreateChannel(out Calculator.Imp a, out Calculator.Exp aExp);
            Calculator.CreateChannel(out Calculator.Imp b, out Calculator.Exp bExp);
            Calculator.CreateChannel(out Calculator.Imp c, out Calculator.Exp cExp);
            c.SendQuit();
            Assert.Equal(2, Select.Wait(0, [aExp, bExp, cExp]));
            Assert.Equal(Calculator.Exp.ReadyTag.Quit, cExp.ReceiveReady().Tag);
            Assert.Equal(Select.TimedOut, Select.Wait(0, [aExp, bExp, cExp]));
            a.Free();
            b.Free();
            c.Free();
            aExp.Free();
            bExp.Free();
            cExp.Free();
        }

        [Fact]
        public void Wakes_for_the_endpoint_that_gets_a_message_from_another_thread()
        {
            Calculator.CreateChannel(out Calculator.Imp a, out Calculator.Exp aExp);
            Calculator.CreateChannel(out Calculator.Imp b, out Calculator.Exp bExp);
            var handOver = new TRef<Calculator.Imp>(b);
            var sender = new Thread(() =>
            {
                Thread.Sleep(20);
                Calculator.Imp mine = handOver.Acquire();
                mine.SendAdd(2, 3);
                mine.RecvResult(out long _);
                mine.Free();
            });
            sender.Start();
            Assert.Equal(1, Select.Wait(10_000, aExp, bExp));
            bExp.ReceiveReady().GetAdd(out long x, out long y);
            bExp.SendResult(x + y);
            Assert.True(sender.Join(10_000));
            Assert.Equal(1, Select.Wait(10_000, aExp, bExp));
            Assert.Equal(Calculator.Exp.ReadyTag.ChannelClosed, bExp.ReceiveReady().Tag);
            a.Free();
            aExp.Free();
            bExp.Free();
        }
    }
}
