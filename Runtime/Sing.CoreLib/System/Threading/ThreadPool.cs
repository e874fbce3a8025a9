using System.Collections.Generic;

namespace System.Threading
{
    public delegate void WaitCallback(object state);

    /// <summary>Background worker threads that run queued work in order. A worker is added whenever work is queued and
    /// none is idle (up to <see cref="MaxWorkers"/>), so work that blocks waiting for other queued work does not starve
    /// the pool; workers stay for later work.</summary>
    public static class ThreadPool
    {
        /// <summary>Most workers at once: room for blocked ones, well inside the process's thread quota.</summary>
        private const int MaxWorkers = 32;

        private static readonly object s_lock = new object();
        private static readonly Queue<(Action<object> Work, object State)> s_queue = new Queue<(Action<object>, object)>();
        private static int s_workers, s_idle;
        private static long s_completed;

        public static int ThreadCount => Volatile.Read(ref s_workers);

        public static long PendingWorkItemCount
        {
            get
            {
                lock (s_lock) return s_queue.Count;
            }
        }

        public static long CompletedWorkItemCount => Interlocked.Add(ref s_completed, 0);

        public static bool QueueUserWorkItem(WaitCallback callBack) => QueueUserWorkItem(callBack, null);

        public static bool QueueUserWorkItem(WaitCallback callBack, object state)
        {
            if (callBack is null) throw new ArgumentNullException(nameof(callBack));
            Enqueue(static s => { var (cb, st) = ((WaitCallback, object))s; cb(st); }, (callBack, state));
            return true;
        }

        public static bool QueueUserWorkItem<TState>(Action<TState> callBack, TState state, bool preferLocal)
        {
            if (callBack is null) throw new ArgumentNullException(nameof(callBack));
            Enqueue(static s => { var (cb, st) = ((Action<TState>, TState))s; cb(st); }, (callBack, state));
            return true;
        }

        public static bool UnsafeQueueUserWorkItem(WaitCallback callBack, object state) => QueueUserWorkItem(callBack, state);

        public static bool UnsafeQueueUserWorkItem<TState>(Action<TState> callBack, TState state, bool preferLocal) =>
            QueueUserWorkItem(callBack, state, preferLocal);

        public static bool GetMinThreads(out int workerThreads, out int completionPortThreads) => Report(1, out workerThreads, out completionPortThreads);

        public static bool GetMaxThreads(out int workerThreads, out int completionPortThreads) => Report(MaxWorkers, out workerThreads, out completionPortThreads);

        public static bool SetMinThreads(int workerThreads, int completionPortThreads) => workerThreads >= 0 && workerThreads <= MaxWorkers;

        public static bool SetMaxThreads(int workerThreads, int completionPortThreads) => false;

        private static bool Report(int value, out int workerThreads, out int completionPortThreads)
        {
            workerThreads = value;
            completionPortThreads = 0;
            return true;
        }

        internal static void Enqueue(Action<object> work, object state)
        {
            bool addWorker;
            lock (s_lock)
            {
                s_queue.Enqueue((work, state));
                addWorker = s_idle == 0 && s_workers < MaxWorkers;
                if (addWorker) s_workers++;
                else Monitor.Pulse(s_lock);
            }
            if (!addWorker) return;
            try
            {
                new Thread(Work) { IsBackground = true, IsThreadPoolThread = true, Name = ".NET ThreadPool Worker" }.Start();
            }
            catch (OutOfMemoryException)
            {
                // The thread quota is full: the workers there are take the work in turn.
                lock (s_lock) s_workers--;
                if (Volatile.Read(ref s_workers) == 0) throw;
            }
        }

        private static void Work()
        {
            while (true)
            {
                (Action<object> Work, object State) item;
                lock (s_lock)
                {
                    while (s_queue.Count == 0)
                    {
                        s_idle++;
                        Monitor.Wait(s_lock);
                        s_idle--;
                    }
                    item = s_queue.Dequeue();
                }
                item.Work(item.State);   // an exception that escapes ends the process, as in .NET
                Interlocked.Increment(ref s_completed);
            }
        }
    }
}
