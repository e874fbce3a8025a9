using Singularity.V1;

namespace Sing.Kernel.Abi
{
    /// <summary>A SIP's handles: slots holding kernel objects, each with a type and a generation. A handle value is
    /// checked on every use — slot in range and in use, generation current, type as expected — so a forged,
    /// stale or wrong-type handle is answered with a status and never reaches a kernel object.
    ///
    /// This class keeps what every lookup structure shares: which slots are taken, each slot's type and generation,
    /// the quota, and the exact status of a handle that does not resolve. Where a handle's object is found is the
    /// subclass's: <see cref="IndexedHandleTable"/> (an array per process, the default), <see cref="WindowHandleTable"/>
    /// (003's sparse array that the MMU maps) and <see cref="HashHandleTable"/> (003's comparison, one hash table
    /// for all processes), chosen at boot with <c>handles=table|mmu|hash</c> (<see cref="HandleLookup"/>).
    /// Threads of one process add, resolve and close concurrently: all of it runs with interrupts off, which on
    /// several CPUs is the kernel lock.</summary>
    internal abstract class HandleTable
    {
        // Slot i: the live handle's whole word (0 when free), the generation the slot last had, and the object (so the
        // collector keeps it while the handle lives, whatever structure the lookup reads).
        private ulong[] _words = new ulong[16];
        private uint[] _generations = new uint[16];
        private object[] _targets = new object[16];
        private int _inUse;

        /// <summary>A table of the kind the boot chose.</summary>
        public static HandleTable Create() => HandleLookup.Kind switch
        {
            HandleLookupKind.Mmu => new WindowHandleTable(),
            HandleLookupKind.Hash => new HashHandleTable(),
            _ => new IndexedHandleTable(),
        };

        public int Count => _inUse;

        /// <summary>True when no handle can be added (the process's handle quota): callers check before they create
        /// the object the handle would name, so nothing is made that its creator could not reach.</summary>
        public bool IsFull => _inUse >= Limit;

        /// <summary>Most handles at once (the process's quota).</summary>
        public int Limit = Processes.Quotas.Handles;

        /// <summary>A handle for <paramref name="target"/>, or 0 when the table is full (the quota, or the lookup
        /// structure has no room).</summary>
        public ulong Add(HandleType type, object target)
        {
            if (IsFull) return 0;
            if (_inUse + 2 >= _words.Length) Grow();   // allocates: done before the slots are taken
            object scratch = Prepare();                // what the lookup structure may need, allocated now too
            ulong flags = Threading.Scheduler.DisableInterrupts();
            // Slot 0 is never used, so the all-zero handle is always invalid. A slot whose generation reached the
            // top is retired: a handle value, once closed, never names anything again.
            int slot = 1;
            while (slot < _words.Length && (_words[slot] != 0 || _generations[slot] == uint.MaxValue)) slot++;
            ulong handle = 0;
            if (slot < _words.Length)
            {
                handle = HandleBits.Make(type, (uint)slot, _generations[slot] + 1);
                if (Store(slot, handle, target, scratch))
                {
                    _words[slot] = handle;
                    _targets[slot] = target;
                    _generations[slot]++;
                    _inUse++;
                }
                else handle = 0;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            return handle;
        }

        /// <summary>The object <paramref name="handle"/> names, if it is live and of type <paramref name="expected"/>.
        /// Inlined, so the cast is to the caller's exact class (shared generic code would cast through the generic
        /// dictionary and the runtime's general helper, and store the result with a write barrier).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public AbiStatus Resolve<T>(ulong handle, HandleType expected, out T target) where T : class
        {
            object found = Find(handle, expected, out AbiStatus status);
            target = found as T;
            return status == AbiStatus.Ok && target == null ? AbiStatus.WrongHandleType : status;
        }

        private object Find(ulong handle, HandleType expected, out AbiStatus status)
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();   // one consistent view of the slots
            object found = Lookup(handle, expected);
            status = found != null ? AbiStatus.Ok : Diagnose(handle);
            Threading.Scheduler.RestoreInterrupts(flags);
            return found;
        }

