using System.Threading;
using Sing.Contracts.Tests.Contracts;
using Xunit;

#pragma warning disable SING0104, SING0201, SING0202, SING0203, SING0205, SING0211 // deliberate misuse: the run-time checks must catch it

namespace Sing.Contracts.Tests
{
    /// <summary>The library's public values never act as an address (issue 28's class): a message struct holds the
    /// linear handles themselves, which leave it by one claim, so copies of a message, a vector put in a message by
    /// hand, or a second attach of one channel end give no second owner and reach no memory.</summary>
    [Collection(Fuzzing.ExchangeHeapAccounting.Name)]
    public sealed class AddressFreeTests
    {
        [Fact]
        public void A_vector_its_owner_still_holds_cannot_be_put_into_a_message()
        {
            ExVector<byte> v = ExchangeHeap.NewVector<byte>(64);
            WireMessage wire = default;
            Assert.Throws<LinearityViolationException>(() => wire.PutVector(v));
            // Refused without emptying it: the vector still works and names its own block.
            v.Set(3, 7);
            Assert.Equal(7, v.Get(3));
            Assert.Equal(64, v.Length);
            v.Free();
        }

        [Fact]
        public void An_endpoint_its_owner_still_holds_cannot_be_put_into_a_message()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            WireMessage wire = default;
            Assert.Throws<LinearityViolationException>(() => wire.PutEndpoint(imp));
            Assert.True(imp.IsOwned);
            Assert.Equal("Ready", imp.StateName);
            imp.Free();
            exp.Free();
        }

        [Fact]
        public void Copies_of_a_message_give_its_block_to_one_taker_only()
        {
            long live = ExchangeHeap.LiveBlocks;
            WireMessage wire = default;
            wire.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(100)));
            WireMessage copy = wire;

            wire.TakeVector(out ExVector<byte>? first);
            Assert.Throws<LinearityViolationException>(() => copy.TakeVector(out ExVector<byte>? unused));
            ExVector<byte> mine = Transfer.Receive(first)!;
            mine.Set(0, 1);
            Assert.Equal(1, mine.Get(0));
            Assert.Throws<LinearityViolationException>(() => Transfer.Receive(first));
            mine.Free();

            // Releasing the copies afterwards frees nothing twice.
            copy.ReleaseCarried();
            wire.ReleaseCarried();
            Assert.Equal(live, ExchangeHeap.LiveBlocks);
        }

        [Fact]
        public void A_block_taken_back_by_its_sender_cannot_also_be_taken_from_the_message()
        {
            long live = ExchangeHeap.LiveBlocks;
            ExVector<byte> v = ExchangeHeap.NewVector<byte>(16);
            WireMessage wire = default;
            wire.PutVector(Transfer.Send(v));
            ExVector<byte> back = Transfer.Receive(v)!;   // legal: the value was in transit, one receiver takes it
            Assert.Throws<LinearityViolationException>(() => wire.TakeVector(out ExVector<byte>? unused));
            back.Set(15, 9);
            Assert.Equal(9, back.Get(15));
            back.Free();
            wire.ReleaseCarried();
            Assert.Equal(live, ExchangeHeap.LiveBlocks);
        }

        [Fact]
        public void A_message_sent_once_cannot_be_sent_again_from_a_copy()
        {
            long live = ExchangeHeap.LiveBlocks;
            ChannelRuntime.Current.CreateChannel(NicDevice.Protocol, out IChannelTransport a, out IChannelTransport b);
            WireMessage wire = default;
            wire.Tag = 0;
            wire.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(32)));
            WireMessage copy = wire;
            a.Send(ref wire);
            Assert.Throws<LinearityViolationException>(() => a.Send(ref copy));
            Assert.True(b.Receive(out WireMessage got));
            Assert.Equal(1, got.BlockCount);
            got.ReleaseCarried();
            a.Close();
            b.Close();
            Assert.Equal(live, ExchangeHeap.LiveBlocks);
        }

        [Fact]
        public void An_arrived_channel_end_is_attached_to_one_endpoint_only()
        {
            Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
            ChannelRuntime.Current.CreateChannel(NicDevice.Protocol, out IChannelTransport a, out IChannelTransport b);
            WireMessage wire = default;
            wire.PutEndpoint(Transfer.Send(imp));
            WireMessage unsent = wire;
            a.Send(ref wire);
            // The copy made before the send holds the claimed endpoint: nothing to take.
            Assert.Throws<LinearityViolationException>(() => unsent.TakeEndpoint(out int _));

            Assert.True(b.Receive(out WireMessage got));
            WireMessage copy = got;
            IChannelTransport? first = got.TakeEndpoint(out int state);
            Assert.NotNull(first);
            Calculator.Imp adopted = Calculator.Imp.Attach(first!, state);
            // A copy of the received message hands out the same channel end, which an endpoint already has.
            IChannelTransport? again = copy.TakeEndpoint(out int state2);
            Assert.Throws<LinearityViolationException>(() => Calculator.Imp.Attach(again!, state2));
            Assert.Throws<LinearityViolationException>(() => Calculator.Imp.Attach(first!, state));
            Assert.Equal("Ready", adopted.StateName);
            adopted.SendAdd(2, 3);
            exp.RecvAdd(out long x, out long y);
            Assert.Equal(5, x + y);
            adopted.Free();
            exp.Free();
            a.Close();
            b.Close();
        }

        [Fact]
        public void A_free_waits_for_no_access_and_an_access_never_sees_a_freed_vector()
        {
            // One thread reads and writes as fast as it can while another tries to free the vector: every attempt
            // either completes on the live block or is refused with a LinearityViolationException; none touches a
            // freed block (which on the host would throw an access to a released array's address as an engine fault).
            for (int round = 0; round < 20; round++)
            {
                ExVector<long> v = ExchangeHeap.NewVector<long>(4096);
                var buffer = new long[4096];
                int stop = 0;
                var reader = new Thread(() =>
                {
                    while (Volatile.Read(ref stop) == 0)
                    {
                        try
                        {
                            v.CopyTo(buffer);
                            v.CopyFrom(buffer);
                            v.Set(1, v.Get(0));
                        }
                        catch (LinearityViolationException)
                        {
                            if (!v.IsOwned) return;
                        }
                    }
                });
                reader.Start();
                bool freed = false;
                while (!freed)
                {
                    try
                    {
                        v.Free();
                        freed = true;
                    }
                    catch (LinearityViolationException)
                    {
                        Thread.Yield();
                    }
                }

                Volatile.Write(ref stop, 1);
                Assert.True(reader.Join(10_000));
                Assert.False(v.IsOwned);
                Assert.Throws<LinearityViolationException>(() => v.Get(0));
            }
        }
    }
}
