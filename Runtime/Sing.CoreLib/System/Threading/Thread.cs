using System.Collections.Generic;
using System.Runtime.InteropServices;
using Internal.Runtime;

namespace System.Threading
{
    public delegate void ThreadStart();

    public delegate void ParameterizedThreadStart(object obj);

    [Flags]
    public enum ThreadState
    {
        Running = 0,
        StopRequested = 1,
        SuspendRequested = 2,
        Background = 4,
        Unstarted = 8,
        Stopped = 16,
        WaitSleepJoin = 32,
        Suspended = 64,
        AbortRequested = 128,
        Aborted = 256,
    }

    public enum ThreadPriority
    {
        Lowest,
        BelowNormal,
        Normal,
        AboveNormal,
        Highest,
    }

    /// <summary>A thread of this process: a kernel thread that runs the delegate and ends with it. The process lives
    /// on while a foreground thread runs (the SIP runtime waits for them after Main returns, as .NET does); an
    /// exception no code of the thread catches ends the process, as in .NET. Join waits on the Thread object's own
    /// lock, so no kernel handle is kept per thread. The kernel's thread quota bounds how many run at once.</summary>
    public sealed unsafe class Thread
    {
        private const int NotStarted = 0, Alive = 1, Finished = 2;
        private const int StartSlots = 128;

        private static readonly Thread[] s_starting = new Thread[StartSlots];
        private static readonly Dictionary<int, Thread> s_running = new Dictionary<int, Thread>();
        private static readonly object s_foregroundLock = new object();
        private static int s_foreground;
        private static int s_nextId = 1;

        private readonly Delegate _start;
        private object _argument;
        private int _state;
        private bool _background;
        private string _name;
        private readonly int _id;

        public Thread(ThreadStart start) : this((Delegate)start, 0) { }

        public Thread(ThreadStart start, int maxStackSize) : this((Delegate)start, maxStackSize) { }

        public Thread(ParameterizedThreadStart start) : this((Delegate)start, 0) { }

        public Thread(ParameterizedThreadStart start, int maxStackSize) : this((Delegate)start, maxStackSize) { }

        private Thread(Delegate start, int maxStackSize)
        {
            if (start is null) throw new ArgumentNullException(nameof(start));
            if (maxStackSize < 0) throw new ArgumentOutOfRangeException(nameof(maxStackSize), "Non-negative number required.");
            _start = start;
            _id = Interlocked.Increment(ref s_nextId);
        }

        // A thread this class did not start (the process's first thread): it runs already.
        private Thread(int id)
        {
            _id = id;
            _state = Alive;
        }

        public int ManagedThreadId => _id;

        public bool IsAlive => Volatile.Read(ref _state) == Alive;

        public bool IsThreadPoolThread { get; internal set; }

        public ThreadPriority Priority { get; set; } = ThreadPriority.Normal;

        public string Name
        {
            get => _name;
            set
            {
                if (_name is not null && _name != value) throw new InvalidOperationException("This property has already been set and cannot be modified.");
                _name = value;
            }
        }

        public bool IsBackground
        {
            get => _background;
            set
            {
                if (Volatile.Read(ref _state) == Finished) throw new ThreadStateException("Thread is dead; state cannot be accessed.");
                lock (s_foregroundLock)
                {
                    if (_background == value) return;
                    _background = value;
                    if (_state == Alive && _start is not null) CountForeground(value ? -1 : 1);
                }
            }
        }

        public ThreadState ThreadState
        {
            get
            {
                ThreadState background = _background ? ThreadState.Background : 0;
                return Volatile.Read(ref _state) switch
                {
                    NotStarted => ThreadState.Unstarted | background,
                    Finished => ThreadState.Stopped | background,
                    _ => ThreadState.Running | background,
                };
            }
        }

        /// <summary>The running thread's Thread object (made on first use for the process's first thread).</summary>
        public static Thread CurrentThread
        {
            get
            {
                int key = Environment.CurrentManagedThreadId;
                ulong section = KernelWaits.EnterSection();
                s_running.TryGetValue(key, out Thread current);
                KernelWaits.ExitSection(section);
                if (current is not null) return current;
                // The first thread gets id 1, as .NET's main thread; later strangers (none today) the next number.
                var made = new Thread(s_running.Count == 0 && Volatile.Read(ref s_mainMade) == 0 ? 1 : Interlocked.Increment(ref s_nextId));
                Interlocked.Exchange(ref s_mainMade, 1);
                section = KernelWaits.EnterSection();
                if (!s_running.TryGetValue(key, out current))
                {
                    s_running[key] = made;
                    current = made;
                }
                KernelWaits.ExitSection(section);
                return current;
            }
        }

        private static int s_mainMade;

        public void Start() => StartCore(null);

        public void Start(object parameter)
        {
            if (_start is ThreadStart) throw new InvalidOperationException("The thread was created with a ThreadStart delegate that does not accept a parameter.");
            StartCore(parameter);
        }

        public void UnsafeStart() => Start();

