using Singularity.V1;

namespace Sing.Kernel.Abi
{
    /// <summary>handles=table (the default): each process's handles in arrays indexed by slot, the ones every table
    /// keeps for its bookkeeping. A lookup is a bounds check and one compare of the whole handle word (type,
    /// generation, slot) with the word stored in the slot.</summary>
    internal sealed class IndexedHandleTable : HandleTable
    {
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        protected override nint Lookup(ulong handle, HandleType expected)
        {
            uint slot = HandleBits.SlotOf(handle);
            ulong[] words = Words;
            if (slot >= (uint)words.Length || words[slot] != handle || HandleBits.TypeOf(handle) != expected) return 0;
            return Addresses[slot];
        }

        protected override bool Store(int slot, ulong handle, nint address, object scratch) => true;

        protected override void Remove(int slot, ulong handle) { }
    }
}
