using Sing.Kernel.Channels;
using Sing.Kernel.Console;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.Manifests;

namespace Sing.Kernel.Tests
{
    /// <summary>A client re-binding mid-conversation (the contract library's ReconnectingEndpoint, Apps/ChannelProbe's
    /// reconnect verbs): the kernel's supervisor keeps a server that the test kills twice with a request in flight. The
    /// client must learn that the first request failed (ChannelClosed, not resent), be served by the next instance after
    /// re-running the opening exchange, and have an idempotent request resent after the second death. Each dead
    /// instance's exchange blocks and pages are gone before its successor starts.</summary>
    internal static class ReconnectTests
    {
        private const string Path = "/test/reconnect";

        public static void MidConversation(TestContext t)
        {
            Supervisor.Supervised server = Supervisor.Supervise(new BootEntry
            {
                Program = "channelprobe", Arguments = "reconnect-server " + Path, Restart = "on-failure", RestartLimit = 5, RestartWindowSeconds = 60,
            });
            KernelProcess client = ChannelTests.Start(t, "reconnect-client " + Path);
            for (int death = 1; death <= 2; death++)
            {
                for (int waited = 0; waited < 20_000 && !NameService.IsRegistered(Path + "-stalled"); waited += 5) WaitHandle.Sleep(5);
                t.True(NameService.IsRegistered(Path + "-stalled"), string.Concat("instance ", death.ToString(), " holds a request unanswered"));
                KernelProcess victim = server.Current;
                ulong killedAt = Arch.Timer.Ticks;
                ProcessManager.Terminate(victim, -1, "killed mid-request by the test");
                t.True(victim.State == ProcessState.Exited && ExchangeHeap.CountOwnedBy(victim) == 0 && victim.ExchangePages == 0 && victim.OwnedPageCount == 0,
                    "the dead instance holds no exchange blocks and no pages once Terminate returns, before its successor starts");
                for (int waited = 0; waited < 10_000 && server.Current == victim; waited += 1) WaitHandle.Sleep(1);
                t.True(server.Current != victim, "the supervisor started the next instance");
                ulong restartedMs = (Arch.Timer.Ticks - killedAt) * 1000 / Arch.Timer.Hz;
                Log.Line(string.Concat("reconnect: server instance ", death.ToString(), " killed; the next started ", restartedMs.ToString(), " ms later"));
            }
            t.Equal(0, (ulong)ChannelTests.Wait(t, client, "client"),
                "the request in flight failed with ChannelClosed, the next was served after the re-bind, the idempotent one was resent (else the step that failed)");
            server.Current.Exited.WaitOne(10_000);
            t.Equal(0, (ulong)server.Current.ExitCode, "the last instance ended with the client's Quit, so the supervisor leaves it");
            t.Equal(2UL, (ulong)server.Restarts, "two restarts, one per kill");
        }
    }
}
