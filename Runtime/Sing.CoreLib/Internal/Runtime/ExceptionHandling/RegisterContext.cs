using System.Runtime.InteropServices;

namespace Internal.Runtime.ExceptionHandling
{
    /// <summary>The registers that survive a call (plus RIP and RSP): enough to describe a frame and to unwind
    /// to its caller with CFI. Layout is shared with Native/exceptions.asm.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct RegisterContext
    {
        public ulong Rip;
        public ulong Rsp;
        public ulong Rbp;
        public ulong Rbx;
        public ulong R12;
        public ulong R13;
        public ulong R14;
        public ulong R15;

        /// <summary>Non-zero when Rip is the faulting instruction itself (hardware exception) rather than a
        /// return address, whose call instruction is one byte earlier for range checks.</summary>
        public ulong RipIsExact;

        public readonly ulong LookupPc => RipIsExact != 0 ? Rip : Rip - 1;
    }
}
