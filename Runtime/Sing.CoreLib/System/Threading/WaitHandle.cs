namespace System.Threading
{
    /// <summary>A kernel event as .NET's WaitHandle: waits block in the kernel; WaitAny/WaitAll take up to 64.</summary>
    public abstract unsafe class WaitHandle : IDisposable
    {
        public const int WaitTimeout = 258;
        private const int MaxHandles = 64;

        private ulong _handle;

        private protected WaitHandle(ulong handle)
        {
            _handle = handle;
        }

        internal ulong Handle
        {
            get
            {
                if (_handle == 0) throw new ObjectDisposedException(null, "Cannot access a disposed object.");
                return _handle;
            }
        }

        public virtual bool WaitOne() => WaitOne(-1);

        public virtual bool WaitOne(TimeSpan timeout) => WaitOne(KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        public virtual bool WaitOne(int millisecondsTimeout)
        {
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            return KernelWaits.Wait(Handle, millisecondsTimeout);
        }

        public static int WaitAny(WaitHandle[] waitHandles) => WaitAny(waitHandles, -1);

        public static int WaitAny(WaitHandle[] waitHandles, TimeSpan timeout) => WaitAny(waitHandles, KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        /// <summary>The index of a signalled handle (an auto-reset one is reset by the wait), or <see cref="WaitTimeout"/>.</summary>
        public static int WaitAny(WaitHandle[] waitHandles, int millisecondsTimeout)
        {
            CheckHandles(waitHandles, millisecondsTimeout);
            ulong* handles = stackalloc ulong[waitHandles.Length];
            for (int i = 0; i < waitHandles.Length; i++) handles[i] = waitHandles[i].Handle;
            int index = KernelWaits.WaitAny(handles, waitHandles.Length, millisecondsTimeout);
            return index < 0 ? WaitTimeout : index;
        }

        public static bool WaitAll(WaitHandle[] waitHandles) => WaitAll(waitHandles, -1);

        public static bool WaitAll(WaitHandle[] waitHandles, TimeSpan timeout) => WaitAll(waitHandles, KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        /// <summary>True once every handle was signalled within the timeout, waited one after another (an auto-reset
        /// event is consumed as it is seen, where .NET takes all at once).</summary>
        public static bool WaitAll(WaitHandle[] waitHandles, int millisecondsTimeout)
        {
            CheckHandles(waitHandles, millisecondsTimeout);
            long start = Environment.TickCount64;
            foreach (WaitHandle handle in waitHandles)
                if (!KernelWaits.Wait(handle.Handle, KernelWaits.Remaining(millisecondsTimeout, start))) return false;
            return true;
        }

        private static void CheckHandles(WaitHandle[] waitHandles, int millisecondsTimeout)
        {
            if (waitHandles is null) throw new ArgumentNullException(nameof(waitHandles), "The waitHandles parameter cannot be null.");
            if (waitHandles.Length == 0) throw new ArgumentException("Waithandle array may not be empty.", nameof(waitHandles));
            if (waitHandles.Length > MaxHandles) throw new NotSupportedException("The number of WaitHandles must be less than or equal to 64.");
            foreach (WaitHandle handle in waitHandles)
                if (handle is null) throw new ArgumentNullException(nameof(waitHandles), "At least one element in the specified array was null.");
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
        }

        public virtual void Close() => Dispose();

        public void Dispose()
        {
            Dispose(true);
        }

        protected virtual void Dispose(bool explicitDisposing)
        {
            ulong handle = _handle;
            _handle = 0;
            KernelWaits.Close(handle);
        }
    }

    public enum EventResetMode
    {
        AutoReset,
        ManualReset,
    }

    public class EventWaitHandle : WaitHandle
    {
        public EventWaitHandle(bool initialState, EventResetMode mode)
            : base(KernelWaits.NewEvent(mode == EventResetMode.ManualReset, initialState))
        {
            if (mode != EventResetMode.AutoReset && mode != EventResetMode.ManualReset)
                throw new ArgumentException("Value of flags is invalid.", nameof(mode));
        }

        public bool Set()
        {
            KernelWaits.Set(Handle);
            return true;
        }

        public bool Reset()
        {
            KernelWaits.Reset(Handle);
            return true;
        }
    }

    public sealed class ManualResetEvent : EventWaitHandle
    {
        public ManualResetEvent(bool initialState) : base(initialState, EventResetMode.ManualReset) { }
    }

    public sealed class AutoResetEvent : EventWaitHandle
    {
        public AutoResetEvent(bool initialState) : base(initialState, EventResetMode.AutoReset) { }
    }
}
