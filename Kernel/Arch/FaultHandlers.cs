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

        /// <summary>Every CPU exception in a SIP's code is handled here first: recoverable ones go to that SIP's own
        /// runtime as exceptions; anything else ends the SIP (fail-stop) and the kernel carries on.</summary>
        public static void InstallSipHandlers()
        {
            for (int vector = 0; vector < 32; vector++)
            {
                if (vector == Interrupts.PageFault || vector == Interrupts.DivideError || vector == Interrupts.NonMaskable
                    || vector == Interrupts.DoubleFault || vector == Interrupts.MachineCheck || vector == Interrupts.Breakpoint) continue;
                Interrupts.SetHandler(vector, &OnOtherFault);
            }
        }

        private static bool OnOtherFault(InterruptFrame* frame) => TerminateFaultingSip(frame, null);

        private static bool OnDivideError(InterruptFrame* frame) =>
            Redirect(frame, HardwareExceptions.DivideByZero) || TerminateFaultingSip(frame, null);

        private static bool OnPageFault(InterruptFrame* frame)
        {
            if (Abi.HandleWindow.TryFixUp(frame)) return true;   // a handle lookup past its window's mapped pages
            ulong address = Cpu.ReadCr2();
            Threading.KernelThread overflowed = Threading.Scheduler.FindByGuardPage(address, out bool soft);
            if (overflowed != null)
            {
                // The fault may have been the delivery of an interrupt onto this stack: it stays in service unless ended.
                InterruptController.ReleaseLostDelivery();
                if (overflowed.Owner != null && overflowed == Threading.Scheduler.Current)
                {
                    // The SIP's own code overflowed: it ends here. Kernel code working for it (an ABI call, an
                    // interrupt that arrived near the bottom) gets the next page of the kernel zone and finishes; the
                    // SIP ends when it would run again.
                    if (TerminateFaultingSip(frame, "stack overflow")) return true;
                    if (soft && Threading.Scheduler.SlideSoftGuard(overflowed, "stack overflow: kernel code serving the SIP reached the bottom of its stack"))
                        return true;
                }
                Log.Write("\n*** STACK OVERFLOW in ");
                SymbolTable.WriteLocation(frame->Rip);
                Log.Line($" (thread {overflowed.Id} \"{overflowed.Name}\")");
                return false;
            }
            if (address < NullPageLimit && Redirect(frame, HardwareExceptions.NullReference)) return true;
            return TerminateFaultingSip(frame, null);
        }

        /// <summary>If the fault happened in a SIP's code, ends that SIP with a diagnostic naming it and the fault,
        /// and switches to another thread (does not return). Otherwise returns false: a kernel fault is fatal.</summary>
        private static bool TerminateFaultingSip(InterruptFrame* frame, string what)
        {
            Processes.KernelProcess process = Processes.ProcessManager.FindByCodeAddress(frame->Rip);
            Threading.KernelThread current = Threading.Scheduler.Current;
            if (process == null || current == null || current.Owner != process) return false;
            Log.Write($"[kernel] SIP {process.Name} (pid {process.Id}) faulted in ");
            process.WriteLocation(frame->Rip);
            Log.Line();
            string reason = string.Concat(what ?? Interrupts.ExceptionName((int)frame->Vector), " at image+0x",
                process.ImageOffset(frame->Rip).ToString("x"), frame->Vector == Interrupts.PageFault ? string.Concat(" (address 0x", Cpu.ReadCr2().ToString("x"), OutsideDomain(process, Cpu.ReadCr2()), ")") : "");
            Processes.ProcessManager.Terminate(process, FaultExitCode, reason);
            return true; // not reached: the faulting thread does not run again
        }

        /// <summary>Names a fault on allocated memory that the SIP's hardware domain does not map.</summary>
        private static string OutsideDomain(Processes.KernelProcess process, ulong address)
        {
            if (!Memory.PageAllocator.ChunksEnabled || !Memory.PageAllocator.IsAllocated((void*)address)) return "";
            ushort owner = Memory.PageAllocator.ChunkOwner(address / Memory.PageAllocator.PageSize / Memory.PageAllocator.PagesPerChunk);
            return owner == process.MemoryOwner || owner == Memory.MemoryOwner.Kernel ? "" : ", outside its protection domain";
        }

        /// <summary>Exit code of a SIP the kernel ended because of a CPU fault.</summary>
        public const int FaultExitCode = Singularity.V1.ExitCodes.KernelTerminated;

        /// <summary>Makes the faulting code "call" its runtime's throw trampoline: the kernel's own, or the
        /// trampoline the SIP owning the code registered.</summary>
        private static bool Redirect(InterruptFrame* frame, int kind)
        {
            ulong trampoline;
            if (HardwareExceptions.IsManagedCode(frame->Rip)) trampoline = HardwareExceptions.ThrowTrampoline;
            else
            {
                Processes.KernelProcess process = Processes.ProcessManager.FindByCodeAddress(frame->Rip);
                if (process == null || process.FaultTrampoline == 0) return false;
                trampoline = process.FaultTrampoline;
            }
            frame->Rsp -= 8;
            *(ulong*)frame->Rsp = frame->Rip;
            frame->Rdi = (ulong)kind;
            frame->Rip = trampoline;
            return true;
        }
    }
}
