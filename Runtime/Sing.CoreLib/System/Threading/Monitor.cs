using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace System.Threading
{
    /// <summary>The lock every object can be (C#'s <c>lock</c>), with Wait/Pulse. An uncontended lock lives in the object's
    /// header word (the 8 bytes before its MethodTable pointer, zero in every new object): Enter is one compare-exchange
    /// of 0 for the thread's id and a count of one, Exit one compare-exchange back, no table and no kernel call. A lock
    /// another thread contends for, or one that is waited on, is <em>inflated</em>: its header holds only
    /// <see cref="Inflated"/> and its state moves to a record in a process-wide table, changed in sections no other
    /// thread of the process interleaves with; the record goes (and the header returns to zero) when no thread holds,
    /// waits for or waits on the lock. A thread that must wait blocks on a kernel event: one per inflated record for
    /// entry, one per Wait for its pulse. Ownership is by thread; a thread may enter again (recursion counted). Exit by
    /// a thread that does not own the lock is SynchronizationLockException.</summary>
    public static unsafe class Monitor
    {
        // Header word: 0 = free; Owner | count << CountShift = held `count` times by the thread whose id is Owner (never
        // 0); Inflated = the state is in s_records. The fast paths only ever exchange 0 and thin values, so an inflated
        // header changes only inside a section.
        private const long Inflated = long.MinValue;
        private const int CountShift = 32;
        private const long One = 1L << CountShift;
        private const long OwnerMask = 0xFFFF_FFFFL;
        private const long MaxThinCount = int.MaxValue;

        private static readonly Dictionary<object, LockRecord> s_records = new Dictionary<object, LockRecord>(IdentityComparer.Instance);

        private static long* Header(object obj) => (long*)Unsafe.AsPointer(ref HeaderWord(obj));

        // The header word as a reference (no pointer to the argument is taken, so the fast paths keep obj in a register):
        // two words before the object's first field.
        private static ref long HeaderWord(object obj) => ref Unsafe.Add(ref Unsafe.As<RawObject>(obj).FirstField, -2);

        private sealed class RawObject
        {
            public long FirstField;
        }

        // The header's owner id for the running thread: Environment.CurrentManagedThreadId (unique among live threads),
        // read straight from the thread's allocation context when it has one.
        private static long Me
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get
            {
                nuint context = (nuint)Internal.Runtime.GC.AllocationContext.Current();
                return context != 0 ? (uint)(context >> 4) : (uint)Environment.CurrentManagedThreadId;
            }
        }

        private static bool IsThinOwner(long header, long me) => (header & (Inflated | OwnerMask)) == me;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Enter(object obj)
        {
            if (obj is null) ThrowNullObject();
            long me = Me;
            if (Interlocked.CompareExchange(ref HeaderWord(obj), me | One, 0) != 0) TryEnterCore(obj, me, -1);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Enter(object obj, ref bool lockTaken)
        {
            if (lockTaken) ThrowLockTakenSet();
            Enter(obj);
            lockTaken = true;
        }

        private static void ThrowNullObject() => throw new ArgumentNullException();   // .NET's message names no parameter here

        private static void ThrowLockTakenSet() =>
            throw new ArgumentException("The lockTaken argument must be set to false before calling this method.", "lockTaken");

        public static bool TryEnter(object obj) => TryEnter(obj, 0);

        public static void TryEnter(object obj, ref bool lockTaken) => TryEnter(obj, 0, ref lockTaken);

        public static bool TryEnter(object obj, int millisecondsTimeout)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            long me = Me;
            if (Interlocked.CompareExchange(ref *Header(obj), me | One, 0) == 0) return true;
            return TryEnterCore(obj, me, millisecondsTimeout);
        }

        public static bool TryEnter(object obj, TimeSpan timeout) => TryEnter(obj, KernelWaits.ToMilliseconds(timeout, nameof(timeout)));

        public static void TryEnter(object obj, int millisecondsTimeout, ref bool lockTaken)
        {
            if (lockTaken) ThrowLockTakenSet();
            lockTaken = TryEnter(obj, millisecondsTimeout);
        }

        public static void TryEnter(object obj, TimeSpan timeout, ref bool lockTaken) =>
            TryEnter(obj, KernelWaits.ToMilliseconds(timeout, nameof(timeout)), ref lockTaken);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Exit(object obj)
        {
            if (obj is null) ThrowNullArgument();
            long me = Me;
            if (Interlocked.CompareExchange(ref HeaderWord(obj), 0, me | One) != (me | One)) ExitSlow(obj, Header(obj), me);
        }

        private static void ThrowNullArgument() => throw new ArgumentNullException("obj");

        private static void ExitSlow(object obj, long* header, long me)
        {
            long h = Volatile.Read(ref *header);
            if (h != Inflated)
            {
                // Thin: only the owner changes a thin header (others only inflate it), so a lock held again counts
                // down without a section; a compare-exchange that fails met an inflation, and the record counts down.
                if (!IsThinOwner(h, me)) throw new SynchronizationLockException();
                long next = h - One < One ? 0 : h - One;
                if (Interlocked.CompareExchange(ref *header, next, h) != h) ExitSlow(obj, header, me);
                return;
            }
            ulong section = KernelWaits.EnterSection();
            LockRecord record = s_records[obj];
            bool owned = record.Owner == me;
            if (owned && --record.Recursion == 0) Release(obj, record);
            KernelWaits.ExitSection(section);
            if (!owned) throw new SynchronizationLockException();
        }

        public static bool IsEntered(object obj)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            long me = Me;
            long h = Volatile.Read(ref *Header(obj));
            if (h != Inflated) return h != 0 && IsThinOwner(h, me);
            ulong section = KernelWaits.EnterSection();
            bool owned = Lookup(obj) is LockRecord record && record.Owner == me;
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
            long me = Me;
            if (!IsEntered(obj)) throw new SynchronizationLockException();
            var waiter = new ConditionWaiter { Event = KernelWaits.NewEvent(false, false) };
            ulong section = KernelWaits.EnterSection();
            LockRecord record = Inflate(obj);
            waiter.Recursion = record.Recursion;
            record.AddCondition(waiter);
            record.Recursion = 0;
            Release(obj, record);
            KernelWaits.ExitSection(section);

            KernelWaits.Wait(waiter.Event, millisecondsTimeout);
            section = KernelWaits.EnterSection();
            bool pulsed = waiter.Pulsed;
            if (!pulsed) record.RemoveCondition(waiter);
            // Pulsed, the record may have gone with the pulser's exit (and obj may have a new one by now).
            if (record.IsUnused && Lookup(obj) == record) Deflate(obj, record);
            KernelWaits.ExitSection(section);
            KernelWaits.Close(waiter.Event);

            TryEnterCore(obj, me, -1);
            if (waiter.Recursion > 1)
            {
                section = KernelWaits.EnterSection();
                Inflate(obj).Recursion = waiter.Recursion;
                KernelWaits.ExitSection(section);
            }
            return pulsed;
        }

        /// <summary>Wakes the longest-waiting thread in Wait on <paramref name="obj"/> (it runs once this one exits).</summary>
        public static void Pulse(object obj) => PulseCore(obj, all: false);

        public static void PulseAll(object obj) => PulseCore(obj, all: true);

        private static void PulseCore(object obj, bool all)
        {
            if (obj is null) throw new ArgumentNullException(nameof(obj));
            long me = Me;
            long h = Volatile.Read(ref *Header(obj));
            if (h != Inflated)
            {
                // A thin lock has no waiters (Wait inflates it).
                if (h == 0 || !IsThinOwner(h, me)) throw new SynchronizationLockException();
                return;
            }
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

        // The fast path's compare-exchange failed: the lock is held (by this thread: count up; by another: inflate and
        // wait) or inflated.
        private static bool TryEnterCore(object obj, long me, int millisecondsTimeout)
        {
            long* header = Header(obj);
            long start = millisecondsTimeout > 0 ? Environment.TickCount64 : 0;
            LockRecord waitingOn = null;
            ulong spareEvent = 0;
            while (true)
            {
                long h = Volatile.Read(ref *header);
                if (waitingOn is null && h != Inflated)
                {
                    long next = h == 0 ? me | One : IsThinOwner(h, me) && (h >> CountShift) < MaxThinCount ? h + One : 0;
                    if (next != 0)
                    {
                        if (Interlocked.CompareExchange(ref *header, next, h) != h) continue;
                        KernelWaits.Close(spareEvent);
                        return true;
                    }
                }
                // Held thin by another thread and no time to wait: no record is made for it.
                if (millisecondsTimeout == 0 && h != Inflated) return false;
                ulong section = KernelWaits.EnterSection();
                h = Volatile.Read(ref *header);
                if (h == 0)
                {
                    // Freed (and deflated) since the look above: take it thin.
                    KernelWaits.ExitSection(section);
                    continue;
                }
                LockRecord record = Inflate(obj);
                if (record.Owner == 0 || (record.Owner == me && waitingOn is null))
                {
                    if (record.Recursion == int.MaxValue)
                    {
                        KernelWaits.ExitSection(section);
                        throw new SynchronizationLockException("The lock is held too many times by this thread.");
                    }
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
                    if (record.IsUnused) Deflate(obj, record);
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

        // Inside a section: the record of obj, or null when its lock is not inflated.
        private static LockRecord Lookup(object obj) => s_records.TryGetValue(obj, out LockRecord record) ? record : null;

        // Inside a section: obj's record, made from its thin header (owner and count carried over) when it has none.
        private static LockRecord Inflate(object obj)
        {
            long* header = Header(obj);
            while (true)
            {
                long h = Volatile.Read(ref *header);
                if (h == Inflated) return s_records[obj];
                var record = new LockRecord { Owner = h & OwnerMask, Recursion = (int)(h >> CountShift) };
                // The owner's own thin exit may race this on another processor: the exchange decides who was first.
                if (Interlocked.CompareExchange(ref *header, Inflated, h) != h) continue;
                s_records.Add(obj, record);
                return record;
            }
        }

        // Inside a section: the lock is free; a thread waiting to enter gets the event, else an unused record goes.
        private static void Release(object obj, LockRecord record)
        {
            record.Owner = 0;
            if (record.EntryWaiters > 0) KernelWaits.Set(record.EntryEvent);
            else if (record.IsUnused) Deflate(obj, record);
        }

        // Inside a section: nobody holds, waits for or waits on the lock; its state returns to the header (free).
        private static void Deflate(object obj, LockRecord record)
        {
            s_records.Remove(obj);
            KernelWaits.Close(record.EntryEvent);
            record.EntryEvent = 0;
            Volatile.Write(ref *Header(obj), 0);
        }

        private sealed class LockRecord
        {
            public long Owner;
            public int Recursion;
            public int EntryWaiters;
            public ulong EntryEvent;
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
