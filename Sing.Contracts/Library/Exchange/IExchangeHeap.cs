namespace Sing.Contracts
{
    /// <summary>
    /// Seam for exchange-heap storage. The host implementation hands out managed arrays and counts
    /// live blocks so tests can detect leaks; the in-OS implementation allocates from the kernel's
    /// exchange heap and records the owning SIP so blocks can be reclaimed when it dies.
    /// </summary>
    public interface IExchangeHeap
    {
        T[] Allocate<T>(int length) where T : unmanaged;

        void Release<T>(T[] storage) where T : unmanaged;

        /// <summary>Blocks allocated and not yet freed.</summary>
        long LiveBlocks { get; }
    }
}
