namespace Sing.Contracts
{
    /// <summary>
    /// Seam for exchange-heap storage: untyped blocks addressed by pointer, so a block's address is the
    /// same for every owner it passes through (zero copy). The host implementation pins managed arrays
    /// and counts live blocks so tests can detect leaks; the SIP implementation allocates from the
    /// kernel's exchange heap, which records the owning SIP so blocks are reclaimed when it dies.
    /// </summary>
    internal interface IExchangeHeap
    {
        /// <summary>A zeroed block of at least <paramref name="bytes"/> bytes.</summary>
        nint Allocate(nuint bytes);

        void Release(nint block);

        /// <summary>The usable size of a block the caller owns.</summary>
        nuint SizeOf(nint block);

        /// <summary>Blocks allocated and not yet freed.</summary>
        long LiveBlocks { get; }
    }
}
