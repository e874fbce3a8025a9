using Sing.Kernel.Channels;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>The isolation boundary under attack: each test runs one verb of the untrusted Hostile program (which
    /// exits 0 only when every attempt was refused) and checks the kernel's accounting afterwards; the rest call the
    /// kernel's validation directly with the numbers a hostile caller could pass.</summary>
    internal static unsafe class IsolationTests
    {
        private const ulong PageSlack = 16;

        private static void Hostile(TestContext t, string verb)
        {
            // The attack runs once to warm up what the kernel keeps for reuse (image and stack pools, the first
            // fault's bookkeeping); the second run must leave nothing behind.
            ProcessTests.Run(t, "hostile", verb);
            ulong blocks = ExchangeHeap.BlocksLive;
            ulong used = ProcessTests.UsedPages;
            t.Equal(0, (ulong)ProcessTests.Run(t, "hostile", verb), string.Concat("hostile ", verb, " exits 0 (every attempt refused)"));
            WaitHandle.Sleep(2);
            t.Equal(blocks, ExchangeHeap.BlocksLive, "every exchange block of the attacker came back");
            t.True(ProcessTests.UsedPages <= used + PageSlack, "the attacker's pages came back");
        }

        public static void RefusedAllocationSpansNothing(TestContext t) => Hostile(t, "alloc-refused");
        public static void StaleBlockCopiesFail(TestContext t) => Hostile(t, "stale-block");
        public static void InlineReadsStayInTheMessage(TestContext t) => Hostile(t, "inline-bounds");
        public static void HugeSelectIsRefused(TestContext t) => Hostile(t, "select-huge");
        public static void CannotStartSystemPrograms(TestContext t) => Hostile(t, "start-system");
        public static void PrincipalsCannotBeClaimed(TestContext t) => Hostile(t, "principals");
        public static void RetypedHandleClosesNothing(TestContext t) => Hostile(t, "close-retyped");
        public static void ExchangeQuota(TestContext t) => Hostile(t, "exchange-quota");
        public static void SpanOverCovariantArray(TestContext t) => Hostile(t, "span-covariance");
        public static void EndpointCycleRefused(TestContext t) => Hostile(t, "endpoint-cycle");

        // The trusted libraries' values a safe program holds never act as an address (Apps/Hostile/LibraryAttacks.cs).
        public static void HandPackedMessagesAreRefused(TestContext t) => Hostile(t, "hand-packed");
        public static void MessageCopiesGiveOneOwner(TestContext t) => Hostile(t, "message-copies");
        public static void InlineMessagesCarryScalarsOnly(TestContext t) => Hostile(t, "inline-messages");
        public static void KeptReceivedMessagesNameNothing(TestContext t) => Hostile(t, "kept-messages");
        public static void WrappedEndpointsHaveOneHolder(TestContext t) => Hostile(t, "wrapped-endpoints");
        public static void AccessAndFreeNeverRace(TestContext t) => Hostile(t, "access-race");
        public static void ForgedInterruptHandlesAreRefused(TestContext t) => Hostile(t, "interrupt-forged");

        public static void ForgedContractTablesAreRefused(TestContext t) => Hostile(t, "contract-tables");

        /// <summary>A SIP that exhausts its stack inside kernel code (an ABI call at every level of a recursion),
        /// makes the timer interrupt arrive at the bottom of its stack, stackallocs 100 MB (or a negative count) in
        /// verified code, or recurses with frames larger than the guard page is ended alone; the kernel goes on.</summary>
        public static void StackExhaustionEndsOnlyTheSip(TestContext t)
        {
            string[] verbs = { "deep-abi", "deep-spin", "stackalloc-huge", "stackalloc-negative", "large-frames" };
            ProcessTests.Run(t, "hostile", "alloc-refused");   // warm up: the image pool and the stack pool fill once
            for (int i = 0; i < verbs.Length; i++)
            {
                ulong blocks = ExchangeHeap.BlocksLive;
                ulong used = ProcessTests.UsedPages;
                int code = ProcessTests.Run(t, "hostile", verbs[i]);
                t.Equal(unchecked((ulong)Arch.FaultHandlers.FaultExitCode), unchecked((ulong)code), string.Concat("hostile ", verbs[i], " was ended by the kernel"));
                WaitHandle.Sleep(2);
                t.Equal(blocks, ExchangeHeap.BlocksLive, "its exchange blocks came back");
                t.True(ProcessTests.UsedPages <= used + PageSlack, "its pages came back");
            }
            t.Equal(42, (ulong)ProcessTests.Run(t, "hello", ""), "and the next SIP runs");
        }

        /// <summary>The ABI fuzzer (Apps/AbiFuzz): every entry with forged, stale, wrong-type and out-of-range values.
        /// The kernel must answer each call with a status (no panic), the fuzzer must come through unharmed (exit 0),
        /// and the kernel's accounting must be back where it was. Kernel options fuzz.calls and fuzz.seeds (how many
        /// runs, seeds 1..N) size it; ./build.sh soak runs 10 million calls.</summary>
        public static void AbiFuzz(TestContext t)
        {
            long calls = OptionOr("fuzz.calls", 20000);
            long seeds = OptionOr("fuzz.seeds", 5);
            ProcessTests.Run(t, "hostile", "alloc-refused");   // warm up the pools
            ulong blocks = ExchangeHeap.BlocksLive;
            ulong used = ProcessTests.UsedPages;
            int live = ProcessManager.LiveProcessCount;
            ulong start = Arch.Cpu.ReadTsc();
            for (long seed = 1; seed <= seeds; seed++)
            {
                // About 40 us a call under icount here: the time allowed grows with the count.
                int code = ProcessTests.Run(t, "abifuzz", string.Concat("--calls ", calls.ToString(), " --seed ", seed.ToString()), 60 + (ulong)calls / 5000);
                t.Equal(0, (ulong)code, string.Concat("abifuzz seed ", seed.ToString(), " came through every call"));
            }
            WaitHandle.Sleep(5);
            if (ExchangeHeap.BlocksLive != blocks) Console.Log.Line(string.Concat("abi fuzz: blocks owned by nobody:", ExchangeHeap.DescribeUnowned(24)));
            t.Equal(blocks, ExchangeHeap.BlocksLive, "every exchange block came back");
            t.True(ProcessTests.UsedPages <= used + PageSlack, "every page came back");
            t.Equal((ulong)live, (ulong)ProcessManager.LiveProcessCount, "no process was left behind");
            Console.Log.Line($"abi fuzz: {calls * seeds} calls in {seeds} runs, {Arch.Tsc.ToMicroseconds(Arch.Cpu.ReadTsc() - start) / 1000} ms");
        }

        /// <summary>Kills at random moments of each kind of workload (exchange blocks and channels, object heap,
        /// children, names): every page, block, process and name comes back. Kernel option kills sets the count per
        /// kind (./build.sh soak: 1,000).</summary>
        public static void KillsLoseNothing(TestContext t)
        {
            long kills = OptionOr("kills", 40);
            string[] kinds = { "churn-exchange", "churn-heap", "churn-children", "churn-names", "churn-pair" };
            ulong random = 0x2545F4914F6CDD1D;
            for (int k = 0; k < kinds.Length; k++)
            {
                ProcessTests.Run(t, "hostile", "alloc-refused");   // warm up the pools
                ulong blocks = ExchangeHeap.BlocksLive;
                ulong used = ProcessTests.UsedPages;
                int live = ProcessManager.LiveProcessCount;
                for (long i = 0; i < kills; i++)
                {
                    AbiStatus status = ProcessManager.Create("hostile", kinds[k], null, out KernelProcess p, out string error);
                    if (status != AbiStatus.Ok)
                    {
                        t.Fail(string.Concat("cannot create hostile ", kinds[k], ": ", error));
                        return;
                    }
                    ProcessManager.Start(p);
                    random ^= random << 13;
                    random ^= random >> 7;
                    random ^= random << 17;
                    WaitHandle.Sleep(1 + random % 4);
                    ProcessManager.Terminate(p, ExitCodes.Killed, null);
                    if (!p.Exited.WaitOne(5000)) t.Fail("a killed process did not end");
                }
                // The last killed thread's stack goes back when the scheduler reaps it, after a switch away from it:
                // under a busy host that can take a few ticks longer than the sleep.
                // A pair's peer ends when it finds its server gone (at its next receive, or after its bind attempts: 200
                // sleeps of a tick, which on several CPUs of a loaded host can take seconds). The bound only matters when
                // something is really left behind.
                ulong after = ulong.MaxValue;
                int settleRounds = 0;
                for (int settle = 0; settle < 2000 && (after > used + PageSlack || ProcessManager.LiveProcessCount > live); settle++)
                {
                    WaitHandle.Sleep(5);
                    System.GC.Collect();
                    after = ProcessTests.UsedPages;
                    settleRounds++;
                }
                Console.Log.Line($"kills: {kinds[k]}: {kills} kills, pages in use {used} before, {after} after ({settleRounds} settling rounds); kernel heap {Memory.KernelHeap.BytesReserved / 1024} KiB reserved; pooled {ImagePool.PooledPages} pages ({ImagePool.PristinePages} pristine), {ProcessManager.LiveProcessCount} processes, {Memory.PageAllocator.UsedPages} pages used");
                t.Equal(blocks, ExchangeHeap.BlocksLive, string.Concat(kinds[k], ": every exchange block came back"));
                if (after > used + PageSlack)
                    t.Fail(string.Concat(kinds[k], ": ", (after - used).ToString(), " pages lost over ", kills.ToString(), " kills"));
                t.Equal((ulong)live, (ulong)ProcessManager.LiveProcessCount, string.Concat(kinds[k], ": no process was left behind"));
                t.True(!NameService.IsRegistered("/churn/n0") && !NameService.IsRegistered("/churn/n1"), string.Concat(kinds[k], ": its names went with it"));
            }
        }

        private static long OptionOr(string key, long fallback)
        {
            string value = Boot.KernelOptions.Get(key);
            return value != null && long.TryParse(value, out long parsed) && parsed > 0 ? parsed : fallback;
        }

        public static void NamingRulesAndNameQuota(TestContext t)
        {
            Hostile(t, "names");
            t.True(!NameService.IsRegistered("/hostile/n0"), "the attacker's names went with it");
            t.True(!NameService.IsRegistered("/dev/hostile"), "no /dev/ name was taken by an application");
        }

        /// <summary>An application cannot have a registration's binds checked against a contract its manifest does not
        /// declare (one named as a driver's, or a malformed table), nor on anything but its own registration.</summary>
        public static void CheckedBindsCannotBeForged(TestContext t)
        {
            Hostile(t, "checked-binds");
            t.True(!NameService.IsRegistered("/hostile/checked"), "the attacker's name went with it");
        }

        /// <summary>A program whose every copy starts copies of itself: the tree stops at the root's children quota
        /// (16 for hostile, from the policy), because descendants count against every ancestor.</summary>
        public static void ForkBombIsBounded(TestContext t)
        {
            int baseline = ProcessManager.LiveProcessCount;
            ulong used = ProcessTests.UsedPages;
            AbiStatus status = ProcessManager.Create("hostile", "fork-bomb", null, out KernelProcess root, out string error);
            if (status != AbiStatus.Ok)
            {
                t.Fail(string.Concat("cannot create hostile: ", error));
                return;
            }
            ProcessManager.Start(root);
            int most = 0;
            for (int i = 0; i < 60_000 && !root.Exited.WaitOne(1); i++)
                if (ProcessManager.LiveProcessCount - baseline > most) most = ProcessManager.LiveProcessCount - baseline;
            t.True(root.Exited.IsSet, "the fork bomb's root ended");
            t.Equal(0, (ulong)root.ExitCode, "and every copy waited for its copies");
            t.True(most >= 2 && most <= 1 + root.Limits.Children, string.Concat("at most the root and its ", root.Limits.Children.ToString(), " descendants lived at once (saw ", most.ToString(), ")"));
            WaitHandle.Sleep(5);
            t.Equal((ulong)baseline, (ulong)ProcessManager.LiveProcessCount, "the whole tree ended");
            t.True(ProcessTests.UsedPages <= used + PageSlack * 4, "its pages came back");
        }

        public static void ChildrenQuotaAndReclaim(TestContext t)
        {
            int live = ProcessManager.LiveProcessCount;
            Hostile(t, "children-quota");
            t.Equal((ulong)live, (ulong)ProcessManager.LiveProcessCount, "the never-started children ended with their parent");
        }

        /// <summary>Numbers a SIP could hand in as exchange-heap addresses: none is dereferenced unless the side table
        /// says it starts a live block. A thread stack's guard page (unmapped) is the case that used to panic.</summary>
        public static void ForgedExchangeAddressesAreNeverRead(TestContext t)
        {
            KernelThread me = Scheduler.Current;
            ulong guard = (ulong)me.SoftGuard;
            ulong[] forged =
            {
                0, 1, ExchangeHeap.HeaderBytes, guard + ExchangeHeap.HeaderBytes, (ulong)me.HardGuard + ExchangeHeap.HeaderBytes, (ulong)me.StackBase + ExchangeHeap.HeaderBytes,
                0x100000 + ExchangeHeap.HeaderBytes, 0xFFFFFFFFFFFFF040, 0x0000800000000040, (1UL << 32) + 64, 0xFEE00040,
            };
            for (int i = 0; i < forged.Length; i++)
            {
                t.True(ExchangeHeap.Validate((void*)forged[i], ExchangeHeap.Kind.Data) == null, "a forged data address is refused");
                t.True(ExchangeHeap.Validate((void*)forged[i], ExchangeHeap.Kind.Endpoint) == null, "a forged endpoint address is refused");
            }
            byte* data = ExchangeHeap.Allocate(100, ExchangeHeap.Kind.Data, null);
            t.True(ExchangeHeap.Validate(data, ExchangeHeap.Kind.Data) != null, "a live block validates");
            t.True(ExchangeHeap.Validate(data, ExchangeHeap.Kind.Endpoint) == null, "as its own kind only");
            ExchangeHeap.Free(ExchangeHeap.HeaderOf(data), null);
            t.True(ExchangeHeap.Validate(data, ExchangeHeap.Kind.Data) == null, "a freed block no longer validates");
            t.True(!PageAllocator.IsExchangeBlockStart(ExchangeHeap.HeaderOf(data)), "and its page left the side table");
        }

        /// <summary>A contract table whose name the program's manifest does not declare is refused, and a declared one
        /// cannot be re-registered with another state machine.</summary>
        public static void UndeclaredContractIsRefused(TestContext t)
        {
            var manifest = new Singularity.Manifests.ProgramManifest { Name = "contract-test", Kind = "application" };
            manifest.Contracts.Add("Sing.Test.Declared");
            int* transitions = stackalloc int[] { 0, 0, 1, 0, 1, 1, 0, 1 };
            ContractTable table = default;
            table.StateCount = 2;
            table.MessageCount = 2;
            table.TransitionCount = 2;
            table.Transitions = transitions;
            string undeclared = "Undeclared", declared = "Declared";
            fixed (char* name = undeclared)
            {
                table.Name = name;
                table.NameLength = undeclared.Length;
                t.True(ContractChecker.Register(&table, manifest, out string error) == -1 && error != null, "an undeclared contract is refused");
            }
            fixed (char* name = declared)
            {
                table.Name = name;
                table.NameLength = declared.Length;
                int first = ContractChecker.Register(&table, manifest, out string error);
                t.True(first >= 0 && error == null, "a declared contract (simple name of the manifest's full name) registers");
                t.Equal((ulong)first, (ulong)ContractChecker.Register(&table, manifest, out _), "the same table is the same contract");
                int count = ContractChecker.Count;
                transitions[2] = 0;   // another state machine under the same name
                t.True(ContractChecker.Register(&table, manifest, out error) == -1 && error != null, "a changed state machine is refused");
                t.Equal((ulong)count, (ulong)ContractChecker.Count, "and nothing was added");
            }
        }
    }
}
