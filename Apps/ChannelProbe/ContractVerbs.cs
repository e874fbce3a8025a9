using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.V1;

namespace Sing.Apps.ChannelProbe
{
    /// <summary>The channel tests again, written against generated contract endpoints instead of the raw ABI.</summary>
    internal static class ContractVerbs
    {
        /// <summary>Serves one client: takes its Echo endpoint from a Connector message, then answers until Quit
        /// (exit 0) or ChannelClosed (exit 3: the client vanished).</summary>
        public static int Server(string path)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 100;
            if (Channels.Receive(requests, out ReceivedMessage connect) != AbiStatus.Ok || connect.Tag != Names.ConnectRequestTag) return 101;
            Connector.Exp door = Connector.Exp.Attach(KernelEndpoints.Wrap(connect.Endpoint), Connector.States.Start);
            door.RecvConnect(out Echo.Exp echo);
            door.Free();
            long served = 0;
            while (true)
            {
                Echo.Exp.ReadyReceived r = echo.ReceiveReady();
                switch (r.Tag)
                {
                    case Echo.Exp.ReadyTag.Ping:
                        r.GetPing(out long value);
                        echo.SendPong(value + 1);
                        served++;
                        break;
                    case Echo.Exp.ReadyTag.Data:
                        r.GetData(out ExVector<byte> buffer);
                        buffer[0] ^= 0xFF;            // proves the receiver writes the very block the client sees
                        echo.SendDataBack(buffer);
                        break;
                    case Echo.Exp.ReadyTag.Quit:
                        Debug.WriteLine($"served {served} pings; the client said Quit");
                        echo.Free();
                        return 0;
                    case Echo.Exp.ReadyTag.ChannelClosed:
                        Debug.WriteLine($"served {served} pings; then ChannelClosed");
                        echo.Free();
                        return 3;
                }
            }
        }

