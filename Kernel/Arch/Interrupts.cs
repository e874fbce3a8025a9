using System.Runtime.InteropServices;
using Sing.Kernel.Diagnostics;

namespace Sing.Kernel.Arch
{
    /// <summary>Routes every interrupt and CPU exception. Interrupt lines (vectors 32-63: InterruptController) go to registered
    /// handlers; a CPU exception nobody handles is fatal and produces a diagnostic report.</summary>
    internal static unsafe class Interrupts
    {
        public const int DivideError = 0;
        public const int Debug = 1;
        public const int NonMaskable = 2;
        public const int Breakpoint = 3;
        public const int InvalidOpcode = 6;
        public const int DoubleFault = 8;
        public const int GeneralProtection = 13;
        public const int PageFault = 14;
        public const int MachineCheck = 18;
        public const int IrqBase = 32;
        public const int Vectors = 256;

        private struct HandlerTable
        {
            public fixed ulong Entries[Vectors];
        }

        private static HandlerTable s_handlers;

        public static ulong Count;

        /// <summary>Installs a handler for a vector (IRQ or exception). An exception handler returns true if it
        /// resolved the fault (execution resumes at frame->Rip), false to let the fault be fatal. A vector outside the
        /// table is refused (false), never written.</summary>
        public static bool SetHandler(int vector, delegate*<InterruptFrame*, bool> handler)
        {
            if ((uint)vector >= Vectors) return false;
            s_handlers.Entries[vector] = (ulong)handler;
            return true;
        }

        /// <summary>The handler installed for <paramref name="vector"/> (null when none): for a handler that chains to it.</summary>
        public static delegate*<InterruptFrame*, bool> Handler(int vector) =>
            (uint)vector < Vectors ? (delegate*<InterruptFrame*, bool>)s_handlers.Entries[vector] : null;

        /// <summary>Installs the handler of an interrupt line (InterruptController: ISA lines, then MSI lines); false
        /// for a number that is not a line.</summary>
        public static bool SetIrqHandler(ulong line, delegate*<InterruptFrame*, bool> handler) =>
            line < InterruptController.Lines && SetHandler(IrqBase + (int)line, handler);

        [UnmanagedCallersOnly(EntryPoint = "sing_interrupt_dispatch")]
        private static void DispatchInSection(InterruptFrame* frame)
        {
            // An interrupt that found interrupts on enters the kernel's section: with threads on several CPUs, it takes
            // the kernel lock (Smp.KernelLock) and gives it back before its iretq turns them on again. Cross-calls and
            // stops run without it: the lock's holder may be waiting for them.
            // One CPU (or threads on the boot processor only): no lock, one test on the way in.
            if (!Smp.KernelLock.Active)
            {
                Dispatch(frame);
                return;
            }
            bool locked = (frame->Rflags & 0x200) != 0
                && frame->Vector != Smp.CrossCall.Vector && frame->Vector != Smp.KernelLock.StopVector && frame->Vector != InterruptController.SpuriousVector;
            if (locked) Smp.KernelLock.Acquire();
            DispatchOutOfLine(frame);
            if (locked) Smp.KernelLock.Release();
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void DispatchOutOfLine(InterruptFrame* frame) => Dispatch(frame);

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Dispatch(InterruptFrame* frame)
        {
            Count++;
            // The stubs push their own vector number; checked all the same before it indexes the table.
            if (frame->Vector >= Vectors)
            {
                Console.Log.Line("interrupt: vector number out of range");
                return;
            }
            int vector = (int)frame->Vector;
            var handler = (delegate*<InterruptFrame*, bool>)s_handlers.Entries[vector];
            bool fromRing3 = (frame->Cs & 3) != 0;   // isr_common recorded where it left ring 3

            if (vector == InterruptController.SpuriousVector && InterruptController.UsesApic) return;   // no EOI for it
            if (vector >= IrqBase && vector < IrqBase + InterruptController.Lines)
            {
                int irq = vector - IrqBase;
                if (InterruptController.IsSpurious(irq)) return;
                // Acknowledge first: the handler may switch threads (the timer does), and the controller must
                // keep delivering while the other thread runs. Interrupts stay off until this frame's iretq.
                InterruptController.EndOfInterrupt(irq);
                if (handler != null) handler(frame);
                Threading.Scheduler.RunWokenIfIdle();
                EndIfRequested();
                return;
            }
            if (fromRing3 && vector < 32)
            {
                // A fault in ring 3 ends that thread alone. A SIP's fault handlers come first (they redirect a null
                // dereference to the SIP's exception trampoline, or end the SIP with a report).
                if (UserMode.EmulateTrapRead(frame)) return;
                if (Threading.Scheduler.Current.Owner != null && handler != null && handler(frame)) return;
                if (UserMode.HandleFault(frame)) return;
                FaultReport.Fatal(frame);
            }
            if (handler != null && handler(frame)) return;
            if (vector < 32) FaultReport.Fatal(frame);
            // Unexpected software/other vector: report but keep running.
            Console.Log.Line($"interrupt: unexpected vector {vector}");
        }

        /// <summary>An interrupt about to return to SIP code (not to kernel code the thread was running for it) is a
        /// safe point: a thread the kernel marked to end (see KernelThread.KillRequested) ends here.</summary>
        internal static void EndIfRequested()
        {
            Threading.KernelThread t = Threading.Scheduler.Current;
            if (t != null && t.KillRequested && t.Owner != null && t.AbiEntryStackPointer == 0) Processes.ProcessManager.EndRequested(t);
        }

        public static string ExceptionName(int vector) => vector switch
        {
            0 => "Divide error (#DE)",
            1 => "Debug (#DB)",
            2 => "Non-maskable interrupt",
            3 => "Breakpoint (#BP)",
            4 => "Overflow (#OF)",
            5 => "Bound range exceeded (#BR)",
            6 => "Invalid opcode (#UD)",
            7 => "Device not available (#NM)",
            8 => "Double fault (#DF)",
            10 => "Invalid TSS (#TS)",
            11 => "Segment not present (#NP)",
            12 => "Stack-segment fault (#SS)",
            13 => "General protection fault (#GP)",
            14 => "Page fault (#PF)",
            16 => "x87 floating-point error (#MF)",
            17 => "Alignment check (#AC)",
            18 => "Machine check (#MC)",
            19 => "SIMD floating-point exception (#XM)",
            20 => "Virtualization exception (#VE)",
            21 => "Control protection exception (#CP)",
            _ => "Reserved exception",
        };
    }
}
