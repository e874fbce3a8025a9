using Singularity.V1;

namespace Sing.Kernel.Abi
{
    /// <summary>handles=mmu: 003's sparse array that the MMU maps (<see cref="HandleWindow"/>). A lookup reads the
    /// slot's entry through the process's window, faults (and is answered "no such handle") past the mapped pages,
    /// reads zeros from the NULL page for slots never used, and compares the whole handle word: the type, the
    /// generation that 003 calls the version, and the slot. The entry's second word is the object's address; the
    /// table's slot arrays keep the object alive for the kernel's collector, which does not move objects.</summary>
    internal sealed unsafe class WindowHandleTable : HandleTable
    {
        private int _window = -1;   // taken at the first handle, given back when the process ends
        private ulong _windowAddress; // its first entry's address; until then the lookup never looks

        protected override nint Lookup(ulong handle, HandleType expected) =>
            _windowAddress == 0 ? 0 : (nint)HandleWindow.Lookup(_windowAddress, handle, (ulong)expected);

        // The window maps pages for the handle quota and the endpoints the process may hold beside it.
        private int MappedSlots => (int)System.Math.Min((long)Limit + EndpointLimit + 1, HandleWindow.SlotsPerWindow);

        protected override int Capacity => _window >= 0 ? _mappedSlots : HandleWindow.MappedSlotsFor(MappedSlots);

        private int _mappedSlots;

        protected override bool Store(int slot, ulong handle, nint address, object scratch)
        {
            if (_window < 0)
            {
                _window = HandleWindow.Acquire(MappedSlots);
                _mappedSlots = HandleWindow.MappedSlotsFor(MappedSlots);
                if (_window >= 0) _windowAddress = HandleWindow.AddressOf(_window);
            }
            if (_window < 0 || !HandleWindow.MakeWritable(_window, (uint)slot)) return false;
            ulong* entry = HandleWindow.EntryOf(_window, (uint)slot);
            entry[1] = (ulong)address;
            entry[0] = handle;
            return true;
        }

        protected override void Remove(int slot, ulong handle)
        {
            ulong* entry = HandleWindow.EntryOf(_window, (uint)slot);
            entry[0] = 0;
            entry[1] = 0;
        }

        protected override void Released()
        {
            if (_window < 0) return;
            _windowAddress = 0;
            HandleWindow.Release(_window);
            _window = -1;
        }
    }
}
