using System.Runtime.InteropServices;
using Sing.Kernel.Channels;
using Sing.Kernel.Hardware;
using Sing.Kernel.Memory;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Abi
{
    // DMA group: a driver reads and writes the DMA memory its manifest's <dmaMemory> granted through a bounds-checked
    // handle, and has the kernel write physical addresses into it — of that memory, or of an exchange block the driver
    // owns at that moment — where the device will read them. The driver itself never holds a physical address, so it
    // cannot name memory it was not given; what it can still do is program its device with any number it likes
    // (without an IOMMU nothing stops the device), which is why hardware is granted to drivers by policy only
    // (Drivers/README.md).
    internal static unsafe partial class AbiV1
    {
        private static void InitializeDma()
        {
            Table->DmaMemoryRead = &DmaMemoryRead;
            Table->DmaMemoryWrite = &DmaMemoryWrite;
            Table->DmaStoreAddress = &DmaStoreAddress;
            Table->DmaStoreBlockAddress = &DmaStoreBlockAddress;
            Table->IoMemoryStoreDmaAddress = &IoMemoryStoreDmaAddress;
        }

        /// <summary>Resolves a DMA memory handle and checks that [offset, offset+width) lies inside it; width 1, 2, 4 or 8
        /// and naturally aligned (the device sees these words; a torn 8-byte address would be read half old).</summary>
        private static AbiStatus ResolveDma(ulong handle, ulong offset, int width, out GrantedResource grant)
        {
            grant = null;
            // Only a granted handle gets further, and only drivers with the privilege are granted one; checked anyway.
            if (!CallerHolds("hardware")) return AbiStatus.NotPermitted;
            AbiStatus status = Caller.Handles.Resolve(handle, HandleType.DmaMemory, out grant);
            if (status != AbiStatus.Ok) return status;
            if (width != 1 && width != 2 && width != 4 && width != 8) return AbiStatus.InvalidArgument;
            if (offset >= grant.Resource.Length || (ulong)width > grant.Resource.Length - offset || (offset & (ulong)(width - 1)) != 0) return AbiStatus.InvalidArgument;
            return AbiStatus.Ok;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus DmaMemoryRead(ulong handle, ulong offset, int width, ulong* value)
        {
            ulong mark = Enter();
            GrantedResource g = null;
            AbiStatus status = !CallerMemory.Holds(value, sizeof(ulong)) ? AbiStatus.InvalidArgument : ResolveDma(handle, offset, width, out g);
            if (status == AbiStatus.Ok)
            {
                byte* at = (byte*)(g.Resource.Base + offset);
                *value = width == 1 ? *at : width == 2 ? *(ushort*)at : width == 4 ? *(uint*)at : *(ulong*)at;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus DmaMemoryWrite(ulong handle, ulong offset, int width, ulong value)
        {
            ulong mark = Enter();
            AbiStatus status = ResolveDma(handle, offset, width, out GrantedResource g);
            if (status == AbiStatus.Ok) Store(g, offset, width, value);
            Leave(mark);
            return status;
        }

        private static void Store(GrantedResource g, ulong offset, int width, ulong value)
        {
            byte* at = (byte*)(g.Resource.Base + offset);
            if (width == 1) *at = (byte)value;
            else if (width == 2) *(ushort*)at = (ushort)value;
            else if (width == 4) *(uint*)at = (uint)value;
            else *(ulong*)at = value;
        }

        /// <summary>Writes the physical address of byte <paramref name="target"/> of the same DMA memory at <paramref name="at"/>.</summary>
        [UnmanagedCallersOnly]
        private static AbiStatus DmaStoreAddress(ulong handle, ulong at, ulong target)
        {
            ulong mark = Enter();
            AbiStatus status = ResolveDma(handle, at, 8, out GrantedResource g);
            if (status == AbiStatus.Ok && target >= g.Resource.Length) status = AbiStatus.InvalidArgument;
            if (status == AbiStatus.Ok) Store(g, at, 8, PhysicalAddress.Of(g.Resource.Base + target));
            Leave(mark);
            return status;
        }

        /// <summary>Writes the physical address of byte <paramref name="offset"/> of exchange block <paramref name="data"/>
        /// at <paramref name="at"/>, after proving from the kernel's own tables that the caller owns the block, that
        /// [offset, offset+length) lies inside its data and that the range is physically contiguous.</summary>
        [UnmanagedCallersOnly]
        private static AbiStatus DmaStoreBlockAddress(ulong handle, ulong at, void* data, ulong offset, ulong length)
        {
            ulong mark = Enter();
            AbiStatus status = ResolveDma(handle, at, 8, out GrantedResource g);
            if (status == AbiStatus.Ok)
            {
                ulong flags = Scheduler.DisableInterrupts();
                ExchangeHeap.Block* block = ExchangeHeap.Validate(data, ExchangeHeap.Kind.Data);
                if (block == null || !ExchangeHeap.IsOwnedBy(block, Caller)) status = AbiStatus.NotOwner;
                else if (length == 0 || offset >= block->DataBytes || length > block->DataBytes - offset) status = AbiStatus.InvalidArgument;
                else if (!PhysicalAddress.IsContiguous((ulong)data + offset, length)) status = AbiStatus.InvalidState;
                else Store(g, at, 8, PhysicalAddress.Of((ulong)data + offset));
                Scheduler.RestoreInterrupts(flags);
            }
            Leave(mark);
            return status;
        }

        /// <summary>Writes the physical address of byte <paramref name="target"/> of DMA memory <paramref name="dma"/>
        /// into the 64-bit device register at <paramref name="offset"/> of memory range <paramref name="ioMemory"/>, as
        /// two 32-bit writes (low, then high: registers such as AHCI's PxCLB/PxCLBU take only dword accesses).</summary>
        [UnmanagedCallersOnly]
        private static AbiStatus IoMemoryStoreDmaAddress(ulong ioMemory, ulong offset, ulong dma, ulong target)
        {
            ulong mark = Enter();
            AbiStatus status = ResolveRange(ioMemory, HandleType.IoMemory, offset, 4, out GrantedResource device);
            if (status == AbiStatus.Ok) status = ResolveRange(ioMemory, HandleType.IoMemory, offset + 4, 4, out device);
            GrantedResource memory = null;
            if (status == AbiStatus.Ok) status = ResolveDma(dma, target, 1, out memory);
            if (status == AbiStatus.Ok && (offset & 3) != 0) status = AbiStatus.InvalidArgument;
            if (status == AbiStatus.Ok)
            {
                ulong physical = PhysicalAddress.Of(memory.Resource.Base + target);
                *(uint*)(device.Resource.Base + offset) = (uint)physical;
                *(uint*)(device.Resource.Base + offset + 4) = (uint)(physical >> 32);
            }
            Leave(mark);
            return status;
        }
    }
}
