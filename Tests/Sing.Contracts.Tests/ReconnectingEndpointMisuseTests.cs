using System;
using Sing.Contracts.Tests.Contracts;
using Xunit;

// These tests do what the analyzers forbid, to show the helper's run-time checks hold.
#pragma warning disable SING0201, SING0202, SING0203, SING0204, SING0205

namespace Sing.Contracts.Tests
{
    /// <summary>What a program that ignores the analyzers could try with a ReconnectingEndpoint: keep an alias of the
    /// endpoint it handed over, hand in a freed one, or hand in two. Each is refused at run time, so the helper never
    /// holds an endpoint someone else can still use.</summary>
    public sealed class ReconnectingEndpointMisuseTests
    {
        private static Calculator.Exp? _server;

        private static Calculator.Imp? BindKeepingServer(string name)
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            _server = exp;
            return imp;
        }

        [Fact]
        public void An_alias_the_binder_kept_dies_when_the_helper_takes_the_endpoint_back()
        {
            Calculator.Imp? alias = null;
            var client = new ReconnectingEndpoint<Calculator.Imp>("/service/calc", name => alias = BindKeepingServer(name), null, 100);
            Calculator.Imp acquired = client.Acquire();
            Assert.Same(alias, acquired);
            client.Release(acquired);
            Assert.False(alias!.IsOwned);
            Assert.Throws<LinearityViolationException>(() => alias.SendAdd(1, 2));
            Calculator.Imp again = client.Acquire();
            again.SendAdd(1, 2);                       // the helper's own handle works
            Assert.True(_server!.IsReady);            // and reaches the server
            _server!.Free();
            client.Lost(again);
        }

        [Fact]
        public void A_freed_endpoint_or_a_second_one_is_refused()
        {
            var client = new ReconnectingEndpoint<Calculator.Imp>("/service/calc", BindKeepingServer, null, 100);
            Calculator.Imp first = client.Acquire();
            first.Free();
            Assert.Throws<LinearityViolationException>(() => client.Release(first));
            Assert.False(client.IsConnected);

            Calculator.Imp second = client.Acquire();
            Calculator.CreateChannel(out Calculator.Imp other, out Calculator.Exp otherExp);
            client.Release(second);
            Assert.Throws<LinearityViolationException>(() => client.Release(other));
            Assert.True(other.IsOwned);                // refused, so still the caller's
            other.Free();
            otherExp.Free();
            _server!.Free();
            client.Free();
        }

        [Fact]
        public void Arguments_are_checked()
        {
            Assert.Throws<ArgumentNullException>(() => new ReconnectingEndpoint<Calculator.Imp>(null!, BindKeepingServer, null, 100));
            Assert.Throws<ArgumentNullException>(() => new ReconnectingEndpoint<Calculator.Imp>("/x", null!, null, 100));
            Assert.Throws<ArgumentOutOfRangeException>(() => new ReconnectingEndpoint<Calculator.Imp>("/x", BindKeepingServer, null, -1));
            var client = new ReconnectingEndpoint<Calculator.Imp>("/x", BindKeepingServer, null, 100);
            Assert.Throws<ArgumentNullException>(() => client.Call<int>(null!));
        }
    }
}
