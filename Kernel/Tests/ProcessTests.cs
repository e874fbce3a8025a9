using System;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>SIPs: creation from installed images, exit codes, fail-stop isolation, kill, handles, threads,
    /// children, image and ABI-version checks, and page accounting across many create/exit cycles.</summary>
    internal static unsafe class ProcessTests
    {
        private const ulong PageSlack = 16; // kernel-side bookkeeping may grow its heap a little

        /// <summary>Pages in use, not counting the image pool's copies (kept for reuse, owned by no process), the stack pool, the collector's own structures, nor the
        /// kernel's object heap, which grows until its collector's budget is spent (process bookkeeping is garbage
        /// it collects then; 1000 creations reach that budget), nor the page tables that split 2 MiB mappings for good.</summary>
        internal static ulong UsedPages
        {
            get
            {
                System.GCStatisticsSnapshot gc = System.GC.GetStatistics();
                ulong kernelHeap = (gc.HeapBytes + gc.BookkeepingBytes + PageAllocator.PageSize - 1) / PageAllocator.PageSize;
                return PageAllocator.UsedPages - ImagePool.PooledPages - Scheduler.PooledStackPages - kernelHeap - PageTables.SplitTablePages;
            }
        }

        /// <summary><see cref="UsedPages"/> once it holds still for two ticks (at most ~100 ms): with several CPUs a
        /// process or thread that ended in an earlier step may still be giving its pages back on another processor.</summary>
        internal static ulong SettledUsedPages()
        {
            ulong pages = UsedPages;
            for (int round = 0; round < 50; round++)
            {
                WaitHandle.Sleep(2);
                ulong now = UsedPages;
                if (now == pages) break;
                pages = now;
            }
            return pages;
        }

        /// <summary>Waits (at most ~200 ms) for <see cref="UsedPages"/> to come back to <paramref name="expected"/>, and
        /// returns what it is then.</summary>
        internal static ulong UsedPagesBackTo(ulong expected)
        {
            ulong pages = UsedPages;
            for (int round = 0; round < 100 && pages != expected; round++)
            {
                WaitHandle.Sleep(2);
                pages = UsedPages;
            }
            return pages;
        }

        private static KernelProcess Start(TestContext t, string image, string args)
        {
            AbiStatus status = ProcessManager.Create(image, args, null, out KernelProcess p, out string error);
            if (status != AbiStatus.Ok)
            {
                t.Fail(string.Concat("cannot create ", image, ": ", error));
                return null;
            }
            ProcessManager.Start(p);
            return p;
        }

        internal static KernelProcess StartForTest(TestContext t, string image, string args) => Start(t, image, args);

        internal static int Run(TestContext t, string image, string args, ulong timeoutSeconds = 60)
        {
            KernelProcess p = Start(t, image, args);
            if (p == null) return int.MinValue;
            if (!p.Exited.WaitOne(timeoutSeconds * 1000))
            {
                // What the scheduler knew of it, for the failure report.
                Console.Log.Line($"  pid {p.Id} on processor {p.HomeProcessor}, {p.Threads.Count} threads");
                for (int i = 0; i < p.Threads.Count; i++)
                    Console.Log.Line($"  thread {p.Threads[i].Id}: {p.Threads[i].State.ToString()}, queued {p.Threads[i].InRunQueue}, preemption-off depth {p.Threads[i].NoPreemptionDepth}");
                Threading.Scheduler.DescribeProcessors();
                t.Fail(string.Concat(image, " ", args, " did not exit within ", timeoutSeconds.ToString(), " s"));
            }
            return p.ExitCode;
        }

        public static void ExitCodeAndPagesReturned(TestContext t)
        {
            Run(t, "hello", "");                 // warm up kernel-side structures
            ulong used = UsedPages;
            for (int i = 0; i < 5; i++) t.Equal(42, (ulong)Run(t, "hello", ""), "hello exits with 42");
            WaitHandle.Sleep(2);                  // let the last thread's stack be reaped
            t.True(UsedPages <= used + PageSlack, "the pages of five SIPs came back");
            t.Equal(0, (ulong)ProcessManager.LiveProcessCount, "no process is left");
        }

        public static void FaultStopsOnlyTheFaultingSip(TestContext t)
        {
            KernelProcess spinner = Start(t, "probe", "spin");
            t.Equal(unchecked((ulong)ExitCodes.UnhandledException), unchecked((ulong)Run(t, "probe", "null")), "null dereference: unhandled NullReferenceException ends the SIP");
            t.Equal(unchecked((ulong)ExitCodes.UnhandledException), unchecked((ulong)Run(t, "probe", "divide")), "division by zero ends the SIP");
            t.Equal(unchecked((ulong)ExitCodes.UnhandledException), unchecked((ulong)Run(t, "probe", "throw")), "an uncaught throw ends the SIP");
            t.Equal(unchecked((ulong)Arch.FaultHandlers.FaultExitCode), unchecked((ulong)Run(t, "probe", "overflow-stack")), "stack overflow ends the SIP");
            t.True(spinner.State == ProcessState.Running, "a SIP that did not fault keeps running");
            ProcessManager.Terminate(spinner, -1, "test finished with it");
            t.True(spinner.Exited.WaitOne(1000) && spinner.ExitCode == -1, "the spinner is killed");
        }

        public static void KillBlockedInKernel(TestContext t)
        {
            ulong used = UsedPages;
            KernelProcess p = Start(t, "probe", "block");
            WaitHandle.Sleep(30);
            t.True(p.State == ProcessState.Running && p.Threads.Count == 1 && p.Threads[0].State == ThreadState.Blocked,
                "the SIP is blocked inside an ABI wait");
            ProcessManager.Terminate(p, -1, "killed by the test");
            t.True(p.Exited.WaitOne(1000), "killing it wakes its joiners");
            WaitHandle.Sleep(2);
            t.True(UsedPages <= used + PageSlack, "its pages, stack and heap came back");
        }

        public static void ForgedHandlesRejected(TestContext t) =>
            t.Equal(0, (ulong)Run(t, "probe", "forge"), "every forged, stale or mistyped handle was refused with the right status");

        public static void SipThreadsAndEvents(TestContext t) =>
            t.Equal(0, (ulong)Run(t, "probe", "threads"), "three SIP threads counted to 3000 while the SIP collected garbage and threw");

        public static void ChildrenAndExitCodes(TestContext t)
        {
            KernelProcess parent = Start(t, "probe", "spawn probe exit 5");
            if (parent == null) return;
            parent.Exited.WaitOne(60_000);
            t.Equal(105, (ulong)parent.ExitCode, "the parent saw its child's exit code");
            t.True(parent.Children.Count == 0, "an exited child's record left its parent (the parent's handle answered Join)");
        }

        public static void StopAndKillFromAnotherSip(TestContext t) =>
            t.Equal(0, (ulong)Run(t, "probe", "stop-and-kill"), "a SIP stopped one child (it exited 17) and killed another that ignored the request (-1)");

        /// <summary>System.Threading's process rules: Main's return waits for foreground threads only; an exception on
        /// a worker (or out of an async void method) ends the process as unhandled; the thread quota is an exception
        /// at Start; contended locks lose nothing.</summary>
        public static void ManagedThreadsFollowDotNetRules(TestContext t)
        {
            KernelProcess foreground = Start(t, "probe", "thread-foreground");
            ulong started = Arch.Timer.Ticks;
            if (foreground == null) return;
            foreground.Exited.WaitOne(30_000);
            ulong ms = (Arch.Timer.Ticks - started) * 1000 / Arch.Timer.Hz;
            t.Equal(7, (ulong)foreground.ExitCode, "Main's exit code, once the foreground thread ended");
            t.True(ms >= 150 && ms < 20_000, "the process lived on for the foreground thread (200 ms), not for the background one (60 s): " + ms.ToString() + " ms");
            t.Equal(unchecked((ulong)ExitCodes.UnhandledException), unchecked((ulong)Run(t, "probe", "thread-unhandled")), "an exception on a worker thread ends the process as unhandled");
            t.Equal(unchecked((ulong)ExitCodes.UnhandledException), unchecked((ulong)Run(t, "probe", "thread-async-void")), "an exception out of an async void method ends the process");
            t.Equal(0, (ulong)Run(t, "probe", "thread-quota", 120), "starting a thread past the quota throws; the others end and there is room again");
            t.Equal(0, (ulong)Run(t, "probe", "thread-contended", 120), "four threads under two nested locks counted to 20000");
            started = Arch.Timer.Ticks;
            t.Equal(23, (ulong)Run(t, "probe", "environment-exit"), "Environment.Exit on a worker thread ends the process with its code");
            ms = (Arch.Timer.Ticks - started) * 1000 / Arch.Timer.Hz;
            t.True(ms < 20_000, "Environment.Exit did not wait for Main or the foreground thread (60 s): " + ms.ToString() + " ms");
        }

        public static void AbiMutexExcludes(TestContext t) =>
            t.Equal(0, (ulong)Run(t, "probe", "mutex"), "three SIP threads under an ABI mutex lost no update and never overlapped");

        public static void PrivilegesFromTheManifest(TestContext t) =>
            t.Equal(0, (ulong)Run(t, "probe", "unprivileged"), "shutdown is refused without the system privilege; kill checks its target");

        public static void ThreadsStartOnlyInOwnImage(TestContext t) =>
            t.Equal(0, (ulong)Run(t, "probe", "foreign-thread"), "a thread entry outside the SIP's image is refused");

        public static void AbiVersionRefused(TestContext t)
        {
            t.True(ProcessManager.TryGetImage("hello", out byte* image, out ulong size), "hello is installed");
            byte* copy = (byte*)KernelHeap.Allocate(size);
            Buffer.Memmove(copy, image, (nuint)size);
            bool patched = false;
            for (ulong i = 0; i + 12 <= size && !patched; i++)
            {
                if (*(ulong*)(copy + i) != AbiImageMarker.Magic) continue;
                *(uint*)(copy + i + 8) = 99;
                patched = true;
            }
            t.True(patched, "the image carries an ABI marker");
            ProcessManager.RegisterImage("hello-abi99", copy, size);
            ulong used = UsedPages;
            AbiStatus status = ProcessManager.Create("hello-abi99", "", null, out KernelProcess p, out string error);
            t.Equal((ulong)AbiStatus.AbiVersionRefused, (ulong)status, "an image built for ABI 99 is refused");
            t.True(error != null && BootTests.Contains(error, "ABI version 99"), "the reason names the version");
            t.True(p == null && UsedPages == used, "nothing was allocated for it");
        }

        public static void MalformedImagesRejected(TestContext t)
        {
            ProcessManager.TryGetImage("hello", out byte* image, out ulong size);
            byte* junk = (byte*)KernelHeap.Allocate(4096);
            for (int i = 0; i < 4096; i++) junk[i] = (byte)(i * 7);
            ProcessManager.RegisterImage("junk", junk, 4096);
            ProcessManager.RegisterImage("truncated", image, 100);
            byte* unmarked = (byte*)KernelHeap.Allocate(size);
            Buffer.Memmove(unmarked, image, (nuint)size);
            for (ulong i = 0; i + 12 < size; i++)
                if (unmarked[i] == '.' && unmarked[i + 1] == 's' && unmarked[i + 2] == 'i' && unmarked[i + 3] == 'n' && unmarked[i + 4] == 'g' && unmarked[i + 5] == 'u')
                    unmarked[i + 1] = (byte)'x';
            ProcessManager.RegisterImage("unmarked", unmarked, size);
            Expect(t, "junk", "bad magic");
            Expect(t, "truncated", "outside the file");
            Expect(t, "unmarked", "no .singularity section");
            Expect(t, "no-such-program", "no installed program");
        }

        private static void Expect(TestContext t, string image, string reason)
        {
            ulong used = UsedPages;
            AbiStatus status = ProcessManager.Create(image, "", null, out KernelProcess p, out string error);
            t.True(status != AbiStatus.Ok && p == null, string.Concat(image, " is refused"));
            t.True(error != null && BootTests.Contains(error, reason), string.Concat(image, ": the reason says '", reason, "' (got: ", error ?? "null", ")"));
            t.Equal(used, UsedPages, string.Concat(image, ": nothing stays allocated"));
        }

        public static void CreateExitLoopLeaksNothing(TestContext t)
        {
            Run(t, "probe", "exit 3");
            WaitHandle.Sleep(2);
            ulong used = UsedPages;
            ulong start = Arch.Cpu.ReadTsc();
            int wrong = 0;
            for (int i = 0; i < 1000; i++)
                if (Run(t, "probe", "exit 3") != 3) wrong++;
            ulong cycles = Arch.Cpu.ReadTsc() - start;
            WaitHandle.Sleep(2);
            t.Equal(0, (ulong)wrong, "1000 SIPs each exited with 3");
            t.True(UsedPages <= used + PageSlack, "page accounting is unchanged after 1000 create/exit cycles");
            Console.Log.Line($"  1000 create/start/exit/join cycles: {Arch.Tsc.ToMicroseconds(cycles / 1000)} us each; used pages {used} -> {UsedPages}");
        }

        /// <summary>A pooled copy's writable pages are restored from its pristine copy: a probe that writes a word in
        /// each of eight pages of its statics finds them all as the file holds them on every run, the copy reused each
        /// time.</summary>
        public static void ReusedCopiesStartPristine(TestContext t)
        {
            ImagePool.Drain();
            for (int run = 0; run < 4; run++)
                t.Equal(0, (ulong)Run(t, "probe", "statics"), "run " + run.ToString() + " found its statics as the image file holds them");
        }

        /// <summary>The pages pooled for <paramref name="image"/>, waited for (a bound in rounds, not time) until they
        /// exceed <paramref name="floor"/>: an exited process's copy is returned before its exit is signalled, the wait
        /// only keeps the verdict from resting on that order.</summary>
        private static ulong PooledPagesOnceAbove(string image, ulong floor)
        {
            ulong pages = ImagePool.PooledPagesOf(image);
            for (int round = 0; round < 100 && pages <= floor; round++)
            {
                WaitHandle.Sleep(2);
                pages = ImagePool.PooledPagesOf(image);
            }
            return pages;
        }

        /// <summary>The copy of an exited process goes to the image pool; the next process of that image takes it
        /// back (reloaded, it runs like a fresh one) and draining the pool returns its pages. Counted for the probe's
        /// image alone: on several CPUs a process of an earlier test may still be ending, and its copy reach the pool,
        /// while this one runs.</summary>
        public static void ImageCopiesReusedAndDrained(TestContext t)
        {
            // From an empty pool (earlier tests' copies could fill it to its limit, and a copy that does not fit is freed).
            ImagePool.Drain();
            t.Equal(3, (ulong)Run(t, "probe", "exit 3"), "probe exits with 3");
            ulong pooled = PooledPagesOnceAbove("probe", 0);
            t.True(pooled > 0, "the exited probe's image copy is pooled");
            KernelProcess p = Start(t, "probe", "exit 4");
            if (p == null) return;
            ulong taken = ImagePool.PooledPagesOf("probe");
            t.True(taken < pooled, string.Concat("the next probe took the pooled copy (", pooled.ToString(), " pages pooled before it started, ", taken.ToString(), " after)"));
            p.Exited.WaitOne(60_000);
            t.Equal(4, (ulong)p.ExitCode, "the reused copy runs like a fresh one");
            ulong back = PooledPagesOnceAbove("probe", pooled);
            t.True(back > pooled, string.Concat("its first reuse kept a pristine copy of its writable pages, and its copy went back to the pool with it (", pooled.ToString(), " pages before, ", back.ToString(), " after)"));
            KernelProcess again = Start(t, "probe", "exit 5");
            if (again == null) return;
            again.Exited.WaitOne(60_000);
            t.Equal(5, (ulong)again.ExitCode, "a copy reloaded from its pristine pages runs like a fresh one");
            t.Equal(back, ImagePool.PooledPagesOf("probe"), "the second reuse made no second pristine copy");
            ulong used = PageAllocator.UsedPages;
            ulong drained = ImagePool.Drain();
            t.True(drained >= back && ImagePool.PooledPagesOf("probe") == 0 && ImagePool.PooledPages == 0 && ImagePool.PristinePages == 0, "draining frees every pooled copy and its pristine pages");
            // With a domain per process the copy's domain goes with it: its page tables are freed too.
            if (Domains.Isolation.Current == Domains.IsolationConfiguration.HipR0S || Domains.Isolation.Current == Domains.IsolationConfiguration.HipR3S) t.True(PageAllocator.UsedPages <= used - drained, "the drained pages (and the copy's domain) are free again");
            else t.Equal(used - drained, PageAllocator.UsedPages, "the drained pages are free again");
        }
    }

}
