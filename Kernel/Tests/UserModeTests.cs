using Sing.Kernel.Arch;

namespace Sing.Kernel.Tests
{
    /// <summary>Ring 3 on a kernel thread (Arch/UserCodeRunner): machine code makes system calls through SYSCALL,
    /// INT 0x80 and (on Intel) SYSENTER, reads through 002's direct and trap mechanisms, then runs an instruction ring
    /// 3 may not run. The thread must end alone with the right exception and the kernel go on.</summary>
    internal static unsafe class UserModeTests
    {
        // mov edi,1; mov esi,2; mov edx,3; mov r10d,4; mov r8d,5; mov eax,ECHO; syscall    (1+2+3+4+5+1 = 16)
        // mov edi,eax; mov eax,RECORD; syscall
        // mov eax,0x7fffffff; syscall; mov edi,eax; mov eax,RECORD; syscall                (a number with no entry)
        private static readonly byte[] s_calls =
        {
            0xBF, 1, 0, 0, 0, 0xBE, 2, 0, 0, 0, 0xBA, 3, 0, 0, 0, 0x41, 0xBA, 4, 0, 0, 0, 0x41, 0xB8, 5, 0, 0, 0,
            0xB8, UserCodeRunner.Echo, 0, 0, 0, 0x0F, 0x05,
            0x89, 0xC7, 0xB8, UserCodeRunner.Record, 0, 0, 0, 0x0F, 0x05,
            0xB8, 0xFF, 0xFF, 0xFF, 0x7F, 0x0F, 0x05, 0x89, 0xC7, 0xB8, UserCodeRunner.Record, 0, 0, 0, 0x0F, 0x05,
        };

        // Then a spin long enough for timer interrupts (and switches to other threads) to come from ring 3:
        // mov ecx,20000000; dec ecx; jnz -4; mov edi,0x77; mov eax,RECORD; syscall; ud2
        private static readonly byte[] s_spin = { 0xB9, 0x00, 0x2D, 0x31, 0x01, 0xFF, 0xC9, 0x75, 0xFC, 0xBF, 0x77, 0, 0, 0, 0xB8, UserCodeRunner.Record, 0, 0, 0, 0x0F, 0x05, 0x0F, 0x0B };

        public static void SystemCallsFromRing3(TestContext t)
        {
            if (!UserMode.Available)
            {
                t.Fail("the CPU offers no SYSCALL");
                return;
            }
            ulong interrupts = Interrupts.Count;
            ulong vector = UserCodeRunner.Run(Concat(s_calls, s_spin), 0, out bool ran);
            t.True(ran, "the ring-3 thread ended");
            t.Equal(3, (ulong)UserCodeRunner.RecordCount, "the three record calls arrived");
            t.Equal(16, UserCodeRunner.Recorded(0), "five arguments reached the entry and its result came back in rax");
            t.Equal(UserMode.NoSuchCall & 0xFFFF_FFFF, UserCodeRunner.Recorded(1), "a call number with no entry answers NoSuchCall");
            t.Equal(0x77, UserCodeRunner.Recorded(2), "the spin survived the interrupts that came in ring 3");
            t.True(Interrupts.Count > interrupts + 2, "interrupts arrived while it spun");
            t.Equal(Interrupts.InvalidOpcode, vector, "ud2 in ring 3 ends the thread with #UD");
        }

