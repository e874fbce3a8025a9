namespace Sing.Kernel.Processes
{
    /// <summary>What one process may hold, and what the kernel keeps for itself. Reaching a limit fails the call with
    /// <see cref="Singularity.V1.AbiStatus.QuotaExceeded"/> (or ends only that process); the kernel never runs out of
    /// memory because a process took it. These are the defaults, generous enough for the system's own programs
    /// (the 16 MiB vector test, SingBench's 64 KiB rows, the shell); the system policy can set each per program
    /// (<see cref="For"/>).</summary>
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
        /// <summary>Descendants (children, their children, ...) created and not yet exited, never-started ones
        /// included: a process's children cannot start more processes than the process itself may.</summary>
        public const int Children = 64;
        /// <summary>Names one process may have registered at a time.</summary>
        public const int Names = 32;
        /// <summary>Name watches one process may hold.</summary>
        public const int Watches = 16;

        /// <summary>The limits of a process of <paramref name="program"/>: the defaults above, with what the system
        /// policy sets for that program (its <c>&lt;program&gt;</c> quota attributes) in their place.</summary>
        public static ProcessLimits For(Singularity.Manifests.ProgramManifest program)
        {
            var limits = new ProcessLimits();
            if (program == null) return limits;
            if (program.QuotaPagesMiB > 0) limits.Pages = (ulong)program.QuotaPagesMiB * 256;
            if (program.QuotaExchangeMiB > 0) limits.ExchangePages = (ulong)program.QuotaExchangeMiB * 256;
            if (program.QuotaThreads > 0) limits.Threads = program.QuotaThreads;
            if (program.QuotaHandles > 0) limits.Handles = program.QuotaHandles;
            if (program.QuotaChildren > 0) limits.Children = program.QuotaChildren;
            if (program.QuotaNames > 0) limits.Names = program.QuotaNames;
            return limits;
        }

        /// <summary>True when <paramref name="pages"/> more can be handed to a process without eating the reserve.</summary>
        public static bool LeavesReserve(ulong pages) => Memory.PageAllocator.FreePages >= pages + KernelReservePages;
    }

    /// <summary>What one process may hold (see <see cref="Quotas"/>).</summary>
    internal sealed class ProcessLimits
    {
        public ulong Pages = Quotas.Pages;
        public ulong ExchangePages = Quotas.ExchangePages;
        public int Threads = Quotas.Threads;
        public int Handles = Quotas.Handles;
        public int Children = Quotas.Children;
        public int Names = Quotas.Names;
        public int Watches = Quotas.Watches;
    }
}
