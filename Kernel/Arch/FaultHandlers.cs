using Internal.Runtime.ExceptionHandling;
using Sing.Kernel.Console;
using Sing.Kernel.Diagnostics;

namespace Sing.Kernel.Arch
{
    /// <summary>CPU exceptions that managed code can recover from become managed exceptions: a null dereference
    /// (page fault in the first page), integer divide by zero. The interrupted context is redirected so that the
    /// faulting method appears to call the runtime's throw trampoline, and dispatch proceeds as for `throw`.
    /// Faults outside managed code, and every other fault, stay fatal. A fault in a stack guard page is reported
    /// as a stack overflow (fail-fast, as .NET does).</summary>
    internal static unsafe class FaultHandlers
    {
        private const ulong NullPageLimit = 4096;

        public static void Install()
        {
            Interrupts.SetHandler(Interrupts.DivideError, &OnDivideError);
            Interrupts.SetHandler(Interrupts.PageFault, &OnPageFault);
        }

        private static bool OnDivideError(InterruptFrame* frame) =>
            Redirect(frame, HardwareExceptions.DivideByZero);

        private static bool OnPageFault(InterruptFrame* frame)
        {
            ulong address = Cpu.ReadCr2();
            Threading.KernelThread overflowed = Threading.Scheduler.FindByGuardPage(address);
            if (overflowed != null)
            {
                Log.Write("\n*** STACK OVERFLOW in ");
                SymbolTable.WriteLocation(frame->Rip);
                Log.Line($" (thread {overflowed.Id} \"{overflowed.Name}\")");
                return false;
            }
            if (address < NullPageLimit) return Redirect(frame, HardwareExceptions.NullReference);
            return false;
        }

        private static bool Redirect(InterruptFrame* frame, int kind)
        {
            if (!HardwareExceptions.IsManagedCode(frame->Rip)) return false;
            frame->Rsp -= 8;
            *(ulong*)frame->Rsp = frame->Rip;
            frame->Rdi = (ulong)kind;
            frame->Rip = HardwareExceptions.ThrowTrampoline;
            return true;
        }
    }
}
