namespace System.Threading
{
    /// <summary>An event waited on with Monitor (no kernel handle unless someone waits: none at all here).</summary>
    public class ManualResetEventSlim : IDisposable
    {
        private readonly object _lock = new object();
        private volatile bool _set;

        public ManualResetEventSlim() : this(false) { }

        public ManualResetEventSlim(bool initialState) { _set = initialState; }

        public ManualResetEventSlim(bool initialState, int spinCount) : this(initialState)
        {
            if (spinCount < 0 || spinCount > 2047)
                throw new ArgumentOutOfRangeException(nameof(spinCount), spinCount, "The spinCount argument must be in the range 0 to 2047, inclusive.");
        }

        public bool IsSet => _set;

        public int SpinCount => 35;

        public void Set()
        {
            lock (_lock)
            {
                _set = true;
                Monitor.PulseAll(_lock);
            }
        }

        public void Reset() => _set = false;

        public void Wait() => Wait(-1, default);

        public bool Wait(int millisecondsTimeout) => Wait(millisecondsTimeout, default);

        public bool Wait(TimeSpan timeout) => Wait(KernelWaits.ToMilliseconds(timeout, nameof(timeout)), default);

        public void Wait(CancellationToken cancellationToken) => Wait(-1, cancellationToken);

        public bool Wait(TimeSpan timeout, CancellationToken cancellationToken) => Wait(KernelWaits.ToMilliseconds(timeout, nameof(timeout)), cancellationToken);

        public bool Wait(int millisecondsTimeout, CancellationToken cancellationToken)
        {
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            cancellationToken.ThrowIfCancellationRequested();
            if (_set) return true;
            using CancellationTokenRegistration registration = cancellationToken.CanBeCanceled ? cancellationToken.Register(Wake) : default;
            long start = Environment.TickCount64;
            lock (_lock)
            {
                while (!_set)
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    int left = KernelWaits.Remaining(millisecondsTimeout, start);
                    if (left == 0) return false;
                    Monitor.Wait(_lock, left);
                }
            }
            return true;
        }

        private void Wake()
        {
            lock (_lock) Monitor.PulseAll(_lock);
        }

