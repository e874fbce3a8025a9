using System;

namespace Sing.Kernel.Threading
{
    public enum ThreadState
    {
        Created,
        Ready,
        Running,
        Blocked,
        /// <summary>Taken off its processor for a termination running on another (Scheduler.OnReschedule): in no queue,
        /// and no wake-up makes it ready again.</summary>
        Stopped,
        Finished,
    }

    /// <summary>See <see cref="KernelThread.Slots"/>; the layout matches boot_runtime_slots in boot.asm.</summary>
    internal struct RuntimeSlots
    {
        public ulong KernelRuntime;
        public ulong SipRuntime;
        public ulong Reserved0;
        public ulong Reserved1;
        /// <summary>The system calls the thread's ring-3 code reaches by number (usermode.asm indexes them here): the
        /// entries' addresses, and their count (0: no table, every number answers NoSuchCall).</summary>
        public ulong SystemCalls;
        public ulong SystemCallCount;
        /// <summary>The index of the processor running the thread (Smp.Processors.Current reads it through GS): 0, the
        /// boot processor, for every thread while threads run there only; an application processor's own slots say its.</summary>
        public ulong Processor;
        /// <summary>The address of the thread these slots belong to: Scheduler.Current is this one load through GS.</summary>
        public ulong Thread;
        /// <summary>The run state (Threading.ProcessorRunState) of the processor the thread runs on.</summary>
        public ulong RunState;
    }

    /// <summary>A kernel-visible thread: its own stack, the saved stack pointer while it is not running, and what it
    /// is waiting for. Below the stack lie, from the top: a soft guard page (unmapped), a kernel zone of
    /// <see cref="KernelZonePages"/> pages and a hard guard page (unmapped):
    /// <c>[hard guard][kernel zone][soft guard][stack ...]</c>. Code that overflows the stack stops at the soft
    /// guard. When kernel code (an ABI call, an interrupt) reaches it on a SIP thread, the page is mapped and the
    /// guard slides one page down, so the kernel finishes its work in the zone, and the SIP is ended when it would
    /// run again (001 §3.3.1: a SIP's stack keeps room for the kernel). Only kernel code that uses the whole zone
    /// reaches the hard guard, which is fatal.</summary>
    public sealed unsafe class KernelThread
    {
        public const ulong DefaultStackBytes = 64 * 1024;

        /// <summary>Pages between the hard and the soft guard: the kernel's room below a full SIP stack.</summary>
        public const ulong KernelZonePages = 4;

        /// <summary>Pages below <see cref="StackBase"/>: the soft guard, the zone and the hard guard.</summary>
        public const ulong ReservedPages = KernelZonePages + 2;

        public readonly int Id;
        public readonly string Name;
        public ThreadState State;
        internal ulong SavedStackPointer;
        internal byte* StackBase;        // lowest usable address
        internal byte* SoftGuard;        // the unmapped page between the stack (or the zone's used part) and the zone

        /// <summary>Set when the thread must end at its next safe point (leaving an ABI call, or an interrupt that
        /// returns to SIP code): kernel code ran out of its stack on it. <see cref="KillReason"/> says why.</summary>
        internal bool KillRequested;
        internal string KillReason;

        /// <summary>Set by a termination on another processor while the thread runs: the reschedule interrupt takes it off
        /// its processor (Scheduler.OnReschedule), so the termination finds it stopped.</summary>
        internal bool EvictRequested;

        /// <summary>The first page of the thread's stack memory: the hard guard.</summary>
        internal byte* HardGuard => StackBase - ReservedPages * 4096;
        internal byte* InitialSoftGuard => StackBase - 4096;
        internal ulong StackBytes;
        internal Action Start;
        // Or, for a ring-0 process's thread, its entry point and argument (no closure per thread).
        internal delegate* unmanaged<nint, void> Entry;
        internal nint EntryArgument;

        // Scheduler queue links (a thread is in at most one run queue); an address, see ThreadQueue.
        internal nint NextInQueue;
        internal bool InRunQueue;

        // Threads never move and the scheduler's thread list keeps each one alive until it is reaped, so the run
        // queues and channel endpoints may name a thread by its address.
        /// <summary>Its place in the scheduler's list of threads (-1 once reaped).</summary>
        internal int ListIndex = -1;

        internal static nint AddressOf(KernelThread thread) => System.Runtime.CompilerServices.Unsafe.As<KernelThread, nint>(ref thread);

        internal static KernelThread At(nint address) => System.Runtime.CompilerServices.Unsafe.As<nint, KernelThread>(ref address);

        /// <summary>The thread whose address is stored in <paramref name="slot"/> (a field or static, null for 0). Read
        /// in place, unlike <see cref="At"/> (whose argument lives on the stack): hot paths use this one.</summary>
        internal static KernelThread In(ref nint slot) => System.Runtime.CompilerServices.Unsafe.As<nint, KernelThread>(ref slot);

        // Waiting: the handles waited on, which one signalled (-1 = timeout), and the deadline (timer ticks).
        internal WaitHandle[] WaitingOn;
        internal WaitHandle[] SingleWait;   // reused by WaitOne
        internal int WakeIndex;
        internal ulong WakeDeadline;
        internal KernelThread NextSleeper;

        internal readonly ManualResetEvent Exited = new ManualResetEvent(false);

        /// <summary>The address space the thread runs in (CR3): its process's domain, or the kernel's; the scheduler
        /// loads it when it switches to the thread. Kernel work on other domains' memory moves it to the kernel's
        /// for a while (Scheduler.EnterKernelSpace).</summary>
        internal ulong Cr3;

