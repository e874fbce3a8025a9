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
    }
}
