using System.Collections.Generic;

namespace System.Threading
{
    /// <summary>Timed callbacks (Task.Delay, CancelAfter, Timer): one background thread sleeps until the earliest is
    /// due and hands due ones to the thread pool, so a slow callback delays no other.</summary>
    internal static class TimerQueue
    {
        private static readonly object s_lock = new object();
        private static readonly List<Entry> s_entries = new List<Entry>();   // by due time, earliest first
        private static bool s_threadStarted;

        internal sealed class Entry
        {
            public long Due;
            public Action<object> Callback;
            public object State;
            public bool Canceled;

            public void Cancel()
            {
                lock (s_lock)
                {
                    Canceled = true;
                    s_entries.Remove(this);
                }
            }
        }

        public static Entry Schedule(int milliseconds, Action<object> callback, object state)
        {
            var entry = new Entry { Due = Environment.TickCount64 + milliseconds, Callback = callback, State = state };
            lock (s_lock)
            {
                int at = s_entries.Count;
                while (at > 0 && s_entries[at - 1].Due > entry.Due) at--;
                s_entries.Insert(at, entry);
                if (!s_threadStarted)
                {
                    s_threadStarted = true;
                    new Thread(Run) { IsBackground = true, Name = ".NET Timer" }.Start();
                }
                Monitor.PulseAll(s_lock);
            }
            return entry;
        }

        private static void Run()
        {
            var due = new List<Entry>();
            while (true)
            {
                lock (s_lock)
                {
                    while (true)
                    {
                        long now = Environment.TickCount64;
                        while (s_entries.Count > 0 && s_entries[0].Due <= now)
                        {
                            due.Add(s_entries[0]);
                            s_entries.RemoveAt(0);
                        }
                        if (due.Count > 0) break;
                        Monitor.Wait(s_lock, s_entries.Count == 0 ? -1 : (int)Math.Min(int.MaxValue, s_entries[0].Due - now));
                    }
                }
                foreach (Entry entry in due)
                    if (!entry.Canceled) ThreadPool.UnsafeQueueUserWorkItem(entry.Callback, entry.State, false);
                due.Clear();
            }
        }
    }

    public delegate void TimerCallback(object state);

    /// <summary>Calls back on the thread pool after a due time, then every period (Timeout.Infinite: once).</summary>
    public sealed class Timer : IDisposable
    {
        private readonly TimerCallback _callback;
        private readonly object _state;
        private readonly object _lock = new object();
        private TimerQueue.Entry _entry;
        private int _period;
        private bool _disposed;

        public Timer(TimerCallback callback) : this(callback, null, -1, -1) { }

        public Timer(TimerCallback callback, object state, int dueTime, int period)
        {
            _callback = callback ?? throw new ArgumentNullException(nameof(callback));
            _state = state;
            Change(dueTime, period);
        }

        public Timer(TimerCallback callback, object state, TimeSpan dueTime, TimeSpan period)
            : this(callback, state, KernelWaits.ToMilliseconds(dueTime, nameof(dueTime)), KernelWaits.ToMilliseconds(period, nameof(period))) { }

        public Timer(TimerCallback callback, object state, long dueTime, long period) : this(callback, state, checked((int)dueTime), checked((int)period)) { }

        public bool Change(TimeSpan dueTime, TimeSpan period) =>
            Change(KernelWaits.ToMilliseconds(dueTime, nameof(dueTime)), KernelWaits.ToMilliseconds(period, nameof(period)));

        public bool Change(long dueTime, long period) => Change(checked((int)dueTime), checked((int)period));

        public bool Change(int dueTime, int period)
        {
            if (dueTime < -1) throw new ArgumentOutOfRangeException(nameof(dueTime), "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
            if (period < -1) throw new ArgumentOutOfRangeException(nameof(period), "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
            lock (_lock)
            {
                if (_disposed) throw new ObjectDisposedException(null, "Cannot access a disposed object.");
                _entry?.Cancel();
                _entry = null;
                _period = period;
                if (dueTime != -1) _entry = TimerQueue.Schedule(dueTime, static s => ((Timer)s).Fire(), this);
            }
            return true;
        }

        private void Fire()
        {
            lock (_lock)
            {
                if (_disposed) return;
                _entry = _period > 0 ? TimerQueue.Schedule(_period, static s => ((Timer)s).Fire(), this) : null;
            }
            _callback(_state);
        }

        public void Dispose()
        {
            lock (_lock)
            {
                _disposed = true;
                _entry?.Cancel();
                _entry = null;
            }
        }
    }
}
