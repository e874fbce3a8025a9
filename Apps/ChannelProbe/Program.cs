using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Singularity.V1;

namespace Sing.Apps.ChannelProbe
{
    /// <summary>ChannelProbe's one parameter (Manifests/Programs/channelprobe.xml): the verb and its operands.</summary>
    [Singularity.Configuration.ProgramStartup]
    internal sealed partial class ChannelProbeStartup
    {
        [Singularity.Configuration.Parameter("args")] public string Args;
    }

    /// <summary>Verbs (arguments): "echo-server PATH" | "echo-client PATH COUNT" | "vector-source PATH MIB" |
    /// "vector-relay IN OUT" | "vector-sink PATH [copies]" | "transfer-server PATH" | "transfer-client PATH" | "hoard COUNT" |
    /// "hang PATH" | "remap-send PATH PAGES touch|endpoint|hang" | "watch PREFIX COUNT" | "contract-server PATH" | "contract-violator PATH [call]" | "call-checks" |
    /// the same over the
    /// generated Echo contract: "echo-contract-server PATH" | "echo-service PATH [CHECK-AFTER-MS] [--bench]" (Echo or BenchEcho to many clients, checked binds) | "pairs-service PATH" | "hand-foreign PATH" | "echo-contract-set-server PATH CLIENTS" | "pairs-check" | "echo-contract-client PATH COUNT" |
    /// "echo-contract-hang PATH" | "echo-contract-violator PATH"; a client that re-binds after its server dies:
    /// "reconnect-server PATH" | "reconnect-client PATH"; a block device in front of another: "block-proxy PATH TARGET [stall-flush]"; a client that breaks whatever protocol a
    /// service speaks: "raw-send PATH TAG [INLINE]" (one message with that tag, INLINE zero bytes and no block; the service
    /// must close only this channel).</summary>
    internal static unsafe class Program
    {
        private const int Data = 1, Quit = 99, Vector = 2, Address = 3, NewChannel = 4;

        internal static int Main(ChannelProbeStartup startup)
        {
            string[] args = startup.Args.Split(' ');
            switch (args[0])
            {
                case "echo-server": return EchoServer(args[1]);
                case "echo-client": return EchoClient(args[1], int.Parse(args[2]));
                case "vector-source": return VectorSource(args[1], int.Parse(args[2]));
                case "vector-relay": return VectorRelay(args[1], args[2]);
                case "vector-sink": return VectorSink(args[1], args.Length > 2 && args[2] == "copies");
                case "transfer-server": return TransferServer(args[1]);
                case "transfer-client": return TransferClient(args[1]);
                case "hoard": return Hoard(int.Parse(args[1]));
                case "raw-send": return RawSend(args[1], int.Parse(args[2]), args.Length > 3 ? int.Parse(args[3]) : 0);
                case "hang": return Hang(args[1]);
                case "delegate": return Delegate(args[1]);
                case "remap-send": return RemapSend(args[1], int.Parse(args[2]), args[3]);
                case "watch": return Watch(args[1], int.Parse(args[2]));
                case "contract-server": return ContractServer(args[1]);
                case "contract-violator": return ContractViolator(args[1], args.Length > 2 && args[2] == "call");
                case "call-checks": return CallChecks.Run();
                case "echo-contract-server": return ContractVerbs.Server(args[1]);
                case "pairs-service": return ContractVerbs.PairsService(args[1]);
                case "hand-foreign": return ContractVerbs.HandForeign(args[1]);
                case "echo-service": return ContractVerbs.Service(args[1], args.Length > 2 && args[2] != "--bench" ? int.Parse(args[2]) : 0, args[args.Length - 1] == "--bench");
                case "echo-contract-set-server": return ContractVerbs.SetServer(args[1], int.Parse(args[2]));
                case "pairs-check": return ContractVerbs.PairsCheck();
                case "echo-contract-client": return ContractVerbs.Client(args[1], int.Parse(args[2]), args.Length > 3 && args[3] == "copies");
                case "echo-contract-hang": return ContractVerbs.Hang(args[1]);
                case "echo-contract-violator": return ContractVerbs.Violator(args[1]);
                case "reconnect-server": return ReconnectVerbs.Server(args[1]);
                case "reconnect-client": return ReconnectVerbs.Client(args[1]);
                case "block-proxy": return BlockProxy.Run(args[1], args[2], args.Length > 3 && args[3] == "stall-flush");
                default: return 2;
            }
        }

