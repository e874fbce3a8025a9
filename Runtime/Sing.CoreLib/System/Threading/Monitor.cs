using System.Collections.Generic;

namespace System.Threading
{
    /// <summary>The lock every object can be (C#'s <c>lock</c>), with Wait/Pulse. A locked object has a record in a
    /// process-wide table while it is locked or waited on, and the last 16 released records stay there idle (so a lock
    /// taken again and again costs two table lookups, and at most 16 otherwise unreferenced objects are kept alive). The
    /// table changes in sections no other thread of the process interleaves with, so an uncontended Enter/Exit makes no
    /// kernel call beyond those sections. A thread that must wait blocks on a kernel event: one per
    /// contended record for entry, one per Wait for its pulse. Ownership is by thread; a thread may enter again
    /// (recursion counted). Exit by a thread that does not own the lock is SynchronizationLockException.</summary>
    public static class Monitor
    {
        private static readonly Dictionary<object, LockRecord> s_records = new Dictionary<object, LockRecord>(IdentityComparer.Instance);

        // Records of objects no thread holds, kept so the next lock of the same object (a loop taking one lock again
        // and again, the common case) finds its record instead of making one: at most this many, so they keep at most
        // this many otherwise unreferenced objects alive.
        private const int MaxIdle = 16;
        private static int s_idle;

        // The object locked last and its record: a loop over one lock finds it without the table.
        private static object s_lastObject;
        private static LockRecord s_lastRecord;

        // Inside a section: the record of obj, or null.
        private static LockRecord Lookup(object obj)
        {
            if (ReferenceEquals(obj, s_lastObject)) return s_lastRecord;
            if (!s_records.TryGetValue(obj, out LockRecord record)) return null;
            s_lastObject = obj;
            s_lastRecord = record;
            return record;
        }

        public static void Enter(object obj)
        {
            if (obj is null) throw new ArgumentNullException();   // .NET's message names no parameter here
            TryEnterCore(obj, -1);
        }

        public static void Enter(object obj, ref bool lockTaken)
        {
            if (lockTaken) throw new ArgumentException("The lockTaken argument must be set to false before calling this method.", nameof(lockTaken));
            Enter(obj);
            lockTaken = true;
        }

        public static bool TryEnter(object obj) => TryEnter(obj, 0);

        public static void TryEnter(object obj, ref bool lockTaken) => TryEnter(obj, 0, ref lockTaken);

        public static bool TryEnter(object obj, int millisecondsTimeout)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            return TryEnterCore(obj, millisecondsTimeout);
        }

        public static bool TryEnter(object obj, TimeSpan timeout) => TryEnter(obj, KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        public static void TryEnter(object obj, int millisecondsTimeout, ref bool lockTaken)
        {
            if (lockTaken) throw new ArgumentException("The lockTaken argument must be set to false before calling this method.", nameof(lockTaken));
            lockTaken = TryEnter(obj, millisecondsTimeout);
        }

        public static void TryEnter(object obj, TimeSpan timeout, ref bool lockTaken) =>
            TryEnter(obj, KernelWaits.ToMilliseconds(timeout, nameof(timeout)), ref lockTaken);

        public static void Exit(object obj)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            int me = Environment.CurrentManagedThreadId;
            ulong section = KernelWaits.EnterSection();
            LockRecord record = Lookup(obj);
            bool owned = record is not null && record.Owner == me;
            if (owned && --record.Recursion == 0) Release(obj, record);
            KernelWaits.ExitSection(section);
            if (!owned) throw new SynchronizationLockException();
        }

