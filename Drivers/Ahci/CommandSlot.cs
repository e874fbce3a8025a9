using Sing.Contracts;
using Sing.Storage;

namespace Sing.Drivers.Ahci
{
    /// <summary>What one of a port's command slots is doing: the client waiting for the answer (and the volume tag it
    /// is served under), its buffer while the device moves data into or out of it, and when the command was issued
    /// (for the timeout).</summary>
    internal sealed class CommandSlot
    {
        public enum Work { Idle, Read, Write, Flush, Internal }

        public Work Kind;
        public byte Command;
        public TRef<BlockDevice.Exp>? Client;
        public int Tag;
        public TRef<ExVector<byte>>? Buffer;
        public long IssuedAt;

        public bool Busy => Kind != Work.Idle;
    }
}
