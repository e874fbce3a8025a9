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