        public void Dispose() { }
    }

    /// <summary>A counting semaphore over Monitor; WaitAsync hands out tasks completed as permits come back.</summary>
    public class SemaphoreSlim : IDisposable
    {
        private readonly object _lock = new object();
        private readonly int _max;
        private int _count;
        private readonly System.Collections.Generic.Queue<Tasks.TaskCompletionSource<bool>> _asyncWaiters = new System.Collections.Generic.Queue<Tasks.TaskCompletionSource<bool>>();

        public SemaphoreSlim(int initialCount) : this(initialCount, int.MaxValue) { }

        public SemaphoreSlim(int initialCount, int maxCount)
        {
            if (initialCount < 0 || initialCount > maxCount)
                throw new ArgumentOutOfRangeException(nameof(initialCount), initialCount, "The initialCount argument must be non-negative and less than or equal to the maximumCount.");
            if (maxCount <= 0) throw new ArgumentOutOfRangeException(nameof(maxCount), maxCount, "The maximumCount argument must be a positive number. If a maximum is not required, use the constructor without a maxCount parameter.");
            _count = initialCount;
            _max = maxCount;
        }

        public int CurrentCount => Volatile.Read(ref _count);

        public void Wait() => Wait(-1, default);

        public bool Wait(int millisecondsTimeout) => Wait(millisecondsTimeout, default);

        public bool Wait(TimeSpan timeout) => Wait(KernelWaits.ToMilliseconds(timeout, nameof(timeout)), default);

        public void Wait(CancellationToken cancellationToken) => Wait(-1, cancellationToken);

        public bool Wait(int millisecondsTimeout, CancellationToken cancellationToken)
        {
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            cancellationToken.ThrowIfCancellationRequested();
            using CancellationTokenRegistration registration = cancellationToken.CanBeCanceled ? cancellationToken.Register(Wake) : default;
            long start = Environment.TickCount64;
            lock (_lock)
            {
                while (_count == 0)
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    int left = KernelWaits.Remaining(millisecondsTimeout, start);
                    if (left == 0) return false;
                    Monitor.Wait(_lock, left);
                }
                _count--;
            }
            return true;
        }

        public Tasks.Task WaitAsync() => WaitAsync(-1, default);

        public Tasks.Task WaitAsync(CancellationToken cancellationToken) => WaitAsync(-1, cancellationToken);

        public Tasks.Task<bool> WaitAsync(int millisecondsTimeout) => WaitAsync(millisecondsTimeout, default);

        public Tasks.Task<bool> WaitAsync(TimeSpan timeout) => WaitAsync(KernelWaits.ToMilliseconds(timeout, nameof(timeout)), default);

        /// <summary>Completed at once with a free permit; otherwise queued and completed by a Release (in order).
        /// With a finite timeout it is waited for on the thread pool.</summary>
        public Tasks.Task<bool> WaitAsync(int millisecondsTimeout, CancellationToken cancellationToken)
        {
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            if (cancellationToken.IsCancellationRequested) return Tasks.Task.FromCanceled<bool>(cancellationToken);
            lock (_lock)
            {
                if (_count > 0)
                {
                    _count--;
                    return Tasks.Task.FromResult(true);
                }
                if (millisecondsTimeout == 0) return Tasks.Task.FromResult(false);
                if (millisecondsTimeout < 0 && !cancellationToken.CanBeCanceled)
                {
                    var waiter = new Tasks.TaskCompletionSource<bool>();
                    _asyncWaiters.Enqueue(waiter);
                    return waiter.Task;
                }
            }
            return Tasks.Task.Run(() => Wait(millisecondsTimeout, cancellationToken), cancellationToken);
        }

        public int Release() => Release(1);

        public int Release(int releaseCount)
        {
            if (releaseCount < 1) throw new ArgumentOutOfRangeException(nameof(releaseCount), releaseCount, "The releaseCount argument must be greater than zero.");
            int previous;
            var granted = new System.Collections.Generic.List<Tasks.TaskCompletionSource<bool>>();
            lock (_lock)
            {
                previous = _count;
                if (_max - _count < releaseCount) throw new SemaphoreFullException();
                int left = releaseCount;
                while (left > 0 && _asyncWaiters.Count > 0)
                {
                    granted.Add(_asyncWaiters.Dequeue());
                    left--;
                }
                _count += left;
                if (left > 0) Monitor.PulseAll(_lock);
            }
            foreach (Tasks.TaskCompletionSource<bool> waiter in granted) waiter.TrySetResult(true);
            return previous;
        }

        private void Wake()
        {
            lock (_lock) Monitor.PulseAll(_lock);
        }

        public void Dispose() { }
    }

    public class SemaphoreFullException : SystemException
    {
        public SemaphoreFullException() : base("Adding the specified count to the semaphore would cause it to exceed its maximum count.") { }
        public SemaphoreFullException(string message) : base(message) { }
    }

    /// <summary>Set once its count, taken down by Signal, reaches zero.</summary>
    public class CountdownEvent : IDisposable
    {
        private readonly ManualResetEventSlim _event;
        private int _initial;
        private int _current;

        public CountdownEvent(int initialCount)
        {
            if (initialCount < 0) throw new ArgumentOutOfRangeException(nameof(initialCount), initialCount, "Non-negative number required.");
            _initial = _current = initialCount;
            _event = new ManualResetEventSlim(initialCount == 0);
        }

        public int CurrentCount => Volatile.Read(ref _current);

        public int InitialCount => _initial;

        public bool IsSet => Volatile.Read(ref _current) == 0;

        public bool Signal() => Signal(1);

        public bool Signal(int signalCount)
        {
            if (signalCount <= 0) throw new ArgumentOutOfRangeException(nameof(signalCount), signalCount, "Positive number required.");
            while (true)
            {
                int current = Volatile.Read(ref _current);
                if (current < signalCount) throw new InvalidOperationException("Invalid attempt made to decrement the event's count below zero.");
                if (Interlocked.CompareExchange(ref _current, current - signalCount, current) != current) continue;
                if (current != signalCount) return false;
                _event.Set();
                return true;
            }
        }

        public void AddCount() => AddCount(1);

        public void AddCount(int signalCount)
        {
            if (!TryAddCount(signalCount)) throw new InvalidOperationException("The event is already signaled and cannot be incremented.");
        }

        public bool TryAddCount(int signalCount = 1)
        {
            if (signalCount <= 0) throw new ArgumentOutOfRangeException(nameof(signalCount), signalCount, "Positive number required.");
            while (true)
            {
                int current = Volatile.Read(ref _current);
                if (current == 0) return false;
                if (Interlocked.CompareExchange(ref _current, current + signalCount, current) == current) return true;
            }
        }

        public void Reset() => Reset(_initial);

        public void Reset(int count)
        {
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count), count, "Non-negative number required.");
            _current = count;
            _initial = count;
            if (count == 0) _event.Set(); else _event.Reset();
        }

        public void Wait() => _event.Wait();

        public bool Wait(int millisecondsTimeout) => _event.Wait(millisecondsTimeout);

        public bool Wait(TimeSpan timeout) => _event.Wait(timeout);

        public void Wait(CancellationToken cancellationToken) => _event.Wait(cancellationToken);

        public void Dispose() => _event.Dispose();
    }
}
