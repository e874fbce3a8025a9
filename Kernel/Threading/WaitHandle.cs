using System;
using System.Collections.Generic;
using Sing.Kernel.Arch;

namespace Sing.Kernel.Threading
{
    /// <summary>Something threads wait for: an event or a mutex. Waiters queue in FIFO order; a thread may wait on
    /// several handles at once (<see cref="WaitAny"/>) with a timeout in milliseconds.</summary>
    public abstract class WaitHandle
    {
        public const ulong Infinite = ulong.MaxValue;
        public const int TimedOut = -1;
        internal const int Pending = -2; // WakeIndex while a thread waits

        // Waiters in FIFO order: the first in a field of its own, the rest (rare: a handle most threads wait on alone)
        // in a list made when a second one comes. The first is null only when there are none.
        private KernelThread _firstWaiter;
        private List<KernelThread> _moreWaiters;

        private int WaiterCount => _firstWaiter == null ? 0 : 1 + (_moreWaiters == null ? 0 : _moreWaiters.Count);

        private KernelThread WaiterAt(int index) => index == 0 ? _firstWaiter : _moreWaiters[index - 1];

        private void AddWaiter(KernelThread thread)
        {
            if (_firstWaiter == null) _firstWaiter = thread;
            else (_moreWaiters ??= new List<KernelThread>()).Add(thread);
        }

        private void RemoveWaiter(KernelThread thread)
        {
            if (_firstWaiter == thread)
            {
                if (_moreWaiters == null || _moreWaiters.Count == 0) _firstWaiter = null;
                else
                {
                    _firstWaiter = _moreWaiters[0];
                    _moreWaiters.RemoveAt(0);
                }
                return;
            }
            if (_moreWaiters == null) return;
            // By reference, with no equality comparer.
            for (int i = 0; i < _moreWaiters.Count; i++)
            {
                if (_moreWaiters[i] != thread) continue;
                _moreWaiters.RemoveAt(i);
                return;
            }
        }

        /// <summary>Takes the handle for <paramref name="thread"/> if it is available now (interrupts off).</summary>
        internal abstract bool TryAcquireLocked(KernelThread thread);

        /// <summary>Waits for this handle alone. Uses the thread's own one-element array: waiting allocates nothing.</summary>
        public bool WaitOne(ulong timeoutMilliseconds = Infinite)
        {
            KernelThread current = Scheduler.Current;
            WaitHandle[] single = current.SingleWait ??= new WaitHandle[1];
            single[0] = this;
            bool acquired = WaitAny(single, timeoutMilliseconds) == 0;
            single[0] = null;
            return acquired;
        }

        /// <summary>Blocks until one of <paramref name="handles"/> is acquired (returns its index) or the timeout
        /// passes (returns <see cref="TimedOut"/>). An empty array just sleeps.</summary>
        public static int WaitAny(WaitHandle[] handles, ulong timeoutMilliseconds = Infinite)
        {
            ulong flags = Scheduler.DisableInterrupts();
            KernelThread current = Scheduler.Current;
            for (int i = 0; i < handles.Length; i++)
            {
                if (handles[i].TryAcquireLocked(current))
                {
                    Scheduler.RestoreInterrupts(flags);
                    return i;
                }
            }
            if (timeoutMilliseconds == 0)
            {
                Scheduler.RestoreInterrupts(flags);
                return TimedOut;
            }
            current.WaitingOn = handles;
            current.WakeIndex = Pending;
            for (int i = 0; i < handles.Length; i++) handles[i].AddWaiter(current);
            if (timeoutMilliseconds != Infinite)
            {
                ulong ticks = (timeoutMilliseconds * Timer.Hz + 999) / 1000;
                Scheduler.AddSleeperLocked(current, Timer.Ticks + (ticks == 0 ? 1 : ticks));
            }
            Scheduler.BlockLocked();
            for (int i = 0; i < handles.Length; i++) handles[i].RemoveWaiter(current);
            Scheduler.RemoveSleeper(current);
            current.WaitingOn = null;
            int result = current.WakeIndex;
            Scheduler.RestoreInterrupts(flags);
            return result;
        }