        private static ChannelEndpoint BindRetrying(string path, int milliseconds = 2000)
        {
            for (int waited = 0; waited < milliseconds; waited += 2)
            {
                if (Names.Bind(path, out ChannelEndpoint e) == AbiStatus.Ok) return e;
                Threads.Sleep(2);
            }
            return default;
        }

        /// <summary>Serves every client that connects: echoes each message (and any block it carries) back; a
        /// client's ChannelClosed or Quit ends that conversation; the server exits when told to quit.</summary>
        private static int EchoServer(string path)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 10;
            var endpoints = new List<ChannelEndpoint> { requests };
            int closedClients = 0;
            while (true)
            {
                if (Channels.Select(endpoints.ToArray(), Channels.Forever, out int ready) != AbiStatus.Ok) return 11;
                AbiStatus status = Channels.Receive(endpoints[ready], out ReceivedMessage m);
                if (ready == 0)
                {
                    if (status == AbiStatus.Ok && m.Tag == Names.ConnectRequestTag) endpoints.Add(m.Endpoint);
                    continue;
                }
                if (status == AbiStatus.ChannelClosed)
                {
                    closedClients++;
                    Debug.WriteLine($"client {ready} closed its channel ({closedClients} so far)");
                    Channels.Close(endpoints[ready]);
                    endpoints.RemoveAt(ready);
                    continue;
                }
                if (m.Tag == Quit)
                {
                    Channels.Send(endpoints[ready], Quit, closedClients);
                    return 0;
                }
                Channels.Send(endpoints[ready], m.Tag, m.InlineInt64(), m.Block);
            }
        }

        private static int EchoClient(string path, int count)
        {
            ChannelEndpoint server = BindRetrying(path);
            if (server.IsNull) return 20;
            for (int i = 0; i < count; i++)
            {
                if (Channels.Send(server, Data, i * 3L) != AbiStatus.Ok) return 21;
                if (Channels.Receive(server, out ReceivedMessage m) != AbiStatus.Ok || m.Tag != Data || m.InlineInt64() != i * 3L) return 22;
            }
            Channels.Send(server, Quit);
            if (Channels.Receive(server, out ReceivedMessage bye) != AbiStatus.Ok || bye.Tag != Quit) return 23;
            Debug.WriteLine($"echoed {count} messages; the server saw {bye.InlineInt64()} clients close");
            return (int)bye.InlineInt64(); // how many clients the server saw vanish
        }

        /// <summary>Fills an exchange block and sends it (with its address) down the chain.</summary>
        private static int VectorSource(string path, int mebibytes)
        {
            ChannelEndpoint next = BindRetrying(path);
            ExchangeBlock block = Exchange.Allocate((ulong)mebibytes << 20);
            if (block.IsNull) return 30;
            ulong* words = (ulong*)block.Pointer;
            for (ulong i = 0; i < block.Length / 8; i++) words[i] = i * 0x9E3779B97F4A7C15UL;
            ulong address = block.Value;
            Channels.Send(next, Vector, (long)address, block);
            if (Exchange.OwnedSize(block) != 0) return 31;      // sending gave it away
            Channels.Receive(next, out ReceivedMessage done);
            return done.Tag == Quit ? (int)done.InlineInt64() : 32;
        }

        private static int VectorRelay(string inbound, string outbound)
        {
            if (Names.Register(inbound, out ChannelEndpoint requests) != AbiStatus.Ok) return 40;
            Channels.Receive(requests, out ReceivedMessage connect);
            ChannelEndpoint source = connect.Endpoint;
            Channels.Receive(source, out ReceivedMessage m);
            ChannelEndpoint sink = BindRetrying(outbound);
            Channels.Send(sink, m.Tag, m.InlineInt64(), m.Block);          // forwarded, not copied
            Channels.Receive(sink, out ReceivedMessage verdict);
            Channels.Send(source, Quit, verdict.InlineInt64());
            return 0;
        }

