using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Internal.Runtime.ExceptionHandling;
using Sing.Kernel.Arch;
using Sing.Kernel.Diagnostics;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;

namespace Sing.Kernel.Threading
{
    /// <summary>Singularity's two-list scheduler (001 §3.3.2). Runnable threads sit in an unblocked list (recently
    /// woken) or a preempted list, both FIFO; the next thread comes from the unblocked list first. A thread woken by
    /// the running thread joins the unblocked list and runs on the remaining quantum (no timer reset). When the
    /// quantum expires at a timer tick, the unblocked threads move behind the preempted ones, followed by the
    /// thread that was running, and the first of the list runs with a fresh quantum. With nothing to run, the idle
    /// thread halts the CPU until the next interrupt. Every processor has its own lists, idle thread and quantum
    /// (ProcessorRunState); a thread runs on its home processor only (its process's: Smp.Processors.NextHome), so the
    /// policy holds per processor. Every operation runs with interrupts off, which with threads on several processors
    /// means under the kernel lock (Smp.KernelLock).</summary>
    public static unsafe class Scheduler
    {
        public const ulong QuantumTicks = 10;
        private const ulong InterruptFlag = 0x200;

        // The lists live in their own class: a field initializer here would give Scheduler a static constructor,
        // and every access to the hot fields below (current thread, run queues) would first check it had run.
        private static class Lists
        {
            public static readonly List<KernelThread> Threads = new List<KernelThread>();
            public static readonly List<KernelThread> Zombies = new List<KernelThread>();
            public static readonly List<ulong> StackPool = new List<ulong>();
            public static readonly List<ushort> StackPoolOwners = new List<ushort>();   // whose chunks each pooled stack is in
        }

        private static bool s_zombiesPending;
        // Each processor's run state (ProcessorRunState), indexed by Smp.Processors.Current. Threads are named by
        // address there; Lists.Threads keeps every thread alive until it is reaped.
        private static ProcessorRunState* s_processors;
        private static KernelThread s_sleepers;   // sorted by deadline, linked through NextSleeper
        private static int s_nextId;
        // The kernel's address space (see KernelThread.Cr3).
        private static ulong s_kernelCr3;

        public static ulong ContextSwitches;
        public static ulong Preemptions;