        /// <summary>Echo (or, with <paramref name="bench"/>, SingBench's BenchEcho) as a long-running service at PATH for
        /// any number of clients at once (the contract fuzzer's echo and bench targets): the kernel checks every bound
        /// channel against the contract (KernelEndpoints.CheckBinds), so this loop sees only the requests; each is
        /// answered with its reply tag, the same inline bytes (Ping's value plus one) and the same block. A client that
        /// breaks the contract is ended by the kernel and leaves only a ChannelClosed here. Runs until killed.</summary>
        public static int Service(string path, int checkAfterMilliseconds, bool bench)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 100;
            // The late check's test: clients bind and send while the requests wait unchecked in the queue.
            if (checkAfterMilliseconds > 0) Threads.Sleep((ulong)checkAfterMilliseconds);
            if (KernelEndpoints.CheckBinds(requests, bench ? Sing.Apps.SingBench.BenchEcho.Protocol : Echo.Protocol) != AbiStatus.Ok) return 103;
            var endpoints = new System.Collections.Generic.List<ChannelEndpoint> { requests };
            while (true)
            {
                if (Channels.Select(endpoints.ToArray(), Channels.Forever, out int ready) != AbiStatus.Ok || ready < 0) continue;
                ChannelEndpoint at = endpoints[ready];
                AbiStatus status = Channels.Receive(at, out ReceivedMessage m, 0);
                if (ready == 0)
                {
                    if (status == AbiStatus.ChannelClosed) return 104;
                    if (status == AbiStatus.Ok && m.Tag == Names.ConnectRequestTag) endpoints.Add(m.Endpoint);
                    continue;
                }

                // What a raw client attaches beyond the contract's arguments is released, not kept for ever.
                if (status == AbiStatus.Ok && !m.Endpoint.IsNull) Channels.Close(m.Endpoint);
                int reply = status != AbiStatus.Ok ? -1 : bench ? m.Tag + 1 : m.Tag == Echo.Messages.Ping ? Echo.Messages.Pong : m.Tag == Echo.Messages.Data ? Echo.Messages.DataBack : -1;
                if (reply >= 0) status = Answer(at, ref m, reply, !bench && reply == Echo.Messages.Pong);
                else if (status == AbiStatus.Ok && !m.Block.IsNull) Exchange.Free(m.Block);
                if (reply >= 0 && status == AbiStatus.Ok) continue;
                Channels.Close(at);   // Quit (Echo's end), ChannelClosed, or a send the client's death refused
                endpoints.RemoveAt(ready);
            }
        }

        // The request's inline bytes and block go back under the reply's tag.
        private static unsafe AbiStatus Answer(ChannelEndpoint at, ref ReceivedMessage request, int tag, bool increment)
        {
            ChannelMessage reply = request.Raw;
            reply.Tag = tag;
            reply.Endpoint = null;
            if (increment) *(long*)reply.Inline += 1;   // raw bytes: a short message gets no exception here
            return Channels.Send(at, &reply);
        }

        /// <summary>Pairs as a service at PATH for one client after another (the contract fuzzer's endpoint-carrying
        /// target), typed: Swap comes back swapped; Hand's two Note endpoints each get a Hello and are freed, then Handed.
        /// The kernel checks each bound channel against Pairs; what arrives on a handed endpoint is not checked, so a
        /// client that hands a dead or misbehaving channel costs only its own conversation. Runs until killed.</summary>
        public static int PairsService(string path)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 100;
            if (KernelEndpoints.CheckBinds(requests, Pairs.Protocol) != AbiStatus.Ok) return 103;
            long conversations = 0, cut = 0;
            while (true)
            {
                AbiStatus status = Channels.Receive(requests, out ReceivedMessage connect);
                if (status == AbiStatus.ChannelClosed) return 104;
                if (status != AbiStatus.Ok || connect.Tag != Names.ConnectRequestTag || connect.Endpoint.IsNull) continue;
                Pairs.Exp pairs = Pairs.Exp.Attach(KernelEndpoints.Wrap(connect.Endpoint), Pairs.States.Start);
                try
                {
                    ServePairs(pairs);
                    conversations++;
                }
                catch (ChannelClosedException)
                {
                    cut++;
                }
                catch (ProtocolViolationException)
                {
                    cut++;
                }

                if (pairs.IsOwned) pairs.Free();
                if ((conversations + cut) % 100 == 0) Debug.WriteLine($"pairs-service: {conversations} conversations, {cut} cut short");
            }
        }

        private static void ServePairs(Pairs.Exp pairs)
        {
            Pairs.Exp.StartReceived start = pairs.ReceiveStart();
            if (start.Tag != Pairs.Exp.StartTag.Swap) return;   // ChannelClosed
            start.GetSwap(out ExVector<byte> first, out ExVector<byte> second, out long tag);
            pairs.SendSwapped(second, first, tag + 1);
            Pairs.Exp.HandingReceived handing = pairs.ReceiveHanding();
            if (handing.Tag != Pairs.Exp.HandingTag.Hand) return;
            handing.GetHand(out Note.Imp a, out Note.Imp b);
            Greet(a, 1);
            Greet(b, 2);
            pairs.SendHanded();
        }

        // A handed endpoint's peer may be gone already: that is the client's loss, not this conversation's.
        private static void Greet([Claims] Note.Imp note, long value)
        {
            try
            {
                note.SendHello(value);
            }
            catch (ChannelClosedException)
            {
            }

            note.Free();
        }

        /// <summary>An attack on the pairs service: after a legal Swap, Hand carries two endpoints that the kernel checks
        /// against another contract (the exporter ends of Echo channels) where Note importers belong, sent raw (a typed
        /// Note.Imp cannot even be made of them). Greeting them would be a breach of Echo by the service, so the service
        /// must refuse them: exit 0 when it closes this conversation instead of answering Handed, 1 if it answers.</summary>
        public static unsafe int HandForeign(string path)
        {
            ChannelEndpoint raw = default;
            for (int waited = 0; Names.Bind(path, out raw) != AbiStatus.Ok; waited += 5)
            {
                if (waited > 5000) return 2;
                Threads.Sleep(5);
            }

            Pairs.Imp pairs = Pairs.Imp.Attach(KernelEndpoints.Wrap(raw), Pairs.States.Start);
            pairs.SendSwap(ExchangeHeap.NewVector<byte>(8), ExchangeHeap.NewVector<byte>(8), 1);
            pairs.RecvSwapped(out ExVector<byte> x, out ExVector<byte> y, out _);
            x.Free();
            y.Free();
            ChannelEndpoint channel = KernelEndpoints.Unwrap(pairs);
            Echo.CreateChannel(out Echo.Imp keep1, out Echo.Exp foreign1);
            Echo.CreateChannel(out Echo.Imp keep2, out Echo.Exp foreign2);
            ChannelMessage hand = default;
            hand.Tag = Pairs.Messages.Hand;
            hand.Endpoint = KernelEndpoints.Unwrap(foreign1).Address;
            hand.Carries = ChannelMessage.CarriesSecondEndpoint;
            hand.SecondEndpoint = KernelEndpoints.Unwrap(foreign2).Address;
            hand.InlineLength = 8;   // the two endpoints' states, 0 (Note's Open)
            AbiStatus answer = Channels.Send(channel, &hand);
            ReceivedMessage reply = default;
            if (answer == AbiStatus.Ok) answer = Channels.Receive(channel, out reply, 10_000);
            keep1.Free();
            keep2.Free();
            Channels.Close(channel);
            Debug.WriteLine(answer == AbiStatus.ChannelClosed ? "hand-foreign: the service refused the foreign endpoints"
                : "hand-foreign: the service answered " + (answer == AbiStatus.Ok ? "tag " + reply.Tag.ToString() : answer.ToString()));
            return answer == AbiStatus.ChannelClosed ? 0 : answer == AbiStatus.Ok ? 1 : 3;
        }

        /// <summary>Accepts CLIENTS connections, then serves them all from one endpoint set (Singularity's ESet) until
        /// each has said Quit: exit 0, or 4 if one vanished instead, 102 if a connection failed.</summary>
        public static int SetServer(string path, int clients)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 100;
            var set = new EndpointSet<Echo.Exp>();
            for (int i = 0; i < clients; i++)
            {
                if (Channels.Receive(requests, out ReceivedMessage connect) != AbiStatus.Ok || connect.Tag != Names.ConnectRequestTag)
                {
                    set.Free();
                    return 102;
                }

                Connector.Exp door = Connector.Exp.Attach(KernelEndpoints.Wrap(connect.Endpoint), Connector.States.Start);
                door.RecvConnect(out Echo.Exp echo);
                door.Free();
                set.Add(echo);
            }

            long served = 0;
            int quit = 0, vanished = 0;
            while (quit + vanished < clients)
            {
                Echo.Exp ready = set.Take(-1);
                Echo.Exp.ReadyReceived r = ready.ReceiveReady();
                switch (r.Tag)
                {
                    case Echo.Exp.ReadyTag.Ping:
                        r.GetPing(out long value);
                        ready.SendPong(value + 1);
                        served++;
                        set.Add(ready);
                        break;
                    case Echo.Exp.ReadyTag.Data:
                        r.GetData(out ExVector<byte> buffer);
                        buffer[0] ^= 0xFF;
                        ready.SendDataBack(buffer);
                        set.Add(ready);
                        break;
                    case Echo.Exp.ReadyTag.Quit:
                        quit++;
                        ready.Free();
                        break;
                    default:   // ChannelClosed
                        vanished++;
                        ready.Free();
                        break;
                }
            }

            Debug.WriteLine($"served {served} pings to {clients} clients from one endpoint set");
            return vanished == 0 ? 0 : 4;
        }

        /// <summary>Two vectors and then two endpoints in single messages, over one kernel channel inside this SIP:
        /// the vectors arrive at the same addresses with their contents, the endpoints work at the receiver. Exit 0,
        /// or the number of the first failed check.</summary>
        public static int PairsCheck()
        {
            int failed = 0;
            Pairs.CreateChannel(out Pairs.Imp imp, out Pairs.Exp exp);
            ExVector<byte> first = ExchangeHeap.NewVector<byte>(64);
            ExVector<byte> second = ExchangeHeap.NewVector<byte>(128);
            first[0] = 11;
            second[127] = 22;
            ulong a = AddressOf(first), b = AddressOf(second);
            imp.SendSwap(first, second, 77);
            exp.RecvSwap(out ExVector<byte> x, out ExVector<byte> y, out long tag);
            if (AddressOf(x) != a || AddressOf(y) != b || x.Length != 64 || y.Length != 128 || x[0] != 11 || y[127] != 22 || tag != 77) failed = 1;
            exp.SendSwapped(y, x, tag + 1);
            imp.RecvSwapped(out ExVector<byte> p, out ExVector<byte> q, out long tag2);
            if (failed == 0 && (AddressOf(p) != b || AddressOf(q) != a || tag2 != 78)) failed = 2;
            p.Free();
            q.Free();

            Note.CreateChannel(out Note.Imp n1, out Note.Exp r1);
            Note.CreateChannel(out Note.Imp n2, out Note.Exp r2);
            imp.SendHand(n1, n2);
            exp.RecvHand(out Note.Imp h1, out Note.Imp h2);
            h1.SendHello(5);
            h2.SendHello(6);
            r1.RecvHello(out long v1);
            r2.RecvHello(out long v2);
            if (failed == 0 && (v1 != 5 || v2 != 6)) failed = 3;
            exp.SendHanded();
            imp.RecvHanded();
            h1.Free();
            h2.Free();
            r1.Free();
            r2.Free();
            imp.Free();
            exp.Free();
            if (failed != 0) Debug.WriteLine($"pairs check {failed} failed");
            return failed;
        }

        private static unsafe ulong AddressOf(ExVector<byte> vector)
        {
            fixed (byte* p = &vector[0]) return (ulong)p;
        }

        private static Echo.Imp Connect(string path)
        {
            ChannelEndpoint raw = default;
            for (int attempt = 0; attempt < 1000 && Names.Bind(path, out raw) != AbiStatus.Ok; attempt++) Threads.Sleep(2);
            if (raw.IsNull) return null;
            Connector.Imp door = Connector.Imp.Attach(KernelEndpoints.Wrap(raw), Connector.States.Start);
            Echo.CreateChannel(out Echo.Imp mine, out Echo.Exp theirs);
            door.SendConnect(theirs);                 // the endpoint travels; `theirs` is dead here
            door.Free();
            return mine;
        }

        /// <summary>COUNT pings, one vector round trip checked for zero copy (for its contents only when
        /// <paramref name="copiesAllowed"/>: client and server in different ring-3 domains), then Quit.</summary>
        public static int Client(string path, int count, bool copiesAllowed = false)
        {
            Echo.Imp echo = Connect(path);
            if (echo == null) return 110;
            for (int i = 0; i < count; i++)
            {
                echo.SendPing(i);
                echo.RecvPong(out long answer);
                if (answer != i + 1)
                {
                    echo.Free();
                    return 111;
                }
            }
            ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(4096);
            buffer[0] = 0x5A;
            buffer[4095] = 0x33;
            ref byte first = ref buffer[0];
            ulong before;
            unsafe { fixed (byte* p = &first) before = (ulong)p; }
            echo.SendData(buffer);
            echo.RecvDataBack(out ExVector<byte> back);
            ulong after;
            unsafe { fixed (byte* p = &back[0]) after = (ulong)p; }
            bool intact = back.Length == 4096 && back[0] == 0xA5 && back[4095] == 0x33;
            back.Free();
            if (!intact || (before != after && !copiesAllowed))   // the same block must come back: nothing was copied
            {
                echo.Free();
                return intact ? 113 : 112;
            }
            echo.SendQuit();
            echo.Free();
            Debug.WriteLine($"{count} pings and a 4 KiB vector over Echo at 0x{after:x}");
            return 0;
        }

        /// <summary>Connects, pings once, then blocks forever: the test kills it and the server must see ChannelClosed.</summary>
        public static int Hang(string path)
        {
            Echo.Imp echo = Connect(path);
            if (echo == null) return 120;
            echo.SendPing(7);
            echo.RecvPong(out _);
            Threads.CreateEvent(false, false, out EventHandle never);
            Threads.WaitAny(new[] { never }, ulong.MaxValue, out _);
            echo.Free();
            return 121;
        }

        /// <summary>Pings twice without waiting for Pong. The library refuses the second ping (caught here); the
        /// same message sent raw on the kernel endpoint is refused by the kernel, which ends this SIP.</summary>
        public static int Violator(string path)
        {
            Echo.Imp echo = Connect(path);
            if (echo == null) return 130;
            echo.SendPing(1);
            bool refused = false;
            try
            {
                echo.SendPing(2);
            }
            catch (ProtocolViolationException e)
            {
                refused = true;
                Debug.WriteLine($"library: {e.Message}");
            }
            if (!refused)
            {
                echo.Free();
                return 131;                               // the library let a second Ping through
            }
            ChannelEndpoint raw = KernelEndpoints.Unwrap(echo);
            Channels.Send(raw, Echo.Messages.Ping, 2);  // the kernel ends this process here
            return 132;
        }
    }
}