        /// <param name="copiesAllowed">the sink runs in another ring-3 domain than the source: the block arrives as a
        /// copy (004 §3.3), so only its contents are checked, not its address</param>
        private static int VectorSink(string path, bool copiesAllowed)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 50;
            Channels.Receive(requests, out ReceivedMessage connect);
            ChannelEndpoint relay = connect.Endpoint;
            Channels.Receive(relay, out ReceivedMessage m);
            ExchangeBlock block = m.Block;
            int bad = 0;
            if (!copiesAllowed && block.Value != (ulong)m.InlineInt64()) bad |= 1;   // not the same memory
            if (Exchange.OwnedSize(block) != block.Length || block.Length == 0) bad |= 2;
            ulong* words = (ulong*)block.Pointer;
            for (ulong i = 0; i < block.Length / 8; i++)
                if (words[i] != i * 0x9E3779B97F4A7C15UL) { bad |= 4; break; }
            Debug.WriteLine($"received {block.Length >> 20} MiB at 0x{block.Value:x}; sender's address 0x{(ulong)m.InlineInt64():x}; verdict {bad}");
            Exchange.Free(block);
            Channels.Send(relay, Quit, bad);
            return bad;
        }

        /// <summary>Receives an endpoint inside a message and talks on it.</summary>
        private static int TransferServer(string path)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 60;
            Channels.Receive(requests, out ReceivedMessage connect);
            Channels.Receive(connect.Endpoint, out ReceivedMessage carrier);
            if (carrier.Tag != NewChannel || carrier.Endpoint.IsNull) return 61;
            ChannelEndpoint passed = carrier.Endpoint;
            Channels.Receive(passed, out ReceivedMessage question);
            Channels.Send(passed, Data, question.InlineInt64() + 1);
            Channels.Receive(passed, out _); // wait for the client to close
            return 0;
        }

        private static int TransferClient(string path)
        {
            ChannelEndpoint server = BindRetrying(path);
            Channels.Create(4, out ChannelEndpoint mine, out ChannelEndpoint theirs);
            if (Channels.Send(server, NewChannel, 0, default, theirs) != AbiStatus.Ok) return 70;
            if (Channels.Send(server, NewChannel, 0, default, theirs) == AbiStatus.Ok) return 71; // already given away
            Channels.Send(mine, Data, 41);
            if (Channels.Receive(mine, out ReceivedMessage answer) != AbiStatus.Ok || answer.InlineInt64() != 42) return 72;
            Channels.Close(mine);
            return 0;
        }

        /// <summary>Holds many endpoints at once, most of them received: <paramref name="count"/> channels, one end of each
        /// sent to itself over a carrier channel and received back (the kernel records every endpoint in its holder's
        /// handle table, which must grow between receives), then every pair used and closed.</summary>
        private static int Hoard(int count)
        {
            if (Channels.Create(4, out ChannelEndpoint carrierIn, out ChannelEndpoint carrierOut) != AbiStatus.Ok) return 90;
            var kept = new ChannelEndpoint[count];
            var received = new ChannelEndpoint[count];
            for (int i = 0; i < count; i++)
            {
                if (Channels.Create(1, out kept[i], out ChannelEndpoint other) != AbiStatus.Ok) return 91;
                if (Channels.Send(carrierIn, NewChannel, i, default, other) != AbiStatus.Ok) return 92;
                if (Channels.Send(carrierIn, NewChannel, i, default, other) == AbiStatus.Ok) return 93;   // already given away
                if (Channels.Receive(carrierOut, out ReceivedMessage carried) != AbiStatus.Ok || carried.Endpoint.IsNull || carried.InlineInt64() != i) return 94;
                received[i] = carried.Endpoint;
            }
            for (int i = 0; i < count; i++)
            {
                if (Channels.Send(kept[i], Data, i * 3) != AbiStatus.Ok) return 95;
                if (Channels.Receive(received[i], out ReceivedMessage echo) != AbiStatus.Ok || echo.InlineInt64() != i * 3) return 96;
            }
            for (int i = 0; i < count; i++)
            {
                if (Channels.Close(kept[i]) != AbiStatus.Ok || Channels.Close(received[i]) != AbiStatus.Ok) return 97;
            }
            Channels.Close(carrierIn);
            Channels.Close(carrierOut);
            return 0;
        }

        /// <summary>Passes its client end of <paramref name="path"/> through a channel of its own twice: once plainly (the
        /// service must still hear this program alone: message 1), once delegated (the service must hear this program's
        /// chain and the receiver, here this program again: message 2); a stale copy and an endpoint whose peer is gone
        /// cannot be delegated. Waits for the service's answer to each message.</summary>
        private static int Delegate(string path)
        {
            ChannelEndpoint server = BindRetrying(path);
            if (server.IsNull || Channels.Create(4, out ChannelEndpoint mine, out ChannelEndpoint theirs) != AbiStatus.Ok) return 80;
            ChannelEndpoint stale = server;
            for (int round = 1; round <= 2; round++)
            {
                if (round == 2 && Channels.Delegate(server) != AbiStatus.Ok) return 81;
                if (Channels.Send(mine, NewChannel, round, default, server) != AbiStatus.Ok) return 82;
                if (Channels.Receive(theirs, out ReceivedMessage passed) != AbiStatus.Ok || passed.Endpoint.IsNull) return 83;
                server = passed.Endpoint;
                // The service answers once it has read whom this message speaks for.
                if (Channels.Send(server, Data, round) != AbiStatus.Ok) return 84;
                if (Channels.Receive(server, out ReceivedMessage answer) != AbiStatus.Ok || answer.InlineInt64() != round) return 87;
            }
            if (Channels.Delegate(stale) == AbiStatus.Ok) return 85;   // the handle it had before passing it on
            Channels.Close(theirs);
            if (Channels.Delegate(mine) != AbiStatus.ChannelClosed) return 86;
            Channels.Close(mine);
            Channels.Close(server);
            return 0;
        }

        /// <summary>Binds, says hello, then blocks forever: the test kills it mid-conversation.</summary>
        private static int Hang(string path)
        {
            ChannelEndpoint server = BindRetrying(path);
            ExchangeBlock held = Exchange.Allocate(1 << 20);   // exchange memory it owns when it dies
            held.AsSpan()[0] = 1;
            Channels.Send(server, Data, 7);
            Channels.Receive(server, out _);
            Threads.CreateEvent(false, false, out EventHandle never);
            Threads.WaitAny(new[] { never }, ulong.MaxValue, out _);
            return 1;
        }

        /// <summary>Sends a block of <paramref name="pages"/> pages (a pattern, its address inline) to the server at
        /// <paramref name="path"/>, then: "touch" writes into it (a block of a page or more left this domain with the
        /// message: the write faults and ends this SIP); "endpoint" also sends the peer of a new channel in that
        /// message and answers one question on it; "hang" holds a second block and waits to be killed.</summary>
        private static int RemapSend(string path, int pages, string mode)
        {
            ChannelEndpoint server = BindRetrying(path);
            if (server.IsNull) return 100;
            ExchangeBlock block = Exchange.Allocate((ulong)pages * 4096);
            if (block.IsNull) return 101;
            ulong* words = (ulong*)block.Pointer;
            for (ulong i = 0; i < block.Length / 8; i++) words[i] = i * 0x9E3779B97F4A7C15UL;
            ChannelEndpoint mine = default, theirs = default;
            if (mode == "endpoint" && Channels.Create(4, out mine, out theirs) != AbiStatus.Ok) return 102;
            if (Channels.Send(server, Vector, (long)block.Value, block, theirs) != AbiStatus.Ok) return 103;
            if (Exchange.OwnedSize(block) != 0) return 104;              // sending gave it away
            switch (mode)
            {
                case "touch":
                    words[1] = 0x5A;                                      // faults: the page is no longer mapped here
                    return 105;
                case "endpoint":
                    if (Channels.Receive(mine, out ReceivedMessage question) != AbiStatus.Ok || question.Tag != Data) return 106;
                    if (Channels.Send(mine, Data, question.InlineInt64() + 1) != AbiStatus.Ok) return 107;
                    Channels.Receive(mine, out _);                        // until the peer closes
                    return 0;
                default:
                    ExchangeBlock held = Exchange.Allocate(2 * 4096);     // remappable memory it owns when it dies
                    if (held.IsNull) return 108;
                    held.AsSpan()[0] = 1;
                    Channels.Send(server, Data, 7);
                    Threads.CreateEvent(false, false, out EventHandle never);
                    Threads.WaitAny(new[] { never }, ulong.MaxValue, out _);
                    return 1;
            }
        }

        // Request/reply contract: Ready --Request?--> Waiting --Reply!--> Ready.
        private const int Request = 0, Reply = 1;
        private static readonly int[] s_requestReply = { 0, Request, 1, 0, 1, Reply, 0, 1 };

        /// <summary>Opens a checked request/reply channel, hands its exporter end to the server, then sends two
        /// requests in a row: the second is not allowed in state Waiting, so the kernel ends this process.</summary>
        /// <summary>Sends the one legal request, then a second one (illegal before the reply), with ChannelSend or, given
        /// <paramref name="useCall"/>, with ChannelCall.</summary>
        /// <summary>Binds PATH and sends one message with TAG, <paramref name="inlineBytes"/> zero bytes and no block: a tag
        /// the service's contract does not allow there, or an allowed one without the block it declares. Exit 0 when
        /// the service closes this channel within 5 s, 1 when it answers, 2 on time-out.</summary>
        private static int RawSend(string path, int tag, int inlineBytes)
        {
            ChannelEndpoint service = BindRetrying(path, 20_000);   // the file system registers /fs once mounted
            if (service.IsNull) return 3;
            ChannelMessage message = default;
            message.Tag = tag;
            message.InlineLength = inlineBytes;
            Channels.Send(service, &message);
            AbiStatus status = Channels.Receive(service, out ReceivedMessage answer, 5000);
            string what = status == AbiStatus.ChannelClosed ? "closed the channel" : status == AbiStatus.Ok ? "answered with tag " + answer.Tag.ToString() : status.ToString();
            Debug.WriteLine($"raw-send: {path} {what} after tag {tag}");
            return status == AbiStatus.ChannelClosed ? 0 : status == AbiStatus.Ok ? 1 : 2;
        }

        private static int ContractViolator(string path, bool useCall)
        {
            ChannelEndpoint server = BindRetrying(path);
            ContractTable table = default;
            string name = "RequestReply";
            fixed (int* transitions = s_requestReply)
            fixed (char* text = name)
            {
                table.StateCount = 2;
                table.MessageCount = 2;
                table.InitialState = 0;
                table.TransitionCount = s_requestReply.Length / 4;
                table.Transitions = transitions;
                table.Name = text;
                table.NameLength = name.Length;
                if (Channels.Create(&table, 2, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 90;
                Channels.Send(server, NewChannel, 0, default, exp);
                Channels.Send(imp, Request, 1);
                ChannelMessage second = default;
                second.Tag = Request;
                if (useCall) Channels.Call(imp, &second);   // protocol violation: the kernel terminates us here
                else Channels.Send(imp, &second);
            }
            return 91;
        }

        /// <summary>Takes the checked channel, receives the one legal request, then must see ChannelClosed.</summary>
        private static int ContractServer(string path)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 92;
            Channels.Receive(requests, out ReceivedMessage connect);
            Channels.Receive(connect.Endpoint, out ReceivedMessage carrier);
            ChannelEndpoint exp = carrier.Endpoint;
            if (Channels.Receive(exp, out ReceivedMessage first) != AbiStatus.Ok || first.Tag != Request) return 93;
            AbiStatus next = Channels.Receive(exp, out _);
            Debug.WriteLine($"after the violator's second request the server got status {(int)next}");
            return next == AbiStatus.ChannelClosed ? 0 : 94;
        }

        private static int Watch(string prefix, int count)
        {
            if (Names.Watch(prefix, out ChannelEndpoint notifications) != AbiStatus.Ok) return 80;
            for (int i = 0; i < count; i++)
            {
                if (Channels.Receive(notifications, out ReceivedMessage m, 20_000) != AbiStatus.Ok || m.Tag != Names.NameAddedTag) return 81;
                string name = new string((char*)m.Block.Pointer, 0, m.InlineInt32());
                Exchange.Free(m.Block);
                Debug.WriteLine($"new name: {name}");
                if (!name.StartsWith(prefix)) return 82;
            }
            return 0;
        }
    }
}