        public static bool IsEntered(object obj)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            int me = Environment.CurrentManagedThreadId;
            ulong section = KernelWaits.EnterSection();
            LockRecord record = Lookup(obj);
            bool owned = record is not null && record.Owner == me;
            KernelWaits.ExitSection(section);
            return owned;
        }

        public static bool Wait(object obj) => Wait(obj, -1);

        public static bool Wait(object obj, TimeSpan timeout) => Wait(obj, KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        /// <summary>Releases the lock, waits for a Pulse (or the timeout), and takes the lock back (as deep as it was
        /// held) before returning; false when the time ran out first.</summary>
        public static bool Wait(object obj, int millisecondsTimeout)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            int me = Environment.CurrentManagedThreadId;
            if (!IsEntered(obj)) throw new SynchronizationLockException();
            var waiter = new ConditionWaiter { Event = KernelWaits.NewEvent(false, false) };
            ulong section = KernelWaits.EnterSection();
            LockRecord record = Lookup(obj);
            waiter.Recursion = record.Recursion;
            record.AddCondition(waiter);
            record.Recursion = 0;
            Release(obj, record);
            KernelWaits.ExitSection(section);

            KernelWaits.Wait(waiter.Event, millisecondsTimeout);
            section = KernelWaits.EnterSection();
            bool pulsed = waiter.Pulsed;
            if (!pulsed) record.RemoveCondition(waiter);
            KernelWaits.ExitSection(section);
            KernelWaits.Close(waiter.Event);

            TryEnterCore(obj, -1);
            section = KernelWaits.EnterSection();
            Lookup(obj).Recursion = waiter.Recursion;
            KernelWaits.ExitSection(section);
            return pulsed;
        }

        /// <summary>Wakes the longest-waiting thread in Wait on <paramref name="obj"/> (it runs once this one exits).</summary>
        public static void Pulse(object obj) => PulseCore(obj, all: false);

        public static void PulseAll(object obj) => PulseCore(obj, all: true);

        private static void PulseCore(object obj, bool all)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            int me = Environment.CurrentManagedThreadId;
            ulong section = KernelWaits.EnterSection();
            LockRecord record = Lookup(obj);
            bool owned = record is not null && record.Owner == me;
            if (owned)
            {
                do
                {
                    ConditionWaiter waiter = record.TakeCondition();
                    if (waiter is null) break;
                    waiter.Pulsed = true;
                    KernelWaits.Set(waiter.Event);
                }
                while (all);
            }
            KernelWaits.ExitSection(section);
            if (!owned) throw new SynchronizationLockException();
        }

        private static bool TryEnterCore(object obj, int millisecondsTimeout)
        {
            int me = Environment.CurrentManagedThreadId;
            long start = millisecondsTimeout > 0 ? Environment.TickCount64 : 0;
            LockRecord waitingOn = null;
            ulong spareEvent = 0;
            while (true)
            {
                ulong section = KernelWaits.EnterSection();
                LockRecord record = Lookup(obj);
                if (record is null)
                {
                    record = new LockRecord();
                    s_records.Add(obj, record);
                    s_lastObject = obj;
                    s_lastRecord = record;
                }
                else if (record.Idle)
                {
                    record.Idle = false;
                    s_idle--;
                }
                if (record.Owner == 0 || (record.Owner == me && waitingOn is null))
                {
                    record.Owner = me;
                    record.Recursion++;
                    if (waitingOn is not null) record.EntryWaiters--;
                    KernelWaits.ExitSection(section);
                    KernelWaits.Close(spareEvent);
                    return true;
                }
                int left = KernelWaits.Remaining(millisecondsTimeout, start);
                if (left == 0)
                {
                    if (waitingOn is not null) record.EntryWaiters--;
                    if (record.IsUnused) Forget(obj, record);
                    KernelWaits.ExitSection(section);
                    KernelWaits.Close(spareEvent);
                    return false;
                }
                if (!KernelWaits.HasThreads)
                {
                    // No kernel events (the kernel's own corelib): let the owner run.
                    KernelWaits.ExitSection(section);
                    KernelWaits.Yield();
                    continue;
                }
                if (record.EntryEvent == 0 && spareEvent == 0)
                {
                    // The event is made outside the section (a kernel call that can fail); the loop looks again.
                    if (record.IsUnused) Forget(obj, record);
                    KernelWaits.ExitSection(section);
                    spareEvent = KernelWaits.NewEvent(false, false);
                    continue;
                }
                if (record.EntryEvent == 0)
                {
                    record.EntryEvent = spareEvent;
                    spareEvent = 0;
                }
                if (waitingOn is null)
                {
                    record.EntryWaiters++;
                    waitingOn = record;
                }
                ulong entry = record.EntryEvent;
                KernelWaits.ExitSection(section);
                KernelWaits.Wait(entry, left);
            }
        }

        // Inside a section: the lock is free; a thread waiting to enter gets the event, else an unused record idles
        // (or goes, when enough idle already).
        private static void Release(object obj, LockRecord record)
        {
            record.Owner = 0;
            if (record.EntryWaiters > 0) KernelWaits.Set(record.EntryEvent);
            else if (record.IsUnused) Forget(obj, record);
        }

        // The record idles; when enough do, an older idle one goes to make room (the newest is likeliest to be locked again).
        private static void Forget(object obj, LockRecord record)
        {
            if (s_idle == MaxIdle)
            {
                object oldest = null;
                foreach (KeyValuePair<object, LockRecord> entry in s_records)
                {
                    if (!entry.Value.Idle) continue;
                    oldest = entry.Key;
                    break;
                }
                LockRecord evicted = s_records[oldest];
                s_records.Remove(oldest);
                if (ReferenceEquals(oldest, s_lastObject))
                {
                    s_lastObject = null;
                    s_lastRecord = null;
                }
                KernelWaits.Close(evicted.EntryEvent);
                evicted.EntryEvent = 0;
                evicted.Idle = false;
                s_idle--;
            }
            record.Idle = true;
            s_idle++;
        }

        private sealed class LockRecord
        {
            public int Owner;
            public int Recursion;
            public int EntryWaiters;
            public ulong EntryEvent;
            public bool Idle;
            private ConditionWaiter _first, _last;

            public bool IsUnused => Owner == 0 && EntryWaiters == 0 && _first is null;

            public void AddCondition(ConditionWaiter waiter)
            {
                if (_last is null) _first = waiter;
                else _last.Next = waiter;
                _last = waiter;
            }

            public ConditionWaiter TakeCondition()
            {
                ConditionWaiter first = _first;
                if (first is null) return null;
                _first = first.Next;
                if (_first is null) _last = null;
                first.Next = null;
                return first;
            }

            public void RemoveCondition(ConditionWaiter waiter)
            {
                ConditionWaiter previous = null;
                for (ConditionWaiter w = _first; w is not null; previous = w, w = w.Next)
                {
                    if (w != waiter) continue;
                    if (previous is null) _first = w.Next;
                    else previous.Next = w.Next;
                    if (_last == w) _last = previous;
                    w.Next = null;
                    return;
                }
            }
        }

        private sealed class ConditionWaiter
        {
            public ulong Event;
            public bool Pulsed;
            public int Recursion;
            public ConditionWaiter Next;
        }

        /// <summary>Objects by identity (a type's own Equals must not decide which lock is taken).</summary>
        private sealed class IdentityComparer : IEqualityComparer<object>
        {
            public static readonly IdentityComparer Instance = new IdentityComparer();
            public bool Equals(object x, object y) => ReferenceEquals(x, y);
            public int GetHashCode(object obj) => Runtime.CompilerServices.RuntimeHelpers.GetHashCode(obj);
        }
    }

    public class SynchronizationLockException : SystemException
    {
        public SynchronizationLockException() : base("Object synchronization method was called from an unsynchronized block of code.") { }
        public SynchronizationLockException(string message) : base(message) { }
        public SynchronizationLockException(string message, Exception innerException) : base(message, innerException) { }
    }
}
