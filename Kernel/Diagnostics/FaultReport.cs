using Sing.Kernel.Arch;
using Sing.Kernel.Console;
using Sing.Kernel.Platform;

namespace Sing.Kernel.Diagnostics
{
    /// <summary>The report printed when a CPU exception is fatal: which exception, the error code decoded, where
    /// (RIP with the nearest symbol), the stack pointer, CR2 for page faults, and all general registers.
    /// Test harnesses parse the first two lines, so their shape is stable:
    ///   *** CPU EXCEPTION 14: Page fault (#PF) error=0x2
    ///   RIP=0x... (symbol+0xoff) RSP=0x... CR2=0x...</summary>
    internal static unsafe class FaultReport
    {
        public static void Fatal(InterruptFrame* frame)
        {
            int vector = (int)frame->Vector;
            Log.Write($"\n*** CPU EXCEPTION {vector}: ");
            Log.Write(Interrupts.ExceptionName(vector));
            Log.Line($" error={frame->ErrorCode:x}");
            Log.Write($"RIP={frame->Rip:x16} (");
            SymbolTable.WriteLocation(frame->Rip);
            Log.Write($") RSP={frame->Rsp:x16}");
            if (vector == Interrupts.PageFault) Log.Write($" CR2={Cpu.ReadCr2():x16}");
            Log.Line();
            if (vector == Interrupts.PageFault) DescribePageFault(frame->ErrorCode, Cpu.ReadCr2());
            Log.Line($"    RAX={frame->Rax:x16} RBX={frame->Rbx:x16} RCX={frame->Rcx:x16} RDX={frame->Rdx:x16}");
            Log.Line($"    RSI={frame->Rsi:x16} RDI={frame->Rdi:x16} RBP={frame->Rbp:x16} R8 ={frame->R8:x16}");
            Log.Line($"    R9 ={frame->R9:x16} R10={frame->R10:x16} R11={frame->R11:x16} R12={frame->R12:x16}");
            Log.Line($"    R13={frame->R13:x16} R14={frame->R14:x16} R15={frame->R15:x16}");
            Log.Line($"    CS={frame->Cs:x} SS={frame->Ss:x} RFLAGS={frame->Rflags:x} CR3={Cpu.ReadCr3():x}");
            Panic.WriteCallStack(frame->Rbp);
            Log.Line("*** system halted");
            QemuExit.Exit(QemuExit.Panic);
        }

        private static void DescribePageFault(ulong error, ulong address)
        {
            Log.Write("    page fault: ");
            Log.Write((error & 1) != 0 ? "protection violation" : "page not present");
            Log.Write((error & 2) != 0 ? " on write" : " on read");
            if ((error & 16) != 0) Log.Write(" (instruction fetch)");
            Log.Write((error & 4) != 0 ? " from ring 3" : " from ring 0");
            if (address < 4096) Log.Write(" - null reference");
            Log.Line();
        }
    }
}
