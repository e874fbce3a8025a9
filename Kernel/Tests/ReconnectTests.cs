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

        /// <summary>The file system's disk dies, idle and then with a request in flight. Its device is a block proxy
        /// (channelprobe block-proxy, in front of a RAM disk that lives on): the proxy the volume was formatted and mounted
        /// through is killed idle and replaced by one that holds the first Flush; that one is killed there and replaced by
        /// a plain one. fsprobe's sync must fail naming the request in flight, its next sync must succeed through the last
        /// proxy (the file system re-bound, re-ran GetInfo and found the same sector 0), and its file must read back whole.</summary>
        public static void FileSystemFailsTheRequestInFlight(TestContext t)
        {
            const string Disk = "/dev/ram/6", Proxy = "/test/blk";
            KernelProcess ramdisk = Start(t, "ramdisk", string.Concat("--name ", Disk, " --size 4"));
            KernelProcess mounted = Start(t, "channelprobe", string.Concat("block-proxy ", Proxy, " ", Disk));
            KernelProcess fs = Start(t, "filesystem", string.Concat("--device ", Proxy, " --format --wait 10000"));
            for (int waited = 0; waited < 60_000 && !NameService.IsRegistered("/fs"); waited += 5) WaitHandle.Sleep(5);
            t.True(NameService.IsRegistered("/fs"), "the file system mounted the volume through the first proxy");
            // /fs comes before the formatted volume's /system directory is made: wait until the file system idles.
            for (int idle = 0, waited = 0; idle < 20 && waited < 10_000; waited += 5)
            {
                idle = fs.Threads.Count == 1 && fs.Threads[0].State == ThreadState.Blocked ? idle + 1 : 0;
                WaitHandle.Sleep(5);
            }
            ProcessManager.Terminate(mounted, -1, "killed idle by the test");
            KernelProcess first = Start(t, "channelprobe", string.Concat("block-proxy ", Proxy, " ", Disk, " stall-flush"));
            KernelProcess probe = Start(t, "fsprobe", "flush");
            for (int waited = 0; waited < 60_000 && !NameService.IsRegistered(Proxy + "-stalled"); waited += 5) WaitHandle.Sleep(5);
            t.True(NameService.IsRegistered(Proxy + "-stalled"), "the file system's Flush is in flight at the proxy");
            ProcessManager.Terminate(first, -1, "killed with a request in flight by the test");
            KernelProcess second = Start(t, "channelprobe", string.Concat("block-proxy ", Proxy, " ", Disk));
            if (!probe.Exited.WaitOne(120_000)) t.Fail("fsprobe flush did not finish");
            t.Equal(0, (ulong)probe.ExitCode, "the sync in flight failed with an I/O error, the next was served after the re-bind, the file read back whole (else the failed step)");
            t.True(fs.State != ProcessState.Exited, "the file system serves on");
            foreach (KernelProcess p in new[] { fs, second, ramdisk })
            {
                if (p.Exited.WaitOne(0)) continue;
                ProcessManager.Terminate(p, -1, "ended by the test");
                p.Exited.WaitOne(10_000);
            }
        }

        private static KernelProcess Start(TestContext t, string program, string args)
        {
            if (ProcessManager.Create(program, args, null, out KernelProcess p, out string error) != Singularity.V1.AbiStatus.Ok)
            {
                t.Fail(string.Concat("cannot create ", program, " ", args, ": ", error));
                return null;
            }
            ProcessManager.Start(p);
            return p;
        }
    }
}
