using Sing.Kernel.Channels;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>The contract fuzzer (Apps/ContractFuzz) against live servers: legal walks generated from the contract's
    /// tables must be served, and each child that breaks the protocol must be ended by the kernel's contract checker
    /// alone, the server serving the next walk. Afterwards the kernel's accounting is back where it was.</summary>
    internal static class ContractFuzzTests
    {
        private const ulong PageSlack = 16; // kernel-side bookkeeping may grow its heap a little

        /// <summary>BlockDevice, served by a RAM disk (random writes land on scratch memory, not a disk). Kernel options
        /// fuzz.walks and fuzz.violators size every target (./build.sh soak runs more).</summary>
        public static void BlockDeviceServer(TestContext t) =>
            Fuzz(t, "block", "/dev/ram/fuzz", new[] { ("ramdisk", "--name /dev/ram/fuzz --size 1") });

        /// <summary>ClockContract, served by the clock driver, which has the kernel check its binds.</summary>
        public static void ClockServer(TestContext t) => Fuzz(t, "clock", "/dev/rtc", new[] { ("rtc", "") });

        /// <summary>FileSystemContract at /fs, served by the file system on a formatted RAM disk (random paths are
        /// almost never valid names; what a walk creates lands on scratch memory). Opened answers carry FileContract
        /// endpoints, which the fuzzer receives and closes.</summary>
        public static void FileSystemServer(TestContext t) =>
            Fuzz(t, "fs", "/fs", new[] { ("ramdisk", "--name /dev/ram/fsfuzz --size 4"), ("filesystem", "--device /dev/ram/fsfuzz --format --wait 10000") });

        /// <summary>Echo, served to any number of clients at once by channelprobe's echo service (checked binds).</summary>
        public static void EchoServer(TestContext t) => Fuzz(t, "echo", "/test/echo-fuzz", new[] { ("channelprobe", "echo-service /test/echo-fuzz") });

        /// <summary>FileContract, on a file the fuzzer opens for writing under /fs (the file system on a formatted RAM
        /// disk): random reads, writes, seeks and truncations of one file.</summary>
        public static void FileServer(TestContext t) =>
            Fuzz(t, "file", "/fs/fuzz.bin", new[] { ("ramdisk", "--name /dev/ram/filefuzz --size 4"), ("filesystem", "--device /dev/ram/filefuzz --format --wait 10000") }, "/fs");

        /// <summary>SingBench's BenchEcho (the PSR rows' contract), served by channelprobe's echo service.</summary>
        public static void BenchEchoServer(TestContext t) =>
            Fuzz(t, "bench", "/test/bench-fuzz", new[] { ("channelprobe", "echo-service /test/bench-fuzz --bench") });

        /// <summary>Pairs, whose Hand carries two endpoints: the fuzzer hands ends of fresh channels (unchecked: the
        /// tables do not say what contract an endpoint argument follows), channelprobe's typed pairs service greets each.</summary>
        public static void PairsServer(TestContext t) => Fuzz(t, "pairs", "/test/pairs-fuzz", new[] { ("channelprobe", "pairs-service /test/pairs-fuzz") });

        /// <summary>Starts the servers (the last one registers <paramref name="served"/>, by default <paramref name="path"/>), runs contractfuzz's legal walks and
        /// violators against them, ends the servers, and checks that exchange blocks, pages and processes came back.</summary>
        private static void Fuzz(TestContext t, string target, string path, (string Program, string Arguments)[] servers, string served = null)
        {
            served ??= path;
            long walks = Option("fuzz.walks", 10), violators = Option("fuzz.violators", 8);
            ProcessTests.Run(t, "hello", "");   // warm up the pools
            ulong blocks = ExchangeHeap.BlocksLive;
            ulong used = ProcessTests.UsedPages;
            int live = ProcessManager.LiveProcessCount;
            var started = new KernelProcess[servers.Length];
            for (int i = 0; i < servers.Length; i++)
            {
                started[i] = ProcessTests.StartForTest(t, servers[i].Program, servers[i].Arguments);
                if (started[i] == null) return;
            }
            for (int waited = 0; waited < 60_000 && !NameService.IsRegistered(served); waited += 5) WaitHandle.Sleep(5);
            t.True(NameService.IsRegistered(served), string.Concat(served, " is served"));
            int code = ProcessTests.Run(t, "contractfuzz", string.Concat("--target ", target, " --path ", path, " --walks ", walks.ToString(),
                " --violators ", violators.ToString(), " --steps 100 --seed 1"), 120 + (ulong)(walks + violators));
            t.Equal(0, (ulong)code, "every legal walk was served and every violator ended alone (contractfuzz's line says which failed)");
            for (int i = started.Length - 1; i >= 0; i--)
            {
                t.True(!started[i].Exited.IsSet, string.Concat(servers[i].Program, " outlived every violator"));
                ProcessManager.Terminate(started[i], ExitCodes.Killed, null);
                if (!started[i].Exited.WaitOne(5000)) t.Fail(string.Concat(servers[i].Program, " did not end"));
            }
            ulong after = ulong.MaxValue;
            for (int settle = 0; settle < 50 && after > used + PageSlack; settle++)
            {
                WaitHandle.Sleep(5);
                after = ProcessTests.UsedPages;
            }
            t.Equal(blocks, ExchangeHeap.BlocksLive, "every exchange block came back");
            t.True(after <= used + PageSlack, "every page came back");
            t.Equal((ulong)live, (ulong)ProcessManager.LiveProcessCount, "no process was left behind");
        }

        private static long Option(string key, long fallback)
        {
            string value = Boot.KernelOptions.Get(key);
            return value != null && long.TryParse(value, out long parsed) && parsed > 0 ? parsed : fallback;
        }
    }
}
