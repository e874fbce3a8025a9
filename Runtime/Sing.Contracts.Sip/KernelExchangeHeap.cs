using Singularity.V1;

namespace Sing.Contracts.Sip
{
    /// <summary>Exchange-heap blocks from the kernel: it zeroes them, records this SIP as their owner, moves
    /// ownership when they travel and reclaims them if the SIP dies.</summary>
    internal sealed unsafe class KernelExchangeHeap : IExchangeHeap
    {
        private long _live;

        /// <summary>Blocks this SIP allocated minus those it freed (received blocks it frees count down).</summary>
        public long LiveBlocks => _live;

        public nint Allocate(nuint bytes)
        {
            // Every block has at least one byte, so an empty vector still has an owner and an address.
            void* block = Abi.Table->ExchangeAllocate(bytes == 0 ? 1 : (ulong)bytes);
            if (block == null)
            {
                throw new System.OutOfMemoryException();
            }

            _live++;
            return (nint)block;
        }

        public void Release(nint block)
        {
            if (Abi.Table->ExchangeFree((void*)block) != AbiStatus.Ok)
            {
                throw new LinearityViolationException("released an exchange block this SIP does not own");
            }

            _live--;
        }

        /// <summary>Frees a block this SIP owns without throwing (a transport giving back what a refused message carried);
        /// false when the kernel refused.</summary>
        internal bool TryRelease(nint block)
        {
            if (Abi.Table->ExchangeFree((void*)block) != AbiStatus.Ok)
            {
                return false;
            }

            _live--;
            return true;
        }

        public nuint SizeOf(nint block) => (nuint)Abi.Table->ExchangeSize((void*)block);
    }
}
