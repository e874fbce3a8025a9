// Deliberate misuse of linear values: the analyzers' compile-time errors are what this program attacks behind.
#pragma warning disable SING0104, SING0201, SING0202, SING0203, SING0204, SING0205, SING0206, SING0207, SING0211
using System;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.V1;

namespace Sing.Apps.Hostile
{
    /// <summary>Attacks on the values of the trusted libraries (the contract library and the SIP runtime's typed API)
    /// that a safe program can hold: each tries to make a value act on an address it no longer owns, or to give one
    /// block or channel end two owners. Each returns 0 when everything was refused, else the number of the check that
    /// got through.</summary>
    internal static class LibraryAttacks
    {
        /// <summary>A vector or endpoint put into a message by hand, without being sent, must be refused and stay intact:
        /// emptying it while it still counts as owned would make its accessors read from address 0.</summary>
        public static int HandPackedMessages()
        {
            ExVector<byte> v = ExchangeHeap.NewVector<byte>(64);
            WireMessage wire = default;
            if (!Throws(() => wire.PutVector(v))) return 1;
            v.Set(63, 5);
            if (v.Get(63) != 5 || v.Length != 64 || !v.IsOwned) return 2;
            if (!ThrowsIndex(() => v.Get(64)) || !ThrowsIndex(() => v.Set(-1, 0))) return 3;

            ExRef<long> r = ExchangeHeap.New(7L);
            if (!Throws(() => wire.PutRef(r))) return 4;
            if (r.Read() != 7) return 5;

            // Sent into the message, then taken back by its sender: the message carries nothing any more.
            wire.PutVector(Transfer.Send(v));
            ExVector<byte> back = Transfer.Receive(v);
            if (!Throws(() => wire.TakeVector(out ExVector<byte> stolen))) return 6;
            if (!Throws(() => v.Get(0))) return 7;   // the old handle is dead, not an address
            back.Set(0, 1);
            if (back.Get(0) != 1) return 8;
            wire.ReleaseCarried();
            back.Free();
            r.Free();
            if (!Throws(() => back.Get(0)) || !Throws(() => r.Read())) return 9;
            return 0;
        }

        /// <summary>Copies of one message (received or outgoing) give each block and endpoint to one taker only, and a
        /// message already sent cannot be sent again from a copy.</summary>
        public static int MessageCopies()
        {
            long live = ExchangeHeap.LiveBlocks;
            WireMessage wire = default;
            wire.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(4096)));
            WireMessage copy = wire;
            wire.TakeVector(out ExVector<byte> first);
            if (!Throws(() => copy.TakeVector(out ExVector<byte> second))) return 1;
            ExVector<byte> mine = Transfer.Receive(first);
            if (!Throws(() => Transfer.Receive(first))) return 2;
            copy.ReleaseCarried();                // frees nothing: the block is mine
            wire.ReleaseCarried();
            mine.Set(4095, 3);
            if (mine.Get(4095) != 3) return 3;
            mine.Free();

