using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Sing.Conformance
{
    /// <summary>Threads, locks, tasks and async/await, printing only what does not depend on timing: results of
    /// joins and waits, counters kept under a lock, task results and exceptions, the order a program imposes.</summary>
    internal static class ThreadingChecks
    {
        private static readonly object s_gate = new object();
        private static int s_counter;

        public static void Run()
        {
            Threads();
            Locks();
            WaitHandles();
            Tasks();
            Async().GetAwaiter().GetResult();
            Cancellation();
            Extras();
        }

        private static void Threads()
        {
            var results = new int[4];
            var threads = new List<Thread>();
            for (int i = 0; i < 4; i++)
            {
                int index = i;
                var thread = new Thread(() => results[index] = Enumerable.Range(1, 100 * (index + 1)).Sum());
                threads.Add(thread);
                thread.Start();
            }
            foreach (Thread thread in threads) thread.Join();
            Check.Line("thread.results", results);
            Check.Line("thread.alive-after-join", threads.Any(t => t.IsAlive));
            Check.Line("thread.state", threads[0].ThreadState);
            var parameterized = new Thread(o => results[0] = (int)o * 2);
            parameterized.Start(21);
            Check.Line("thread.join-timeout", parameterized.Join(5000));
            Check.Line("thread.parameter", results[0]);
            var unstarted = new Thread(() => { });
            Check.Line("thread.unstarted", unstarted.ThreadState);
            try
            {
                unstarted.Join();
            }
            catch (ThreadStateException e)
            {
                Check.Line("thread.join-unstarted", e.Message);
            }
            unstarted.Start();
            unstarted.Join();
            try
            {
                unstarted.Start();
            }
            catch (ThreadStateException e)
            {
                Check.Line("thread.restart", e.Message);
            }
            try
            {
                new Thread(() => { }).Start("x");
            }
            catch (InvalidOperationException e)
            {
                Check.Line("thread.start-parameter", e.Message);
            }
            var named = new Thread(() => { }) { Name = "worker", IsBackground = true };
            Check.Line("thread.name", named.Name + " " + named.IsBackground);
            Check.Line("thread.current", Thread.CurrentThread.ManagedThreadId == Thread.CurrentThread.ManagedThreadId);
            int otherId = 0;
            var other = new Thread(() => otherId = Thread.CurrentThread.ManagedThreadId);
            other.Start();
            other.Join();
            Check.Line("thread.ids-differ", otherId != Thread.CurrentThread.ManagedThreadId && otherId == other.ManagedThreadId);
        }

        private static void Locks()
        {
            s_counter = 0;
            var threads = Enumerable.Range(0, 4).Select(_ => new Thread(() =>
            {
                for (int i = 0; i < 2000; i++)
                {
                    lock (s_gate)
                    {
                        int value = s_counter;
                        if (i % 100 == 0) Thread.Yield();
                        s_counter = value + 1;
                    }
                }
            })).ToList();
            threads.ForEach(t => t.Start());
            threads.ForEach(t => t.Join());
            Check.Line("lock.counter", s_counter);
            lock (s_gate)
            {
                lock (s_gate) Check.Line("lock.recursive", Monitor.IsEntered(s_gate));
            }
            Check.Line("lock.released", Monitor.IsEntered(s_gate));
            try
            {
                Monitor.Exit(s_gate);
            }
            catch (SynchronizationLockException e)
            {
                Check.Line("lock.exit-unowned", e.Message);
            }
            try
            {
                Monitor.Enter(null);
            }
            catch (ArgumentNullException e)
            {
                Check.Line("lock.null", e.Message);
            }
            bool taken = false;
            Monitor.TryEnter(s_gate, ref taken);
            Check.Line("lock.tryenter", taken);
            Monitor.Exit(s_gate);

            // Producer and consumer with Wait/Pulse: the consumer sees every item in order.
            var queue = new Queue<int>();
            var consumed = new List<int>();
            var consumer = new Thread(() =>
            {
                while (true)
                {
                    int item;
                    lock (queue)
                    {
                        while (queue.Count == 0) Monitor.Wait(queue);
                        item = queue.Dequeue();
                    }
                    if (item < 0) break;
                    consumed.Add(item);
                }
            });
            consumer.Start();
            for (int i = 1; i <= 50; i++)
            {
                lock (queue)
                {
                    queue.Enqueue(i == 50 ? -1 : i * i);
                    Monitor.Pulse(queue);
                }
            }
            consumer.Join();
            Check.Line("monitor.consumed", consumed.Count + " " + consumed.Sum() + " " + consumed.SequenceEqual(consumed.OrderBy(x => x)));
            lock (s_gate) Check.Line("monitor.wait-timeout", Monitor.Wait(s_gate, 10));
            try
            {
                Monitor.Pulse(queue);
            }
            catch (SynchronizationLockException e)
            {
                Check.Line("monitor.pulse-unowned", e.GetType().Name);
            }

            // A lock held deep, waited on and pulsed comes back as deep; a lock of a string literal and of a type.
            var deep = new object();
            var waker = new Thread(() =>
            {
                lock (deep) Monitor.Pulse(deep);
            });
            lock (deep)
            {
                Monitor.Enter(deep);
                Monitor.Enter(deep);
                waker.Start();
                Check.Line("monitor.deep-wait", Monitor.Wait(deep, 60_000));
                Monitor.Exit(deep);
                Monitor.Exit(deep);
                Check.Line("monitor.deep-after-wait", Monitor.IsEntered(deep));
            }
            waker.Join();
            Check.Line("monitor.deep-released", Monitor.IsEntered(deep));
            lock ("literal") lock (typeof(ThreadingChecks)) Check.Line("lock.literal-and-type", Monitor.IsEntered("literal") && Monitor.IsEntered(typeof(ThreadingChecks)));

            // Held by another thread: TryEnter fails at once and after a timeout, Exit from here is refused, and the
            // lock is free again for this thread once the holder lets go.
            var held = new object();
            using var holding = new ManualResetEventSlim();
            using var letGo = new ManualResetEventSlim();
            var holder = new Thread(() =>
            {
                lock (held)
                {
                    lock (held)
                    {
                        holding.Set();
                        letGo.Wait();
                    }
                }
            });
            holder.Start();
            holding.Wait();
            Check.Line("lock.other-tryenter", Monitor.TryEnter(held) + " " + Monitor.TryEnter(held, 5));
            try
            {
                Monitor.Exit(held);
            }
            catch (SynchronizationLockException)
            {
                Check.Line("lock.other-exit", "refused");
            }
            letGo.Set();
            holder.Join();
            Check.Line("lock.after-holder", Monitor.TryEnter(held) + " " + Monitor.IsEntered(held));
            Monitor.Exit(held);
            Check.Line("lock.after-exit", Monitor.IsEntered(held));

            var newLock = new Lock();
            int guarded = 0;
            var lockers = Enumerable.Range(0, 3).Select(_ => new Thread(() =>
            {
                for (int i = 0; i < 500; i++)
                {
                    lock (newLock) guarded++;
                }
            })).ToList();
            lockers.ForEach(t => t.Start());
            lockers.ForEach(t => t.Join());
            Check.Line("lock-type.counter", guarded);
            Check.Line("lock-type.held", newLock.IsHeldByCurrentThread);
        }

        private static void WaitHandles()
        {
            using var ready = new ManualResetEvent(false);
            using var done = new AutoResetEvent(false);
            int seen = 0;
            var worker = new Thread(() =>
            {
                ready.WaitOne();
                seen = 42;
                done.Set();
            });
            worker.Start();
            Check.Line("event.before", done.WaitOne(0));
            ready.Set();
            Check.Line("event.done", done.WaitOne(5000) + " " + seen);
            Check.Line("event.auto-reset", done.WaitOne(0));
            Check.Line("event.manual-stays", ready.WaitOne(0));
            Check.Line("event.any", WaitHandle.WaitAny(new WaitHandle[] { done, ready }, 1000));
            worker.Join();

            var countdown = new CountdownEvent(3);
            for (int i = 0; i < 3; i++) new Thread(() => countdown.Signal()).Start();
            Check.Line("countdown", countdown.Wait(5000) + " " + countdown.CurrentCount);
            try
            {
                countdown.Signal();
            }
            catch (InvalidOperationException e)
            {
                Check.Line("countdown.below-zero", e.Message);
            }

            var semaphore = new SemaphoreSlim(2, 2);
            int inside = 0, most = 0;
            var users = Enumerable.Range(0, 6).Select(_ => new Thread(() =>
            {
                semaphore.Wait();
                int now = Interlocked.Increment(ref inside);
                lock (s_gate) most = Math.Max(most, now);
                Thread.Sleep(2);
                Interlocked.Decrement(ref inside);
                semaphore.Release();
            })).ToList();
            users.ForEach(t => t.Start());
            users.ForEach(t => t.Join());
            Check.Line("semaphore.most-inside", most <= 2 && most >= 1);
            Check.Line("semaphore.count", semaphore.CurrentCount);
            try
            {
                semaphore.Release();
            }
            catch (SemaphoreFullException e)
            {
                Check.Line("semaphore.full", e.Message);
            }

            var slim = new ManualResetEventSlim();
            Check.Line("slim.wait-timeout", slim.Wait(5));
            new Thread(() => slim.Set()).Start();
            Check.Line("slim.set", slim.Wait(5000) + " " + slim.IsSet);
        }

        private static void Tasks()
        {
            Task<int> sum = Task.Run(() => Enumerable.Range(1, 1000).Sum());
            Check.Line("task.result", sum.Result);
            Check.Line("task.status", sum.Status);
            Task<int>[] many = Enumerable.Range(1, 8).Select(i => Task.Run(() => i * i)).ToArray();
            Task.WaitAll(many);
            Check.Line("task.waitall", many.Select(t => t.Result));
            Check.Line("task.whenall", Task.WhenAll(many).Result);
            Task faulted = Task.Run(() => throw new InvalidOperationException("broken"));
            try
            {
                faulted.Wait();
            }
            catch (AggregateException e)
            {
                Check.Line("task.aggregate", e.Message);
                Check.Line("task.inner", e.InnerException.GetType().Name + ": " + e.InnerException.Message);
            }
            Check.Line("task.faulted", faulted.IsFaulted + " " + faulted.Status);
            Check.Line("task.exception", faulted.Exception.InnerExceptions.Count);
            Task<string> continued = Task.Run(() => 20).ContinueWith(t => "got " + (t.Result + 1));
            Check.Line("task.continuewith", continued.Result);
            var tcs = new TaskCompletionSource<string>();
            new Thread(() => tcs.SetResult("from a thread")).Start();
            Check.Line("tcs.result", tcs.Task.Result);
            try
            {
                tcs.SetResult("again");
            }
            catch (InvalidOperationException e)
            {
                Check.Line("tcs.twice", e.Message);
            }
            Check.Line("tcs.tryset", tcs.TrySetResult("again"));
            Check.Line("task.fromresult", Task.FromResult(7).Result);
            Check.Line("task.completed", Task.CompletedTask.IsCompletedSuccessfully);
            Task<Task> first = Task.WhenAny(Task.Delay(10_000), Task.FromResult(1));
            Check.Line("task.whenany", first.Result.IsCompletedSuccessfully);
            Check.Line("task.waitany", Task.WaitAny(new Task[] { Task.Delay(10_000), Task.FromResult(2) }));
            var errors = Task.WhenAll(Task.FromException(new ArgumentException("a")), Task.FromException(new FormatException("b")));
            try
            {
                errors.Wait();
            }
            catch (AggregateException e)
            {
                Check.Line("task.whenall-errors", e.InnerExceptions.Select(x => x.GetType().Name));
                Check.Line("task.whenall-message", e.Message);
            }
            Task delayed = Task.Delay(20);
            Check.Line("task.delay", delayed.Wait(5000) + " " + delayed.Status);
            Check.Line("task.factory", Task.Factory.StartNew(() => "started").Result);
            var unstarted = new Task<int>(() => 5);
            Check.Line("task.created", unstarted.Status);
            unstarted.Start();
            Check.Line("task.started", unstarted.Result);
        }

        private static async Task<int> DoubleLater(int value)
        {
            await Task.Delay(5);
            return value * 2;
        }

        private static async Task<int> Chain(int depth)
        {
            if (depth == 0) return 0;
            int below = await Chain(depth - 1);
            await Task.Yield();
            return below + depth;
        }

        private static async Task ThrowLater()
        {
            await Task.Delay(1);
            throw new InvalidOperationException("async failure");
        }

        private static async Task Async()
        {
            Check.Line("async.await", await DoubleLater(21));
            Check.Line("async.chain", await Chain(10));
            int[] doubled = await Task.WhenAll(Enumerable.Range(1, 5).Select(DoubleLater));
            Check.Line("async.whenall", doubled);
            try
            {
                await ThrowLater();
            }
            catch (InvalidOperationException e)
            {
                Check.Line("async.exception", e.Message);
            }
            Task failing = ThrowLater();
            try
            {
                failing.Wait();
            }
            catch (AggregateException e)
            {
                Check.Line("async.wait-exception", e.InnerException.Message);
            }
            int total = 0;
            foreach (int i in Enumerable.Range(1, 5)) total += await Task.Run(() => i);
            Check.Line("async.loop", total);
            string configured = await Task.Run(() => "configured").ConfigureAwait(false);
            Check.Line("async.configureawait", configured);
            var semaphore = new SemaphoreSlim(1);
            await semaphore.WaitAsync();
            Task second = semaphore.WaitAsync();
            Check.Line("async.semaphore-queued", second.IsCompleted);
            semaphore.Release();
            await second;
            Check.Line("async.semaphore-granted", second.IsCompletedSuccessfully);
        }

        private static void Cancellation()
        {
            var source = new CancellationTokenSource();
            CancellationToken token = source.Token;
            var order = new List<string>();
            token.Register(() => order.Add("first"));
            token.Register(() => order.Add("second"));
            Check.Line("cancel.before", token.IsCancellationRequested + " " + token.CanBeCanceled);
            source.Cancel();
            Check.Line("cancel.after", token.IsCancellationRequested);
            Check.Line("cancel.callbacks", order);
            try
            {
                token.ThrowIfCancellationRequested();
            }
            catch (OperationCanceledException e)
            {
                Check.Line("cancel.throw", e.Message + " " + (e.CancellationToken == token));
            }
            Check.Line("cancel.none", CancellationToken.None.CanBeCanceled);
            Task canceled = Task.Run(() => { }, token);
            try
            {
                canceled.Wait();
            }
            catch (AggregateException e)
            {
                Check.Line("cancel.task", e.InnerException.GetType().Name + ": " + e.InnerException.Message);
            }
            Check.Line("cancel.task-status", canceled.Status);
            var timed = new CancellationTokenSource(20);
            try
            {
                Task.Delay(10_000, timed.Token).Wait();
            }
            catch (AggregateException e)
            {
                Check.Line("cancel.delay", e.InnerException.GetType().Name);
            }
            try
            {
                AwaitCanceled(timed.Token).GetAwaiter().GetResult();
            }
            catch (TaskCanceledException e)
            {
                Check.Line("cancel.await", e.Message);
            }
            var linked = CancellationTokenSource.CreateLinkedTokenSource(new CancellationTokenSource().Token, timed.Token);
            Check.Line("cancel.linked", linked.IsCancellationRequested);
        }

        private static async Task AwaitCanceled(CancellationToken token) => await Task.Delay(10_000, token);

        private static async ValueTask<int> Cached(int x, bool wait)
        {
            if (wait) await Task.Delay(1);
            return x + 1;
        }

        private static async ValueTask Nothing(bool wait)
        {
            if (wait) await Task.Yield();
        }

        private static async ValueTask<int> Broken()
        {
            await Task.Yield();
            throw new FormatException("value task fault");
        }

        /// <summary>ValueTask (sync and async completion) and ThreadLocal.</summary>
        public static void Extras()
        {
            ValueTask<int> now = Cached(1, false);
            Check.Line("valuetask.sync", now.IsCompletedSuccessfully + " " + now.Result);
            ValueTask<int> later = Cached(2, true);
            Check.Line("valuetask.async", later.AsTask().Result);
            Check.Line("valuetask.await", AwaitBoth().GetAwaiter().GetResult());
            Check.Line("valuetask.void", Nothing(false).IsCompleted + " " + Nothing(true).AsTask().Wait(5000));
            try
            {
                Broken().AsTask().Wait();
            }
            catch (AggregateException e)
            {
                Check.Line("valuetask.fault", e.InnerException.Message);
            }
            Check.Line("valuetask.fromresult", ValueTask.FromResult("v").Result);
            Check.Line("valuetask.equal", new ValueTask<int>(5) == new ValueTask<int>(5));

            using var local = new ThreadLocal<int>(() => 10, trackAllValues: true);
            local.Value += 1;
            var seen = new int[3];
            var threads = Enumerable.Range(0, 3).Select(i => new Thread(() =>
            {
                local.Value += i;
                seen[i] = local.Value;
            })).ToList();
            threads.ForEach(t => t.Start());
            threads.ForEach(t => t.Join());
            Check.Line("threadlocal.mine", local.Value + " " + local.IsValueCreated);
            Check.Line("threadlocal.theirs", seen);
            Check.Line("threadlocal.values", local.Values.OrderBy(v => v));
        }

        private static async Task<int> AwaitBoth() => await Cached(3, false) + await Cached(4, true);
    }
}

