using System.Runtime.InteropServices;
using Singularity.V1;

namespace Sing.Apps.ChannelProbe
{
    /// <summary>The "call-checks" verb: ChannelCall (send, then receive on the same endpoint) inside one SIP, against a
    /// second thread that echoes with ChannelCall too. Exit code 0 when every check passed, else the number of the
    /// first failed check (the kernel test names it).</summary>
    internal static unsafe class CallChecks
    {
        private const int Echo = 1, Stop = 2;

        public static int Run()
        {
            int failed = RoundTripsKeepTheirData();
            if (failed == 0) failed = BlocksTravelBothWays();
            if (failed == 0) failed = TimeoutMeansSentButNoReply();
            if (failed == 0) failed = ClosedPeerIsChannelClosed();
            if (failed == 0) failed = BadArgumentsAreRefused();
            if (failed == 0) failed = AnEndpointSentAwayIsNoLongerUsable();
            if (failed == 0) failed = AnotherEndpointSentAwayLeavesTheRememberedOneUsable();
            if (failed == 0) failed = ABlockSentAwayOrFreedIsNoLongerUsable();
            if (failed == 0) failed = SecondSlotsAreChecked();
            if (failed == 0) failed = AnEndpointAThreadWaitsOnStaysPut();
            if (failed == 0) failed = AFailedCallTellsWhetherItsSendTookTheBlock();
            if (failed != 0) Debug.WriteLine($"call check {failed} failed");
            return failed;
        }

        /// <summary>Replies to each message with ChannelCall (the reply, then wait for the next) until Stop.</summary>
        [UnmanagedCallersOnly]
        private static void EchoThread(nint endpoint)
        {
            var at = new ChannelEndpoint((void*)endpoint);
            ChannelMessage m;
            AbiStatus status = Channels.Receive(at, &m);
            while (status == AbiStatus.Ok && m.Tag == Echo)
            {
                for (int i = 0; i < m.InlineLength; i++) m.Inline[i] = (byte)(m.Inline[i] + 1);
                status = Channels.Call(at, &m);
            }
        }

        /// <summary>Takes one message, frees the block it brought and closes its end.</summary>
        [UnmanagedCallersOnly]
        private static void TakeAndCloseThread(nint endpoint)
        {
            var at = new ChannelEndpoint((void*)endpoint);
            ChannelMessage m;
            if (Channels.Receive(at, &m) == AbiStatus.Ok && m.Block != null) Exchange.Free(Exchange.AtAddress(m.Block));
            Channels.Close(at);
        }

        /// <summary>A call that fails says whether its send took what the message carried: a send refused (peer gone
        /// before) leaves the block named in the message and owned here; a send that went out before the receive failed
        /// (no reply in time, or the peer took the block and closed) leaves the message naming nothing, and the block is
        /// the peer's. What the contract library's one-crossing send of blocks relies on (KernelTransport.SendAndReceive).</summary>
        private static int AFailedCallTellsWhetherItsSendTookTheBlock()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            Channels.Close(exp);
            ExchangeBlock block = Exchange.Allocate(256);
            ChannelMessage m = default;
            m.Tag = Echo;
            m.Block = block.Pointer;
            int failed = Channels.Call(imp, &m) != AbiStatus.ChannelClosed ? 100 : 0;
            if (failed == 0 && (m.Block != block.Pointer || m.Tag != Echo || Exchange.OwnedSize(block) != 256)) failed = 101;
            Exchange.Free(block);
            Channels.Close(imp);

            Channels.Create(2, out imp, out exp);
            block = Exchange.Allocate(256);
            m = default;
            m.Tag = Echo;
            m.Block = block.Pointer;
            if (failed == 0 && Channels.Call(imp, &m, 5) != AbiStatus.Timeout) failed = 102;
            if (failed == 0 && (m.Block != null || m.Endpoint != null || m.Carries != 0 || Exchange.OwnedSize(block) != 0)) failed = 103;
            ChannelMessage delivered = default;
            if (failed == 0 && (Channels.Receive(exp, &delivered, 0) != AbiStatus.Ok || delivered.Block != block.Pointer)) failed = 104;
            if (delivered.Block != null) Exchange.Free(Exchange.AtAddress(delivered.Block));
            Channels.Close(exp);
            Channels.Close(imp);

