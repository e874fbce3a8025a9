using System;
using System.Collections.Generic;
using Sing.Kernel.Arch;
using Sing.Kernel.Memory;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Tests
{
    /// <summary>Kernel threads, the two-list scheduler, and the synchronization objects.</summary>
    internal static class ThreadTests
    {
        public static void CreateStartJoin(TestContext t)
        {
            var results = new long[4];
            var threads = new KernelThread[4];
            for (int i = 0; i < threads.Length; i++)
            {
                int index = i;
                threads[i] = Scheduler.CreateThread("worker" + i.ToString(), () =>
                {
                    long sum = 0;
                    for (int k = 1; k <= 1000 * (index + 1); k++) sum += k;
                    results[index] = sum;
                });
                Scheduler.Start(threads[i]);
            }
            for (int i = 0; i < threads.Length; i++) threads[i].Join();
            for (int i = 0; i < threads.Length; i++)
            {
                long n = 1000 * (i + 1);
                t.Equal((ulong)(n * (n + 1) / 2), (ulong)results[i], "each thread computed its own result");
                t.True(!threads[i].IsAlive, "joined threads have finished");
            }
        }

        public static void SleepWaitsForTheTimer(TestContext t)
        {
            ulong before = Timer.Ticks;
            WaitHandle.Sleep(25);
            ulong elapsed = Timer.Ticks - before;
            t.True(elapsed >= 25, "Sleep(25) lasts at least 25 ms of timer ticks");
            t.True(elapsed < 25 + 2 * Scheduler.QuantumTicks, "and not much more");
        }

        public static void EventsPingPong(TestContext t)
        {
            var ping = new AutoResetEvent(false);
            var pong = new AutoResetEvent(false);
            int rounds = 0;
            var partner = Scheduler.CreateThread("pong", () =>
            {
                for (int i = 0; i < 500; i++)
                {
                    ping.WaitOne();
                    rounds++;
                    pong.Set();
                }
            });
            Scheduler.Start(partner);
            ulong switchesBefore = Scheduler.ContextSwitches;
            for (int i = 0; i < 500; i++)
            {
                ping.Set();
                pong.WaitOne();
            }
            partner.Join();
            t.Equal(500, (ulong)rounds, "500 round trips through two auto-reset events");
            t.True(Scheduler.ContextSwitches - switchesBefore >= 1000, "each round trip switched threads twice");
        }

        public static void ManualResetReleasesAll(TestContext t)
        {
            var gate = new ManualResetEvent(false);
            int released = 0;
            var threads = new List<KernelThread>();
            for (int i = 0; i < 3; i++)
            {
                var th = Scheduler.CreateThread("waiter", () => { gate.WaitOne(); released++; });
                threads.Add(th);
                Scheduler.Start(th);
            }
            WaitHandle.Sleep(5);
            t.Equal(0, (ulong)released, "nobody passes a closed gate");
            gate.Set();
            foreach (var th in threads) th.Join();
            t.Equal(3, (ulong)released, "one Set releases every waiter");
            t.True(gate.WaitOne(0), "the gate stays open until Reset");
            gate.Reset();
            t.True(!gate.WaitOne(0), "Reset closes it");
        }

        public static void MutexExcludes(TestContext t)
        {
            var mutex = new Mutex();
            long counter = 0;
            int overlaps = 0, inside = 0;
            var threads = new List<KernelThread>();
            for (int i = 0; i < 3; i++)
            {
                var th = Scheduler.CreateThread("contender", () =>
                {
                    for (int k = 0; k < 200; k++)
                    {
                        mutex.WaitOne();
                        mutex.WaitOne(); // recursive acquisition by the owner
                        if (++inside != 1) overlaps++;
                        long value = counter;
                        Scheduler.Yield(); // invite the others in while holding the mutex
                        counter = value + 1;
                        inside--;
                        mutex.Release();
                        mutex.Release();
                    }
                });
                threads.Add(th);
                Scheduler.Start(th);
            }
            foreach (var th in threads) th.Join();
            t.Equal(600, (ulong)counter, "no update was lost");
            t.Equal(0, (ulong)overlaps, "never two threads inside");
            t.True(mutex.Owner == null, "the mutex is free at the end");
            bool threw = false;
            try { mutex.Release(); }
            catch (InvalidOperationException) { threw = true; }
            t.True(threw, "releasing a mutex one does not own throws");
        }

        public static void WaitAnyWithTimeout(TestContext t)
        {
            var a = new AutoResetEvent(false);
            var b = new AutoResetEvent(false);
            ulong before = Timer.Ticks;
            int result = WaitHandle.WaitAny(new WaitHandle[] { a, b }, 30);
            t.Equal(unchecked((ulong)WaitHandle.TimedOut), unchecked((ulong)result), "nothing signalled: the wait times out");
            t.True(Timer.Ticks - before >= 30, "after the timeout");
            b.Set();
            t.Equal(1, (ulong)WaitHandle.WaitAny(new WaitHandle[] { a, b }, 30), "the signalled handle's index");
            var setter = Scheduler.CreateThread("setter", () => { WaitHandle.Sleep(10); a.Set(); });
            Scheduler.Start(setter);
            t.Equal(0, (ulong)WaitHandle.WaitAny(new WaitHandle[] { a, b }, WaitHandle.Infinite), "a later Set wakes the waiter");
            setter.Join();
        }

        public static void PreemptionIsFair(TestContext t)
        {
            var counts = new long[3];
            int stop = 0;
            var threads = new KernelThread[3];
            for (int i = 0; i < 3; i++)
            {
                int index = i;
                threads[i] = Scheduler.CreateThread("spinner", () => { while (System.Threading.Volatile.Read(ref stop) == 0) counts[index]++; });
                Scheduler.Start(threads[i]);
            }
            WaitHandle.Sleep(300);
            stop = 1;
            foreach (var th in threads) th.Join();
            long total = counts[0] + counts[1] + counts[2];
            for (int i = 0; i < 3; i++)
                t.True(counts[i] * 5 > total, "each busy thread gets a fair share of the CPU (more than a fifth of three-way work)");
            t.True(Scheduler.Preemptions > 0, "the timer preempted busy threads");
        }

        public static void WokenThreadRunsBeforePreempted(TestContext t)
        {
            var order = new List<string>();
            var wake = new AutoResetEvent(false);
            int stop = 0;
            var sleeper = Scheduler.CreateThread("woken", () => { wake.WaitOne(); order.Add("woken"); });
            var spinner = Scheduler.CreateThread("spinner", () =>
            {
                while (System.Threading.Volatile.Read(ref stop) == 0) Scheduler.Yield();
            });
            Scheduler.Start(sleeper);
            Scheduler.Start(spinner);
            WaitHandle.Sleep(3);            // both run: the sleeper blocks, the spinner keeps yielding
            order.Add("set");
            wake.Set();                      // the sleeper joins the unblocked list...
            Scheduler.Yield();               // ...and runs before the spinner, which sits on the preempted list
            order.Add("main");
            stop = 1;
            sleeper.Join();
            spinner.Join();
            t.True(order.Count == 3 && order[0] == "set" && order[1] == "woken" && order[2] == "main", "the woken thread ran first");
        }

        public static void CollectorScansEveryStack(TestContext t)
        {
            var ready = new AutoResetEvent(false);
            var go = new AutoResetEvent(false);
            long checksum = 0;
            var holder = Scheduler.CreateThread("holder", () =>
            {
                var list = new List<string>();
                for (int i = 0; i < 200; i++) list.Add("item" + i.ToString());
                ready.Set();
                go.WaitOne();                // blocked while the main thread collects
                foreach (string s in list) checksum += s.Length;
            });
            Scheduler.Start(holder);
            ready.WaitOne();
            for (int round = 0; round < 3; round++)
            {
                for (int i = 0; i < 50_000; i++) { var garbage = new object[4]; }
                GC.Collect();
            }
            go.Set();
            holder.Join();
            t.Equal(10 * 5 + 90 * 6 + 100 * 7, (ulong)checksum, "objects only a blocked thread references survived");
        }

        /// <summary>Threads allocating and collecting at once: preemption never splits an allocation or a
        /// collection, and each thread's graph stays intact.</summary>
        public static void ConcurrentAllocationAndCollection(TestContext t)
        {
            var failures = new int[3];
            var threads = new KernelThread[3];
            for (int i = 0; i < threads.Length; i++)
            {
                int index = i;
                threads[i] = Scheduler.CreateThread("allocator", () =>
                {
                    for (int round = 0; round < 30; round++)
                    {
                        var list = new List<string>();
                        for (int k = 0; k < 2000; k++) list.Add(k.ToString());
                        if (round % 10 == index) GC.Collect();
                        for (int k = 0; k < list.Count; k++)
                            if (list[k] != k.ToString()) failures[index]++;
                    }
                });
                Scheduler.Start(threads[i]);
            }
            foreach (var th in threads) th.Join();
            t.Equal(0, (ulong)(failures[0] + failures[1] + failures[2]), "every thread's objects survived the others' allocations and collections");
        }

        public static void ExceptionsArePerThread(TestContext t)
        {
            int caughtA = 0, caughtB = 0;
            var a = Scheduler.CreateThread("thrower-a", () =>
            {
                for (int i = 0; i < 50; i++)
                {
                    try { throw new InvalidOperationException("a"); }
                    catch (InvalidOperationException) { Scheduler.Yield(); caughtA++; }
                }
            });
            var b = Scheduler.CreateThread("thrower-b", () =>
            {
                for (int i = 0; i < 50; i++)
                {
                    try
                    {
                        try { throw new ArgumentException("b"); }
                        catch (ArgumentException) { Scheduler.Yield(); throw; }
                    }
                    catch (ArgumentException) { caughtB++; }
                }
            });
            Scheduler.Start(a);
            Scheduler.Start(b);
            a.Join();
            b.Join();
            t.Equal(50, (ulong)caughtA, "thread A caught each of its exceptions");
            t.Equal(50, (ulong)caughtB, "thread B's rethrows found their own exceptions");
        }

        public static void CreateExitLoopLeaksNothing(TestContext t)
        {
            // Warm up so the scheduler's lists and heap segments exist before the baseline.
            Scheduler.CreateThread("warm", () => { }).Also(Scheduler.Start).Join();
            WaitHandle.Sleep(1);
            ulong usedPages = PageAllocator.UsedPages;
            int threadsBefore = Scheduler.ThreadCount;
            for (int i = 0; i < 300; i++)
            {
                var th = Scheduler.CreateThread("short", () => { });
                Scheduler.Start(th);
                th.Join();
            }
            WaitHandle.Sleep(1); // let the last one be reaped
            t.Equal((ulong)threadsBefore, (ulong)Scheduler.ThreadCount, "every finished thread was removed");
            t.True(PageAllocator.UsedPages <= usedPages + 64, "stacks went back to the page allocator (heap growth aside)");
        }
    }

    internal static class KernelThreadExtensions
    {
        public static KernelThread Also(this KernelThread thread, Action<KernelThread> action)
        {
            action(thread);
            return thread;
        }
    }
}
