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
        /// fuzz.walks and fuzz.violators size it (./build.sh soak runs more).</summary>
        public static void BlockDeviceServer(TestContext t)
        {
            long walks = Option("fuzz.walks", 10), violators = Option("fuzz.violators", 8);
            ProcessTests.Run(t, "hello", "");   // warm up the pools
            ulong blocks = ExchangeHeap.BlocksLive;
            ulong used = ProcessTests.UsedPages;
            int live = ProcessManager.LiveProcessCount;
            KernelProcess server = ProcessTests.StartForTest(t, "ramdisk", "--name /dev/ram/fuzz --size 1");
            if (server == null) return;
            int code = ProcessTests.Run(t, "contractfuzz", string.Concat("--target block --path /dev/ram/fuzz --walks ", walks.ToString(),
                " --violators ", violators.ToString(), " --steps 100 --seed 1"), 120 + (ulong)(walks + violators));
            t.Equal(0, (ulong)code, "every legal walk was served and every violator ended alone (contractfuzz's line says which failed)");
            t.True(!server.Exited.IsSet, "the server outlived every violator");
            ProcessManager.Terminate(server, ExitCodes.Killed, null);
            if (!server.Exited.WaitOne(5000)) t.Fail("the RAM disk did not end");
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