            Channels.Create(2, out imp, out exp);
            Threads.Create(&TakeAndCloseThread, (nint)exp.Value, out ThreadHandle taker);
            block = Exchange.Allocate(256);
            m = default;
            m.Tag = Echo;
            m.Block = block.Pointer;
            if (failed == 0 && Channels.Call(imp, &m) != AbiStatus.ChannelClosed) failed = 105;
            if (failed == 0 && (m.Block != null || m.Carries != 0 || Exchange.OwnedSize(block) != 0)) failed = 106;
            Threads.Join(taker);
            Channels.Close(imp);
            return failed;
        }

        private static ThreadHandle StartEcho(ChannelEndpoint exp)
        {
            Threads.Create(&EchoThread, (nint)exp.Value, out ThreadHandle echo);
            return echo;
        }

        private static void StopEcho(ChannelEndpoint imp, ThreadHandle echo)
        {
            Channels.Send(imp, Stop);
            Threads.Join(echo);
        }

        private static int RoundTripsKeepTheirData()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            ThreadHandle echo = StartEcho(exp);
            int failed = 0;
            for (int round = 0; round < 1000 && failed == 0; round++)
            {
                ChannelMessage m = default;
                m.Tag = Echo;
                m.InlineLength = 1 + round % ChannelMessage.InlineCapacity;
                for (int i = 0; i < m.InlineLength; i++) m.Inline[i] = (byte)(round + i);
                if (Channels.Call(imp, &m) != AbiStatus.Ok || m.Tag != Echo || m.InlineLength != 1 + round % ChannelMessage.InlineCapacity) failed = 1;
                for (int i = 0; i < m.InlineLength && failed == 0; i++)
                    if (m.Inline[i] != (byte)(round + i + 1)) failed = 2;
            }
            StopEcho(imp, echo);
            Channels.Close(imp);
            Channels.Close(exp);
            return failed;
        }

        /// <summary>A block sent with a call comes back with the reply, same address, contents intact, owned here again.</summary>
        private static int BlocksTravelBothWays()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            ThreadHandle echo = StartEcho(exp);
            ExchangeBlock block = Exchange.Allocate(4096);
            byte* data = (byte*)block.Pointer;
            for (int i = 0; i < 4096; i++) data[i] = (byte)(i * 7);
            ChannelMessage m = default;
            m.Tag = Echo;
            m.Block = block.Pointer;
            int failed = Channels.Call(imp, &m) != AbiStatus.Ok || m.Block != block.Pointer ? 10 : 0;
            for (int i = 0; i < 4096 && failed == 0; i++)
                if (data[i] != (byte)(i * 7)) failed = 11;
            // Owned by this SIP again, under a new generation: the value from before the send names nothing now.
            ExchangeBlock back = Exchange.AtAddress(m.Block);
            if (failed == 0 && (Exchange.OwnedSize(back) != 4096 || Exchange.OwnedSize(block) != 0)) failed = 12;
            StopEcho(imp, echo);
            Exchange.Free(back);
            Channels.Close(imp);
            Channels.Close(exp);
            return failed;
        }

        /// <summary>Nobody answers: the call times out, and its message was delivered all the same.</summary>
        private static int TimeoutMeansSentButNoReply()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            ChannelMessage m = default;
            m.Tag = 42;
            int failed = Channels.Call(imp, &m, 5) != AbiStatus.Timeout ? 20 : 0;
            ChannelMessage delivered;
            if (failed == 0 && (Channels.Receive(exp, &delivered, 0) != AbiStatus.Ok || delivered.Tag != 42)) failed = 21;
            Channels.Close(imp);
            Channels.Close(exp);
            return failed;
        }

        private static int ClosedPeerIsChannelClosed()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            Channels.Close(exp);
            ChannelMessage m = default;
            int failed = Channels.Call(imp, &m) != AbiStatus.ChannelClosed ? 30 : 0;
            Channels.Close(imp);
            return failed;
        }

        private static int BadArgumentsAreRefused()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            ChannelMessage m = default;
            int failed = 0;
            byte* forged = (byte*)imp.Address + 8;
            if (Channels.Call(new ChannelEndpoint(forged), &m) != AbiStatus.InvalidArgument) failed = 40;
            m.InlineLength = ChannelMessage.InlineCapacity + 1;
            if (failed == 0 && Channels.Call(imp, &m) != AbiStatus.InvalidArgument) failed = 41;
            ExchangeBlock data = Exchange.Allocate(64);
            if (failed == 0 && Channels.Call(new ChannelEndpoint(data.Pointer), &m) != AbiStatus.InvalidArgument) failed = 42;  // a data block is no endpoint
            Exchange.Free(data);
            Channels.Close(imp);
            Channels.Close(exp);
            return failed;
        }

        /// <summary>The kernel remembers the last endpoint a thread used; sending that endpoint away (or closing it)
        /// must end that memory: the next call on it is refused.</summary>
        private static int AnEndpointSentAwayIsNoLongerUsable()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            Channels.Create(2, out ChannelEndpoint carrierImp, out ChannelEndpoint carrierExp);
            ChannelMessage m = default;
            int failed = Channels.Send(imp, &m) != AbiStatus.Ok ? 50 : 0;                // imp validated (and remembered)
            if (failed == 0 && Channels.Send(carrierImp, 7, 0, default, imp) != AbiStatus.Ok) failed = 51;   // imp leaves this SIP's hands
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.NotOwner) failed = 52;
            if (failed == 0 && Channels.Call(imp, &m) != AbiStatus.NotOwner) failed = 53;
            // Received back: usable again.
            ReceivedMessage carried = default;
            if (failed == 0 && (Channels.Receive(carrierExp, out carried, 0) != AbiStatus.Ok || carried.Endpoint.Address != imp.Address)) failed = 54;
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.Ok) failed = 55;
            // Closed (through the value of its newest ownership: the one from before it left names nothing now, so
            // closing through it is refused): the address is no endpoint any more.
            if (failed == 0 && Channels.Close(imp) != AbiStatus.StaleHandle) failed = 57;
            Channels.Close(carried.Endpoint);
            if (failed == 0 && Channels.Call(imp, &m) != AbiStatus.InvalidArgument) failed = 56;
            Channels.Close(exp);
            Channels.Close(carrierImp);
            Channels.Close(carrierExp);
            return failed;
        }

        /// <summary>Only an endpoint a thread remembers moves the process's epoch when it leaves: sending another one away
        /// keeps the remembered one usable, and the one sent away is refused through the full check.</summary>
        private static int AnotherEndpointSentAwayLeavesTheRememberedOneUsable()
        {
            Channels.Create(2, out ChannelEndpoint a, out ChannelEndpoint aPeer);
            Channels.Create(2, out ChannelEndpoint b, out ChannelEndpoint bPeer);
            Channels.Create(2, out ChannelEndpoint carrier, out ChannelEndpoint carrierPeer);
            ChannelMessage m = default;
            int failed = Channels.Send(a, &m) != AbiStatus.Ok ? 80 : 0;                                   // a remembered
            if (failed == 0 && Channels.Send(carrier, 7, 0, default, b) != AbiStatus.Ok) failed = 81;       // b (never used) leaves
            if (failed == 0 && Channels.Send(a, &m) != AbiStatus.Ok) failed = 82;                         // a is still ours
            if (failed == 0 && Channels.Send(b, &m) != AbiStatus.NotOwner) failed = 83;                   // b is not
            if (failed == 0 && Channels.Call(b, &m) != AbiStatus.NotOwner) failed = 84;
            ReceivedMessage back = default;
            if (failed == 0 && (Channels.Receive(carrierPeer, out back, 0) != AbiStatus.Ok || back.Endpoint.Address != b.Address)) failed = 85;
            Channels.Close(back.Endpoint);
            Channels.Close(a);
            Channels.Close(aPeer);
            Channels.Close(bPeer);
            Channels.Close(carrier);
            Channels.Close(carrierPeer);
            return failed;
        }

        /// <summary>The same for data blocks, which the kernel remembers per thread when they are allocated or received.</summary>
        private static int ABlockSentAwayOrFreedIsNoLongerUsable()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            ExchangeBlock block = Exchange.Allocate(128);                          // remembered at allocation
            ChannelMessage m = default;
            m.Block = block.Pointer;
            int failed = Channels.Send(imp, &m) != AbiStatus.Ok ? 60 : 0;          // given up: in transit
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.NotOwner) failed = 61;
            ChannelMessage received = default;
            if (failed == 0 && (Channels.Receive(exp, &received, 0) != AbiStatus.Ok || received.Block != block.Pointer)) failed = 62;
            if (failed == 0 && Channels.Send(exp, &received) != AbiStatus.Ok) failed = 63;   // received (remembered), sent on
            if (failed == 0 && Channels.Receive(imp, &received, 0) != AbiStatus.Ok) failed = 64;
            // Back here under a new generation: the value from before it left frees nothing; the newest one does.
            if (failed == 0 && Exchange.Free(block) != AbiStatus.StaleHandle) failed = 66;
            Exchange.Free(Exchange.AtAddress(received.Block));                      // freed: no longer a block at all
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.InvalidArgument) failed = 65;
            Channels.Close(imp);
            Channels.Close(exp);
            return failed;
        }
    
        /// <summary>A message's second block and endpoint get the same checks as the first, plus: distinct from the
        /// first, at most 24 inline bytes beside them, no unknown flags. A queued message carrying two blocks is freed
        /// with the channel (the kernel test compares the exchange heap before and after).</summary>
        private static int SecondSlotsAreChecked()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            ExchangeBlock one = Exchange.Allocate(64), two = Exchange.Allocate(64);
            ChannelMessage m = default;
            m.Carries = 4;
            int failed = Channels.Send(imp, &m) != AbiStatus.InvalidArgument ? 70 : 0;
            m.Carries = ChannelMessage.CarriesSecondBlock;
            m.SecondBlock = (byte*)two.Pointer + 8;
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.InvalidArgument) failed = 71;          // forged
            m.Block = one.Pointer;
            m.SecondBlock = one.Pointer;
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.InvalidArgument) failed = 72;          // the same block twice
            m.SecondBlock = two.Pointer;
            m.InlineLength = ChannelMessage.InlineCapacityWithSecondSlots + 1;
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.InvalidArgument) failed = 73;          // inline bytes over the slots
            m.InlineLength = 0;
            m.Block = null;
            m.Carries = ChannelMessage.CarriesSecondEndpoint;
            m.SecondEndpoint = imp.Address;
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.InvalidArgument) failed = 74;          // its own channel's end
            m.Carries = ChannelMessage.CarriesSecondBlock;
            m.Block = one.Pointer;
            m.SecondBlock = two.Pointer;
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.Ok) failed = 75;                       // both blocks in transit
            if (failed == 0 && Channels.Send(imp, &m) != AbiStatus.NotOwner) failed = 76;                 // no longer ours
            // Closing both ends drops the queued message and frees both blocks.
            Channels.Close(imp);
            Channels.Close(exp);
            return failed;
        }
    
        /// <summary>While a thread of this SIP waits on an endpoint, the endpoint can be neither closed nor sent away
        /// (the waiting thread would be left on memory that is no longer its process's): InvalidState.</summary>
        private static int AnEndpointAThreadWaitsOnStaysPut()
        {
            Channels.Create(2, out ChannelEndpoint imp, out ChannelEndpoint exp);
            Channels.Create(2, out ChannelEndpoint carrierImp, out ChannelEndpoint carrierExp);
            ThreadHandle echo = StartEcho(exp);
            Threads.Sleep(5);                                                       // the echo thread now waits on exp
            int failed = Channels.Close(exp) != AbiStatus.InvalidState ? 80 : 0;
            if (failed == 0 && Channels.Send(carrierImp, 7, 0, default, exp) != AbiStatus.InvalidState) failed = 81;
            ChannelMessage m = default;
            m.Carries = ChannelMessage.CarriesSecondEndpoint;
            m.SecondEndpoint = exp.Address;
            if (failed == 0 && Channels.Send(carrierImp, &m) != AbiStatus.InvalidState) failed = 82;
            StopEcho(imp, echo);                                                    // it stopped waiting: now it may go
            if (failed == 0 && Channels.Close(exp) != AbiStatus.Ok) failed = 83;
            Channels.Close(imp);
            Channels.Close(carrierImp);
            Channels.Close(carrierExp);
            return failed;
        }
    }
}
