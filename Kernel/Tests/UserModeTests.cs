using System;
using System.Runtime.InteropServices;
using Sing.Kernel.Arch;
using Sing.Kernel.Memory;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Tests
{
    /// <summary>Ring 3 on a kernel thread: a page of machine code made user-accessible makes system calls through
    /// SYSCALL (a test table of two entries: echo and record), then runs an instruction ring 3 may not run. The
    /// thread must end alone with the right exception and the kernel go on.</summary>
    internal static unsafe class UserModeTests
    {
        private static readonly ulong[] s_recorded = new ulong[4];
        private static int s_records;

        [UnmanagedCallersOnly]
        private static ulong Echo(ulong a0, ulong a1, ulong a2, ulong a3, ulong a4) => a0 + a1 + a2 + a3 + a4 + 1;

        [UnmanagedCallersOnly]
        private static ulong Record(ulong a0, ulong a1, ulong a2, ulong a3, ulong a4)
        {
            if (s_records < s_recorded.Length) s_recorded[s_records] = a0;
            s_records++;
            return 0;
        }

        // mov edi,1; mov esi,2; mov edx,3; mov r10d,4; mov r8d,5; mov eax,0; syscall   (echo: 1+2+3+4+5+1 = 16)
        // mov edi,eax; mov eax,1; syscall                                               (record the echo)
        // mov eax,0x7fffffff; syscall; mov edi,eax; mov eax,1; syscall                  (a number with no entry)
        private static readonly byte[] s_calls =
        {
            0xBF, 1, 0, 0, 0, 0xBE, 2, 0, 0, 0, 0xBA, 3, 0, 0, 0, 0x41, 0xBA, 4, 0, 0, 0, 0x41, 0xB8, 5, 0, 0, 0,
            0xB8, 0, 0, 0, 0, 0x0F, 0x05,
            0x89, 0xC7, 0xB8, 1, 0, 0, 0, 0x0F, 0x05,
            0xB8, 0xFF, 0xFF, 0xFF, 0x7F, 0x0F, 0x05, 0x89, 0xC7, 0xB8, 1, 0, 0, 0, 0x0F, 0x05,
        };

        public static void SystemCallsFromRing3(TestContext t)
        {
            if (!UserMode.Available)
            {
                t.Fail("the CPU offers no SYSCALL");
                return;
            }
            s_records = 0;
            // After the calls: ud2, so the thread ends.
            // Then a spin long enough for timer interrupts (and switches to other threads) to come from ring 3:
            // mov ecx,20000000; dec ecx; jnz -4; mov edi,0x77; mov eax,1; syscall; ud2
            byte[] spin = { 0xB9, 0x00, 0x2D, 0x31, 0x01, 0xFF, 0xC9, 0x75, 0xFC, 0xBF, 0x77, 0, 0, 0, 0xB8, 1, 0, 0, 0, 0x0F, 0x05, 0x0F, 0x0B };
            ulong interrupts = Interrupts.Count;
            ulong vector = RunInRing3(t, Concat(s_calls, spin));
            t.Equal(3, (ulong)s_records, "the three record calls arrived");
            t.Equal(16, s_recorded[0], "five arguments reached the entry and its result came back in rax");
            t.Equal(UserMode.NoSuchCall & 0xFFFF_FFFF, s_recorded[1], "a call number with no entry answers NoSuchCall");
            t.Equal(0x77, s_recorded[2], "the spin survived the interrupts that came in ring 3");
            t.True(Interrupts.Count > interrupts + 2, "interrupts arrived while it spun");
            t.Equal(Interrupts.InvalidOpcode, vector, "ud2 in ring 3 ends the thread with #UD");
        }

        public static void PrivilegedInstructionsEndTheThread(TestContext t)
        {
            if (!UserMode.Available)
            {
                t.Fail("the CPU offers no SYSCALL");
                return;
            }
            t.Equal(Interrupts.GeneralProtection, RunInRing3(t, new byte[] { 0xFA }), "cli in ring 3 is #GP");
            t.Equal(Interrupts.GeneralProtection, RunInRing3(t, new byte[] { 0xF4 }), "hlt in ring 3 is #GP");
            t.Equal(Interrupts.GeneralProtection, RunInRing3(t, new byte[] { 0xE6, 0x80 }), "out in ring 3 is #GP");
            t.Equal(Interrupts.GeneralProtection, RunInRing3(t, new byte[] { 0x0F, 0x01, 0xF8 }), "swapgs in ring 3 is #GP");
            // mov rax, <a kernel page>; mov byte [rax], 1
            ulong kernelAddress = (ulong)Cpu.KernelImageStart() + 0x1000;
            byte[] write = new byte[13];
            write[0] = 0x48; write[1] = 0xB8;
            for (int i = 0; i < 8; i++) write[2 + i] = (byte)(kernelAddress >> (8 * i));
            write[10] = 0xC6; write[11] = 0x00; write[12] = 0x01;
            byte before = *(byte*)kernelAddress;
            t.Equal(Interrupts.PageFault, RunInRing3(t, write), "a write to kernel memory from ring 3 is #PF");
            t.Equal(kernelAddress, UserMode.LastFaultAddress, "the fault names the kernel address");
            t.Equal(before, *(byte*)kernelAddress, "the kernel byte is unchanged");
        }

        private static byte[] Concat(byte[] a, byte[] b)
        {
            var r = new byte[a.Length + b.Length];
            for (int i = 0; i < a.Length; i++) r[i] = a[i];
            for (int i = 0; i < b.Length; i++) r[a.Length + i] = b[i];
            return r;
        }

        private static byte* s_codePage, s_stackPage;

        /// <summary>Runs <paramref name="code"/> in ring 3 on a new thread and returns the vector of the exception
        /// that ended it (ulong.MaxValue if it ended otherwise).</summary>
        private static ulong RunInRing3(TestContext t, byte[] code)
        {
            byte* pages = (byte*)PageAllocator.Allocate(2);
            if (pages == null)
            {
                t.Fail("no pages for the ring-3 code");
                return ulong.MaxValue;
            }
            for (int i = 0; i < code.Length; i++) pages[i] = code[i];
            s_codePage = pages;
            s_stackPage = pages + PageAllocator.PageSize;
            PageTables.SetUserAccess((ulong)s_codePage, true);
            PageTables.SetUserAccess((ulong)s_stackPage, true);
            ulong[] table = { (ulong)(delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)&Echo, (ulong)(delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)&Record };
            UserMode.LastFaultVector = ulong.MaxValue;
            fixed (ulong* entries = table)
            {
                UserMode.SetSystemCalls(entries, 2, out ulong* previous, out ulong previousCount);
                KernelThread thread = Scheduler.CreateThread("ring3-test", EnterRing3);
                Scheduler.Start(thread);
                bool ended = thread.Join(10_000);
                UserMode.SetSystemCalls(previous, previousCount, out _, out _);
                if (!ended) t.Fail("the ring-3 thread did not end");
            }
            PageTables.SetUserAccess((ulong)s_codePage, false);
            PageTables.SetUserAccess((ulong)s_stackPage, false);
            PageAllocator.Free(pages, 2);
            return UserMode.LastFaultVector;
        }

        private static void EnterRing3() => UserMode.Enter((ulong)s_codePage, (ulong)s_stackPage + PageAllocator.PageSize, 0);
    }
}
