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
            ProcessTests.Run(t, "hostile", "alloc-refused");   // warm up: the image pool and the stack pool fill once
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
        public static void RetypedHandleClosesNothing(TestContext t) => Hostile(t, "close-retyped");
        public static void ExchangeQuota(TestContext t) => Hostile(t, "exchange-quota");

        /// <summary>A SIP that exhausts its stack inside kernel code (an ABI call at every level of a recursion) or
        /// makes the timer interrupt arrive at the bottom of its stack is ended alone; the kernel goes on.</summary>
        public static void StackExhaustionEndsOnlyTheSip(TestContext t)
        {
            string[] verbs = { "deep-abi", "deep-spin" };
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

        public static void NamingRulesAndNameQuota(TestContext t)
        {
            Hostile(t, "names");
            t.True(!NameService.IsRegistered("/hostile/n0"), "the attacker's names went with it");
            t.True(!NameService.IsRegistered("/dev/hostile"), "no /dev/ name was taken by an application");
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
