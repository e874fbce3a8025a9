using System.Threading;
using Sing.Contracts;
using Xunit;

namespace SingContract.Tests
{
    /// <summary>Client and server of CounterContract on two host threads of the hosted channel runtime.</summary>
    public sealed class CounterContractTests
    {
        private static void Serve([Claims][InState("Ready")] CounterContract.Exp exp)
        {
            long total = 0;
            while (true)
            {
                CounterContract.Exp.ReadyReceived request = exp.ReceiveReady();
                switch (request.Tag)
                {
                    case CounterContract.Exp.ReadyTag.Increment:
                        request.GetIncrement(out long by);
                        total += by;
                        exp.SendValue(total);
                        break;
                    case CounterContract.Exp.ReadyTag.Done:
                    case CounterContract.Exp.ReadyTag.ChannelClosed:
                        exp.Free();
                        return;
                }
            }
        }

        [Fact]
        public void EachIncrementIsAnsweredWithTheRunningTotal()
        {
            CounterContract.CreateChannel(out CounterContract.Imp imp, out CounterContract.Exp exp);
            // Endpoints cross to another thread through a TRef, never through a closure.
            var handOver = new TRef<CounterContract.Exp>(exp);
            var server = new Thread(() => Serve(handOver.Acquire()));
            server.Start();

            imp.SendIncrement(40);
            imp.RecvValue(out long first);
            imp.SendIncrement(2);
            imp.RecvValue(out long second);
            imp.SendDone();

            Assert.Equal(40, first);
            Assert.Equal(42, second);
            Assert.Equal("Closed", imp.StateName);
            imp.Free();
            Assert.True(server.Join(10_000));
        }
    }
}
