namespace Sing.Kernel.Memory
{
    /// <summary>The physical address a device must be given for a kernel address. Every configuration today maps RAM
    /// at its own physical address (SIP-Phys identity-maps it, SIP-Page maps small pages in place), so this is the
    /// identity; it is the one place to change when a configuration maps memory elsewhere, and DMA code asks it instead
    /// of assuming. <see cref="IsContiguous"/> says whether a range can be handed to a device as one piece.</summary>
    internal static class PhysicalAddress
    {
        public static ulong Of(ulong kernelAddress) => kernelAddress;

        /// <summary>Whether [address, address+length) is one physical run (each page follows the previous one).</summary>
        public static bool IsContiguous(ulong address, ulong length)
        {
            if (length == 0) return true;
            ulong first = address & ~(PageAllocator.PageSize - 1);
            ulong last = (address + length - 1) & ~(PageAllocator.PageSize - 1);
            for (ulong page = first; page < last; page += PageAllocator.PageSize)
                if (Of(page + PageAllocator.PageSize) != Of(page) + PageAllocator.PageSize) return false;
            return true;
        }
    }
}
