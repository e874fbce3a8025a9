using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Contracts.Sip
{
    /// <summary>Zero-copy DMA for drivers: the device reads or writes the bytes of an exchange-heap vector the driver
    /// owns (a client's buffer that arrived in a message). The kernel checks that the driver owns the block and that the
    /// range lies inside it, then writes the range's physical address into the driver's DMA memory (a PRDT entry, a
    /// descriptor); the driver never sees the address. Once the driver sends the vector back, the device must be done
    /// with it: the kernel cannot stop a device from using an address it was given (no IOMMU; Drivers/README.md).</summary>
    public static unsafe class DmaBuffers
    {
        /// <summary>Writes, at <paramref name="at"/> of <paramref name="dma"/>, the physical address of byte
        /// <paramref name="offset"/> of <paramref name="buffer"/>, for a transfer of <paramref name="length"/> bytes.
        /// Throws when the vector is not owned here, the range lies outside it, or is not physically contiguous.</summary>
        public static void StoreAddress(DmaMemory dma, ulong at, ExVector<byte> buffer, int offset, int length)
        {
            if (offset < 0 || length <= 0) throw new System.ArgumentOutOfRangeException(nameof(length));
            AbiStatus status = Abi.Table->DmaStoreBlockAddress(dma.Handle, at, buffer.StorageForKernel, (ulong)offset, (ulong)length);
            if (status == AbiStatus.InvalidState) throw new System.InvalidOperationException("the buffer is not physically contiguous");
            if (status == AbiStatus.NotOwner) throw new System.InvalidOperationException("the buffer is not owned by this process");
            DmaMemory.Check(status);
        }
    }
}