        public AbiStatus Close(ulong handle)
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            AbiStatus status = Diagnose(handle);
            // Diagnose answers WrongHandleType for a live slot of another type than the value claims, so a handle
            // retyped by its holder closes nothing; only the exact live word does.
            if (status == AbiStatus.WrongHandleType && _words[HandleBits.SlotOf(handle)] == handle)
            {
                int slot = (int)HandleBits.SlotOf(handle);
                Remove(slot, handle);
                _words[slot] = 0;
                _targets[slot] = null;
                _inUse--;
                status = AbiStatus.Ok;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            return status;
        }

        /// <summary>Closes every handle (the process ended) and gives back what the lookup structure holds.</summary>
        public void Clear()
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            // With no live handle every slot is already clear (Close clears its slot): most processes end so.
            for (int i = 0; _inUse != 0 && i < _words.Length; i++)
            {
                if (_words[i] == 0) continue;
                Remove(i, _words[i]);
                _words[i] = 0;
                _targets[i] = null;
                _inUse--;
            }
            Released();
            Threading.Scheduler.RestoreInterrupts(flags);
        }

        /// <summary>Records <paramref name="target"/> under <paramref name="handle"/> (slot <paramref name="slot"/>),
        /// with what <see cref="Prepare"/> returned for this call; false when the structure has no room for it.
        /// Interrupts off.</summary>
        protected abstract bool Store(int slot, ulong handle, object target, object scratch);

        /// <summary>The object stored under exactly <paramref name="handle"/> when its type is
        /// <paramref name="expected"/>, else null (the caller then works out why). Interrupts off. The hot path.</summary>
        protected abstract object Lookup(ulong handle, HandleType expected);

        /// <summary>Forgets slot <paramref name="slot"/>, stored under <paramref name="handle"/>. Interrupts off.</summary>
        protected abstract void Remove(int slot, ulong handle);

        /// <summary>Called with interrupts on before a slot is taken, so a structure can allocate what it may need
        /// (the kernel heap may collect, which it must not do inside the critical section); passed to Store.</summary>
        protected virtual object Prepare() => null;

        /// <summary>Every handle was removed for good (the process ended). Interrupts off.</summary>
        protected virtual void Released() { }

        /// <summary>The slots' live words (0: free) and objects, for the structure that is these arrays itself.</summary>
        protected ulong[] Words => _words;
        protected object[] Targets => _targets;

        /// <summary>Why <paramref name="handle"/> does not resolve: never a slot (invalid), a slot since closed or
        /// reused (stale), or a live slot whose type differs from the value's or the caller's (WrongHandleType). The
        /// same answer whichever structure looked; Ok never (the caller asks only after a miss).</summary>
        private AbiStatus Diagnose(ulong handle)
        {
            uint slot = HandleBits.SlotOf(handle);
            if (slot == 0 || slot >= (uint)_words.Length) return AbiStatus.InvalidHandle;
            uint generation = HandleBits.GenerationOf(handle);
            if (generation > _generations[slot] || generation == 0) return AbiStatus.InvalidHandle;   // never given
            if (_words[slot] == 0 || generation < _generations[slot]) return AbiStatus.StaleHandle;  // given, since closed
            return AbiStatus.WrongHandleType;
        }

        private void Grow()
        {
            int n = _words.Length * 2;
            var words = new ulong[n];
            var generations = new uint[n];
            var targets = new object[n];
            ulong flags = Threading.Scheduler.DisableInterrupts();
            if (_words.Length * 2 == n)   // another thread of the process did not grow it meanwhile
            {
                for (int i = 0; i < _words.Length; i++)
                {
                    words[i] = _words[i];
                    generations[i] = _generations[i];
                    targets[i] = _targets[i];
                }
                _words = words;
                _generations = generations;
                _targets = targets;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
        }
    }
}
