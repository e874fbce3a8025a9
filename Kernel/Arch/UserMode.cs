using System.Runtime;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Arch
{
    /// <summary>Ring 3: SYSCALL/SYSRET set up, entering ring 3 on a thread, a thread's system-call table (which the
    /// SYSCALL and SYSENTER stubs index themselves; INT 0x80 comes through <see cref="Call"/>) and the end of a
    /// thread whose ring-3 code faults. The entry and exit paths are in usermode.asm; the GDT's segment
    /// order (kernel code, kernel data, 32-bit user code, user data, 64-bit user code) is the one SYSRET needs.
    /// A thread in ring 3 keeps its kernel stack (the top of its own stack) for system calls and interrupts: TSS
    /// RSP0 and its slot 3 hold it while it runs.</summary>
    internal static unsafe class UserMode
    {
        private const uint Efer = 0xC000_0080, Star = 0xC000_0081, LStar = 0xC000_0082, FMask = 0xC000_0084;
        public const uint KernelGsBase = 0xC000_0102;
        private const ulong EferSyscallEnable = 1;
        // Cleared on SYSCALL: interrupts (until the kernel stack is in place), trap, direction and alignment check.
        private const ulong SyscallFlagMask = 0x200 | 0x100 | 0x400 | 0x4_0000;

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_enter_user")]
        private static extern void EnterUser(ulong rip, ulong rsp, ulong argument);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_syscall_entry_address")]
        private static extern ulong SyscallEntryAddress();

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_sysenter_entry_address")]
        private static extern ulong SysenterEntryAddress();

        private const uint SysenterCs = 0x174, SysenterEsp = 0x175, SysenterEip = 0x176;

        /// <summary>The INT n vector ring 3 may use for system calls (as Linux's int 0x80): same numbers and
        /// registers as SYSCALL.</summary>
        public const int SoftwareInterruptVector = 0x80;

        /// <summary>Whether SYSENTER reaches the kernel: Intel CPUs only (AMD's raise #UD for it in 64-bit mode).</summary>
        public static bool SysenterAvailable { get; private set; }

        /// <summary>A supervisor-only page whose reads from ring 3 the page-fault handler answers (002's "trap"
        /// mechanism): a 32-bit load of it (8B 04 25 disp32) returns the thread's id in EAX and resumes after it.</summary>
        public static ulong TrapPage { get; private set; }

        public static bool Available { get; private set; }

        /// <summary>Programs SYSCALL's MSRs. Without SYSCALL (no CPU of long mode lacks it, but CPUID says) ring 3
        /// stays unavailable.</summary>
        public static void Initialize()
        {
            if (!CpuInfo.HasSyscall) return;
            SysenterAvailable = CpuInfo.HasSysenter && CpuInfo.IsIntel;
            InitializeThisCpu();
            Interrupts.SetHandler(SoftwareInterruptVector, &OnSoftwareInterrupt);
            TrapPage = (ulong)Memory.PageAllocator.Allocate(1);
            Available = true;
        }

        /// <summary>Programs the calling CPU's SYSCALL (and SYSENTER) MSRs: the boot processor's in <see cref="Initialize"/>,
        /// each application processor's as it starts.</summary>
        public static void InitializeThisCpu()
        {
            if (!CpuInfo.HasSyscall) return;
            Cpu.WriteMsr(Efer, Cpu.ReadMsr(Efer) | EferSyscallEnable);
            Cpu.WriteMsr(Star, ((ulong)Gdt.UserCode32 << 48) | ((ulong)Gdt.KernelCode << 32));
            Cpu.WriteMsr(LStar, SyscallEntryAddress());
            Cpu.WriteMsr(FMask, SyscallFlagMask);
            if (SysenterAvailable)
            {
                Cpu.WriteMsr(SysenterCs, Gdt.KernelCode);
                Cpu.WriteMsr(SysenterEip, SysenterEntryAddress());
            }
        }

        /// <summary>What the scheduler does when it switches to a thread that runs in ring 3: its kernel stack for
        /// interrupts (TSS RSP0) and SYSENTER, and its user GS base behind SWAPGS.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Resume(KernelThread next)
        {
            Gdt.SetKernelStack(next.KernelStackTop);
            Cpu.WriteMsr(KernelGsBase, next.UserGsBase);
            if (SysenterAvailable) Cpu.WriteMsr(SysenterEsp, next.KernelStackTop);
        }

        /// <summary>INT 0x80 from ring 3: the thread's system-call table, as SYSCALL reaches it (the stub saved every
        /// register and restores them all but RAX, which gets the result).</summary>
        private static bool OnSoftwareInterrupt(InterruptFrame* frame)
        {
            if ((frame->Cs & 3) == 0) return false;
            // As a system call, with interrupts on: it leaves the section the interrupt entered (ring 3 ran with
            // interrupts on, so the interrupt took the kernel lock when there is one; see Smp.KernelLock) and enters it
            // again for the return. Written out rather than through Restore/DisableInterrupts: the flags are known.
            if (Smp.KernelLock.Active) Smp.KernelLock.Release();
            Cpu.EnableInterrupts();
            frame->Rax = Call(frame->Rax, frame->Rdi, frame->Rsi, frame->Rdx, frame->R10, frame->R8);
            Cpu.DisableInterrupts();
            if (Smp.KernelLock.Active) Smp.KernelLock.Acquire();
            return true;
        }

        /// <summary>Result of a system call whose number has no entry.</summary>
        public const ulong NoSuchCall = ulong.MaxValue;

        /// <summary>Makes <paramref name="entries"/> (<paramref name="count"/> function addresses, each called with up to
        /// five integer arguments) the system calls <paramref name="thread"/>'s ring-3 code reaches by number. Set
        /// before the thread enters ring 3; a thread without a table answers NoSuchCall to every number.</summary>
        public static void SetSystemCalls(KernelThread thread, ulong* entries, ulong count)
        {
            thread.Slots.SystemCalls = (ulong)entries;
            thread.Slots.SystemCallCount = entries == null ? 0 : count;
        }

        // The same lookup as usermode.asm's SYSCALL and SYSENTER entries.
        private static ulong Call(ulong number, ulong a0, ulong a1, ulong a2, ulong a3, ulong a4)
        {
            KernelThread t = Scheduler.Current;
            if (number >= t.Slots.SystemCallCount) return NoSuchCall;
            var entry = (delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)((ulong*)t.Slots.SystemCalls)[number];
            return entry(a0, a1, a2, a3, a4);
        }

        /// <summary>Moves the current thread into ring 3 at <paramref name="rip"/> with stack <paramref name="rsp"/>
        /// and <paramref name="argument"/> in RDI. Never returns: the thread ends by a system call or a fault. The
        /// pages it runs on must be user-accessible (PageTables.SetUserAccess).</summary>
        public static void Enter(ulong rip, ulong rsp, ulong argument)
        {
            KernelThread t = Scheduler.Current;
            // Interrupts off without the kernel lock: what follows touches this thread and this CPU only, and the
            // iretq into ring 3 turns them on again.
            Cpu.DisableInterrupts();
            t.Slots.Reserved1 = t.KernelStackTop;  // slot 3: the kernel stack of its system calls
            t.UserMode = true;
            Resume(t);
            EnterUser(rip, rsp, argument);
        }

        /// <summary>002's trap mechanism: a ring-3 read of the trap page is answered by the fault handler, which puts
        /// the answer in EAX and steps over the instruction. Only the one encoding is emulated; anything else faults.</summary>
        public static bool EmulateTrapRead(InterruptFrame* frame)
        {
            KernelThread t = Scheduler.Current;
            if (frame->Vector != Interrupts.PageFault || t == null) return false;
            ulong address = Cpu.ReadCr2();
            if (TrapPage == 0 || address < TrapPage || address >= TrapPage + Memory.PageAllocator.PageSize) return false;
            byte* code = (byte*)frame->Rip;
            // The faulting instruction ran from the thread's own pages; its first three bytes are read only when they
            // lie in the page it started in (a shorter instruction at a page's end must not make the kernel fault).
            if ((frame->Rip & 4095) > 4096 - 3) return false;
            if (code[0] != 0x8B || code[1] != 0x04 || code[2] != 0x25) return false;
            frame->Rax = (uint)t.Id;
            frame->Rip += 7;
            return true;
        }

        /// <summary>What the last ring-3 fault of a kernel thread was (for the tests): its vector and address.</summary>
        public static ulong LastFaultVector, LastFaultRip, LastFaultAddress;

        /// <summary>A CPU exception in ring 3 ends the thread that ran the code; nothing else stops. A SIP's thread
        /// takes its SIP with it (fail-stop).</summary>
        public static bool HandleFault(InterruptFrame* frame)
        {
            KernelThread t = Scheduler.Current;
            if (t == null || !t.UserMode) return false;
            ulong address = frame->Vector == Interrupts.PageFault ? Cpu.ReadCr2() : 0;
            LastFaultVector = frame->Vector;
            LastFaultRip = frame->Rip;
            LastFaultAddress = address;
            string what = string.Concat(Interrupts.ExceptionName((int)frame->Vector), " in ring 3 at 0x", frame->Rip.ToString("x"),
                frame->Vector == Interrupts.PageFault ? string.Concat(" (address 0x", address.ToString("x"), ")") : "");
            if (t.Owner != null)
            {
                Console.Log.Line(string.Concat("[kernel] SIP ", t.Owner.Name, " (pid ", t.Owner.Id.ToString(), "): ", what));
                Processes.ProcessManager.Terminate(t.Owner, FaultHandlers.FaultExitCode, what);
            }
            Console.Log.Line(string.Concat("[kernel] thread ", t.Id.ToString(), " \"", t.Name, "\": ", what, "; the thread ends"));
            Scheduler.Exit();
            return true;   // not reached
        }
    }
}