        /// <summary>Whether the thread runs code in ring 3 (Arch.UserMode.Enter): then the scheduler gives the TSS its
        /// kernel stack and IA32_KERNEL_GS_BASE its user GS base when it switches to it.</summary>
        internal bool UserMode;
        internal ulong UserGsBase;

        /// <summary>A ring-3 SIP thread's kernel stack (its StackBase..StackTop is then the SIP's stack in its domain,
        /// which is what CallerMemory and the SIP's collector see): system calls, interrupts and switches run here.
        /// Null for every other thread, whose one stack serves both.</summary>
        internal byte* KernelStackMemory;
        public const ulong KernelStackPages = 8;
        internal ulong KernelStackTop => KernelStackMemory == null ? StackTop : (ulong)KernelStackMemory + (KernelStackPages + 1) * 4096;

        /// <summary>Exchange-heap copies a send or receive across a ring-3 boundary prepared before the message moved, and
        /// the address space to return to when it read another domain's block (Channels.Channel): kept here so the hot
        /// channel paths take no addresses of their locals.</summary>
        internal byte* PendingCopy;
        internal byte* PendingSecondCopy;
        internal ulong PendingSpace;

        /// <summary>Whose chunks the stack came from (Memory.MemoryOwner): only the kernel's stacks are pooled.</summary>
        internal ushort StackOwner;

        /// <summary>The SIP this thread runs for (null for kernel threads).</summary>
        internal Processes.KernelProcess Owner;

        /// <summary>While a SIP thread is inside an ABI call: the stack pointer at the crossing. Frames above it
        /// belong to the SIP's object space, frames below to the kernel's; each collector scans only its own.</summary>
        internal ulong AbiEntryStackPointer;

        /// <summary>While positive, the timer does not preempt this thread (a SIP runtime's heap section); a
        /// preemption that came due meanwhile is recorded and taken when the depth returns to zero.</summary>
        internal int NoPreemptionDepth;
        internal bool PreemptionDeferred;
        /// <summary>The tick at which a preemption came due while <see cref="NoPreemptionDepth"/> was positive: a SIP
        /// that keeps preemption off for longer than <see cref="Scheduler.MaxPreemptionOffTicks"/> after it is ended.</summary>
        internal ulong PreemptionDeferredAt;

        /// <summary>Kernel pages for the validated endpoints of this thread's selects over more than 256 endpoints (see
        /// AbiV1.SelectBuffer); returned when the thread is reaped.</summary>
        internal void* SelectBuffer;
        internal ulong SelectBufferPages;

        /// <summary>Gives the select buffer back (interrupts off).</summary>
        internal void ReleaseSelectBuffer()
        {
            if (SelectBuffer == null) return;
            Memory.PageAllocator.Free(SelectBuffer, SelectBufferPages);
            SelectBuffer = null;
            SelectBufferPages = 0;
        }

        /// <summary>Per-thread words the object spaces' runtimes reach through GS (the scheduler points the GS base
        /// here while this thread runs): slot 0 is the kernel runtime's allocation context for this thread, slot 1
        /// the SIP runtime's, slots 2-5 ring 3's system-call state (Arch/usermode.asm). Objects never move, so the address stays valid for the thread's life.</summary>
        internal RuntimeSlots Slots;

        internal ulong SlotsAddress => (ulong)System.Runtime.CompilerServices.Unsafe.AsPointer(ref Slots);

        /// <summary>The runtime's per-thread record of running exception handlers.</summary>
        internal Internal.Runtime.ExceptionHandling.ExceptionThreadState ExceptionState;

        // Validation memory of the channel entries: the last endpoint validated for this thread and the last data
        // block it received or allocated, each with its process's epoch of that kind then. A process's epoch moves
        // whenever it gives up a block of that kind (send, free, close: ExchangeHeap.GiveUpOwnership; for endpoints,
        // only one that a thread remembers), so while it stands still the remembered block is still the process's and
        // its full check can be skipped.
        internal void* LastOwnedEndpoint;
        internal ulong LastOwnedEndpointEpoch;
        internal void* LastOwnedBlock;
        internal ulong LastOwnedBlockEpoch;

        /// <summary>Remembers an endpoint of this thread's process, just validated in the same critical section, and
        /// marks it remembered so that giving it up moves the process's epoch. Interrupts must be off.</summary>
        internal void RememberOwnedEndpoint(void* endpoint)
        {
            LastOwnedEndpoint = endpoint;
            LastOwnedEndpointEpoch = Owner.EndpointEpoch;
            Channels.ExchangeHeap.HeaderOf(endpoint)->Remembered = 1;
        }

        /// <summary>Remembers a data block of this thread's process. Interrupts must be off.</summary>
        internal void RememberOwnedBlock(void* data)
        {
            LastOwnedBlock = data;
            LastOwnedBlockEpoch = Owner.BlockEpoch;
        }

        public ulong StackTop => (ulong)(StackBase + StackBytes);

        /// <summary>Context switches into this thread.</summary>
        public ulong Switches;

        internal KernelThread(int id, string name)
        {
            Id = id;
            Name = name;
            Slots.Thread = (ulong)AddressOf(this);
        }

        /// <summary>The processor the thread runs on, or last ran on (its slots' Processor field).</summary>
        internal int Processor => (int)Slots.Processor;

        /// <summary>The processor the thread runs on, and whose run queues hold it when it is ready: its process's, or 0.
        /// A thread runs on its home processor only, so its slots' Processor field (Smp.Processors.Current) says the same.</summary>
        internal int HomeProcessor;

        public bool IsAlive => State != ThreadState.Finished;

        /// <summary>Waits until the thread has finished.</summary>
        public void Join() => Exited.WaitOne();

        public bool Join(ulong timeoutMilliseconds) => Exited.WaitOne(timeoutMilliseconds);
    }
}