namespace Sing.Conformance
{
    using System.Collections.Concurrent;

    /// <summary>Concurrent collections and Parallel loops, printing what does not depend on scheduling.</summary>
    internal static class ConcurrentChecks
    {
        public static void Run()
        {
            var squares = new ConcurrentDictionary<int, int>();
            Parallel.For(0, 12, i => squares[i] = i * i);
            Check.Line("cdict.order", squares.Select(p => p.Key + "=" + p.Value));
            Check.Line("cdict.count", squares.Count);
            Check.Line("cdict.tryadd", squares.TryAdd(3, 0) + " " + squares.TryAdd(40, 1600));
            Check.Line("cdict.getoradd", squares.GetOrAdd(5, k => -1) + " " + squares.GetOrAdd(50, k => k * 2));
            Check.Line("cdict.tryremove", squares.TryRemove(40, out int removed) + " " + removed);
            Check.Line("cdict.tryupdate", squares.TryUpdate(2, 20, 4) + " " + squares.TryUpdate(2, 30, 4) + " " + squares[2]);
            var words = new ConcurrentDictionary<string, int>(StringComparer.Ordinal);
            string[] text = "a b a c b a d a b c".Split(' ');
            Parallel.ForEach(text, w => words.AddOrUpdate(w, 1, (_, n) => n + 1));
            Check.Line("cdict.addorupdate", words.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => p.Key + ":" + p.Value));
            try
            {
                _ = squares[999];
            }
            catch (KeyNotFoundException e)
            {
                Check.Line("cdict.missing", e.Message);
            }
            var big = new ConcurrentDictionary<int, bool>();
            for (int i = 0; i < 20; i++) big[i * 7] = true;
            Check.Line("cdict.grown", big.Keys.OrderBy(k => k).Sum() + " " + big.Count);

