namespace Sing.Kernel.Processes
{
    /// <summary>What one process may hold, and what the kernel keeps for itself. Reaching a limit fails the call with
    /// <see cref="Singularity.V1.AbiStatus.QuotaExceeded"/> (or ends only that process); the kernel never runs out of
    /// memory because a process took it. The limits are the same for every program today; they are generous enough
    /// for the system's own programs (the 16 MiB vector test, SingBench's 64 KiB rows, the shell).</summary>
    internal static class Quotas
    {
        /// <summary>Pages the kernel keeps for itself (its heap, its collector, stacks of its threads): a process's
        /// page, stack or exchange-heap allocation that would leave fewer free is refused. 8 MiB.</summary>
        public const ulong KernelReservePages = 2048;

        /// <summary>Pages of object heap one process may hold (AllocatePages): 192 MiB.</summary>
        public const ulong Pages = 49152;

        /// <summary>Exchange-heap pages (data blocks and endpoints, with their headers) one process may own at a time:
        /// 96 MiB.</summary>
        public const ulong ExchangePages = 24576;

        public const int Threads = 128;
        public const int Handles = 4096;
        /// <summary>Children created and not yet exited (never-started ones count).</summary>
        public const int Children = 64;
        /// <summary>Names one process may have registered at a time.</summary>
        public const int Names = 32;
        /// <summary>Name watches one process may hold.</summary>
        public const int Watches = 16;

        /// <summary>True when <paramref name="pages"/> more can be handed to a process without eating the reserve.</summary>
        public static bool LeavesReserve(ulong pages) => Memory.PageAllocator.FreePages >= pages + KernelReservePages;
    }
}