        /// <summary>The same call through each entry mechanism, and the id through 002's direct and trap reads.</summary>
        public static void EntryMechanismsReachTheKernel(TestContext t)
        {
            // int 0x80: mov edi,41; mov eax,ECHO; int 0x80; mov edi,eax; mov eax,RECORD; int 0x80; mov eax,EXIT; syscall
            byte[] viaInterrupt = { 0xBF, 41, 0, 0, 0, 0xB8, UserCodeRunner.Echo, 0, 0, 0, 0xCD, 0x80, 0x89, 0xC7, 0xB8, UserCodeRunner.Record, 0, 0, 0, 0xCD, 0x80, 0xB8, UserCodeRunner.ExitThread, 0, 0, 0, 0x0F, 0x05 };
            t.Equal(ulong.MaxValue, UserCodeRunner.Run(viaInterrupt, 0, out _), "the INT 0x80 code ends through the exit call");
            t.Equal(42, UserCodeRunner.RecordCount == 1 ? UserCodeRunner.Recorded(0) : 0, "INT 0x80 reaches the table with the SYSCALL registers");

            // mov edi,9; mov eax,ECHO; lea rdx,[rip+5]; mov rcx,rsp; sysenter; mov edi,eax; mov eax,RECORD; syscall; mov eax,EXIT; syscall
            byte[] viaSysenter = { 0xBF, 9, 0, 0, 0, 0xB8, UserCodeRunner.Echo, 0, 0, 0, 0x48, 0x8D, 0x15, 5, 0, 0, 0, 0x48, 0x89, 0xE1, 0x0F, 0x34,
                0x89, 0xC7, 0xB8, UserCodeRunner.Record, 0, 0, 0, 0x0F, 0x05, 0xB8, UserCodeRunner.ExitThread, 0, 0, 0, 0x0F, 0x05 };
            ulong vector = UserCodeRunner.Run(viaSysenter, 0, out _);
            if (UserMode.SysenterAvailable)
            {
                t.Equal(ulong.MaxValue, vector, "the SYSENTER code ends through the exit call");
                t.Equal(10, UserCodeRunner.RecordCount == 1 ? UserCodeRunner.Recorded(0) : 0, "SYSENTER reaches the table and SYSEXIT returns");
            }
            else t.Equal(Interrupts.InvalidOpcode, vector, "without Intel's SYSENTER the instruction is #UD and ends only the thread");

            // mov eax,[data page]; mov edi,eax; RECORD; mov eax,[trap page]; mov edi,eax; RECORD; EXIT
            ulong data = UserCodeRunner.PrepareDataPage();
            byte[] reads = Concat(Concat(Load(data), Record()), Concat(Concat(Load(UserMode.TrapPage), Record()), Exit()));
            t.Equal(ulong.MaxValue, UserCodeRunner.Run(reads, 0, out _), "the direct and trap reads end through the exit call");
            t.Equal(2, (ulong)UserCodeRunner.RecordCount, "both reads were recorded");
            t.True(UserCodeRunner.Recorded(0) != 0 && UserCodeRunner.Recorded(0) == UserCodeRunner.Recorded(1),
                "the direct read and the trap's emulated read give the same thread id");

            // A write to the trap page is no read the handler answers: it ends the thread.
            ulong trap = UserMode.TrapPage;
            byte[] write = { 0xC6, 0x04, 0x25, (byte)trap, (byte)(trap >> 8), (byte)(trap >> 16), (byte)(trap >> 24), 1 };
            t.Equal(Interrupts.PageFault, UserCodeRunner.Run(write, 0, out _), "a write to the trap page is a page fault");
        }

        public static void PrivilegedInstructionsEndTheThread(TestContext t)
        {
            if (!UserMode.Available)
            {
                t.Fail("the CPU offers no SYSCALL");
                return;
            }
            t.Equal(Interrupts.GeneralProtection, UserCodeRunner.Run(new byte[] { 0xFA }, 0, out _), "cli in ring 3 is #GP");
            t.Equal(Interrupts.GeneralProtection, UserCodeRunner.Run(new byte[] { 0xF4 }, 0, out _), "hlt in ring 3 is #GP");
            t.Equal(Interrupts.GeneralProtection, UserCodeRunner.Run(new byte[] { 0xE6, 0x80 }, 0, out _), "out in ring 3 is #GP");
            t.Equal(Interrupts.GeneralProtection, UserCodeRunner.Run(new byte[] { 0x0F, 0x01, 0xF8 }, 0, out _), "swapgs in ring 3 is #GP");
            t.Equal(Interrupts.GeneralProtection, UserCodeRunner.Run(new byte[] { 0xCD, 0x0E }, 0, out _), "int 14 (a ring-0 gate) from ring 3 is #GP");
            // mov rax, <a kernel page>; mov byte [rax], 1
            ulong kernelAddress = (ulong)Cpu.KernelImageStart() + 0x1000;
            byte[] write = new byte[13];
            write[0] = 0x48; write[1] = 0xB8;
            for (int i = 0; i < 8; i++) write[2 + i] = (byte)(kernelAddress >> (8 * i));
            write[10] = 0xC6; write[11] = 0x00; write[12] = 0x01;
            byte before = Peek(kernelAddress);
            t.Equal(Interrupts.PageFault, UserCodeRunner.Run(write, 0, out _), "a write to kernel memory from ring 3 is #PF");
            t.Equal(kernelAddress, UserMode.LastFaultAddress, "the fault names the kernel address");
            t.Equal(before, Peek(kernelAddress), "the kernel byte is unchanged");
        }

        private static unsafe byte Peek(ulong address) => *(byte*)address;

        private static byte[] Load(ulong address) => new byte[] { 0x8B, 0x04, 0x25, (byte)address, (byte)(address >> 8), (byte)(address >> 16), (byte)(address >> 24) };
        private static byte[] Record() => new byte[] { 0x89, 0xC7, 0xB8, UserCodeRunner.Record, 0, 0, 0, 0x0F, 0x05 };
        private static byte[] Exit() => new byte[] { 0xB8, UserCodeRunner.ExitThread, 0, 0, 0, 0x0F, 0x05 };

        private static byte[] Concat(byte[] a, byte[] b)
        {
            var r = new byte[a.Length + b.Length];
            for (int i = 0; i < a.Length; i++) r[i] = a[i];
            for (int i = 0; i < b.Length; i++) r[a.Length + i] = b[i];
            return r;
        }
    }
}
