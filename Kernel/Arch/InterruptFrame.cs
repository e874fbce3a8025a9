namespace Sing.Kernel.Arch
{
    /// <summary>Registers saved by the entry stub in Arch/interrupts.asm, lowest address first.</summary>
    internal struct InterruptFrame
    {
        public ulong R15, R14, R13, R12, R11, R10, R9, R8;
        public ulong Rbp, Rdi, Rsi, Rdx, Rcx, Rbx, Rax;
        public ulong Vector;
        public ulong ErrorCode;
        public ulong Rip, Cs, Rflags, Rsp, Ss;
    }
}