        /// <summary>Sleeps for at least <paramref name="milliseconds"/>.</summary>
        public static void Sleep(ulong milliseconds) => WaitAny(Array.Empty<WaitHandle>(), milliseconds);

        internal void RemoveWaiterLocked(KernelThread thread) => RemoveWaiter(thread);

        /// <summary>Queues a thread that waits on this handle together with something else (a channel select): the
        /// caller sets the thread's WaitingOn and removes it again after the wait (interrupts off).</summary>
        internal void AddWaiterLocked(KernelThread thread) => AddWaiter(thread);

        /// <summary>Hands the handle to the first thread still waiting for it, if any (interrupts off).
        /// Returns whether a waiter took it.</summary>
        internal bool GrantToFirstWaiterLocked()
        {
            for (int i = 0; i < WaiterCount; i++)
            {
                KernelThread t = WaiterAt(i);
                if (t.WakeIndex != Pending) continue;
                Grant(t);
                return true;
            }
            return false;
        }

        /// <summary>Wakes every waiting thread, each as if it had acquired the handle (interrupts off).</summary>
        internal void GrantToAllWaitersLocked()
        {
            for (int i = 0; i < WaiterCount; i++)
            {
                KernelThread t = WaiterAt(i);
                if (t.WakeIndex == Pending) Grant(t);
            }
        }

        /// <summary>Called when the handle is given to a waiting thread (interrupts off).</summary>
        internal virtual void OnGrantedLocked(KernelThread thread) { }

        private void Grant(KernelThread t)
        {
            OnGrantedLocked(t);
            WaitHandle[] on = t.WaitingOn;
            int index = 0;
            while (index < on.Length && on[index] != this) index++;
            t.WakeIndex = index;
            Scheduler.WakeLocked(t);
        }
    }

    /// <summary>Releases one waiting thread per Set; stays signalled until a thread takes it.</summary>
    public sealed class AutoResetEvent : WaitHandle
    {
        private bool _signalled;

        public AutoResetEvent(bool initialState) { _signalled = initialState; }

        public void Set()
        {
            ulong flags = Scheduler.DisableInterrupts();
            if (!GrantToFirstWaiterLocked()) _signalled = true;
            Scheduler.RestoreInterrupts(flags);
        }

        internal override bool TryAcquireLocked(KernelThread thread)
        {
            if (!_signalled) return false;
            _signalled = false;
            return true;
        }
    }

    /// <summary>Releases every waiter while set, until Reset.</summary>
    public sealed class ManualResetEvent : WaitHandle
    {
        private bool _signalled;

        public ManualResetEvent(bool initialState) { _signalled = initialState; }

        public void Set()
        {
            ulong flags = Scheduler.DisableInterrupts();
            SetLocked();
            Scheduler.RestoreInterrupts(flags);
        }

        internal void SetLocked()
        {
            _signalled = true;
            GrantToAllWaitersLocked();
        }

        public void Reset() => _signalled = false;

        public bool IsSet => _signalled;

        internal override bool TryAcquireLocked(KernelThread thread) => _signalled;
    }

    /// <summary>Mutual exclusion with an owner; the owner may acquire it again (recursively). Releasing hands it
    /// to the first waiter directly, so a releasing thread cannot barge back in ahead of it.</summary>
    public sealed class Mutex : WaitHandle
    {
        private KernelThread _owner;
        private int _recursion;

        public KernelThread Owner => _owner;

        public void Release()
        {
            ulong flags = Scheduler.DisableInterrupts();
            if (_owner != Scheduler.Current)
            {
                Scheduler.RestoreInterrupts(flags);
                throw new InvalidOperationException("a mutex can only be released by its owner");
            }
            if (--_recursion == 0)
            {
                _owner = null;
                GrantToFirstWaiterLocked();
            }
            Scheduler.RestoreInterrupts(flags);
        }

        internal override void OnGrantedLocked(KernelThread thread)
        {
            _owner = thread;
            _recursion = 1;
        }

        internal override bool TryAcquireLocked(KernelThread thread)
        {
            if (_owner != null && _owner != thread) return false;
            _owner = thread;
            _recursion++;
            return true;
        }
    }
}
