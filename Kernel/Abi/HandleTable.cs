using Singularity.V1;

namespace Sing.Kernel.Abi
{
    /// <summary>A SIP's handles: slots holding kernel objects, each with a type and a generation. A handle value is
    /// checked on every use — slot in range and in use, generation current, type as expected — so a forged,
    /// stale or wrong-type handle is answered with a status and never reaches a kernel object.</summary>
    internal sealed class HandleTable
    {
        private object[] _objects = new object[16];
        private uint[] _generations = new uint[16];
        private HandleType[] _types = new HandleType[16];
        private int _inUse;

        public int Count => _inUse;

        /// <summary>True when no handle can be added (the process's handle quota): callers check before they create
        /// the object the handle would name, so nothing is made that its creator could not reach.</summary>
        public bool IsFull => _inUse >= Processes.Quotas.Handles;

        /// <summary>A handle for <paramref name="target"/>, or 0 when the table is full. Threads of one process add and
        /// close concurrently: the slots change with interrupts off.</summary>
        public ulong Add(HandleType type, object target)
        {
            if (IsFull) return 0;
            if (_inUse + 2 >= _objects.Length) Grow();   // allocates: done before the slots are taken
            ulong flags = Threading.Scheduler.DisableInterrupts();
            int slot = 1; // slot 0 is never used, so the all-zero handle is always invalid
            while (slot < _objects.Length && _types[slot] != HandleType.None) slot++;
            ulong handle = 0;
            if (slot < _objects.Length)
            {
                _objects[slot] = target;
                _types[slot] = type;
                _generations[slot]++;
                _inUse++;
                handle = HandleBits.Make(type, (uint)slot, _generations[slot]);
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            return handle;
        }

        public AbiStatus Resolve<T>(ulong handle, HandleType expected, out T target) where T : class
        {
            target = null;
            uint slot = HandleBits.SlotOf(handle);
            ulong flags = Threading.Scheduler.DisableInterrupts();   // one consistent view of the three arrays
            AbiStatus status;
            if (slot == 0 || slot >= (uint)_objects.Length) status = AbiStatus.InvalidHandle;
            else if (_types[slot] == HandleType.None || _generations[slot] != HandleBits.GenerationOf(handle))
                status = _generations[slot] > HandleBits.GenerationOf(handle) || _types[slot] == HandleType.None ? AbiStatus.StaleHandle : AbiStatus.InvalidHandle;
            else if (HandleBits.TypeOf(handle) != expected || _types[slot] != expected) status = AbiStatus.WrongHandleType;
            else
            {
                target = _objects[slot] as T;
                status = target == null ? AbiStatus.WrongHandleType : AbiStatus.Ok;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            return status;
        }

        public AbiStatus Close(ulong handle)
        {
            uint slot = HandleBits.SlotOf(handle);
            ulong flags = Threading.Scheduler.DisableInterrupts();
            AbiStatus status = AbiStatus.Ok;
            if (slot == 0 || slot >= (uint)_objects.Length) status = AbiStatus.InvalidHandle;
            else if (_types[slot] == HandleType.None || _generations[slot] != HandleBits.GenerationOf(handle)) status = AbiStatus.StaleHandle;
            // The type the value claims must be the slot's: a handle retyped by its holder closes nothing.
            else if (HandleBits.TypeOf(handle) != _types[slot]) status = AbiStatus.WrongHandleType;
            else
            {
                _objects[slot] = null;
                _types[slot] = HandleType.None;
                _inUse--;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            return status;
        }

        public void Clear()
        {
            for (int i = 0; i < _objects.Length; i++)
            {
                _objects[i] = null;
                _types[i] = HandleType.None;
            }
            _inUse = 0;
        }

        private void Grow()
        {
            int n = _objects.Length * 2;
            var objects = new object[n];
            var generations = new uint[n];
            var types = new HandleType[n];
            ulong flags = Threading.Scheduler.DisableInterrupts();
            if (_objects.Length * 2 == n)   // another thread of the process did not grow it meanwhile
            {
                for (int i = 0; i < _objects.Length; i++)
                {
                    objects[i] = _objects[i];
                    generations[i] = _generations[i];
                    types[i] = _types[i];
                }
                _objects = objects;
                _generations = generations;
                _types = types;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
        }
    }
}