        public void UnsafeStart(object parameter) => Start(parameter);

        private void StartCore(object parameter)
        {
            if (_start is null || Interlocked.CompareExchange(ref _state, Alive, NotStarted) != NotStarted)
                throw new ThreadStateException("Thread is running or terminated; it cannot restart.");
            if (!KernelWaits.HasThreads)
            {
                _state = NotStarted;
                throw new PlatformNotSupportedException("This object space has no threads to start.");
            }
            _argument = parameter;
            // Only a program that starts threads has foreground threads to wait for (and links this code at all).
            RuntimeHost.AfterMain = &WaitForForegroundThreads;
            int slot = ClaimSlot();
            lock (s_foregroundLock)
            {
                if (!_background) CountForeground(1);
            }
            if (!RuntimeHost.StartThread(&ThreadMain, slot))
            {
                Interlocked.Exchange(ref s_starting[slot], null);
                lock (s_foregroundLock)
                {
                    if (!_background) CountForeground(-1);
                }
                _state = NotStarted;
                throw new OutOfMemoryException("Thread failed to start: the kernel refused another thread for this process (its thread quota).");
            }
        }

        // The new thread finds its Thread object in a slot (no object reference crosses the kernel); the slot table is
        // a static, so the collector sees the object until the thread has taken it.
        private int ClaimSlot()
        {
            while (true)
            {
                for (int i = 0; i < StartSlots; i++)
                    if (Interlocked.CompareExchange(ref s_starting[i], this, null) is null) return i;
                KernelWaits.Yield();   // as many threads starting as slots: let them take theirs
            }
        }

        [UnmanagedCallersOnly]
        private static void ThreadMain(nint slot)
        {
            Thread thread = Interlocked.Exchange(ref s_starting[(int)slot], null);
            int key = Environment.CurrentManagedThreadId;
            ulong section = KernelWaits.EnterSection();
            s_running[key] = thread;
            KernelWaits.ExitSection(section);
            // An exception that escapes ends the process (the dispatcher finds no handler), as in .NET.
            if (thread._start is ThreadStart start) start();
            else ((ParameterizedThreadStart)thread._start)(thread._argument);
            section = KernelWaits.EnterSection();
            s_running.Remove(key);
            KernelWaits.ExitSection(section);
            thread._argument = null;
            lock (thread)
            {
                thread._state = Finished;
                Monitor.PulseAll(thread);
            }
            lock (s_foregroundLock)
            {
                if (!thread._background) CountForeground(-1);
            }
        }

        // Under s_foregroundLock.
        private static void CountForeground(int delta)
        {
            s_foreground += delta;
            if (s_foreground == 0) Monitor.PulseAll(s_foregroundLock);
        }

        /// <summary>Blocks until every foreground thread has ended (the SIP runtime calls it after Main returns).</summary>
        internal static void WaitForForegroundThreads()
        {
            lock (s_foregroundLock)
            {
                while (s_foreground > 0) Monitor.Wait(s_foregroundLock);
            }
        }

        public void Join() => Join(-1);

        public bool Join(TimeSpan timeout) => Join(KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        public bool Join(int millisecondsTimeout)
        {
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            if (Volatile.Read(ref _state) == NotStarted) throw new ThreadStateException("Thread has not been started.");
            if (_start is null) return Volatile.Read(ref _state) == Finished;   // the first thread never ends while joined
            long start = Environment.TickCount64;
            lock (this)
            {
                while (_state != Finished)
                {
                    int left = KernelWaits.Remaining(millisecondsTimeout, start);
                    if (left == 0) return false;
                    Monitor.Wait(this, left);
                }
            }
            return true;
        }

        public static void Sleep(int millisecondsTimeout)
        {
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            if (millisecondsTimeout == 0) KernelWaits.Yield();
            else KernelWaits.Sleep(millisecondsTimeout);
        }

        public static void Sleep(TimeSpan timeout) => Sleep(KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        public static bool Yield()
        {
            KernelWaits.Yield();
            return true;
        }

        public static void SpinWait(int iterations)
        {
            for (int i = 0; i < iterations; i++) Interlocked.MemoryBarrier();
        }

        public static int GetCurrentProcessorId() => 0;

        public static void MemoryBarrier() => Interlocked.MemoryBarrier();

        public override int GetHashCode() => _id;
    }

    public sealed class ThreadStateException : SystemException
    {
        public ThreadStateException() : base("Thread was in an invalid state for the operation being executed.") { }
        public ThreadStateException(string message) : base(message) { }
        public ThreadStateException(string message, Exception innerException) : base(message, innerException) { }
    }

    public sealed class ThreadStartException : SystemException
    {
        public ThreadStartException() : base("Thread failed to start.") { }
        public ThreadStartException(string message) : base(message) { }
        public ThreadStartException(string message, Exception innerException) : base(message, innerException) { }
    }

    public static class Timeout
    {
        public const int Infinite = -1;
        public static readonly TimeSpan InfiniteTimeSpan = new TimeSpan(0, 0, 0, 0, -1);
    }
}

