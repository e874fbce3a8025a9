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

        public ulong Add(HandleType type, object target)
        {
            int slot = 1; // slot 0 is never used, so the all-zero handle is always invalid
            while (slot < _objects.Length && _types[slot] != HandleType.None) slot++;
            if (slot == _objects.Length) Grow();
            _objects[slot] = target;
            _types[slot] = type;
            _generations[slot]++;
            _inUse++;
            return HandleBits.Make(type, (uint)slot, _generations[slot]);
        }

        public AbiStatus Resolve<T>(ulong handle, HandleType expected, out T target) where T : class
        {
            target = null;
            uint slot = HandleBits.SlotOf(handle);
            if (slot == 0 || slot >= (uint)_objects.Length) return AbiStatus.InvalidHandle;
            if (_types[slot] == HandleType.None || _generations[slot] != HandleBits.GenerationOf(handle))
                return _generations[slot] > HandleBits.GenerationOf(handle) || _types[slot] == HandleType.None ? AbiStatus.StaleHandle : AbiStatus.InvalidHandle;
            if (HandleBits.TypeOf(handle) != expected || _types[slot] != expected) return AbiStatus.WrongHandleType;
            target = _objects[slot] as T;
            return target == null ? AbiStatus.WrongHandleType : AbiStatus.Ok;
        }

        public AbiStatus Close(ulong handle)
        {
            uint slot = HandleBits.SlotOf(handle);
            if (slot == 0 || slot >= (uint)_objects.Length) return AbiStatus.InvalidHandle;
            if (_types[slot] == HandleType.None || _generations[slot] != HandleBits.GenerationOf(handle)) return AbiStatus.StaleHandle;
            _objects[slot] = null;
            _types[slot] = HandleType.None;
            _inUse--;
            return AbiStatus.Ok;
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
    }
}
