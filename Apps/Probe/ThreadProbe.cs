using System;
using System.Threading;
using System.Threading.Tasks;
using Singularity.V1;

namespace Sing.Apps.Probe
{
    /// <summary>System.Threading's process-level rules, which conformance output cannot show: a foreground thread
    /// keeps the process alive after Main returns (a background one does not), an exception on any thread ends the
    /// process, and the thread quota gives an exception, not a hang.</summary>
    internal static class ThreadProbe
    {
        /// <summary>Main returns at once; the foreground thread prints after it and the process ends after that line.</summary>
        public static int Foreground()
        {
            new Thread(() =>
            {
                Thread.Sleep(200);
                Debug.WriteLine("foreground thread: still running after Main returned");
            }).Start();
            new Thread(() =>
            {
                Thread.Sleep(60_000);
                Debug.WriteLine("background thread: this line must never appear");
            }) { IsBackground = true }.Start();
            Debug.WriteLine("main: returning 7");
            return 7;
        }

        /// <summary>Environment.Exit on a worker thread ends the process at once with its code, while Main and a
        /// foreground thread still wait.</summary>
        public static int Exit()
        {
            new Thread(() => Thread.Sleep(60_000)).Start();
            new Thread(() =>
            {
                Thread.Sleep(50);
                Environment.Exit(23);
                Debug.WriteLine("after Environment.Exit: this line must never appear");
            }).Start();
            Thread.Sleep(60_000);
            return 0;
        }

        /// <summary>A worker thread throws: the process ends with .NET's unhandled-exception code, not Main's 0.</summary>
        public static int Unhandled()
        {
            new Thread(() => throw new InvalidOperationException("thrown on a worker thread")).Start();
            Thread.Sleep(10_000);
            return 0;
        }

        /// <summary>A task's exception is kept in the task (no crash); an async void one ends the process.</summary>
        public static int AsyncVoid()
        {
            Task faulted = Task.Run(() => throw new FormatException("kept in the task"));
            try
            {
                faulted.Wait();
            }
            catch (AggregateException)
            {
                Debug.WriteLine("task fault observed; now an async void method throws");
            }
            Fire();
            Thread.Sleep(10_000);
            return 0;
        }

        private static async void Fire()
        {
            await Task.Yield();
            throw new InvalidOperationException("thrown by an async void method");
        }

        /// <summary>Starts blocked threads until the kernel refuses one: Start must throw, then everything ends.</summary>
        public static int Quota()
        {
            var release = new ManualResetEventSlim();
            var started = new System.Collections.Generic.List<Thread>();
            try
            {
                for (int i = 0; i < 10_000; i++)
                {
                    var thread = new Thread(() => release.Wait());
                    thread.Start();
                    started.Add(thread);
                }
                Debug.WriteLine("quota: 10000 threads started, none refused");
                return 1;
            }
            catch (OutOfMemoryException e)
            {
                Debug.WriteLine($"quota: thread {started.Count + 1} refused: {e.Message}");
            }
            release.Set();
            foreach (Thread thread in started)
                if (!thread.Join(10_000)) return 2;
            // The quota counts live threads: after the joins there is room again.
            var again = new Thread(() => { });
            again.Start();
            return again.Join(10_000) && started.Count > 10 ? 0 : 3;
        }

        /// <summary>Two threads take two locks in turn many times (no deadlock: the same order); the counter is exact.</summary>
        public static int Contended()
        {
            object a = new object(), b = new object();
            long counter = 0;
            var threads = new Thread[4];
            for (int t = 0; t < threads.Length; t++)
            {
                threads[t] = new Thread(() =>
                {
                    for (int i = 0; i < 5_000; i++)
                    {
                        lock (a)
                        {
                            lock (b) counter++;
                            if (i % 64 == 0) Thread.Yield();
                        }
                    }
                });
                threads[t].Start();
            }
            foreach (Thread thread in threads) thread.Join();
            Debug.WriteLine($"contended: counter {counter}");
            return counter == 20_000 ? 0 : 1;
        }
    }
}
