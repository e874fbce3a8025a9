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
    internal abstract unsafe class HandleTable
    {
        // Slot i: the live handle's whole word (0 when free), the generation the slot last had, and the object (so the
        // collector keeps it while the handle lives, whatever structure the lookup reads).
        private ulong[] _words = new ulong[16];
        private uint[] _generations = new uint[16];
        private object[] _targets = new object[16];
        private nint[] _addresses = new nint[16];   // the object's address (the kernel's collector does not move objects), or an endpoint's
        private int[] _free = new int[16];   // free slots, the next to take on top: the last closed, else the lowest never used
        private int _freeCount;
        private int _inUse;
        private int _endpoints;                     // endpoint records among the slots in use (not the handle quota's)

        /// <summary>Spare objects left for endpoint records (the hash's chain entries); the structures that need none
        /// leave it at its maximum.</summary>
        protected int SpareCount = int.MaxValue;

        /// <summary>The type of an endpoint record (<see cref="AddEndpointLocked"/>): not a <see cref="HandleType"/> any
        /// ABI entry accepts, so no SIP can resolve, close or retype one.</summary>
        public const HandleType EndpointRecord = (HandleType)0x80;

        protected HandleTable() => _freeCount = PushNewSlots(_free, 0, 1, 16);

        /// <summary>Pushes slots [<paramref name="first"/>, <paramref name="end"/>) on <paramref name="stack"/> above
        /// <paramref name="count"/> entries, the lowest on top; the new count.</summary>
        private static int PushNewSlots(int[] stack, int count, int first, int end)
        {
            for (int slot = end - 1; slot >= first; slot--) stack[count++] = slot;
            return count;
        }

        /// <summary>A table of the kind the boot chose.</summary>
        public static HandleTable Create() => HandleLookup.Kind switch
        {
            HandleLookupKind.Mmu => new WindowHandleTable(),
            HandleLookupKind.Hash => new HashHandleTable(),
            _ => new IndexedHandleTable(),
        };

        /// <summary>Live handles (endpoint records not counted).</summary>
        public int Count => _inUse - _endpoints;

        /// <summary>Endpoints the process holds (their records).</summary>
        public int EndpointCount => _endpoints;

        /// <summary>True when no handle can be added (the process's handle quota): callers check before they create
        /// the object the handle would name, so nothing is made that its creator could not reach.</summary>
        public bool IsFull => _inUse - _endpoints >= Limit;

        /// <summary>Most handles at once (the process's quota).</summary>
        public int Limit = Processes.Quotas.Handles;

        /// <summary>Most endpoints the structure makes room for beside <see cref="Limit"/> (the process's exchange-heap
        /// quota in pages: every endpoint takes at least one).</summary>
        public int EndpointLimit = (int)Processes.Quotas.ExchangePages;

        /// <summary>Slots the lookup structure can hold at all (the MMU window's mapped part); slot 0 is never used.</summary>
        protected virtual int Capacity => 1 << 24;

        /// <summary>A handle for <paramref name="target"/>, or 0 when the table is full (the quota, or the lookup
        /// structure has no room).</summary>
        public ulong Add(HandleType type, object target)
        {
            if (IsFull) return 0;
            if (_freeCount < 2 && _words.Length < Capacity) Grow();   // allocates: done before the slots are taken
            object scratch = Prepare();                // what the lookup structure may need, allocated now too
            ulong flags = Threading.Scheduler.DisableInterrupts();
            ulong handle = TakeSlotLocked(type, System.Runtime.CompilerServices.Unsafe.As<object, nint>(ref target), target, scratch);
            Threading.Scheduler.RestoreInterrupts(flags);
            return handle;
        }

        /// <summary>Takes the free stack's top slot for <paramref name="address"/> (the object <paramref name="target"/>, or an
        /// endpoint with no object), or answers 0 when the arrays or the structure have no room. Interrupts off.</summary>
        private ulong TakeSlotLocked(HandleType type, nint address, object target, object scratch)
        {
            // Slot 0 is never used, so the all-zero handle is always invalid. A slot whose generation reached the
            // top is retired (never back on the free stack): a handle value, once closed, never names anything again.
            if (_freeCount == 0) return 0;
            int slot = _free[_freeCount - 1];
            ulong handle = HandleBits.Make(type, (uint)slot, _generations[slot] + 1);
            _addresses[slot] = address;
            if (!Store(slot, handle, address, scratch))
            {
                _addresses[slot] = 0;
                return 0;
            }
            _freeCount--;
            _words[slot] = handle;
            _targets[slot] = target;
            _generations[slot]++;
            _inUse++;
            return handle;
        }

        /// <summary>Clears a live slot: the structure forgets it, the arrays free it (or retire it for good).
        /// Interrupts off.</summary>
        private void FreeSlotLocked(int slot, ulong handle)
        {
            Remove(slot, handle);
            _words[slot] = 0;
            _targets[slot] = null;
            _addresses[slot] = 0;
            _inUse--;
            if (_generations[slot] != uint.MaxValue) _free[_freeCount++] = slot;   // else retired for good
            if (HandleBits.TypeOf(handle) == EndpointRecord) _endpoints--;
        }

        // ---- Endpoint records (seed 003's capability transfer) ----
        // An endpoint a process holds is recorded in its table like any kernel object: the record's handle word is
        // kept in the endpoint (kernel memory), and the channel entries ask the table whether that word names that
        // endpoint, through whichever structure the boot chose. A message carrying an endpoint removes the record
        // from the sender's table and adds one to the receiver's. Records are added with interrupts off (at a
        // receive, inside the channel's critical section), where nothing may allocate: the room is made beforehand
        // with interrupts on (ReserveEndpointRoom), and a receive that finds none leaves its message queued and
        // retries after making it.

        /// <summary>True when <paramref name="count"/> endpoint records can be added without allocating (the free stack
        /// holds only slots the structure can store). Interrupts off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public bool HasEndpointRoomLocked(int count) => _freeCount >= count && SpareCount >= count;

        /// <summary>Makes room for <paramref name="count"/> endpoint records (interrupts on: it may allocate). False when
        /// the structure cannot hold them (the MMU window's mapped part is full).</summary>
        public bool ReserveEndpointRoom(int count)
        {
            while (_freeCount < count)
            {
                if (_words.Length >= Capacity) return false;
                Grow();
            }
            AddSpares(count);
            return true;
        }

        /// <summary>Records <paramref name="endpoint"/> as held; its record's handle word, or 0 when there was no room
        /// (<see cref="HasEndpointRoomLocked"/> says beforehand). Interrupts off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public ulong AddEndpointLocked(void* endpoint)
        {
            // TakeSlotLocked written out for the message path: no object to store (the slot's is already null).
            if (_freeCount == 0) return 0;
            int slot = _free[_freeCount - 1];
            uint generation = _generations[slot] + 1;
            ulong handle = ((ulong)EndpointRecord << 56) | ((ulong)generation << 24) | (uint)slot;
            _addresses[slot] = (nint)endpoint;
            if (!Store(slot, handle, (nint)endpoint, SpareCount == int.MaxValue ? null : TakeSpareLocked()))
            {
                _addresses[slot] = 0;
                return 0;
            }
            _freeCount--;
            _words[slot] = handle;
            _generations[slot] = generation;
            _inUse++;
            _endpoints++;
            return handle;
        }

        /// <summary>True when <paramref name="record"/> is a live endpoint record of this table for exactly
        /// <paramref name="endpoint"/>. Interrupts off. The lookup every endpoint an entry names goes through.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public bool HoldsEndpointLocked(ulong record, void* endpoint) => record != 0 && Lookup(record, EndpointRecord) == (nint)endpoint;

        /// <summary>Removes the record <paramref name="record"/> (the endpoint left the process); nothing when it is
        /// not live (the table was cleared first). Interrupts off.</summary>
        public void RemoveEndpointLocked(ulong record)
        {
            // FreeSlotLocked written out for the message path: a record's slot holds no object.
            uint slot = (uint)record & 0xFFFFFF;
            ulong[] words = _words;
            if (record == 0 || slot >= (uint)words.Length || words[slot] != record) return;
            Remove((int)slot, record);
            words[slot] = 0;
            _addresses[slot] = 0;
            _inUse--;
            _endpoints--;
            if (_generations[slot] != uint.MaxValue) _free[_freeCount++] = (int)slot;   // else retired for good
        }

        /// <summary>Allocates spares for <paramref name="count"/> records (interrupts on).</summary>
        protected virtual void AddSpares(int count) { }

        /// <summary>One spare for a record (the scratch <see cref="Store"/> gets), or null. Interrupts off.</summary>
        protected virtual object TakeSpareLocked() => null;

        /// <summary>The object <paramref name="handle"/> names, if it is live and of type <paramref name="expected"/>.
        /// Inlined, so the cast is to the caller's exact class (shared generic code would cast through the generic
        /// dictionary and the runtime's general helper, and store the result with a write barrier).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public AbiStatus Resolve<T>(ulong handle, HandleType expected, out T target) where T : class
        {
            nint address = Find(handle, expected, out AbiStatus status);
            target = System.Runtime.CompilerServices.Unsafe.As<nint, object>(ref address) as T;
            return status == AbiStatus.Ok && target == null ? AbiStatus.WrongHandleType : status;
        }

        private nint Find(ulong handle, HandleType expected, out AbiStatus status)
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();   // one consistent view of the slots
            nint found = Lookup(handle, expected);
            status = found != 0 ? AbiStatus.Ok : Diagnose(handle);
            Threading.Scheduler.RestoreInterrupts(flags);
            return found;
        }

        public AbiStatus Close(ulong handle)
        {
            // An endpoint record goes only with its endpoint (a message, a close): a forged word of that type closes nothing.
            if (HandleBits.TypeOf(handle) == EndpointRecord) return AbiStatus.InvalidHandle;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            AbiStatus status = Diagnose(handle);
            // Diagnose answers WrongHandleType for a live slot of another type than the value claims, so a handle
            // retyped by its holder closes nothing; only the exact live word does.
            if (status == AbiStatus.WrongHandleType && _words[HandleBits.SlotOf(handle)] == handle)
            {
                FreeSlotLocked((int)HandleBits.SlotOf(handle), handle);
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
                if (_words[i] != 0) FreeSlotLocked(i, _words[i]);
            Released();
            Threading.Scheduler.RestoreInterrupts(flags);
        }

        /// <summary>Records <paramref name="address"/> (an object's, or an endpoint's) under <paramref name="handle"/>
        /// (slot <paramref name="slot"/>), with what <see cref="Prepare"/> or <see cref="TakeSpareLocked"/> returned for
        /// this call; false when the structure has no room for it. Interrupts off.</summary>
        protected abstract bool Store(int slot, ulong handle, nint address, object scratch);

        /// <summary>The address stored under exactly <paramref name="handle"/> when its type is
        /// <paramref name="expected"/>, else 0 (the caller then works out why). Interrupts off. The hot path.</summary>
        protected abstract nint Lookup(ulong handle, HandleType expected);

        /// <summary>Forgets slot <paramref name="slot"/>, stored under <paramref name="handle"/>. Interrupts off.</summary>
        protected abstract void Remove(int slot, ulong handle);

        /// <summary>Called with interrupts on before a slot is taken, so a structure can allocate what it may need
        /// (the kernel heap may collect, which it must not do inside the critical section); passed to Store.</summary>
        protected virtual object Prepare() => null;

        /// <summary>Every handle was removed for good (the process ended). Interrupts off.</summary>
        protected virtual void Released() { }

        /// <summary>The slots' live words (0: free) and addresses, for the structure that is these arrays itself.</summary>
        protected ulong[] Words => _words;
        protected nint[] Addresses => _addresses;

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
            var addresses = new nint[n];
            int[] free = new int[n];
            ulong flags = Threading.Scheduler.DisableInterrupts();
            if (_words.Length * 2 == n)   // another thread of the process did not grow it meanwhile
            {
                for (int i = 0; i < _words.Length; i++)
                {
                    words[i] = _words[i];
                    generations[i] = _generations[i];
                    targets[i] = _targets[i];
                    addresses[i] = _addresses[i];
                }
                _words = words;
                _generations = generations;
                _targets = targets;
                _addresses = addresses;
                // The new slots under the free ones, which are taken first; only those the structure can store.
                int count = PushNewSlots(free, 0, n / 2, System.Math.Min(n, Capacity));
                for (int i = 0; i < _freeCount; i++) free[count++] = _free[i];
                _free = free;
                _freeCount = count;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
        }
    }
}
