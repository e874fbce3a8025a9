namespace Singularity.Configuration
{
    // Hardware resources a driver's manifest grants. The kernel's binder hands each to the driver at startup as a
    // typed handle; every access goes through the ABI's hardware group, which checks the handle and the bounds, so
    // a driver touches only what its manifest declared and the installer found free of conflicts.

    /// <summary>A granted range of I/O ports.</summary>
    public partial struct IoPortRange
    {
        public ulong Handle;
        public ushort Base;
        public ushort Length;
    }

    /// <summary>A granted interrupt line.</summary>
    public partial struct IrqLine
    {
        public ulong Handle;
        public byte Line;
    }

    /// <summary>A granted memory-mapped range.</summary>
    public partial struct IoMemoryRange
    {
        public ulong Handle;
        public ulong Base;
        public ulong Length;
    }

    /// <summary>A granted ISA DMA channel.</summary>
    public partial struct DmaChannel
    {
        public ulong Handle;
        public byte Channel;
    }
}

namespace Singularity.Configuration
{
    using Singularity.V1;

    public unsafe partial struct IoPortRange
    {
        public byte Read8(uint offset) => (byte)Read(offset, 1);
        public ushort Read16(uint offset) => (ushort)Read(offset, 2);
        public uint Read32(uint offset) => Read(offset, 4);
        public void Write8(uint offset, byte value) => Write(offset, 1, value);
        public void Write16(uint offset, ushort value) => Write(offset, 2, value);
        public void Write32(uint offset, uint value) => Write(offset, 4, value);

        private uint Read(uint offset, int width)
        {
            uint value = 0;
            Check(Abi.Table->IoPortRead(Handle, offset, width, &value), offset);
            return value;
        }

        private void Write(uint offset, int width, uint value) => Check(Abi.Table->IoPortWrite(Handle, offset, width, value), offset);

        private void Check(AbiStatus status, uint offset)
        {
            if (status == AbiStatus.InvalidArgument) throw new System.ArgumentOutOfRangeException("offset (outside the granted port range)");
            if (status != AbiStatus.Ok) throw new System.InvalidOperationException("the port range handle was refused");
        }
    }

    public unsafe partial struct IrqLine
    {
        /// <summary>Waits for the next interrupt on this line; false on timeout.</summary>
        public bool Wait(ulong timeoutMilliseconds = Channels.Forever) => Abi.Table->IrqWait(Handle, timeoutMilliseconds) == AbiStatus.Ok;
    }

    public unsafe partial struct IoMemoryRange
    {
        public uint Read32(ulong offset)
        {
            ulong value = 0;
            if (Abi.Table->IoMemoryRead(Handle, offset, 4, &value) != AbiStatus.Ok) throw new System.ArgumentOutOfRangeException(nameof(offset));
            return (uint)value;
        }

        public void Write32(ulong offset, uint value)
        {
            if (Abi.Table->IoMemoryWrite(Handle, offset, 4, value) != AbiStatus.Ok) throw new System.ArgumentOutOfRangeException(nameof(offset));
        }

        /// <summary>Has the kernel write the physical address of byte <paramref name="target"/> of
        /// <paramref name="memory"/> into the 64-bit register at <paramref name="offset"/> (low dword, then high).</summary>
        public void WriteDmaAddress(ulong offset, DmaMemory memory, ulong target) =>
            DmaMemory.Check(Abi.Table->IoMemoryStoreDmaAddress(Handle, offset, memory.Handle, target));
    }
}

namespace Singularity.Configuration
{
    using Singularity.V1;

    /// <summary>Physically contiguous memory granted for a device's structures and buffers (&lt;dmaMemory&gt;). The
    /// driver reads and writes it by offset through the kernel, which checks every access against the grant; where the
    /// device needs a physical address, the kernel writes it (<see cref="StoreAddress"/>): the driver never holds one.</summary>
    public unsafe partial struct DmaMemory
    {
        public ulong Handle;
        public ulong Length;

        public byte Read8(ulong offset) => (byte)Read(offset, 1);
        public ushort Read16(ulong offset) => (ushort)Read(offset, 2);
        public uint Read32(ulong offset) => (uint)Read(offset, 4);
        public ulong Read64(ulong offset) => Read(offset, 8);
        public void Write8(ulong offset, byte value) => Write(offset, 1, value);
        public void Write16(ulong offset, ushort value) => Write(offset, 2, value);
        public void Write32(ulong offset, uint value) => Write(offset, 4, value);
        public void Write64(ulong offset, ulong value) => Write(offset, 8, value);

        /// <summary>Zeroes [offset, offset+length) (8 bytes at a time where aligned).</summary>
        public void Clear(ulong offset, ulong length)
        {
            ulong end = offset + length;
            while (offset < end && (offset & 7) != 0) Write(offset++, 1, 0);
            for (; offset + 8 <= end; offset += 8) Write(offset, 8, 0);
            while (offset < end) Write(offset++, 1, 0);
        }

        /// <summary>Has the kernel write, at <paramref name="at"/> (8 bytes, little-endian), the physical address of byte
        /// <paramref name="target"/> of this same memory.</summary>
        public void StoreAddress(ulong at, ulong target) => Check(Abi.Table->DmaStoreAddress(Handle, at, target));

        private ulong Read(ulong offset, int width)
        {
            ulong value = 0;
            Check(Abi.Table->DmaMemoryRead(Handle, offset, width, &value));
            return value;
        }

        private void Write(ulong offset, int width, ulong value) => Check(Abi.Table->DmaMemoryWrite(Handle, offset, width, value));

        internal static void Check(AbiStatus status)
        {
            if (status == AbiStatus.InvalidArgument) throw new System.ArgumentOutOfRangeException("offset (outside the granted DMA memory, or misaligned)");
            if (status != AbiStatus.Ok) throw new System.InvalidOperationException("the DMA memory handle was refused");
        }
    }
}
