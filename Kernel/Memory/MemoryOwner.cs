namespace Sing.Kernel.Memory
{
    /// <summary>Who owns a chunk of RAM in the hardware-domain configurations (PageAllocator's chunk ownership).
    /// The kernel's chunks are mapped in every address space; a domain's only in its own and the kernel's.</summary>
    internal static class MemoryOwner
    {
        /// <summary>The kernel itself: its heaps, stacks, tables and the exchange heap shared by ring-0 domains.</summary>
        public const ushort Kernel = 0;

        /// <summary>Processes that run in the kernel's domain (HIP-R0's drivers and services): mapped only in the
        /// kernel's address space, so application domains cannot reach them.</summary>
        public const ushort KernelDomain = 1;

        /// <summary>The first number given to a domain of its own.</summary>
        public const ushort FirstDomain = 2;

        /// <summary>Exchange-heap blocks of ring-3 domains whose data is a page or more: their pages change hands
        /// (remapped at send and receive, never copied). The kernel's address space maps these chunks as it maps
        /// every chunk; a domain maps them through page tables of its own (AddressSpace's transfer tables), where a
        /// block's pages are present only while the block lies in that domain. Never a domain's number.</summary>
        public const ushort Transfer = 0xFFFE;

        /// <summary>A chunk nobody owns yet.</summary>
        public const ushort Unassigned = 0xFFFF;
    }
}
