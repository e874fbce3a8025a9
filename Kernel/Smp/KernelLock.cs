using System.Runtime.InteropServices;
using System.Threading;
using Sing.Kernel.Arch;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Smp
{
    /// <summary>The kernel lock: with threads on several processors, the sections that one CPU guarded by turning its
    /// interrupts off are still what the rest of the kernel relies on, so "interrupts off" now means "this CPU holds the
    /// kernel lock". A CPU takes it when its interrupts go from on to off (Scheduler.DisableInterrupts, an interrupt that
    /// arrives while they were on) and gives it back when they go on again (Scheduler.RestoreInterrupts, the return from
    /// that interrupt, a new thread's first instructions, the way into ring 3). The lock belongs to the CPU, not to a
    /// thread: a thread that switches away inside a section hands it to the thread it switches to, which was itself
    /// switched away inside one. Code that ran with interrupts on could already be preempted anywhere on one CPU, so it
    /// needs nothing new; only per-CPU state (the running thread, its run queues, its TSS) had to become per CPU.
    ///
    /// A CPU waiting for the lock keeps answering cross-calls (a TLB shootdown by the holder) and counts as stopped for
    /// the kernel's collector (its registers are on its stack and its stack pointer in its thread). The collector stops
    /// the other CPUs (<see cref="StopOthers"/>) with an interrupt on <see cref="StopVector"/> that, like cross-calls,
    /// needs no lock. While only the boot processor runs threads, <see cref="Active"/> is false and none of this costs
    /// more than one test.</summary>
    internal static unsafe class KernelLock
    {
        /// <summary>The vector that stops a CPU for the kernel's collector (taken without the lock).</summary>
        public const byte StopVector = 0xF3;

        /// <summary>True once threads run on more than one processor: then sections take the lock.</summary>
        public static bool Active;

        private static int s_holder;         // 1 + the index of the CPU that holds it; 0: free
        private static int s_stopRequest;    // the generation of the current stop, 0 when none
        private static int s_stopGeneration;
        private static int* s_stopped;       // per CPU: the generation it acknowledged

        public static ulong Contended;

        public static void Initialize(int processors)
        {
            s_stopped = (int*)Memory.KernelHeap.Allocate((ulong)(processors * sizeof(int)));
            for (int i = 0; i < processors; i++) s_stopped[i] = 0;
            Interrupts.SetHandler(StopVector, &OnStopInterrupt);
        }

        /// <summary>Takes the lock (interrupts are off, and were on). Spins, answering cross-calls and stops meanwhile.</summary>
        public static void Acquire()
        {
            int me = Processors.Current + 1;
            if (Interlocked.CompareExchange(ref s_holder, me, 0) == 0) return;
            Contended++;
            // The spin runs with every callee-saved register on the stack and the stack pointer in the running thread,
            // so a collection on the holder's CPU finds everything this CPU's frames hold.
            KernelThread t = Scheduler.Current;
            ulong scratch;
            SpinWithRegistersSaved(t != null ? (ulong*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref t.SavedStackPointer) : &scratch);
        }

        [UnmanagedCallersOnly(EntryPoint = "sing_kernel_lock_spin")]
        private static void Spin()
        {
            int me = Processors.Current + 1;
            while (true)
            {
                if (Volatile.Read(ref s_holder) == 0 && Interlocked.CompareExchange(ref s_holder, me, 0) == 0) return;
                CrossCall.Poll();
                int request = Volatile.Read(ref s_stopRequest);
                if (request != 0) Volatile.Write(ref s_stopped[me - 1], request);
                Cpu.Pause();
            }
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall), System.Runtime.RuntimeImport("sing_call_with_registers_saved")]
        private static extern void SpinWithRegistersSaved(ulong* stackPointer);   // Smp/ap.asm: calls sing_kernel_lock_spin

        public static void Release() => Volatile.Write(ref s_holder, 0);

        /// <summary>Whether the calling CPU holds the lock.</summary>
        public static bool HeldHere => Volatile.Read(ref s_holder) == Processors.Current + 1;

        /// <summary>Stops every other running CPU (the caller holds the lock): each parks in <see cref="OnStopInterrupt"/>
        /// or in its wait for the lock, its running thread's stack pointer recorded, until <see cref="ResumeOthers"/>.</summary>
        public static void StopOthers()
        {
            if (!Active) return;
            int generation = ++s_stopGeneration;
            if (generation == 0) generation = ++s_stopGeneration;
            Volatile.Write(ref s_stopRequest, generation);
            int self = Processors.Current;
            for (int i = 0; i < Processors.Count; i++)
                if (i != self) LocalApic.SendInterrupt(Processors.ApicIdOf(i), StopVector);
            for (int i = 0; i < Processors.Count; i++)
                while (i != self && Volatile.Read(ref s_stopped[i]) != generation) Cpu.Pause();
        }

        public static void ResumeOthers()
        {
            if (!Active) return;
            Volatile.Write(ref s_stopRequest, 0);
        }

        // Interrupts off, lock not taken: park until the stop is over, still answering cross-calls.
        private static bool OnStopInterrupt(InterruptFrame* frame)
        {
            LocalApic.EndOfInterrupt();
            int request = Volatile.Read(ref s_stopRequest);
            if (request == 0) return true;   // a stop that ended before this CPU saw its interrupt
            KernelThread t = Scheduler.Current;
            if (t != null) t.SavedStackPointer = (ulong)frame;   // every register of the interrupted code is in the frame
            Volatile.Write(ref s_stopped[Processors.Current], request);
            while (Volatile.Read(ref s_stopRequest) == request)
            {
                CrossCall.Poll();
                Cpu.Pause();
            }
            return true;
        }
    }
}
