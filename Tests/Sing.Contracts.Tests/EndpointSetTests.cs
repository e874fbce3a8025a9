using System.Threading;
using Sing.Contracts.Tests.Contracts;
using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>Endpoint sets: a server owns its clients' endpoints in one set and serves whichever is ready.</summary>
    public sealed class EndpointSetTests
    {
        [Fact]
        public void Take_returns_the_member_with_a_message_and_removes_it_until_added_back()
        {
            var set = new EndpointSet<Calculator.Exp>();
            Calculator.CreateChannel(out Calculator.Imp a, out Calculator.Exp aExp);
            Calculator.CreateChannel(out Calculator.Imp b, out Calculator.Exp bExp);
            set.Add(aExp);
            set.Add(bExp);
            Assert.Equal(2, set.Count);
            Assert.Null(set.Take(0));                       // nothing ready: an immediate timeout

            b.SendAdd(20, 22);
            Calculator.Exp? ready = set.Take(1000);
            Assert.NotNull(ready);
            Assert.Equal(1, set.Count);
            ready!.ReceiveReady().GetAdd(out long x, out long y);
            ready.SendResult(x + y);
            set.Add(ready);
            b.RecvResult(out long sum);
            Assert.Equal(42, sum);
            Assert.Equal(2, set.Count);

            a.Free();                                        // a closed peer makes its member ready too
            Calculator.Exp? closed = set.Take(1000);
            Assert.NotNull(closed);
            Assert.Equal(Calculator.Exp.ReadyTag.ChannelClosed, closed!.ReceiveReady().Tag);
            closed.Free();
            set.Free();
            Assert.Equal(0, set.Count);
            b.Free();
        }

        [Fact]
        public void The_state_added_with_a_member_comes_back_with_it()
        {
            var set = new EndpointSet<Calculator.Exp>();
            Calculator.CreateChannel(out Calculator.Imp a, out Calculator.Exp aExp);
            Calculator.CreateChannel(out Calculator.Imp b, out Calculator.Exp bExp);
            Calculator.CreateChannel(out Calculator.Imp c, out Calculator.Exp cExp);
            set.Add(aExp, "a");
            set.Add(bExp, "b");
            set.Add(cExp);
            a.SendAdd(1, 1);                                // taking a (index 0) moves c into its place
            Calculator.Exp? first = set.Take(1000, out object? firstState);
            Assert.Equal("a", firstState);
            first!.ReceiveReady().GetAdd(out _, out _);
            first.Free();
            b.SendAdd(2, 2);
            Calculator.Exp? second = set.Take(1000, out object? secondState);
            Assert.Equal("b", secondState);
            second!.ReceiveReady().GetAdd(out _, out _);
            second.Free();
            c.SendAdd(3, 3);
            Calculator.Exp? third = set.Take(1000, out object? thirdState);
            Assert.Null(thirdState);
            third!.ReceiveReady().GetAdd(out _, out _);
            third.Free();
            set.Free();
            a.Free();
            b.Free();
            c.Free();
        }

        [Fact]
        public void Added_endpoints_belong_to_the_set()
        {
            var set = new EndpointSet<Calculator.Exp>();
            Calculator.CreateChannel(out Calculator.Imp a, out Calculator.Exp aExp);
            set.Add(aExp);
            Assert.False(aExp.IsOwned);                       // the caller's handle stopped working
            set.Free();
            a.Free();
        }

        [Fact]
        public void Wait_reports_other_endpoints_by_index_and_members_as_MemberReady()
        {
            var set = new EndpointSet<Calculator.Exp>();
            Calculator.CreateChannel(out Calculator.Imp listener, out Calculator.Exp listenerExp);
            Calculator.CreateChannel(out Calculator.Imp client, out Calculator.Exp clientExp);
            set.Add(clientExp);
            Assert.Equal(Select.TimedOut, set.Wait(0, [listenerExp]));
            listener.SendQuit();
            Assert.Equal(0, set.Wait(1000, [listenerExp]));
            Assert.Equal(Calculator.Exp.ReadyTag.Quit, listenerExp.ReceiveReady().Tag);
            client.SendQuit();
            Assert.Equal(EndpointSet<Calculator.Exp>.MemberReady, set.Wait(1000, [listenerExp]));
            Calculator.Exp? member = set.Take(0);
            Assert.NotNull(member);
            Assert.Equal(Calculator.Exp.ReadyTag.Quit, member!.ReceiveReady().Tag);
            member.Free();
            set.Free();
            listener.Free();
            listenerExp.Free();
            client.Free();
        }

        [Fact]
        public void A_server_serves_many_clients_from_one_set()
        {
            const int clients = 40;
            var set = new EndpointSet<Calculator.Exp>();
            var threads = new Thread[clients];
            for (int i = 0; i < clients; i++)
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                set.Add(exp);
                var mine = new TRef<Calculator.Imp>(imp);
                long n = i;
                threads[i] = new Thread(() =>
                {
                    Calculator.Imp c = mine.Acquire();
                    for (int r = 0; r < 5; r++)
                    {
                        c.SendAdd(n, r);
                        c.RecvResult(out long s);
                        Assert.Equal(n + r, s);
                    }

                    c.Free();
                });
                threads[i].Start();
            }

            int closed = 0, served = 0;
            while (closed < clients)
            {
                Calculator.Exp? ready = set.Take(10_000);
                Assert.NotNull(ready);
                var received = ready!.ReceiveReady();
                if (received.Tag == Calculator.Exp.ReadyTag.ChannelClosed)
                {
                    closed++;
                    ready.Free();
                    continue;
                }

                received.GetAdd(out long x, out long y);
                ready.SendResult(x + y);
                served++;
                set.Add(ready);
            }

            foreach (Thread t in threads)
            {
                Assert.True(t.Join(10_000));
            }

            Assert.Equal(clients * 5, served);
            Assert.Equal(0, set.Count);
        }
    }
}
