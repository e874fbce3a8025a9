using Internal.Runtime;

namespace System.Threading
{
    /// <summary>What System.Threading needs of the host, in one place: short sections no other thread of the process
    /// can interleave with (the kernel runs a process's threads on one CPU, so keeping the running thread from being
    /// preempted is mutual exclusion), and kernel events to block on. Without a host (the kernel's own corelib) the
    /// sections are plain code and a wait spins.</summary>
    internal static unsafe class KernelWaits
    {
        public const ulong Forever = ulong.MaxValue;

        /// <summary>Starts a section no other thread of the process runs in; nothing in it may block.</summary>
        public static ulong EnterSection() => RuntimeHost.EnterNoPreemption != null ? RuntimeHost.EnterNoPreemption() : 0;

        public static void ExitSection(ulong cookie)
        {
            if (RuntimeHost.ExitNoPreemption != null) RuntimeHost.ExitNoPreemption(cookie);
        }

        public static bool HasThreads => RuntimeHost.StartThread != null;

        /// <summary>A kernel event; OutOfMemoryException when the kernel has no more for this process.</summary>
        public static ulong NewEvent(bool manualReset, bool initiallySet)
        {
            if (RuntimeHost.CreateEvent == null) return 0;
            ulong handle = RuntimeHost.CreateEvent(manualReset, initiallySet);
            if (handle == 0) throw new OutOfMemoryException("The kernel refused another event for this process (its handle quota).");
            return handle;
        }

        public static void Set(ulong handle)
        {
            if (handle != 0 && RuntimeHost.SetEvent != null) RuntimeHost.SetEvent(handle);
        }

        public static void Reset(ulong handle)
        {
            if (handle != 0 && RuntimeHost.ResetEvent != null) RuntimeHost.ResetEvent(handle);
        }

        public static void Close(ulong handle)
        {
            if (handle != 0 && RuntimeHost.CloseEvent != null) RuntimeHost.CloseEvent(handle);
        }

        /// <summary>Waits for the event; false on timeout (milliseconds, -1 for ever).</summary>
        public static bool Wait(ulong handle, int millisecondsTimeout)
        {
            ulong h = handle;
            return WaitAny(&h, 1, millisecondsTimeout) == 0;
        }

        /// <summary>The index of the event that fired, or -1 on timeout (milliseconds, -1 for ever).</summary>
        public static int WaitAny(ulong* handles, int count, int millisecondsTimeout)
        {
            ulong timeout = millisecondsTimeout < 0 ? Forever : (ulong)millisecondsTimeout;
            if (RuntimeHost.WaitAny == null) return -1;
            return RuntimeHost.WaitAny(handles, count, timeout);
        }

        public static void Sleep(int milliseconds)
        {
            if (RuntimeHost.Sleep != null) RuntimeHost.Sleep(milliseconds < 0 ? Forever : (ulong)milliseconds);
        }

        public static void Yield()
        {
            if (RuntimeHost.YieldThread != null) RuntimeHost.YieldThread();
        }

        /// <summary>Milliseconds left of a timeout that started at <paramref name="start"/> (a TickCount64), -1 for ever.</summary>
        public static int Remaining(int millisecondsTimeout, long start)
        {
            if (millisecondsTimeout < 0) return -1;
            long left = millisecondsTimeout - (Environment.TickCount64 - start);
            return left <= 0 ? 0 : (int)left;
        }

        public static int ToMilliseconds(TimeSpan timeout, string paramName)
        {
            long ms = (long)timeout.TotalMilliseconds;
            if (ms < -1 || ms > int.MaxValue)
                throw new ArgumentOutOfRangeException(paramName, "The timeout must represent a value between -1 and Int32.MaxValue, inclusive.");
            return (int)ms;
        }

        public static void CheckTimeout(int millisecondsTimeout, string paramName)
        {
            if (millisecondsTimeout < -1)
                throw new ArgumentOutOfRangeException(paramName, millisecondsTimeout, "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
        }
    }
}
