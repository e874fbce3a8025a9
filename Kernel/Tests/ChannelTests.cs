using Sing.Kernel.Channels;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>Channels, the exchange heap and the name service, exercised by SIPs (Apps/ChannelProbe).</summary>
    internal static unsafe class ChannelTests
    {
        internal static KernelProcess Start(TestContext t, string args)
        {
            if (ProcessManager.Create("channelprobe", args, null, out KernelProcess p, out string error) != AbiStatus.Ok)
            {
                t.Fail(string.Concat("cannot create channelprobe: ", error));
                return null;
            }
            ProcessManager.Start(p);
            return p;
        }

        internal static int Wait(TestContext t, KernelProcess p, string what)
        {
            if (p == null) return int.MinValue;
            if (!p.Exited.WaitOne(120_000)) t.Fail(string.Concat(what, " did not exit"));
            return p.ExitCode;
        }

        /// <summary>A service that has its binds checked only after clients bound and sent (echo-service waits 1.5 s):
        /// the requests waiting in its queue are checked against what their clients sent. The client whose first message
        /// is Pong (the server's message) is ended by the kernel and never reaches the service; the one that sent Ping is
        /// answered with Pong; a client that binds afterwards gets a checked channel from the start.</summary>
        public static void LateCheckedBindsReplayQueuedRequests(TestContext t)
        {
            const string Path = "/test/late-echo";
            KernelProcess service = Start(t, "echo-service " + Path + " 1500");
            for (int waited = 0; waited < 5000 && !NameService.IsRegistered(Path); waited += 5) WaitHandle.Sleep(5);
            KernelProcess legal = Start(t, "raw-send " + Path + " 0 8");      // Ping
            KernelProcess violator = Start(t, "raw-send " + Path + " 1 8");   // Pong, the exporter's message
            t.Equal(unchecked((ulong)ExitCodes.KernelTerminated), (ulong)Wait(t, violator, "the violator"), "the client whose queued Pong broke Echo was ended by the kernel");
            t.True(violator.TerminationReason != null && violator.TerminationReason.Contains("before the service checked its binds"),
                "it was ended by the late check, not at its send: " + (violator.TerminationReason ?? "(no reason)"));
            t.Equal(1, (ulong)Wait(t, legal, "the legal client"), "the client whose queued Ping followed Echo was answered (raw-send: answered with a tag)");
            KernelProcess after = Start(t, "raw-send " + Path + " 4");        // Quit: legal, and the service closes the channel
            KernelProcess afterViolator = Start(t, "raw-send " + Path + " 3 8");  // DataBack, the exporter's: ended at its send
            t.Equal(unchecked((ulong)ExitCodes.KernelTerminated), (ulong)Wait(t, afterViolator, "the later violator"), "a client bound after the check is checked at its send");
            t.True(afterViolator.TerminationReason != null && !afterViolator.TerminationReason.Contains("before the service"), "by the send's own check");
            t.Equal(0, (ulong)Wait(t, after, "the later client"), "the later client's Quit ended its conversation (the service closed the channel)");
            t.True(!service.Exited.IsSet, "the service serves on");
            ProcessManager.Terminate(service, ExitCodes.Killed, null);
            t.True(service.Exited.WaitOne(5000), "the service ended");
        }

        /// <summary>A client hands the pairs service endpoints that the kernel checks against another contract (Echo
        /// exporter ends where Note importers belong): the service's library refuses them when it unpacks Hand (the kernel
        /// says they follow another contract), so the service drops that conversation instead of breaching Echo by
        /// greeting them, and it holds nothing of it afterwards; the next client is served.</summary>
        public static void ForeignEndpointsAreRefusedByTheReceiver(TestContext t)
        {
            const string Path = "/test/pairs-foreign";
            KernelProcess service = Start(t, "pairs-service " + Path);
            for (int waited = 0; waited < 5000 && !NameService.IsRegistered(Path); waited += 5) WaitHandle.Sleep(5);
            ulong held = (ulong)ExchangeHeap.CountOwnedBy(service);
            t.Equal(0, (ulong)Wait(t, Start(t, "hand-foreign " + Path), "the attacker"), "the service closed the conversation instead of answering Handed");
            t.True(!service.Exited.IsSet, "the service survived (greeting an Echo exporter end with Hello would have ended it)");
            for (int waited = 0; waited < 2000 && (ulong)ExchangeHeap.CountOwnedBy(service) != held; waited += 5) WaitHandle.Sleep(5);
            t.Equal(held, (ulong)ExchangeHeap.CountOwnedBy(service), "the service holds no endpoint or block of the refused conversation");
            t.Equal(0, (ulong)ProcessTests.Run(t, "contractfuzz", "--target pairs --path " + Path + " --walks 4 --violators 0 --steps 20 --seed 3", 60),
                "the next client is served");
            ProcessManager.Terminate(service, ExitCodes.Killed, null);
            t.True(service.Exited.WaitOne(5000), "the service ended");
        }

        public static void PingPongBetweenSips(TestContext t)
        {
            KernelProcess server = Start(t, "echo-server /test/echo");
            KernelProcess client = Start(t, "echo-client /test/echo 1000");
            t.Equal(0, (ulong)Wait(t, client, "client"), "1000 echoed round trips, and no client had closed before");
            t.Equal(0, (ulong)Wait(t, server, "server"), "the server ended when told to");
        }

        public static void ZeroCopyVectorAcrossThreeSips(TestContext t)
        {
            // A block of a page or more is never copied: across ring-3 domains its pages are remapped, same address.
            KernelProcess sink = Start(t, "vector-sink /test/sink");
            KernelProcess relay = Start(t, "vector-relay /test/relay /test/sink");
            KernelProcess source = Start(t, "vector-source /test/relay 16");
            t.Equal(0, (ulong)Wait(t, source, "source"), "the 16 MiB vector reached the third SIP at the same address with its contents intact");
            t.Equal(0, (ulong)Wait(t, sink, "sink"), "sink verdict");
            Wait(t, relay, "relay");
        }

        public static void KilledPeerClosesChannel(TestContext t)
        {
            ulong blocksBefore = ExchangeHeap.BlocksLive, pagesBefore = ExchangeHeap.PagesLive;
            KernelProcess server = Start(t, "echo-server /test/victim");
            KernelProcess victim = Start(t, "hang /test/victim");
            for (int i = 0; i < 200 && !(victim.Threads.Count == 1 && victim.Threads[0].State == ThreadState.Blocked && ExchangeHeap.CountOwnedBy(victim) >= 2); i++)
                WaitHandle.Sleep(5);
            t.True(ExchangeHeap.CountOwnedBy(victim) >= 2, "the victim owns its endpoint and a 1 MiB block");
            ProcessManager.Terminate(victim, -1, "killed mid-conversation by the test");
            KernelProcess second = Start(t, "echo-client /test/victim 1");
            t.Equal(1, (ulong)Wait(t, second, "second client"), "the server saw the killed client's channel close");
            t.Equal(0, (ulong)Wait(t, server, "server"), "the server kept running and ended normally");
            WaitHandle.Sleep(2);
            t.Equal(blocksBefore, ExchangeHeap.BlocksLive, "exchange heap blocks back to their previous count");
            t.Equal(pagesBefore, ExchangeHeap.PagesLive, "exchange heap pages back to their previous size");
        }

        public static void EndpointTransferAcrossSips(TestContext t)
        {
            KernelProcess server = Start(t, "transfer-server /test/transfer");
            KernelProcess client = Start(t, "transfer-client /test/transfer");
            t.Equal(0, (ulong)Wait(t, client, "client"), "an endpoint sent in a message works at the receiver, and cannot be sent twice");
            t.Equal(0, (ulong)Wait(t, server, "server"), "the server answered on the endpoint it received");
        }

        /// <summary>A SIP that receives 300 endpoints and keeps them all: each is recorded in its handle table (which
        /// grows while receives wait for room, handles=table|mmu|hash alike), each works where it arrived, and every
        /// block goes back when the SIP closes them and ends.</summary>
        public static void ManyReceivedEndpointsAreRecorded(TestContext t)
        {
            ulong blocksBefore = ExchangeHeap.BlocksLive;
            KernelProcess hoarder = Start(t, "hoard 300");
            t.Equal(0, (ulong)Wait(t, hoarder, "hoarder"), "300 received endpoints all work at their receiver, and each is closed");
            WaitHandle.Sleep(2);
            t.Equal(blocksBefore, ExchangeHeap.BlocksLive, "exchange heap blocks back to their previous count");
        }

        public static void NamesAreWatchedAndListed(TestContext t)
        {
            KernelProcess watcher = Start(t, "watch /watched/ 2");
            WaitHandle.Sleep(20);
            KernelProcess a = Start(t, "echo-server /watched/a");
            KernelProcess b = Start(t, "echo-server /watched/b");
            t.Equal(0, (ulong)Wait(t, watcher, "watcher"), "the watcher was told about both new names");
            string names = NameService.Enumerate("/watched/");
            t.Equal("/watched/a\n/watched/b", names, "enumeration lists the registered names in order");
            t.Equal(0, (ulong)Wait(t, Start(t, "echo-client /watched/a 1"), "client a"), "bind to /watched/a");
            t.Equal(0, (ulong)Wait(t, Start(t, "echo-client /watched/b 1"), "client b"), "bind to /watched/b");
            Wait(t, a, "a");
            Wait(t, b, "b");
            WaitHandle.Sleep(2);
            t.Equal("", NameService.Enumerate("/watched/"), "names of ended services disappear");
        }

        public static void ProtocolViolationEndsTheSender(TestContext t) => ProtocolViolationEndsTheSender(t, "");

        /// <summary>The same breach made by the send half of a ChannelCall.</summary>
        public static void ProtocolViolationThroughCallEndsTheSender(TestContext t) => ProtocolViolationEndsTheSender(t, " call");

        /// <summary>ChannelCall inside one SIP (Apps/ChannelProbe/CallChecks.cs): data and blocks round trip, a timeout
        /// still delivers, closed peers, forged endpoints and bad lengths are refused, and an endpoint sent away or
        /// closed is refused at once (the kernel's memory of the last validated endpoint does not outlive ownership), the
        /// second block and endpoint slots get their checks, and nothing is left in the exchange heap.</summary>
        public static void CallRoundTripsAndRefusals(TestContext t)
        {
            ulong blocksBefore = ExchangeHeap.BlocksLive;
            int code = Wait(t, Start(t, "call-checks"), "call-checks");
            t.Equal(0, (ulong)code, string.Concat("every ChannelCall check passed (else the number of the first that failed: ", code.ToString(), ")"));
            WaitHandle.Sleep(2);
            t.Equal(blocksBefore, ExchangeHeap.BlocksLive, "exchange heap blocks back to their previous count (queued blocks freed with their channel)");
        }

        private static void ProtocolViolationEndsTheSender(TestContext t, string how)
        {
            KernelProcess server = Start(t, "contract-server /test/contract");
            KernelProcess violator = Start(t, string.Concat("contract-violator /test/contract", how));
            t.Equal(unchecked((ulong)Arch.FaultHandlers.FaultExitCode), unchecked((ulong)Wait(t, violator, "violator")), "the kernel ended the SIP that broke its contract");
            t.True(violator.TerminationReason != null && BootTests.Contains(violator.TerminationReason, "protocol violation on a RequestReply channel"), "the reason names the contract");
            t.Equal(0, (ulong)Wait(t, server, "server"), "its peer saw ChannelClosed and carried on");
        }

        /// <summary>Kernel-owned channels between two kernel threads: 1,000 channels used round-robin, a million
        /// messages by default (kernel option stress.rounds=N for N round trips; 5000000 gives the 10 million
        /// messages of the issue, about half a minute under TCG), nothing leaks.</summary>
        public static void StressManyChannelsManyMessages(TestContext t)
        {
            const int channels = 1000;
            string option = Boot.KernelOptions.Get("stress.rounds");
            int rounds = option != null && int.TryParse(option, out int n) && n > 0 ? n : 500_000;
            ulong blocksBefore = ExchangeHeap.BlocksLive;
            var imps = new ulong[channels];
            var exps = new ulong[channels];
            for (int i = 0; i < channels; i++)
            {
                Channel.Create(null, 4, out Endpoint* imp, out Endpoint* exp);
                imps[i] = (ulong)imp;
                exps[i] = (ulong)exp;
            }
            long received = 0, bad = 0;
            var echo = Scheduler.CreateThread("echo", () =>
            {
                ChannelMessage m;
                for (int r = 0; r < rounds; r++)
                {
                    var e = (Endpoint*)exps[r % channels];
                    if (Channel.Receive(Scheduler.Current, e, WaitHandle.Infinite, &m) != AbiStatus.Ok) { bad++; continue; }
                    received++;
                    *(long*)m.Inline += 1;
                    Channel.Send(null, e, &m);
                }
            });
            Scheduler.Start(echo);
            ulong start = Arch.Cpu.ReadTsc();
            ChannelMessage msg = default;
            for (int r = 0; r < rounds; r++)
            {
                var e = (Endpoint*)imps[r % channels];
                msg.Tag = 1;
                msg.InlineLength = 8;
                *(long*)msg.Inline = r;
                Channel.Send(null, e, &msg);
                if (Channel.Receive(Scheduler.Current, e, WaitHandle.Infinite, &msg) != AbiStatus.Ok || *(long*)msg.Inline != r + 1) bad++;
            }
            ulong cycles = Arch.Cpu.ReadTsc() - start;
            echo.Join();
            for (int i = 0; i < channels; i++)
            {
                Channel.CloseEndpoint((Endpoint*)imps[i], null);
                Channel.CloseEndpoint((Endpoint*)exps[i], null);
            }
            t.Equal(0, (ulong)bad, "every message came back incremented");
            t.Equal((ulong)rounds, (ulong)received, "the echo thread saw every message");
            t.Equal(blocksBefore, ExchangeHeap.BlocksLive, "all channel endpoints went back to the exchange heap");
            Console.Log.Line($"  {channels} channels, {2 * rounds} messages: {cycles / (ulong)(2 * rounds)} cycles per message (send + receive + switch)");
        }
    }
}