            var queue = new ConcurrentQueue<int>(Enumerable.Range(1, 5));
            queue.Enqueue(6);
            Check.Line("cqueue", queue.TryDequeue(out int head) + " " + head + " " + string.Join(",", queue));
            var stack = new ConcurrentStack<string>();
            stack.Push("a");
            stack.PushRange(new[] { "b", "c" });
            Check.Line("cstack", stack.TryPop(out string top) + " " + top + " " + string.Join(",", stack));
            var bag = new ConcurrentBag<int>();
            Parallel.For(0, 100, i => bag.Add(i));
            Check.Line("cbag", bag.Count + " " + bag.Sum());

            using var pipe = new BlockingCollection<int>(4);
            var producer = Task.Run(() =>
            {
                for (int i = 1; i <= 100; i++) pipe.Add(i);
                pipe.CompleteAdding();
            });
            int consumed = 0, items = 0;
            foreach (int item in pipe.GetConsumingEnumerable())
            {
                consumed += item;
                items++;
            }
            producer.Wait();
            Check.Line("blocking", items + " " + consumed + " " + pipe.IsCompleted);
            try
            {
                pipe.Add(1);
            }
            catch (InvalidOperationException e)
            {
                Check.Line("blocking.completed", e.Message);
            }

            long total = 0;
            Parallel.For(1, 1001, i => Interlocked.Add(ref total, i));
            Check.Line("parallel.for", total);
            var invoked = new ConcurrentBag<string>();
            Parallel.Invoke(() => invoked.Add("x"), () => invoked.Add("y"), () => invoked.Add("z"));
            Check.Line("parallel.invoke", invoked.OrderBy(s => s, StringComparer.Ordinal));
            ParallelLoopResult stopped = Parallel.For(0, 1000, (i, state) => { if (i == 10) state.Stop(); });
            Check.Line("parallel.stop", stopped.IsCompleted);
            ParallelLoopResult full = Parallel.For(0, 10, i => { });
            Check.Line("parallel.completed", full.IsCompleted + " " + full.LowestBreakIteration.HasValue);
            try
            {
                Parallel.For(0, 4, i => { if (i == 2) throw new InvalidOperationException("iteration " + i); });
            }
            catch (AggregateException e)
            {
                Check.Line("parallel.exception", e.InnerExceptions.Count + " " + e.InnerException.Message);
            }
            var options = new ParallelOptions { MaxDegreeOfParallelism = 2 };
            int maxSeen = 0, inside = 0;
            Parallel.For(0, 20, options, i =>
            {
                int now = Interlocked.Increment(ref inside);
                lock (options) maxSeen = Math.Max(maxSeen, now);
                Thread.Sleep(1);
                Interlocked.Decrement(ref inside);
            });
            Check.Line("parallel.max-degree", maxSeen <= 2);
        }
    }
}