        /// <summary>The thread running on the calling processor: one load through GS (its runtime slots' Thread field).</summary>
        public static KernelThread Current => CurrentThread();

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall), System.Runtime.RuntimeImport("sing_current_thread")]
        private static extern KernelThread CurrentThread();   // Arch/context.asm

        public static bool IsRunning => Current != null;

        /// <summary>The calling processor's run state.</summary>
        private static ProcessorRunState* Here
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
            get => (ProcessorRunState*)CurrentRunState();
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall), System.Runtime.RuntimeImport("sing_current_run_state")]
        private static extern void* CurrentRunState();   // Arch/context.asm: the RunState field of the slots

        /// <summary>Makes <paramref name="processor"/> the one <paramref name="thread"/> runs on (it is not running and not
        /// queued): its slots then name that processor and its run state.</summary>
        internal static void SetHomeProcessor(KernelThread thread, int processor)
        {
            thread.HomeProcessor = processor;
            thread.Slots.Processor = (ulong)processor;
            thread.Slots.RunState = (ulong)(s_processors + processor);
        }

        /// <summary>Turns the boot context into thread 0 and creates the idle thread.</summary>
        public static void Initialize(byte* bootStackBottom, byte* bootStackTop)
        {
            s_kernelCr3 = Cpu.ReadCr3();
            s_processors = (ProcessorRunState*)KernelHeap.Allocate((ulong)(Hardware.Madt.MaxProcessors * sizeof(ProcessorRunState)));
            for (int i = 0; i < Hardware.Madt.MaxProcessors; i++) s_processors[i] = default;
            ProcessorRunState* here = s_processors;   // the boot processor's (index 0)
            here->LoadedCr3 = s_kernelCr3;
            var boot = new KernelThread(s_nextId++, "kernel-main")
            {
                Cr3 = s_kernelCr3,
                StackBase = bootStackBottom,
                StackBytes = (ulong)(bootStackTop - bootStackBottom),
                State = ThreadState.Running,
            };
            // The boot code's slots (GS) already hold the boot thread's allocation context: move them into the thread.
            boot.Slots = *(RuntimeSlots*)Cpu.ReadGsBase();
            boot.Slots.Thread = (ulong)KernelThread.AddressOf(boot);
            boot.Slots.RunState = (ulong)here;
            Cpu.WriteGsBase(boot.SlotsAddress);
            AddThread(boot);
            here->Current = KernelThread.AddressOf(boot);
            PollWhenIdle = Boot.KernelOptions.Get("idle") == "poll";
            ulong haltPollMicroseconds = ulong.TryParse(Boot.KernelOptions.Get("idle.haltpoll"), out ulong us) ? us : 200;
            HaltPollCycles = Arch.Tsc.Frequency / 1_000_000 * haltPollMicroseconds;
            KernelThread idle = Create("idle", 16 * 1024); // no Start: ThreadEntry runs the idle loop
            idle.State = ThreadState.Ready;
            here->Idle = KernelThread.AddressOf(idle);
            here->QuantumEnd = Timer.Ticks + QuantumTicks;
        }

        /// <summary>True while the idle thread spins instead of halting: the kernel option idle=poll, or the storage
        /// benchmarks while they run. Under QEMU's -icount with sleep=off a halted CPU makes virtual time jump to the
        /// next timer deadline, so a wait for a device (a disk read finishing on the host) would be charged a whole
        /// timer period; spinning charges the instructions run meanwhile, as the Linux guest's idle spinner does for
        /// its disk rows (Bench/Linux/README.md).</summary>
        internal static bool PollWhenIdle
        {
            get => System.Threading.Volatile.Read(ref s_pollWhenIdle) != 0;
            set => System.Threading.Volatile.Write(ref s_pollWhenIdle, value ? 1 : 0);
        }

        private static int s_pollWhenIdle;

        /// <summary>With threads on several processors, how long (TSC cycles) an idle processor stays awake after it ran
        /// threads before it halts: kernel option idle.haltpoll=MICROSECONDS (default 200, 0 to halt at once), as
        /// Linux's guest halt-polling. Work often follows at once (a reply from a thread on another processor), and
        /// waking a halted virtual CPU costs far more than the interrupt: a cross-processor round trip between two
        /// SIPs under multi-threaded TCG went from ~120,000 cycles to a few thousand. One CPU never polls.</summary>
        internal static ulong HaltPollCycles;

        private static void IdleLoop()
        {
            KernelThread self = Current;
            ulong ranThreadsAt = ulong.MaxValue;
            while (true)
            {
                if (PollWhenIdle)
                {
                    Cpu.EnableInterrupts();
                    Cpu.Pause();
                }
                else if (System.Threading.Volatile.Read(ref self.Switches) != ranThreadsAt && HaltPollCycles != 0 && Smp.KernelLock.Active)
                {
                    // Back from running threads (the switch back here counted one): stay awake for a while. A wake-up
                    // meanwhile arrives as the reschedule interrupt and switches away; coming back starts a new window.
                    ranThreadsAt = System.Threading.Volatile.Read(ref self.Switches);
                    ulong end = Cpu.ReadTsc() + HaltPollCycles;
                    while (System.Threading.Volatile.Read(ref self.Switches) == ranThreadsAt && Cpu.ReadTsc() < end) Cpu.Pause();
                }
                else Cpu.WaitForInterrupt();
            }
        }

        /// <summary>Creates a thread that will run <paramref name="start"/> once started.</summary>
        public static KernelThread CreateThread(string name, Action start, ulong stackBytes = KernelThread.DefaultStackBytes)
        {
            KernelThread thread = Create(name, stackBytes, MemoryOwner.Kernel, s_kernelCr3);
            thread.Start = start;
            return thread;
        }

        /// <summary>Creates a thread of a process: its stack belongs to <paramref name="owner"/> (the process's
        /// domain) and it runs in the address space <paramref name="cr3"/>. The caller must be able to write the
        /// stack (it runs in the kernel's space or in that domain).</summary>
        internal static KernelThread CreateThread(string name, Action start, ushort owner, ulong cr3)
        {
            KernelThread thread = Create(name, KernelThread.DefaultStackBytes, owner, cr3 == 0 ? s_kernelCr3 : cr3);
            thread.Start = start;
            return thread;
        }

        /// <summary>A ring-0 process's thread that runs <paramref name="entry"/>(<paramref name="argument"/>): as the
        /// overload with an Action, without allocating a closure and a delegate per thread.</summary>
        internal static KernelThread CreateThread(string name, delegate* unmanaged<nint, void> entry, nint argument, ushort owner, ulong cr3)
        {
            KernelThread thread = Create(name, KernelThread.DefaultStackBytes, owner, cr3 == 0 ? s_kernelCr3 : cr3);
            thread.Entry = entry;
            thread.EntryArgument = argument;
            return thread;
        }

        /// <summary>Creates a thread of a ring-3 process: its stack (StackBase..StackTop) lies in the process's domain
        /// and is the SIP's; its kernel stack (with a guard page below) is the kernel's. The start action runs in
        /// ring 0 on the kernel stack and moves to ring 3 (UserMode.Enter).</summary>
        internal static KernelThread CreateUserThread(string name, Action start, ushort owner, ulong cr3)
        {
            byte* kernelStack = (byte*)PageAllocator.Allocate(KernelThread.KernelStackPages + 1, zero: false);
            if (kernelStack == null) throw new OutOfMemoryException();
            if (!PageTables.TryUnmapSmallPage((ulong)kernelStack)) Panic.Halt("cannot unmap a kernel stack guard page", (ulong)kernelStack);
            KernelThread thread;
            try
            {
                thread = Create(name, KernelThread.DefaultStackBytes, owner, cr3);
            }
            catch (OutOfMemoryException)
            {
                PageTables.MapSmallPage((ulong)kernelStack);
                PageAllocator.Free(kernelStack, KernelThread.KernelStackPages + 1);
                throw;
            }
            thread.KernelStackMemory = kernelStack;
            thread.UserMode = true;
            thread.Start = start;
            // The first switch into it pops its initial frame from the kernel stack, not from the SIP's.
            WriteInitialFrame(thread, thread.KernelStackTop);
            return thread;
        }

        /// <summary>Runs the current thread in the kernel's address space, which maps every domain's memory, until
        /// <see cref="LeaveKernelSpace"/>: for kernel work on another domain's pages (making a process, collecting
        /// the kernel heap). Returns what to pass to LeaveKernelSpace.</summary>
        internal static ulong EnterKernelSpace()
        {
            ulong flags = DisableInterrupts();
            KernelThread t = Current;
            ulong previous = t.Cr3;
            if (previous != s_kernelCr3)
            {
                t.Cr3 = s_kernelCr3;
                Here->LoadedCr3 = s_kernelCr3;
                Cpu.WriteCr3(Domains.AddressSpace.LoadValue(s_kernelCr3));
            }
            RestoreInterrupts(flags);
            return previous;
        }

        internal static void LeaveKernelSpace(ulong previous)
        {
            ulong flags = DisableInterrupts();
            KernelThread t = Current;
            if (t.Cr3 != previous)
            {
                t.Cr3 = previous;
                Here->LoadedCr3 = previous;
                Cpu.WriteCr3(Domains.AddressSpace.LoadValue(previous));
            }
            RestoreInterrupts(flags);
        }

        // Stacks of finished threads, kept (guard page still unmapped) for the next thread of the same size:
        // creating a thread then costs no page allocation, clearing or page-table work.
        private const int StackPoolCapacity = 32;
        private static ulong s_pooledStackPages;

        private static KernelThread Create(string name, ulong stackBytes) => Create(name, stackBytes, MemoryOwner.Kernel, s_kernelCr3);

        private static KernelThread Create(string name, ulong stackBytes, ushort owner, ulong cr3)
        {
            ulong pages = (stackBytes + PageAllocator.PageSize - 1) / PageAllocator.PageSize;
            // A domain's stack must come from its own chunks: pooled stacks are reused by their owner only.
            byte* memory = TakePooledStack(pages, owner);
            if (memory == null)
            {
                memory = (byte*)PageAllocator.Allocate(pages + KernelThread.ReservedPages, zero: false, owner);
                if (memory == null) throw new OutOfMemoryException();
                // The hard guard (lowest page) and the soft guard (just below the stack) are unmapped: see KernelThread.
                if (!PageTables.TryUnmapSmallPage((ulong)memory)
                    || !PageTables.TryUnmapSmallPage((ulong)(memory + (KernelThread.ReservedPages - 1) * PageAllocator.PageSize)))
                    Panic.Halt("cannot unmap a thread stack guard page", (ulong)memory);
            }

            ulong flags = DisableInterrupts();
            var thread = new KernelThread(s_nextId++, name)
            {
                StackBase = memory + KernelThread.ReservedPages * PageAllocator.PageSize,
                SoftGuard = memory + (KernelThread.ReservedPages - 1) * PageAllocator.PageSize,
                StackBytes = pages * PageAllocator.PageSize,
                State = ThreadState.Created,
                Cr3 = cr3,
                StackOwner = owner,
            };
            SetHomeProcessor(thread, 0);
            AddThread(thread);
            RestoreInterrupts(flags);

            WriteInitialFrame(thread, thread.StackTop);
            return thread;
        }

        private static void WriteInitialFrame(KernelThread thread, ulong top)
        {
            // Initial frame consumed by sing_switch_stacks: RFLAGS, R15..R12, RBX, RBP, return address.
            ulong* sp = (ulong*)top;
            *--sp = Cpu.ThreadTrampoline();
            *--sp = 0;                                   // rbp
            *--sp = 0;                                   // rbx
            *--sp = (ulong)thread.Id;                    // r12: the trampoline passes it to ThreadEntry
            *--sp = 0;                                   // r13
            *--sp = 0;                                   // r14
            *--sp = 0;                                   // r15
            *--sp = 0x2;                                 // rflags: interrupts off (ThreadEntry turns them on, see KernelLock)
            thread.SavedStackPointer = (ulong)sp;
        }

        /// <summary>Makes a created thread runnable. It joins the unblocked list like any woken thread.</summary>
        public static void Start(KernelThread thread)
        {
            if (thread.State != ThreadState.Created) throw new InvalidOperationException("the thread was already started");
            ulong flags = DisableInterrupts();
            MakeReady(thread);
            RestoreInterrupts(flags);
        }

        [UnmanagedCallersOnly(EntryPoint = "sing_thread_entry")]
        private static void ThreadEntry(ulong id)
        {
            // The switch that first ran this thread made it the current one; the id its initial frame carries says so.
            KernelThread thread = Current;
            if (thread.Id != (int)id) Panic.Halt("thread entry for another thread's id", id);
            // A new thread starts inside the section the switch to it ran in (interrupts off, its initial RFLAGS; the
            // CPU holds the kernel lock): it reaps zombies there, then leaves the section.
            ReapZombies();
            RestoreInterrupts(InterruptFlag);
            if (thread.Start != null) thread.Start();
            else if (thread.Entry != null) thread.Entry(thread.EntryArgument);
            else IdleLoop();
            Exit();
        }

        /// <summary>Ends the current thread: wakes its joiners and never returns.</summary>
        public static void Exit()
        {
            ulong flags = DisableInterrupts();
            KernelThread current = Current;
            current.State = ThreadState.Finished;
            current.Exited.SetLocked();
            Lists.Zombies.Add(current);
            s_zombiesPending = true;
            SwitchToNext(Here);
            Panic.Halt("a finished thread was scheduled again");
            RestoreInterrupts(flags);
        }

        /// <summary>Stops another thread for good (its process is being terminated): takes it off every run queue,
        /// timer and wait list, marks it finished and wakes its joiners. Its stack is reclaimed later. Interrupts
        /// must be off; the running thread cannot kill itself this way (it calls <see cref="Exit"/>).</summary>
        internal static void KillLocked(KernelThread thread)
        {
            if (thread == Current || thread.State == ThreadState.Finished) return;
            if (thread.InRunQueue)
            {
                var queues = (ProcessorRunState*)thread.Slots.RunState;
                if (queues->Handoff == KernelThread.AddressOf(thread)) queues->Handoff = 0;
                else if (!queues->Unblocked.Remove(thread)) queues->Preempted.Remove(thread);
                thread.InRunQueue = false;
            }
            RemoveSleeper(thread);
            if (thread.WaitingOn != null)
            {
                for (int i = 0; i < thread.WaitingOn.Length; i++) thread.WaitingOn[i].RemoveWaiterLocked(thread);
                thread.WaitingOn = null;
            }
            bool neverRan = thread.State == ThreadState.Created;
            thread.State = ThreadState.Finished;
            thread.Exited.SetLocked();
            Lists.Zombies.Add(thread);
            s_zombiesPending = true;
            if (neverRan) ReapZombies();
        }

        /// <summary>Gives up the CPU: the current thread goes to the end of the preempted list.</summary>
        public static void Yield()
        {
            ulong flags = DisableInterrupts();
            ProcessorRunState* here = Here;
            if (here->HasWork)
            {
                KernelThread me = Current;
                me.State = ThreadState.Ready;
                if (KernelThread.AddressOf(me) != here->Idle) Enqueue(here, ref here->Preempted, me);
                Switch(here, me, Pick(here));
            }
            RestoreInterrupts(flags);
        }

        /// <summary>Blocks the current thread until <see cref="Wake"/>. Interrupts must be off.</summary>
        internal static void BlockLocked() => BlockLocked(Current);

        /// <summary><see cref="BlockLocked()"/> for a caller that holds the running thread, <paramref name="me"/>.</summary>
        // Inlined down to the stack switch: a channel receive that waits runs exactly this path.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static void BlockLocked(KernelThread me)
        {
            me.State = ThreadState.Blocked;
            ProcessorRunState* here = Here;
            Switch(here, me, Pick(here));
        }

        /// <summary>Makes a blocked thread runnable (unblocked list; it inherits the running thread's quantum).
        /// Interrupts must be off.</summary>
        // Inlined into a channel send: waking the peer is part of every message.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static void WakeLocked(KernelThread thread)
        {
            if (thread.State != ThreadState.Blocked) return;
            RemoveSleeper(thread);
            MakeReady(thread);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void MakeReady(KernelThread thread)
        {
            thread.State = ThreadState.Ready;
            if (thread.InRunQueue) return;
            var queues = (ProcessorRunState*)thread.Slots.RunState;
            if (Smp.KernelLock.Active) WakeProcessorOf(thread, queues);
            if (queues->UnblockedIsEmpty)
            {
                thread.InRunQueue = true;
                queues->Handoff = KernelThread.AddressOf(thread);
                return;
            }
            queues->LinkHandoff();
            Enqueue(queues, ref queues->Unblocked, thread);
        }

        // A thread became ready on another processor that is idle: an interrupt makes it look at its queues.
        private static void WakeProcessorOf(KernelThread thread, ProcessorRunState* queues)
        {
            int target = thread.HomeProcessor;
            if (target != Cpu.ProcessorIndex() && queues->Current == queues->Idle) Smp.ProcessorTicks.Reschedule(target);
        }

        /// <summary>Makes processor <paramref name="index"/>'s boot context its idle thread (the boot processor calls this
        /// before starting it, on the stack it gave it): returns the runtime slots the processor's GS base points at.</summary>
        internal static ulong AdoptProcessor(int index, byte* stackBottom, ulong stackBytes)
        {
            ProcessorRunState* state = s_processors + index;
            *state = default;
            state->LoadedCr3 = s_kernelCr3;
            var idle = new KernelThread(s_nextId++, "idle")
            {
                Cr3 = s_kernelCr3,
                StackBase = stackBottom,
                StackBytes = stackBytes,
                State = ThreadState.Running,
            };
            SetHomeProcessor(idle, index);
            ulong flags = DisableInterrupts();
            AddThread(idle);
            RestoreInterrupts(flags);
            state->Current = state->Idle = KernelThread.AddressOf(idle);
            return idle.SlotsAddress;
        }

        /// <summary>Whether some processor has the address space <paramref name="cr3"/> loaded now (interrupts off).</summary>
        internal static bool IsLoadedAnywhere(ulong cr3)
        {
            if ((Cpu.ReadCr3() & ~0xFFFUL) == (cr3 & ~0xFFFUL)) return true;
            for (int i = 0; i < Smp.Processors.Count; i++)
                if (s_processors[i].LoadedCr3 == cr3) return true;
            return false;
        }

        /// <summary>Flushes the TLB of every other processor that has the address space <paramref name="cr3"/> loaded now
        /// (interrupts off): entries of it changed, and a domain's threads run on their own processor, not this one.</summary>
        internal static void FlushDomainElsewhere(ulong cr3)
        {
            int self = Cpu.ProcessorIndex();
            for (int i = 0; i < Smp.Processors.Count; i++)
                if (i != self && s_processors[i].LoadedCr3 == cr3) Smp.CrossCall.TryRun(i, &FlushLoadedSpace, 0, out _);
        }

        // Reloading CR3 with its own value (no "keep" bit) drops the loaded PCID's cached translations.
        private static ulong FlushLoadedSpace(ulong unused)
        {
            Cpu.WriteCr3(Cpu.ReadCr3());
            return 0;
        }

        /// <summary>Writes each processor's scheduling state to the console (a test's failure report).</summary>
        internal static void DescribeProcessors()
        {
            for (int i = 0; i < Smp.Processors.Count; i++)
            {
                ProcessorRunState* q = s_processors + i;
                KernelThread c = KernelThread.At(q->Current);
                Console.Log.Line($"  processor {i}: running thread {c.Id} ({c.Name}, pid {(c.Owner == null ? 0 : c.Owner.Id)}); handoff {q->Handoff != 0}, unblocked {q->Unblocked.Count}, preempted {q->Preempted.Count}; quantum ends at tick {q->QuantumEnd}, now {Timer.Ticks}");
            }
        }

        /// <summary>An application processor's idle thread, once the processor is set up: halts until an interrupt
        /// brings work (a tick, a wake-up).</summary>
        internal static void RunIdle()
        {
            Cpu.EnableInterrupts();
            IdleLoop();
        }

        /// <summary>The reschedule interrupt (interrupts off, kernel lock held): a thread became ready here, or the
        /// running thread is to leave the processor (<see cref="KernelThread.EvictRequested"/>).</summary>
        internal static void OnReschedule()
        {
            KernelThread current = Current;
            if (current == null) return;
            ProcessorRunState* here = Here;
            if (current.EvictRequested && KernelThread.AddressOf(current) != here->Idle)
            {
                // Off the processor and in no queue: whoever asked (a termination) now finds it not running.
                current.EvictRequested = false;
                current.State = ThreadState.Stopped;
                SwitchToNext(here);
                return;
            }
            if (KernelThread.AddressOf(current) == here->Idle && here->HasWork) SwitchToNext(here);
        }

        /// <summary>For a caller that holds the kernel lock with interrupts on before (<paramref name="flags"/>): makes
        /// every thread of <paramref name="threads"/> that runs on another processor leave it, releasing the lock while
        /// it waits. True when it had to wait (the caller re-checks what it decided before); false when none ran elsewhere.
        /// Without interrupts on before, it cannot wait: such threads are only marked to end at their next safe point.</summary>
        internal static bool EvictFromOtherProcessors(List<KernelThread> threads, ulong flags)
        {
            if (!Smp.KernelLock.Active) return false;
            bool waited = false;
            KernelThread me = Current;
            for (int i = 0; i < threads.Count; i++)
            {
                KernelThread t = threads[i];
                if (t == me || t.State != ThreadState.Running) continue;
                if ((flags & InterruptFlag) == 0)
                {
                    t.KillRequested = true;
                    continue;
                }
                t.EvictRequested = true;
                Smp.ProcessorTicks.Reschedule(t.HomeProcessor);
                RestoreInterrupts(flags);
                while (System.Threading.Volatile.Read(ref System.Runtime.CompilerServices.Unsafe.As<ThreadState, int>(ref t.State)) == (int)ThreadState.Running) Cpu.Pause();
                DisableInterrupts();
                waited = true;
            }
            return waited;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Enqueue(ProcessorRunState* queues, ref ThreadQueue queue, KernelThread thread)
        {
            if (thread.InRunQueue) return;
            thread.InRunQueue = true;
            queue.Enqueue(thread);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static KernelThread Pick(ProcessorRunState* here)
        {
            KernelThread next;
            if (here->Handoff != 0)
            {
                next = KernelThread.In(ref here->Handoff);
                here->Handoff = 0;
            }
            else next = here->Unblocked.Dequeue() ?? here->Preempted.Dequeue() ?? KernelThread.In(ref here->Idle);
            next.InRunQueue = false;
            return next;
        }

        private static void SwitchToNext(ProcessorRunState* here) => Switch(here, Current, Pick(here));

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Switch(ProcessorRunState* here, KernelThread previous, KernelThread next)
        {
            if (next == previous)
            {
                next.State = ThreadState.Running;
                return;
            }
            here->Current = KernelThread.AddressOf(next);
            next.State = ThreadState.Running;
            next.Switches++;
            ContextSwitches++;
            Cpu.WriteGsBase(next.SlotsAddress);
            if (next.UserMode) UserMode.Resume(next);
            // Threads never move (non-moving collector), so the saved-pointer field needs no pinning.
            if (next.Cr3 == here->LoadedCr3)
                Cpu.SwitchStacks((ulong*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref previous.SavedStackPointer), next.SavedStackPointer);
            else
            {
                // Another domain: CR3 is loaded between leaving the old stack and taking the new one, so neither
                // stack needs to be mapped in the other's address space.
                here->LoadedCr3 = next.Cr3;
                Cpu.SwitchStacksAndSpace((ulong*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref previous.SavedStackPointer), next.SavedStackPointer, Domains.AddressSpace.LoadValue(next.Cr3));
            }
            // Running again as `previous`. Zombies are rare: the common switch skips the reaping call.
            if (s_zombiesPending) ReapZombies();
        }

        /// <summary>Timer ticks at which the idle thread was running (the rest went to processes or the kernel).</summary>
        public static ulong IdleTicks;

        /// <summary>Timer interrupt (interrupts off): wakes sleepers whose deadline passed; at the end of the
        /// quantum, applies the two-list rotation and switches.</summary>
        internal static void OnTick(ulong now)
        {
            while (s_sleepers != null && s_sleepers.WakeDeadline <= now)
            {
                KernelThread sleeper = s_sleepers;
                s_sleepers = sleeper.NextSleeper;
                sleeper.NextSleeper = null;
                sleeper.WakeDeadline = 0;
                if (sleeper.State != ThreadState.Blocked) continue;
                sleeper.WakeIndex = WaitHandle.TimedOut;
                MakeReady(sleeper);
            }
            // The other processors' ticks come from their own APIC timers, or else from this one.
            if (Smp.KernelLock.Active && !Smp.ProcessorTicks.LocalTimers) Smp.ProcessorTicks.SendToOthers();
            OnProcessorTick(now);
        }

        /// <summary>A tick on this processor (interrupts off): charges it to the running thread and, at the end of the
        /// quantum, applies the two-list rotation and switches.</summary>
        internal static void OnProcessorTick(ulong now)
        {
            KernelThread current = Current;
            if (current == null) return;
            ProcessorRunState* here = Here;
            bool idle = KernelThread.AddressOf(current) == here->Idle;
            // Sampled CPU time: the tick is charged to whoever it interrupted (the system page's CPU column).
            KernelProcess owner = current.Owner;
            if (owner != null) owner.CpuTicks++;
            else if (idle) IdleTicks++;
            if (now >= here->QuantumEnd && current.NoPreemptionDepth > 0 && !PreemptionOffTooLong(current, now)) return;
            if (now >= here->QuantumEnd)
            {
                here->QuantumEnd = now + QuantumTicks;
                here->LinkHandoff();
                here->Preempted.AppendAll(ref here->Unblocked);
                if (!idle)
                {
                    if (here->UnblockedIsEmpty && here->Preempted.IsEmpty) return; // nobody else to run
                    current.State = ThreadState.Ready;
                    Enqueue(here, ref here->Preempted, current);
                }
                Preemptions++;
                SwitchToNext(here);
            }
            else if (idle && here->HasWork)
            {
                SwitchToNext(here);
            }
        }

        /// <summary>Ticks (ms) a SIP thread may keep preemption off after its quantum ended. The SIP runtime's sections are
        /// short, except that an allocation may collect inside its heap section: a full collection of a SIP's largest heap
        /// (its page quota, 192 MiB) is under a billion instructions, a few seconds even under plain TCG on a busy host,
        /// so the bound leaves room for that. A program that turns preemption off by number (an unverified ring-3 image
        /// can call any entry) and spins must not keep the CPU for longer.</summary>
        public static ulong MaxPreemptionOffTicks = DefaultMaxPreemptionOffTicks;

        public const ulong DefaultMaxPreemptionOffTicks = 10_000;

        /// <summary>Records a preemption that came due while <paramref name="t"/> has preemption off; once it has been
        /// due for <see cref="MaxPreemptionOffTicks"/>, preemption is turned back on and the thread's process is marked
        /// to end at the interrupt's return (a safe point: Interrupts.EndIfRequested, or the ABI's leave). True when the
        /// caller should preempt now.</summary>
        private static bool PreemptionOffTooLong(KernelThread t, ulong now)
        {
            if (!t.PreemptionDeferred)
            {
                t.PreemptionDeferred = true;
                t.PreemptionDeferredAt = now;
                return false;
            }
            if (t.Owner == null || now - t.PreemptionDeferredAt < MaxPreemptionOffTicks) return false;
            t.NoPreemptionDepth = 0;
            t.PreemptionDeferred = false;
            t.KillRequested = true;
            t.KillReason ??= "kept preemption off for longer than the kernel allows";   // a literal: no allocation in the timer interrupt
            return true;
        }

        /// <summary>Called at the end of a device interrupt (interrupts off): when the CPU was idle and the handler woke a
        /// thread (a driver waiting on its IRQ), run it now instead of at the next timer tick, which would add up to
        /// a tick (1 ms) to every interrupt-driven completion.</summary>
        public static void RunWokenIfIdle()
        {
            KernelThread current = Current;
            if (current == null) return;
            ProcessorRunState* here = Here;
            if (KernelThread.AddressOf(current) == here->Idle && here->HasWork) SwitchToNext(here);
        }

        internal static void AddSleeperLocked(KernelThread thread, ulong deadline)
        {
            thread.WakeDeadline = deadline;
            if (s_sleepers == null || s_sleepers.WakeDeadline > deadline)
            {
                thread.NextSleeper = s_sleepers;
                s_sleepers = thread;
                return;
            }
            KernelThread t = s_sleepers;
            while (t.NextSleeper != null && t.NextSleeper.WakeDeadline <= deadline) t = t.NextSleeper;
            thread.NextSleeper = t.NextSleeper;
            t.NextSleeper = thread;
        }

        // Inlined: every channel wake and block calls it, and almost never with a sleeping thread.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static void RemoveSleeper(KernelThread thread)
        {
            if (thread.WakeDeadline != 0) RemoveSleeperSlow(thread);
        }

        private static void RemoveSleeperSlow(KernelThread thread)
        {
            thread.WakeDeadline = 0;
            if (s_sleepers == thread)
            {
                s_sleepers = thread.NextSleeper;
                thread.NextSleeper = null;
                return;
            }
            for (KernelThread t = s_sleepers; t != null; t = t.NextSleeper)
            {
                if (t.NextSleeper != thread) continue;
                t.NextSleeper = thread.NextSleeper;
                thread.NextSleeper = null;
                return;
            }
        }

        private static void ReapZombies()
        {
            for (int i = Lists.Zombies.Count - 1; i >= 0; i--)
            {
                KernelThread z = Lists.Zombies[i];
                if (z == Current) continue;
                Lists.Zombies.RemoveAt(i);
                RemoveThread(z);
                // Its kernel-heap allocation context (a SIP thread's SIP-side one dies with the SIP's heap or is
                // released by the SIP runtime).
                Internal.Runtime.ObjectAllocator.ReleaseThreadContext((void*)z.Slots.KernelRuntime);
                z.Slots.KernelRuntime = 0;
                z.ReleaseSelectBuffer();
                byte* memory = z.HardGuard;
                ulong pages = z.StackBytes / PageAllocator.PageSize;
                // A slid soft guard goes back to its place, so a pooled stack always has the initial layout.
                if (z.SoftGuard != z.InitialSoftGuard)
                {
                    PageTables.MapSmallPage((ulong)z.SoftGuard);
                    if (!PageTables.TryUnmapSmallPage((ulong)z.InitialSoftGuard)) Panic.Halt("cannot unmap a thread stack guard page", (ulong)z.InitialSoftGuard);
                    z.SoftGuard = z.InitialSoftGuard;
                }
                if (Domains.AddressSpace.IsRetiring(z.StackOwner) || !ReturnToPool(memory, pages, z.StackOwner))
                {
                    PageTables.MapSmallPage((ulong)memory);
                    PageTables.MapSmallPage((ulong)z.SoftGuard);
                    PageAllocator.Free(memory, pages + KernelThread.ReservedPages);
                }
                z.StackBase = null;
                if (z.KernelStackMemory != null)
                {
                    PageTables.MapSmallPage((ulong)z.KernelStackMemory);
                    PageAllocator.Free(z.KernelStackMemory, KernelThread.KernelStackPages + 1);
                    z.KernelStackMemory = null;
                }
            }
            s_zombiesPending = Lists.Zombies.Count != 0;
            Domains.AddressSpace.DestroyRetired();
        }

        private static byte* TakePooledStack(ulong pages, ushort owner)
        {
            if (pages != s_pooledStackPages) return null;
            ulong flags = DisableInterrupts();
            byte* memory = null;
            for (int i = Lists.StackPool.Count - 1; i >= 0 && memory == null; i--)
            {
                if (Lists.StackPoolOwners[i] != owner) continue;
                memory = (byte*)Lists.StackPool[i];
                Lists.StackPool.RemoveAt(i);
                Lists.StackPoolOwners.RemoveAt(i);
            }
            RestoreInterrupts(flags);
            return memory;
        }

        private static bool ReturnToPool(byte* guard, ulong pages, ushort owner)
        {
            if (Lists.StackPool.Count == StackPoolCapacity) return false;
            if (s_pooledStackPages == 0) s_pooledStackPages = KernelThread.DefaultStackBytes / PageAllocator.PageSize;
            if (pages != s_pooledStackPages) return false;
            Lists.StackPool.Add((ulong)guard);
            Lists.StackPoolOwners.Add(owner);
            return true;
        }

        /// <summary>Frees the pooled stacks in <paramref name="owner"/>'s chunks (its domain is going away).</summary>
        internal static void FreePooledStacks(ushort owner)
        {
            ulong flags = DisableInterrupts();
            for (int i = Lists.StackPool.Count - 1; i >= 0; i--)
            {
                if (Lists.StackPoolOwners[i] != owner) continue;
                byte* memory = (byte*)Lists.StackPool[i];
                Lists.StackPool.RemoveAt(i);
                Lists.StackPoolOwners.RemoveAt(i);
                PageTables.MapSmallPage((ulong)memory);
                PageTables.MapSmallPage((ulong)(memory + (KernelThread.ReservedPages - 1) * PageAllocator.PageSize));
                PageAllocator.Free(memory, s_pooledStackPages + KernelThread.ReservedPages);
            }
            RestoreInterrupts(flags);
        }

        /// <summary>Stacks kept for reuse (their pages count as used).</summary>
        public static int PooledStacks => Lists.StackPool.Count;

        /// <summary>Pages the pooled stacks hold (each with its guards and kernel zone).</summary>
        public static ulong PooledStackPages => (ulong)Lists.StackPool.Count * (s_pooledStackPages + KernelThread.ReservedPages);

        // Lists.Threads in any order: a thread knows its index, so it leaves by swapping the last one into its place
        // (no search). Interrupts off.
        private static void AddThread(KernelThread thread)
        {
            thread.ListIndex = Lists.Threads.Count;
            Lists.Threads.Add(thread);
        }

        private static void RemoveThread(KernelThread thread)
        {
            int last = Lists.Threads.Count - 1;
            KernelThread moved = Lists.Threads[last];
            Lists.Threads[thread.ListIndex] = moved;
            moved.ListIndex = thread.ListIndex;
            Lists.Threads.RemoveAt(last);
            thread.ListIndex = -1;
        }

        internal static ExceptionThreadState CurrentExceptionState()
        {
            KernelThread t = Current;
            if (t == null) return null;
            return t.ExceptionState ??= new ExceptionThreadState();
        }

        /// <summary>Live threads, for diagnostics and the collector.</summary>
        public static int ThreadCount => Lists.Threads.Count;

        /// <summary>Where the kernel collector's scan of the running stack ends: the top of the stack the stack pointer
        /// lies in (a thread's, a ring-3 thread's kernel stack, the boot stack, or a fault handler's interrupt stack),
        /// or, on a SIP thread's own stack inside an ABI call, the crossing (above it are the SIP's frames).</summary>
        internal static nuint CurrentStackTop() => (nuint)KernelFramesTop(Current, Cpu.ReadStackPointer(), interruptStacks: true);

        /// <summary>The top of the kernel frames on the stack that holds <paramref name="sp"/> while <paramref name="t"/>
        /// runs, or 0 when <paramref name="sp"/> lies in none of its stacks. A SIP thread outside an ABI call (a device
        /// interrupt on its stack) is scanned to its top: the SIP's frames are then read conservatively, which only keeps
        /// more alive.</summary>
        private static ulong KernelFramesTop(KernelThread t, ulong sp, bool interruptStacks)
        {
            if (interruptStacks)
            {
                ulong ist = Gdt.InterruptStackTopOf(sp);
                if (ist != 0) return ist;
            }
            ulong boot = (ulong)Cpu.BootStackTop();
            if (t == null) return sp >= (ulong)Cpu.BootStackBottom() && sp < boot ? boot : 0;
            if (t.KernelStackMemory != null && sp >= (ulong)t.KernelStackMemory && sp < t.KernelStackTop) return t.KernelStackTop;
            if (sp >= (ulong)t.HardGuard && sp < t.StackTop)
                return t.Owner != null && t.AbiEntryStackPointer != 0 && t.KernelStackMemory == null ? t.AbiEntryStackPointer : t.StackTop;
            return 0;
        }

        /// <summary>Calls <paramref name="visit"/> with the kernel's part of every other thread's stack: all of a
        /// kernel thread's, and the frames below the ABI crossing of a SIP thread blocked in the kernel; and, when the
        /// collector runs in a fault handler on an interrupt stack, the running thread's frames the fault stopped.</summary>
        internal static void EnumerateOtherStacks(delegate*<nint*, nint*, void> visit)
        {
            ulong istTop = Gdt.InterruptStackTopOf(Cpu.ReadStackPointer());
            if (istTop != 0)
            {
                ulong interrupted = Gdt.InterruptedStackPointer(istTop, out bool kernelMode);
                ulong top = kernelMode ? KernelFramesTop(Current, interrupted, interruptStacks: false) : 0;
                if (top != 0) visit((nint*)interrupted, (nint*)top);
            }
            // Other domains' thread stacks are mapped only in their own address spaces and the kernel's.
            ulong space = EnterKernelSpace();
            for (int i = 0; i < Lists.Threads.Count; i++)
            {
                KernelThread t = Lists.Threads[i];
                if (t == Current || t.State == ThreadState.Finished || t.StackBase == null || t.State == ThreadState.Created) continue;
                // An application processor's idle thread that never left it (threads on the boot processor only) has no
                // saved frames; a thread running on another processor was stopped with its stack pointer saved.
                if (t.SavedStackPointer == 0) continue;
                if (t.Owner == null) visit((nint*)t.SavedStackPointer, (nint*)t.StackTop);
                else if (t.AbiEntryStackPointer != 0) visit((nint*)t.SavedStackPointer, (nint*)t.AbiEntryStackPointer);
            }
            LeaveKernelSpace(space);
        }

        /// <summary>For a SIP's collector: the SIP's part of the stacks of that SIP's other threads.</summary>
        internal static void EnumerateProcessStacks(Processes.KernelProcess process, delegate*<nint*, nint*, void> visit)
        {
            for (int i = 0; i < process.Threads.Count; i++)
            {
                KernelThread t = process.Threads[i];
                if (!HasSipFrames(t)) continue;
                visit((nint*)SipFramesLow(t), (nint*)t.StackTop);
            }
        }

        /// <summary>As <see cref="EnumerateProcessStacks"/>, into (low, high) pairs: writes at most
        /// <paramref name="capacity"/> and returns how many there are. The caller checked the buffer.</summary>
        internal static int ProcessStackRanges(Processes.KernelProcess process, ulong* ranges, int capacity)
        {
            ulong flags = DisableInterrupts();   // the thread list must not change while it is read
            int count = 0;
            for (int i = 0; i < process.Threads.Count; i++)
            {
                KernelThread t = process.Threads[i];
                if (!HasSipFrames(t)) continue;
                if (count < capacity)
                {
                    ranges[2 * count] = SipFramesLow(t);
                    ranges[2 * count + 1] = t.StackTop;
                }
                count++;
            }
            RestoreInterrupts(flags);
            return count;
        }

        private static bool HasSipFrames(KernelThread t) =>
            t != Current && t.State != ThreadState.Finished && t.State != ThreadState.Created && t.StackBase != null
            // A ring-3 thread has SIP frames once it has been in ring 3: its recorded user stack pointer lies in its stack.
            && (t.KernelStackMemory == null || (t.Slots.Reserved0 >= (ulong)t.StackBase && t.Slots.Reserved0 <= t.StackTop));

        // A ring-3 thread's SIP frames end where it left ring 3 (its user stack pointer, recorded at every entry).
        private static ulong SipFramesLow(KernelThread t) =>
            t.KernelStackMemory != null ? t.Slots.Reserved0 : t.AbiEntryStackPointer != 0 ? t.AbiEntryStackPointer : t.SavedStackPointer;

        /// <summary>The thread one of whose guard pages contains <paramref name="address"/>, or null;
        /// <paramref name="soft"/> tells whether it is the soft guard (else the hard one).</summary>
        internal static KernelThread FindByGuardPage(ulong address, out bool soft)
        {
            soft = false;
            for (int i = 0; i < Lists.Threads.Count; i++)
            {
                KernelThread t = Lists.Threads[i];
                if (t.StackBase == null) continue;
                // The boot thread's stack has one guard page below it and no zone (boot.asm).
                ulong hard = t.SoftGuard == null ? (ulong)t.StackBase - PageAllocator.PageSize : (ulong)t.HardGuard, softPage = (ulong)t.SoftGuard;
                if (t.SoftGuard != null && address >= softPage && address < softPage + PageAllocator.PageSize)
                {
                    soft = true;
                    return t;
                }
                if (address >= hard && address < hard + PageAllocator.PageSize) return t;
            }
            return null;
        }

        /// <summary>Kernel code ran into the soft guard of <paramref name="t"/>: the page is mapped for it, the guard
        /// moves one page down (while the zone lasts) and the thread is marked to end at its next safe point.
        /// False when the zone is used up (the next page is the hard guard).</summary>
        internal static bool SlideSoftGuard(KernelThread t, string reason)
        {
            byte* next = t.SoftGuard - PageAllocator.PageSize;
            if (next <= t.HardGuard) return false;
            if (!PageTables.TryUnmapSmallPage((ulong)next)) return false;
            PageTables.MapSmallPage((ulong)t.SoftGuard);
            t.SoftGuard = next;
            t.KillRequested = true;
            t.KillReason ??= reason;
            return true;
        }

        /// <summary>The kernel runtime's heap section: interrupts off (one CPU), restored by the cookie.</summary>
        internal static ulong EnterNoPreemption() => DisableInterrupts();

        internal static void ExitNoPreemption(ulong cookie) => RestoreInterrupts(cookie);

        /// <summary>Turns interrupts off on this CPU and, when they were on and threads run on several CPUs, takes the kernel
        /// lock (Smp.KernelLock): "interrupts off" is the kernel's one critical section. Returns the flags for
        /// <see cref="RestoreInterrupts"/>.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static ulong DisableInterrupts()
        {
            ulong flags = Cpu.SaveFlagsAndDisableInterrupts();
            if (Smp.KernelLock.Active && (flags & InterruptFlag) != 0) Smp.KernelLock.Acquire();
            return flags;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static void RestoreInterrupts(ulong flags)
        {
            if ((flags & InterruptFlag) == 0) return;
            if (Smp.KernelLock.Active) Smp.KernelLock.Release();
            Cpu.EnableInterrupts();
        }
    }
}
