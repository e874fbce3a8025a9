using Sing.Kernel.Domains;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>Hardware protection domains (004 §3): in a HIP configuration a SIP that writes memory outside its
    /// domain faults and is ended alone; in SIP-Phys and SIP-Page nothing but software stands in its way, which the
    /// tests assert too, so each configuration is known to do what it says. Probe's "poke" verb (trusted, unsafe)
    /// plays the stray write.</summary>
    internal static unsafe class DomainTests
    {
        public static void ForeignPagesFaultInHardwareDomains(TestContext t)
        {
            bool domains = Isolation.HasDomains;

            // A page of the kernel's domain (where HIP-R0 keeps drivers and services): no application domain maps it.
            byte* systemPage = (byte*)PageAllocator.Allocate(1, true, MemoryOwner.KernelDomain);
            t.True(systemPage != null, "a page of the kernel's domain");
            if (systemPage == null) return;
            systemPage[0] = 0x11;
            KernelProcess poker = Poke(t, systemPage);
            if (poker != null)
            {
                t.Equal(domains ? 0x11UL : 0x11UL ^ 0x5A, systemPage[0], domains ? "the page is untouched" : "without hardware domains the write lands");
                ExpectFault(t, poker, domains, "a write into the kernel's domain");
            }
            PageAllocator.Free(systemPage, 1);

            // Another application's writable page: a domain of its own in HIP-R0-S, the shared application domain in HIP-R0.
            KernelProcess victim = ProcessTests.StartForTest(t, "probe", "block");
            if (victim == null) return;
            WaitHandle.Sleep(20);
            byte* data = victim.ImageBase + victim.ImageWritableOffset;
            byte before = *data;
            bool separate = Isolation.Current == IsolationConfiguration.HipR0S || Isolation.Current == IsolationConfiguration.HipR3S;
            poker = Poke(t, data);
            if (poker != null)
            {
                t.Equal(separate ? before : (ulong)(byte)(before ^ 0x5A), *data, separate ? "the other SIP's page is untouched" : "the write lands in a shared domain");
                ExpectFault(t, poker, separate, "a write into another application's domain");
            }
            t.True(victim.State == ProcessState.Running, "the victim keeps running");
            ProcessManager.Terminate(victim, 0, "test over");
            victim.Exited.WaitOne(10_000);
        }

        /// <summary>Domains of exited processes give their tables back; the shared application domain stays.</summary>
        public static void DomainTablesAreReclaimed(TestContext t)
        {
            if (!Isolation.HasDomains)
            {
                t.Equal(0, (ulong)AddressSpace.Live, "no domains without hardware domains");
                return;
            }
            ProcessTests.Run(t, "hello", "");   // the application domain of HIP-R0 exists from here on
            WaitHandle.Sleep(5);
            int live = AddressSpace.Live;
            // Pages in use apart from the kernel's object heap and the image and stack pools, which may grow meanwhile.
            ulong used = ProcessTests.SettledUsedPages();
            for (int i = 0; i < 5; i++) t.Equal(42, (ulong)ProcessTests.Run(t, "hello", ""), "hello exits with 42");
            WaitHandle.Sleep(5);
            t.Equal((ulong)live, (ulong)AddressSpace.Live, "every exited process's domain is gone");
            t.Equal(used, ProcessTests.UsedPagesBackTo(used), "their pages and tables are free again");
        }

        /// <summary>SIPs in ring-3 domains of their own (the same images), in every configuration (the first one turns
        /// on 4 KiB mappings and chunk ownership where the configuration had none): they run, collect, throw and
        /// catch, fault alone, cannot touch kernel memory, and the ABI fuzzer run from ring 3 harms nothing. The
        /// policy's unverifiable program (domain="ring3") runs there and is isolated by the MMU alone.</summary>
        public static void Ring3ProgramsRun(TestContext t)
        {
            KernelProcess unsafeCode = ProcessTests.StartForTest(t, "unsafecode", "sum");
            if (unsafeCode != null)
            {
                t.True(unsafeCode.Ring3, "the policy's domain=\"ring3\" puts the unverifiable program in ring 3");
                unsafeCode.Exited.WaitOne(60_000);
                t.Equal(0, (ulong)unsafeCode.ExitCode, "its pointer walk and function-pointer call ran");
            }
            KernelProcess stray = ProcessTests.StartForTest(t, "unsafecode", string.Concat("poke ", ((ulong)Arch.Cpu.KernelImageStart() + 0x1000).ToString("x")));
            if (stray != null && stray.Exited.WaitOne(60_000))
                t.True(stray.TerminationReason != null && stray.TerminationReason.Contains("Page fault"), "its write to kernel memory ends it alone");
            // It turns preemption off through the raw entry and spins: ended after the bound, the machine goes on. The
            // bound is lowered for the test (10 s of spinning is 10^10 instructions under -icount).
            Scheduler.MaxPreemptionOffTicks = 250;
            KernelProcess hog = ProcessTests.StartForTest(t, "unsafecode", "no-preempt");
            if (hog != null && hog.Exited.WaitOne(60_000))
                t.True(hog.TerminationReason != null && hog.TerminationReason.Contains("preemption off"), "a SIP that keeps preemption off is ended");
            else if (hog != null) t.Fail("a SIP that turned preemption off and spins was not ended within 60 s");
            Scheduler.MaxPreemptionOffTicks = Scheduler.DefaultMaxPreemptionOffTicks;

            Placement.SetRing3("probe", true);
            Placement.SetRing3("hello", true);
            t.Equal(42, (ulong)ProcessTests.Run(t, "hello", ""), "hello runs in ring 3 (collections, exceptions)");
            t.Equal(7, (ulong)ProcessTests.Run(t, "probe", "exit 7"), "the exit code comes back");
            t.Equal(0, (ulong)ProcessTests.Run(t, "probe", "threads"), "threads, mutexes and joins work in ring 3");
            t.True(ProcessTests.Run(t, "probe", "null") == ExitCodes.UnhandledException, "a null dereference becomes the SIP's exception");
            KernelProcess poker = ProcessTests.StartForTest(t, "probe", string.Concat("poke ", ((ulong)Arch.Cpu.KernelImageStart() + 0x1000).ToString("x")));
            if (poker != null && poker.Exited.WaitOne(60_000))
                t.True(poker.TerminationReason != null && poker.TerminationReason.Contains("Page fault"), "a ring-3 write to kernel memory ends the SIP alone");
            t.Equal(3, (ulong)ProcessTests.Run(t, "probe", "alloc 3"), "pages come from its domain");
            Placement.SetRing3("probe", false);
            Placement.SetRing3("hello", false);
            // The ABI fuzzer from ring 3: random handles and pointers (kernel addresses, unmapped, misaligned, huge
            // lengths) at every entry, through the system-call stubs; the kernel answers them all and loses nothing.
            Placement.SetRing3("abifuzz", true);
            IsolationTests.AbiFuzz(t);
            Placement.SetRing3("abifuzz", false);
        }

        /// <summary>A ring-3 image's code and read-only data are write-protected once loaded, so its copy can be pooled
        /// with its domain and serve the next process of the image (ImagePool): a SIP that writes its own code ends
        /// alone with a page fault, and the next process, on the same copy, runs what the image file holds.</summary>
        public static void Ring3CodeIsWriteProtected(TestContext t)
        {
            // An empty pool: the copy the first probe returns is the one the next takes.
            ImagePool.Drain();
            Placement.SetRing3("probe", true);
            KernelProcess first = ProcessTests.StartForTest(t, "probe", "exit 5");
            if (first == null)
            {
                Placement.SetRing3("probe", false);
                return;
            }
            first.Exited.WaitOne(60_000);
            t.Equal(5, (ulong)first.ExitCode, "probe runs in a ring-3 domain");
            byte* copy = first.ImageBase;
            KernelProcess poker = ProcessTests.StartForTest(t, "probe", "poke-code");
            if (poker != null && poker.Exited.WaitOne(60_000))
            {
                t.True(poker.Ring3, "the poking probe runs in ring 3");
                t.True(poker.ImageBase == copy, "the next ring-3 probe takes the pooled copy (and its domain)");
                t.True(poker.TerminationReason != null && poker.TerminationReason.Contains("Page fault"),
                    string.Concat("a write to its own code ends the SIP with a page fault (", poker.TerminationReason ?? "it exited normally", ")"));
            }
            KernelProcess next = ProcessTests.StartForTest(t, "probe", "exit 6");
            if (next != null && next.Exited.WaitOne(60_000))
            {
                t.True(next.ImageBase == copy, "the copy the poker tried to rewrite is pooled and reused");
                t.Equal(6, (ulong)next.ExitCode, "and runs like a fresh one");
            }
            Placement.SetRing3("probe", false);
            ImagePool.Drain();   // the ring-3 copy (and its domain) goes; the next probes run in their usual place
        }

        private static KernelProcess Poke(TestContext t, byte* address)
        {
            KernelProcess p = ProcessTests.StartForTest(t, "probe", string.Concat("poke ", ((ulong)address).ToString("x")));
            if (p == null) return null;
            if (!p.Exited.WaitOne(60_000))
            {
                t.Fail("the poking probe did not finish");
                return null;
            }
            return p;
        }

        private static void ExpectFault(TestContext t, KernelProcess poker, bool fault, string what)
        {
            if (fault)
            {
                t.True(poker.TerminationReason != null && poker.TerminationReason.Contains("Page fault"),
                    string.Concat(what, " ends the SIP with a page fault (", poker.TerminationReason ?? "it exited normally", ")"));
                t.True(poker.TerminationReason != null && poker.TerminationReason.Contains("outside its protection domain"),
                    string.Concat("the fault report says the address is outside its domain (", poker.TerminationReason ?? "", ")"));
            }
            else t.Equal(0, (ulong)poker.ExitCode, string.Concat(what, " completes"));
        }
    }
}
