using Sing.Kernel.Channels;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Tests
{
    /// <summary>Channels used through generated contract endpoints (Apps/ChannelProbe's Echo and Connector contracts,
    /// Runtime/Sing.Contracts.Sip underneath): the same SIP-to-SIP behaviours as ChannelTests, in typed form.</summary>
    internal static class ContractChannelTests
    {
        public static void PingPongBetweenSips(TestContext t)
        {
            KernelProcess server = ChannelTests.Start(t, "echo-contract-server /test/echo-contract");
            KernelProcess client = ChannelTests.Start(t, "echo-contract-client /test/echo-contract 1000");
            t.Equal(0, (ulong)ChannelTests.Wait(t, client, "client"), "1000 typed pings answered, and a vector came back as the same block");
            t.Equal(0, (ulong)ChannelTests.Wait(t, server, "server"), "the server ended on Quit");
        }

        /// <summary>One server SIP serves three client SIPs at once from an endpoint set (a switch receive over all of
        /// them in the kernel), each client doing 200 pings, a vector round trip and Quit.</summary>
        public static void EndpointSetServesManyClients(TestContext t)
        {
            KernelProcess server = ChannelTests.Start(t, "echo-contract-set-server /test/echo-set 3");
            string copies = Domains.Placement.ApplicationsCopyBlocks ? " copies" : "";
            KernelProcess a = ChannelTests.Start(t, "echo-contract-client /test/echo-set 200" + copies);
            KernelProcess b = ChannelTests.Start(t, "echo-contract-client /test/echo-set 200" + copies);
            KernelProcess c = ChannelTests.Start(t, "echo-contract-client /test/echo-set 200" + copies);
            t.Equal(0, (ulong)ChannelTests.Wait(t, a, "client a"), "client a got every answer");
            t.Equal(0, (ulong)ChannelTests.Wait(t, b, "client b"), "client b got every answer");
            t.Equal(0, (ulong)ChannelTests.Wait(t, c, "client c"), "client c got every answer");
            t.Equal(0, (ulong)ChannelTests.Wait(t, server, "set server"), "the server saw all three say Quit");
        }

        /// <summary>Messages with two vectors and with two endpoints (the kernel message's second slots) between the
        /// ends of a channel in one SIP; no exchange-heap block outlives the SIP.</summary>
        public static void TwoBlocksAndTwoEndpointsInOneMessage(TestContext t)
        {
            ulong blocksBefore = Channels.ExchangeHeap.BlocksLive;
            int code = ChannelTests.Wait(t, ChannelTests.Start(t, "pairs-check"), "pairs-check");
            t.Equal(0, (ulong)code, string.Concat("two vectors and two endpoints travelled in single messages (else check ", code.ToString(), " failed)"));
            WaitHandle.Sleep(2);
            t.Equal(blocksBefore, Channels.ExchangeHeap.BlocksLive, "exchange heap blocks back to their previous count");
        }

        public static void EndpointTravelsInAMessage(TestContext t)
        {
            // The client creates an Echo channel and sends its exporter end inside a Connector message; the server
            // then talks on the endpoint it received. One ping proves the transferred endpoint works at the receiver.
            KernelProcess server = ChannelTests.Start(t, "echo-contract-server /test/echo-transfer");
            KernelProcess client = ChannelTests.Start(t, "echo-contract-client /test/echo-transfer 1");
            t.Equal(0, (ulong)ChannelTests.Wait(t, client, "client"), "the client's Echo.Exp reached the server in a Connect message and served it");
            t.Equal(0, (ulong)ChannelTests.Wait(t, server, "server"), "the server answered on the endpoint it received");
        }

        public static void PeerDeathIsChannelClosed(TestContext t)
        {
            KernelProcess server = ChannelTests.Start(t, "echo-contract-server /test/echo-victim");
            KernelProcess victim = ChannelTests.Start(t, "echo-contract-hang /test/echo-victim");
            for (int i = 0; i < 400 && !(victim.Threads.Count == 1 && victim.Threads[0].State == ThreadState.Blocked && ExchangeHeap.CountOwnedBy(victim) >= 1); i++)
                WaitHandle.Sleep(5);
            ProcessManager.Terminate(victim, -1, "killed mid-conversation by the test");
            t.Equal(3, (ulong)ChannelTests.Wait(t, server, "server"), "the server's typed receive returned ChannelClosed");
        }

        public static void ProtocolViolationIsDetected(TestContext t)
        {
            KernelProcess server = ChannelTests.Start(t, "echo-contract-server /test/echo-violation");
            KernelProcess violator = ChannelTests.Start(t, "echo-contract-violator /test/echo-violation");
            t.Equal(unchecked((ulong)Arch.FaultHandlers.FaultExitCode), unchecked((ulong)ChannelTests.Wait(t, violator, "violator")),
                "the library threw on the second Ping, and the kernel ended the SIP when it sent it raw");
            t.True(violator.TerminationReason != null && BootTests.Contains(violator.TerminationReason, "protocol violation on a Echo channel"),
                "the kernel's reason names the generated contract's table");
            t.Equal(3, (ulong)ChannelTests.Wait(t, server, "server"), "its peer saw ChannelClosed");
        }
    }
}
