using System;
using System.Diagnostics;
using System.Threading;
using Sing.Contracts.Tests.Contracts;
using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>The reconnecting client helper on the hosted runtime: a server instance dies (mid-request or while the
    /// client is idle), a new one takes the name, and the client is served again after re-running the opening
    /// exchange; a request in flight at the death is reported, never silently dropped or resent.</summary>
    public sealed class ReconnectingEndpointTests
    {
        private const string ServiceName = "/service/accumulator";

        /// <summary>A stand-in for the name service: the instance that holds the name serves each binding on a thread
        /// of its own.</summary>
        private sealed class Registry
        {
            private volatile Instance? _current;

            public int Binds;

            public void Register(Instance? instance) => _current = instance;

            public Accumulator.Imp? Bind(string name)
            {
                Interlocked.Increment(ref Binds);
                Instance? instance = _current;
                if (instance is null || name != ServiceName)
                {
                    return null;
                }

                Accumulator.CreateChannel(out Accumulator.Imp imp, out Accumulator.Exp exp);
                var handOver = new TRef<Accumulator.Exp>(exp);
                new Thread(() => instance.Serve(handOver.Acquire())) { IsBackground = true }.Start();
                return imp;
            }
        }

        /// <summary>One server instance. Add of a negative number stalls it (the request is in flight) until it is
        /// killed; a kill closes every channel it serves.</summary>
        private sealed class Instance(int id, bool closeBeforeWelcome = false)
        {
            private long _total;
            private int _requests;

            public int Requests => Volatile.Read(ref _requests);

            public ManualResetEventSlim Stalled { get; } = new();

            public ManualResetEventSlim Killed { get; } = new();

            public void Serve([Claims][InState("Start")] Accumulator.Exp exp)
            {
                if (closeBeforeWelcome)
                {
                    exp.Free();
                    return;
                }

                exp.SendWelcome(id);
                while (true)
                {
                    while (!exp.IsReady && !Killed.IsSet)
                    {
                        Thread.Sleep(1);
                    }

                    if (Killed.IsSet)
                    {
                        exp.Free();
                        return;
                    }

                    Accumulator.Exp.ReadyReceived request = exp.ReceiveReady();
                    switch (request.Tag)
                    {
                        case Accumulator.Exp.ReadyTag.Add:
                            request.GetAdd(out long value);
                            Interlocked.Increment(ref _requests);
                            if (value < 0)
                            {
                                Stalled.Set();
                                Killed.Wait();
                                exp.Free();
                                return;
                            }

                            _total += value;
                            exp.SendSum(_total);
                            break;
                        case Accumulator.Exp.ReadyTag.ChannelClosed:
                            exp.Free();
                            return;
                    }
                }
            }
        }

        private static int _welcomed;

        private static void Open(Accumulator.Imp imp)
        {
            imp.RecvWelcome(out int instance);
            _welcomed = instance;
        }

        private static ReconnectingEndpoint<Accumulator.Imp> Client(Registry registry, int timeoutMs = 5000) =>
            new(ServiceName, registry.Bind, Open, timeoutMs);

        private static long Add(ReconnectingEndpoint<Accumulator.Imp> client, long value, bool idempotent = false) =>
            client.Call(imp =>
            {
                imp.SendAdd(value);
                imp.RecvSum(out long total);
                return total;
            }, idempotent);

        [Fact]
        public void Request_in_flight_when_the_server_dies_fails_and_the_next_is_served_by_the_new_instance()
        {
            var registry = new Registry();
            var first = new Instance(1);
            registry.Register(first);
            var client = Client(registry);
            Assert.Equal(5, Add(client, 5));
            Assert.Equal(1, _welcomed);

            var second = new Instance(2);
            var restart = new Thread(() =>
            {
                first.Stalled.Wait();
                registry.Register(null);     // the name goes with the dead instance
                first.Killed.Set();
                Thread.Sleep(50);
                registry.Register(second);
            });
            restart.Start();

            Assert.Throws<ChannelClosedException>(() => Add(client, -1));
            Assert.False(client.IsConnected);
            Assert.Equal(1, client.Losses);

            Assert.Equal(7, Add(client, 7));
            Assert.Equal(2, _welcomed);                       // the opening exchange ran again, on the new instance
            Assert.Equal(2, client.Connects);
            Assert.Equal(1, second.Requests);                 // the failed request was not resent behind the caller's back
            Assert.True(client.LastOutageMilliseconds >= 40, $"outage {client.LastOutageMilliseconds} ms covers the 50 ms without a server");
            Assert.True(restart.Join(10_000));
            client.Free();
        }

        [Fact]
        public void Idempotent_request_in_flight_is_resent_after_the_death()
        {
            var registry = new Registry();
            var first = new Instance(1);
            var second = new Instance(2);
            registry.Register(first);
            var client = Client(registry);
            Assert.Equal(3, Add(client, 3));
            bool once = false;
            var restart = new Thread(() =>
            {
                first.Stalled.Wait();
                registry.Register(second);
                first.Killed.Set();
            });
            restart.Start();

            // The first attempt stalls instance 1, which dies with the request in flight; the retry reaches instance 2.
            long total = client.Call(imp =>
            {
                imp.SendAdd(once ? 11 : -1);
                once = true;
                imp.RecvSum(out long sum);
                return sum;
            }, idempotent: true);
            Assert.Equal(11, total);
            Assert.Equal(2, first.Requests);
            Assert.Equal(1, second.Requests);
            Assert.Equal(1, client.Losses);
            Assert.True(restart.Join(10_000));
            client.Free();
        }

        [Fact]
        public void Idle_connection_whose_server_died_is_replaced_before_anything_is_sent()
        {
            var registry = new Registry();
            var first = new Instance(1);
            registry.Register(first);
            var client = Client(registry);
            Assert.Equal(2, Add(client, 2));
            first.Killed.Set();
            var second = new Instance(2);
            registry.Register(second);
            SpinWait.SpinUntil(() => first.Killed.IsSet, 1000);
            Thread.Sleep(20);   // the instance's thread closes its end

            // Not idempotent, yet it succeeds: the dead channel was noticed before the request went into it.
            Assert.Equal(6, Add(client, 6));
            Assert.Equal(2, _welcomed);
            Assert.Equal(1, client.Losses);
            Assert.Equal(1, first.Requests);
            Assert.Equal(1, second.Requests);
            client.Free();
        }

        [Fact]
        public void Times_out_when_the_name_never_comes_back()
        {
            var registry = new Registry();
            var client = Client(registry, timeoutMs: 300);
            var clock = Stopwatch.StartNew();
            ServiceUnavailableException e = Assert.Throws<ServiceUnavailableException>(() => Add(client, 1));
            clock.Stop();
            Assert.Equal(ServiceName, e.Name);
            Assert.Contains("not registered", e.Message, StringComparison.Ordinal);
            Assert.InRange(clock.ElapsedMilliseconds, 290, 5000);
            // Bounded back-off: 5 ms doubling to 100 ms asks a few times, not thousands.
            Assert.InRange(registry.Binds, 4, 12);
            Assert.Equal(0, client.Connects);
        }

        [Fact]
        public void Server_that_closes_during_the_opening_exchange_is_tried_again_until_one_opens()
        {
            var registry = new Registry();
            registry.Register(new Instance(1, closeBeforeWelcome: true));
            var client = Client(registry, timeoutMs: 200);
            ServiceUnavailableException e = Assert.Throws<ServiceUnavailableException>(() => client.Acquire());
            Assert.Contains("opening exchange", e.Message, StringComparison.Ordinal);

            registry.Register(new Instance(4));
            Assert.Equal(8, Add(client, 8));
            Assert.Equal(4, _welcomed);
            client.Free();
        }

        [Fact]
        public void Misuse_is_refused()
        {
            var registry = new Registry();
            registry.Register(new Instance(1));
            Assert.Throws<ArgumentOutOfRangeException>(() => Client(registry, timeoutMs: -1));
            var client = Client(registry);
            Accumulator.Imp imp = client.Acquire();
            Assert.Equal("Ready", imp.StateName);              // acquired after the opening exchange
            client.Release(imp);
            Assert.True(client.IsConnected);
            Assert.False(imp.IsOwned);                          // the released handle is dead: the helper holds a fresh one
            client.Free();
            Assert.False(client.IsConnected);
        }
    }
}