            // Over a kernel channel: the copy of a sent message is refused, the received one is taken once.
            ChannelRuntime.Current.CreateChannel(Relay.Protocol, out IChannelTransport a, out IChannelTransport b);
            WireMessage outgoing = default;
            outgoing.Tag = Relay.Messages.Data;
            outgoing.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(128)));
            WireMessage resend = outgoing;
            a.Send(ref outgoing);
            if (!Throws(() => a.Send(ref resend))) return 4;
            if (!b.Receive(out WireMessage received)) return 5;
            WireMessage kept = received;
            received.TakeVector(out ExVector<byte> arrived);
            if (!Throws(() => kept.TakeVector(out ExVector<byte> again))) return 6;
            ExVector<byte> owned = Transfer.Receive(arrived);
            if (owned.Length != 128) return 7;
            owned.Free();
            kept.ReleaseCarried();
            received.ReleaseCarried();

            // An endpoint in a message: one adopter.
            a.Close();
            b.Close();
            ChannelRuntime.Current.CreateChannel(Relay.Protocol, out a, out b);
            ChannelRuntime.Current.CreateChannel(Token.Protocol, out IChannelTransport c, out IChannelTransport d);
            WireMessage carrying = default;
            carrying.Tag = Relay.Messages.Pass;
            carrying.PutEndpoint(Transfer.Send(Token.Imp.Attach(c, Token.States.Ready)));
            a.Send(ref carrying);
            if (!b.Receive(out WireMessage withEndpoint)) return 8;
            WireMessage endpointCopy = withEndpoint;
            IChannelTransport t = withEndpoint.TakeEndpoint(out int state);
            Token.Imp adopted = Token.Imp.Attach(t, state);
            IChannelTransport t2 = endpointCopy.TakeEndpoint(out int state2);
            if (!Throws(() => Token.Imp.Attach(t2, state2))) return 9;
            adopted.Free();
            d.Close();
            a.Close();
            b.Close();
            if (ExchangeHeap.LiveBlocks != live) return 10;
            return 0;
        }

        /// <summary>Scalar-only messages travel as InlineMessage straight through the kernel: a peer that makes such a reply
        /// carry a block or an endpoint anyway gets them given back (nothing stays held for ever) and the reply refused;
        /// reads of an InlineMessage stay inside the arguments the sender wrote, whatever offset a program passes.</summary>
        public static int InlineMessages()
        {
            long live = ExchangeHeap.LiveBlocks;
            ChannelRuntime.Current.CreateChannel(Token.Protocol, out IChannelTransport client, out IChannelTransport peer);
            ChannelRuntime.Current.CreateChannel(Token.Protocol, out IChannelTransport spareImp, out IChannelTransport spareExp);
            Token.Imp imp = Token.Imp.Attach(client, Token.States.Ready);
            for (int round = 0; round < 3; round++)
            {
                imp.SendPing(round);
                if (!peer.Receive(out WireMessage ping) || ping.Tag != Token.Messages.Ping) return 1;
                int at = 0;
                WireMessage pong = default;
                pong.Tag = Token.Messages.Pong;
                if (round == 0) pong.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(5000)));
                if (round == 1) pong.PutEndpoint(Transfer.Send(Token.Imp.Attach(spareImp, Token.States.Ready)));
                if (round == 2) pong.Put(at);   // bytes Pong does not declare: read by nobody, harmless
                peer.Send(ref pong);
                if (round < 2 && !Throws(() => imp.RecvPong())) return 2 + round;
                if (round == 2) imp.RecvPong();
            }

            // The endpoint given back was closed: its peer sees the channel closed.
            if (!spareExp.IsReady || spareExp.Receive(out WireMessage _)) return 5;
            if (ExchangeHeap.LiveBlocks != live) return 6;

            // A message that carries a block, received inline by hand: the struct and its copies name nothing; the
            // transport hands the block out once; one never taken goes back at the next receive.
            ChannelRuntime.Current.CreateChannel(Relay.Protocol, out IChannelTransport sender, out IChannelTransport receiver);
            InlineMessage arrived = default;
            for (int i = 0; i < 2; i++)
            {
                WireMessage data = default;
                data.Tag = Relay.Messages.Data;
                data.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(64)));
                sender.Send(ref data);
                if (!receiver.ReceiveInline(ref arrived) || !arrived.CarriesLinear) return 10;
                if (i == 1) break;   // the second is never taken
                WireMessage taken = receiver.TakeCarried();
                if (taken.BlockCount != 1 || receiver.TakeCarried().BlockCount != 0) return 11;
                taken.ReleaseCarried();
                WireMessage ack = default;
                ack.Tag = Relay.Messages.Ack;
                receiver.Send(ref ack);
                if (!sender.Receive(out WireMessage _)) return 12;
            }

            // Two threads of this program asking for the same kept message: one of them gets its block, never both
            // (two handles on one block would let one read it after the other freed it).
            WireMessage back = default;
            back.Tag = Relay.Messages.Ack;
            receiver.Send(ref back);
            if (!sender.Receive(out WireMessage _)) return 15;
            for (int round = 0; round < 16; round++)
            {
                WireMessage data = default;
                data.Tag = Relay.Messages.Data;
                data.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(64)));
                sender.Send(ref data);
                if (!receiver.ReceiveInline(ref arrived)) return 16;
                var race = new TakeRace { Transport = receiver };
                var other = new System.Threading.Thread(race.Take);
                other.Start();
                WireMessage mine = receiver.TakeCarried();
                other.Join();
                if (mine.BlockCount + race.Taken.BlockCount != 1) return 17;
                mine.ReleaseCarried();
                race.Taken.ReleaseCarried();
                WireMessage ack = default;
                ack.Tag = Relay.Messages.Ack;
                receiver.Send(ref ack);
                if (!sender.Receive(out WireMessage _)) return 18;
            }

            sender.Close();
            if (receiver.ReceiveInline(ref arrived)) return 13;
            receiver.Close();
            if (ExchangeHeap.LiveBlocks != live) return 14;

            var message = new InlineMessage(Token.Messages.Ping);
            message.Put(42);
            int[] offsets = { -4, -1, 1, 4, 40, int.MaxValue, int.MinValue };
            for (int i = 0; i < offsets.Length; i++)
            {
                int offset = offsets[i];
                if (!Throws(() => message.Get<int>(ref offset))) return 7;
            }

            int start = 0;
            if (message.Get<int>(ref start) != 42 || start != 4) return 8;
            for (int i = 1; i < InlineMessage.Capacity / 4; i++) message.Put(i);
            if (!Throws(() => message.Put((byte)0))) return 9;
            imp.Free();
            peer.Close();
            spareExp.Close();
            return 0;
        }

        private sealed class TakeRace
        {
            public IChannelTransport Transport = null!;
            public WireMessage Taken;

            public void Take() => Taken = Transport.TakeCarried();
        }

        /// <summary>A kept copy of a received message names its block and endpoint only while this process owns them as
        /// they arrived: after a free, a block reusing the address is not reachable through the old message.</summary>
        public static int KeptReceivedMessages()
        {
            var bytes = new byte[16];
            if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 1;
            for (int round = 0; round < 8; round++)
            {
                ExchangeBlock sent = Exchange.Allocate(4096);
                if (Channels.Send(imp, 1, 0, sent) != AbiStatus.Ok) return 2;
                if (Channels.Receive(exp, out ReceivedMessage m, 1000) != AbiStatus.Ok) return 3;
                ReceivedMessage kept = m;
                if (!kept.Block.IsOwned) return 4;
                Exchange.Free(m.Block);
                ExchangeBlock reuse = Exchange.Allocate(4096);    // very likely the same address
                if (kept.Block.IsOwned || kept.Block.Length != 0 || kept.Block.Write(0, bytes) == AbiStatus.Ok) return 5;
                if (Exchange.Free(kept.Block) == AbiStatus.Ok) return 6;
                if (!reuse.IsOwned || Exchange.Free(reuse) != AbiStatus.Ok) return 7;
            }

            // A value kept from before a block went away and came back names nothing: only the newest ownership counts.
            ExchangeBlock block = Exchange.Allocate(4096);
            ExchangeBlock before = block;
            if (Channels.Send(imp, 1, 0, block) != AbiStatus.Ok) return 8;
            if (Channels.Receive(exp, out ReceivedMessage there, 1000) != AbiStatus.Ok) return 9;
            if (Channels.Send(exp, 2, 0, there.Block) != AbiStatus.Ok) return 10;
            if (Channels.Receive(imp, out ReceivedMessage home, 1000) != AbiStatus.Ok) return 11;
            if (before.IsOwned || before.Write(0, bytes) != AbiStatus.NotOwner || Exchange.Free(before) == AbiStatus.Ok) return 12;
            if (!home.Block.IsOwned || Exchange.Free(home.Block) != AbiStatus.Ok) return 13;
            Channels.Close(imp);
            Channels.Close(exp);
            return 0;
        }

        /// <summary>A raw endpoint handed to the contract library belongs to it alone: every copy of the raw value stops
        /// working, so none can close or send the endpoint behind the contract endpoint's back (after which a new
        /// endpoint at the same address would be driven by the old transport).</summary>
        public static int WrappedEndpoints()
        {
            for (int round = 0; round < 4; round++)
            {
                if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 1;
                ChannelEndpoint copy = imp;
                Token.Imp wrapped = Token.Imp.Attach(KernelEndpoints.Wrap(imp), Token.States.Ready);
                if (copy.IsOwned || imp.IsOwned) return 2;
                if (Channels.Close(copy) != AbiStatus.StaleHandle || Channels.Send(copy, 1) != AbiStatus.StaleHandle) return 3;
                if (!Throws(() => KernelEndpoints.Wrap(copy))) return 4;
                if (Channels.Select(new[] { copy }, 0, out _) != AbiStatus.StaleHandle) return 5;
                // The contract endpoint still works; given up again, it is a raw value of the newest ownership.
                wrapped.SendPing(round);
                if (Channels.Receive(exp, out ReceivedMessage ping, 1000) != AbiStatus.Ok || ping.InlineInt32() != round) return 6;
                ChannelEndpoint unwrapped = KernelEndpoints.Unwrap(wrapped);
                if (!unwrapped.IsOwned || copy.IsOwned) return 7;
                if (Channels.Close(unwrapped) != AbiStatus.Ok || Channels.Close(exp) != AbiStatus.Ok) return 8;
            }
            return 0;
        }

        /// <summary>One thread frees or sends a vector while others read and write it: an access is never made to a block
        /// that another thread already gave up (whose pages may be another process's by then), and the free itself
        /// succeeds at once, waiting out the copy in progress.</summary>
        public static int RacingAccessAndFree()
        {
            for (int round = 0; round < 8; round++)
            {
                var victim = new Holder { Vector = ExchangeHeap.NewVector<long>(512) };
                var worker = new System.Threading.Thread(() => Hammer(victim));
                worker.Start();
                System.Threading.Thread.Sleep(1);
                // The free waits for a copy in progress on the worker (it never refuses one, so it cannot starve).
                if (Throws(() => victim.Vector.Free())) return 3;
                victim.Stop = true;
                worker.Join();
                if (victim.Vector.IsOwned || !Throws(() => victim.Vector.Get(0))) return 1;
                if (victim.Faults != 0) return 2;
            }
            return 0;
        }

        private sealed class Holder
        {
            public ExVector<long> Vector;
            public volatile bool Stop;
            public int Faults;
        }

        private static void Hammer(Holder h)
        {
            var buffer = new long[512];
            while (!h.Stop)
            {
                try
                {
                    h.Vector.CopyTo(buffer);
                    h.Vector.CopyFrom(buffer);
                    h.Vector.Set(7, h.Vector.Get(7) + 1);
                }
                catch (LinearityViolationException)
                {
                    if (!h.Vector.IsOwned) return;
                }
                catch (Exception)
                {
                    h.Faults++;
                    return;
                }
            }
        }

        /// <summary>A program granted no interrupt line cannot wait on one through the typed select: every forged
        /// handle (none, small numbers that name its own channels, threads and other handles, all bits set) is refused at
        /// once with an exception, never a wait, with or without a timeout, and its endpoints stay usable.</summary>
        public static int ForgedInterruptHandles()
        {
            Token.CreateChannel(out Token.Imp imp, out Token.Exp exp);
            var endpoints = new Endpoint[] { imp, exp };
            ulong[] forged = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 64, 255, 4096, 0xFFFF_FFFF, 0x8000_0000_0000_0000, ulong.MaxValue };
            for (int i = 0; i < forged.Length; i++)
            {
                ulong handle = forged[i];
                if (!ThrowsRefused(() => Select.WaitOrInterrupt(0, endpoints, handle))) return 1 + i;
                if (!ThrowsRefused(() => Select.WaitOrInterrupt(-1, endpoints, handle))) return 100 + i;
            }

            return PingPongAndFree(imp, exp, 7) ? 0 : 200;
        }

        /// <summary>One ping of <paramref name="value"/> and its pong over a Token channel, then both ends freed:
        /// whether the value arrived.</summary>
        private static bool PingPongAndFree([Claims] Token.Imp imp, [Claims] Token.Exp exp, int value)
        {
            imp.SendPing(value);
            exp.RecvPing(out int received);
            exp.SendPong();
            imp.RecvPong();
            imp.Free();
            exp.Free();
            return received == value;
        }

        /// <summary>The kernel's memo of contract tables (Kernel/Channels/ContractMemo.cs) answers only for the table it
        /// validated: a table under the name of a contract this program registered, with another state machine, is
        /// refused before and after the genuine one was registered and remembered, and each refusal leaves nothing
        /// remembered; the genuine one keeps working.</summary>
        public static int ContractTables()
        {
            ContractInfo genuine = Token.Protocol;
            // Token's name and messages, but Pong may follow Pong: another state machine under the same name.
            var forged = new ContractInfo(genuine.Name, genuine.StateNames, genuine.MessageNames, genuine.MessageIsIn,
                new[] { 0, 0, 0, 0, 1, 0 }, genuine.InitialState, 1, 1);
            Token.CreateChannel(out Token.Imp imp, out Token.Exp exp);
            for (int i = 0; i < 3; i++)
                if (!ThrowsRefused(() => ChannelRuntime.Current.CreateChannel(forged, out _, out _))) return 1 + i;
            Token.CreateChannel(out Token.Imp imp2, out Token.Exp exp2);
            if (!ThrowsRefused(() => ChannelRuntime.Current.CreateChannel(forged, out _, out _))) return 10;
            if (!PingPongAndFree(imp2, exp2, 9)) return 11;
            return PingPongAndFree(imp, exp, 5) ? 0 : 12;
        }

        private static bool ThrowsRefused(Action action)
        {
            try
            {
                action();
                return false;
            }
            catch (InvalidOperationException)
            {
                return true;
            }
        }

        private static bool Throws(Action action)
        {
            try
            {
                action();
                return false;
            }
            catch (LinearityViolationException)
            {
                return true;
            }
            catch (ProtocolViolationException)
            {
                return true;
            }
        }

        private static bool ThrowsIndex(Action action)
        {
            try
            {
                action();
                return false;
            }
            catch (IndexOutOfRangeException)
            {
                return true;
            }
        }
    }
}
