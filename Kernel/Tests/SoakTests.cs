using Sing.Kernel.Channels;
using Sing.Kernel.Console;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>A workload that stays up: for soak.seconds (default 5, in test=all; the soak boot test 120; ./build.sh soak minutes) a supervised
    /// driver (the clock) and a supervised service (a RAM disk) run beside clients that talk to them and to each
    /// other (the contract fuzzer with its violating children against the RAM disk and the clock, Echo client/server pairs,
    /// short-lived programs), while a killer ends a random driver, service or client every soak.kill_ms (default
    /// 2000). Then: both services are up under their supervisor, new clients are served, and once everything ended
    /// the exchange heap, the pages and the process count are back to the start. A kernel panic ends the boot
    /// before the test passes, so passing also says there was none.</summary>
    internal static class SoakTests
    {
        private const ulong PageSlack = 16; // kernel-side bookkeeping may grow its heap a little
        private const string DiskPath = "/dev/ram/soak";

        private static volatile bool s_stop;
        private static KernelProcess s_fuzzClient, s_echoClient;
        private static long s_fuzzRuns, s_fuzzCut, s_echoRuns, s_echoCut, s_echoMessages, s_shortLived;

        public static void MixedWorkload(TestContext t)
        {
            long seconds = Option("soak.seconds", 5), killMs = Option("soak.kill_ms", 2000);
            ProcessTests.Run(t, "hello", "");   // warm up the pools
            ulong blocks = ExchangeHeap.BlocksLive;
            ulong used = ProcessTests.UsedPages;
            int live = ProcessManager.LiveProcessCount;
            ulong created = ProcessManager.ProcessesCreated;
            int restarts = Supervisor.TotalRestarts;
            s_stop = false;
            s_fuzzRuns = s_fuzzCut = s_echoRuns = s_echoCut = s_echoMessages = s_shortLived = 0;

            Supervisor.Supervised disk = Supervisor.Supervise(Service("ramdisk", "--name " + DiskPath + " --size 1"));
            Supervisor.Supervised clock = Supervisor.Supervise(Service("rtc", "--selftest 0"));
            if (disk.State != "running" || clock.State != "running")
            {
                t.Fail(string.Concat("the services did not start: ramdisk ", disk.State, ", rtc ", clock.State));
                return;
            }
            WaitFor(() => NameService.IsRegistered(DiskPath) && NameService.IsRegistered("/dev/rtc"), 5000);

            var done = new[] { new ManualResetEvent(false), new ManualResetEvent(false), new ManualResetEvent(false) };
            Scheduler.Start(Scheduler.CreateThread("soak fuzz", () => { FuzzClients(); done[0].Set(); }));
            Scheduler.Start(Scheduler.CreateThread("soak echo", () => { EchoPairs(); done[1].Set(); }));
            Scheduler.Start(Scheduler.CreateThread("soak churn", () => { ShortLived(); done[2].Set(); }));

            long killsDisk = 0, killsClock = 0, killsClients = 0;
            ulong random = 0x9E3779B97F4A7C15;
            ulong end = Arch.Timer.Ticks + (ulong)seconds * Arch.Timer.Hz;
            while (Arch.Timer.Ticks < end)
            {
                WaitHandle.Sleep((ulong)killMs);
                random ^= random << 13;
                random ^= random >> 7;
                random ^= random << 17;
                KernelProcess victim;
                switch (random % 4)
                {
                    case 0: victim = disk.Current; killsDisk++; break;
                    case 1: victim = clock.Current; killsClock++; break;
                    case 2: victim = s_fuzzClient; killsClients++; break;
                    default: victim = s_echoClient; killsClients++; break;
                }
                if (victim != null) ProcessManager.Terminate(victim, ExitCodes.Killed, "killed by the soak");
            }
            s_stop = true;
            for (int i = 0; i < done.Length; i++)
                if (!done[i].WaitOne(180_000)) t.Fail("a workload thread did not finish");

            // Every supervised service is up again, and clients are served.
            WaitFor(() => disk.State == "running" && clock.State == "running" && NameService.IsRegistered(DiskPath) && NameService.IsRegistered("/dev/rtc"), 10_000);
            t.True(disk.State == "running", string.Concat("the RAM disk is up under its supervisor (", disk.State, ")"));
            t.True(clock.State == "running", string.Concat("the clock driver is up under its supervisor (", clock.State, ")"));
            t.Equal(0, (ulong)ProcessTests.Run(t, "contractfuzz", "--target block --path " + DiskPath + " --walks 4 --violators 4 --steps 50 --seed 99", 120),
                "a new fuzzing client is served by the restarted RAM disk");
            t.True(RunEchoPair(1_000_000, 200), "a new Echo pair talks");

            // End the services (exit code 0: the supervisor lets them go), then the accounting.
            ProcessManager.Terminate(disk.Current, 0, "the soak is over");
            ProcessManager.Terminate(clock.Current, 0, "the soak is over");
            disk.Current.Exited.WaitOne(5000);
            clock.Current.Exited.WaitOne(5000);
            ulong after = ulong.MaxValue;
            // Up to 10 s for the last killed processes to be reaped and their pooled copies counted (a loaded host
            // runs the guest slowly); a leak never comes back, however long the wait.
            for (int settle = 0; settle < 1000 && (after > used + PageSlack || ExchangeHeap.BlocksLive != blocks); settle++)
            {
                WaitHandle.Sleep(10);
                after = ProcessTests.UsedPages;
            }
            t.Equal(blocks, ExchangeHeap.BlocksLive, "every exchange block came back");
            if (after > used + PageSlack)
                t.Fail(string.Concat((after - used).ToString(), " pages lost over the soak (", ProcessManager.LiveProcessCount.ToString(), " processes live, ",
                    live.ToString(), " at the start; pooled image pages ", ImagePool.PooledPages.ToString(), ")"));
            t.Equal((ulong)live, (ulong)ProcessManager.LiveProcessCount, "no process was left behind");
            t.True(s_fuzzRuns - s_fuzzCut > 0 && s_echoRuns - s_echoCut > 0, "clients completed their work between kills");
            Log.Line($"soak: {seconds} s: {ProcessManager.ProcessesCreated - created} process lifetimes, {s_echoMessages} Echo messages, {s_fuzzRuns} fuzz runs ({s_fuzzCut} cut short), {s_echoRuns} Echo pairs ({s_echoCut} cut short), {s_shortLived} short-lived programs; kills: {killsDisk} RAM disk, {killsClock} clock driver, {killsClients} clients; {Supervisor.TotalRestarts - restarts} restarts; services up, accounting back to the start");
        }

        private static BootEntry Service(string program, string arguments) =>
            new BootEntry { Program = program, Arguments = arguments, Restart = "on-failure", RestartLimit = 1_000_000, RestartWindowSeconds = 1 };

        /// <summary>The contract fuzzer against the RAM disk and the clock driver in turn, run after run: legal walks and
        /// violating children.</summary>
        private static void FuzzClients()
        {
            for (long seed = 1; !s_stop; seed++)
            {
                string target = seed % 2 == 0 ? "--target clock --path /dev/rtc" : "--target block --path " + DiskPath;
                if (ProcessManager.Create("contractfuzz", string.Concat(target, " --walks 4 --violators 4 --steps 50 --seed ",
                    seed.ToString()), null, out KernelProcess p, out _) != AbiStatus.Ok)
                {
                    WaitHandle.Sleep(50);
                    continue;
                }
                s_fuzzClient = p;
                ProcessManager.Start(p);
                p.Exited.WaitOne();
                s_fuzzClient = null;
                s_fuzzRuns++;
                if (p.ExitCode != 0) s_fuzzCut++;   // killed, or its server was killed under it
            }
        }

        private static void EchoPairs()
        {
            for (int n = 0; !s_stop; n++)
            {
                s_echoRuns++;
                if (!RunEchoPair(n, 2000)) s_echoCut++;
            }
        }

        /// <summary>An Echo server and a client of it (ChannelProbe): COUNT pings, a vector round trip, Quit.</summary>
        private static bool RunEchoPair(long n, int count)
        {
            string path = string.Concat("/soak/echo", n.ToString());
            if (ProcessManager.Create("channelprobe", "echo-contract-server " + path, null, out KernelProcess server, out _) != AbiStatus.Ok) return false;
            ProcessManager.Start(server);
            if (ProcessManager.Create("channelprobe", string.Concat("echo-contract-client ", path, " ", count.ToString()), null, out KernelProcess client, out _) != AbiStatus.Ok)
            {
                ProcessManager.Terminate(server, ExitCodes.Killed, null);
                server.Exited.WaitOne();
                return false;
            }
            s_echoClient = client;
            ProcessManager.Start(client);
            client.Exited.WaitOne();
            s_echoClient = null;
            // A killed client leaves a server that saw ChannelClosed (or never got its client): it ends by itself or here.
            if (!server.Exited.WaitOne(2000)) ProcessManager.Terminate(server, ExitCodes.Killed, null);
            server.Exited.WaitOne();
            bool served = client.ExitCode == 0;
            if (served) s_echoMessages += 2L * count + 3;   // pings and pongs, the vector there and back, Quit
            return served;
        }

        private static void ShortLived()
        {
            while (!s_stop)
            {
                if (ProcessManager.Create("hello", "", null, out KernelProcess p, out _) != AbiStatus.Ok) continue;
                ProcessManager.Start(p);
                p.Exited.WaitOne();
                s_shortLived++;
            }
        }

        private static void WaitFor(System.Func<bool> condition, int milliseconds)
        {
            for (int waited = 0; waited < milliseconds && !condition(); waited += 10) WaitHandle.Sleep(10);
        }

        private static long Option(string key, long fallback)
        {
            string value = Boot.KernelOptions.Get(key);
            return value != null && long.TryParse(value, out long parsed) && parsed > 0 ? parsed : fallback;
        }
    }
}
