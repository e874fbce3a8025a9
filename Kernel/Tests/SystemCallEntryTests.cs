using System.Collections.Generic;
using Sing.Kernel.Arch;

namespace Sing.Kernel.Tests
{
    /// <summary>The system-call entry stubs (Arch/usermode.asm) as ring 3 sees them: they index the thread's table
    /// themselves, so every number outside it (one past the end, high bits above a valid low half, all ones) and every
    /// number on a thread without a table must answer NoSuchCall and call nothing; and what comes back must be the
    /// result, the caller's callee-saved registers and nothing else (SYSCALL and SYSENTER clear the scratch and vector
    /// registers; INT 0x80 restores the caller's whole frame).</summary>
    internal static unsafe class SystemCallEntryTests
    {
        private const int SyscallEntry = 0, InterruptEntry = 1, SysenterEntry = 2;

        public static void NumbersOutsideTheTableAnswerNoSuchCall(TestContext t)
        {
            // UserCodeRunner's table has five entries; Null (3) answers 0, so a stub that looked only at the low half
            // of 0x1_0000_0003 would record 0.
            ulong[] numbers = { 5, 0x1_0000_0003, ulong.MaxValue, 0x8000_0000_0000_0000 };
            for (int mechanism = SyscallEntry; mechanism <= SysenterEntry; mechanism++)
            {
                if (mechanism == SysenterEntry && !UserMode.SysenterAvailable) continue;
                var code = new List<byte>();
                foreach (ulong number in numbers)
                {
                    code.AddRange(MovRax(number));
                    code.AddRange(Enter(mechanism));
                    code.AddRange(new byte[] { 0x48, 0x89, 0xC7 });                  // mov rdi, rax
                    code.AddRange(new byte[] { 0xB8, UserCodeRunner.Record, 0, 0, 0, 0x0F, 0x05 });
                }
                code.AddRange(new byte[] { 0xB8, UserCodeRunner.ExitThread, 0, 0, 0, 0x0F, 0x05 });
                t.Equal(ulong.MaxValue, UserCodeRunner.Run(code.ToArray(), 0, out _), "the code ends through the exit call");
                t.Equal((ulong)numbers.Length, (ulong)UserCodeRunner.RecordCount, "every bad number returned to ring 3");
                for (int i = 0; i < numbers.Length && i < UserCodeRunner.RecordCount; i++)
                    t.Equal(UserMode.NoSuchCall, UserCodeRunner.Recorded(i), Name(mechanism) + ": a number outside the table answers NoSuchCall");
            }
        }

        public static void ThreadWithoutTableAnswersNoSuchCall(TestContext t)
        {
            ulong data = UserCodeRunner.PrepareDataPage();
            var code = new List<byte>();
            int stores = 0;
            for (int mechanism = SyscallEntry; mechanism <= SysenterEntry; mechanism++)
            {
                if (mechanism == SysenterEntry && !UserMode.SysenterAvailable) continue;
                foreach (ulong number in new ulong[] { 0, UserCodeRunner.Null })
                {
                    code.AddRange(MovRax(number));
                    code.AddRange(Enter(mechanism));
                    code.AddRange(Store(0, data + 8 + (ulong)stores++ * 8));
                }
            }
            code.AddRange(new byte[] { 0x0F, 0x0B });                                  // ud2: no exit call to reach
            for (int i = 0; i < stores; i++) *(ulong*)(data + 8 + (ulong)i * 8) = 0x5A5A;
            t.Equal(Interrupts.InvalidOpcode, UserCodeRunner.Run(code.ToArray(), 0, false, out bool ran), "the code ran to its ud2");
            t.True(ran, "the ring-3 thread ended");
            for (int i = 0; i < stores; i++)
                t.Equal(UserMode.NoSuchCall, *(ulong*)(data + 8 + (ulong)i * 8), "a thread without a system-call table gets NoSuchCall");
        }

        /// <summary>Both forms of the exits' vector clearing: vzeroall where boot enabled AVX state, sixteen xorps else.</summary>
        public static void OnlyTheResultComesBack(TestContext t)
        {
            bool avx = Cpu.AvxClearing();
            if (avx)
            {
                Cpu.SetAvxClearing(false);
                try { OnlyTheResultComesBack(t, "(xorps) "); }
                finally { Cpu.SetAvxClearing(true); }
            }
            OnlyTheResultComesBack(t, avx ? "(vzeroall) " : "(xorps) ");
        }

        private static void OnlyTheResultComesBack(TestContext t, string form)
        {
            ulong data = UserCodeRunner.PrepareDataPage();
            for (int mechanism = SyscallEntry; mechanism <= SysenterEntry; mechanism++)
            {
                if (mechanism == SysenterEntry && !UserMode.SysenterAvailable) continue;
                var code = new List<byte>();
                // Callee-saved registers 3 (rbx), 5 (rbp), 12-15 get marks; the scratch registers the stubs clear get 7
                // (rdx only where SYSENTER does not take it for the return address), XMM0-15 get 7 too.
                int[] kept = { 3, 5, 12, 13, 14, 15 };
                foreach (int r in kept) code.AddRange(MovImm32(r, 0x1000 + (uint)r));
                foreach (int r in new[] { 7, 6, 8, 9, 10 }) code.AddRange(MovImm32(r, 7));
                if (mechanism != SysenterEntry) code.AddRange(MovImm32(2, 7));
                for (int x = 0; x < 16; x++) code.AddRange(MovqXmmFromRdi(x));
                code.AddRange(new byte[] { 0xB8, UserCodeRunner.ThreadId, 0, 0, 0 });
                code.AddRange(Enter(mechanism));
                code.AddRange(Store(0, data + 8));                                     // the result
                // rax = rdi | rsi | r8 | r9 | r10 (| rdx but after SYSEXIT, which returns through it) | both halves of
                // (xmm0 | ... | xmm15)
                code.AddRange(new byte[] { 0x48, 0x89, 0xF8, 0x48, 0x09, 0xF0, 0x4C, 0x09, 0xC0, 0x4C, 0x09, 0xC8, 0x4C, 0x09, 0xD0 });
                if (mechanism != SysenterEntry) code.AddRange(new byte[] { 0x48, 0x09, 0xD0 });
                for (int x = 1; x < 16; x++) code.AddRange(PorXmm0(x));
                code.AddRange(new byte[] { 0x66, 0x48, 0x0F, 0x7E, 0xC1, 0x48, 0x09, 0xC8 });        // movq rcx, xmm0; or rax, rcx
                code.AddRange(new byte[] { 0x66, 0x0F, 0x73, 0xD8, 0x08 });                          // psrldq xmm0, 8
                code.AddRange(new byte[] { 0x66, 0x48, 0x0F, 0x7E, 0xC1, 0x48, 0x09, 0xC8 });
                code.AddRange(Store(0, data + 16));
                for (int i = 0; i < kept.Length; i++) code.AddRange(Store(kept[i], data + 24 + (ulong)i * 8));
                code.AddRange(new byte[] { 0xB8, UserCodeRunner.ExitThread, 0, 0, 0, 0x0F, 0x05 });
                for (ulong o = 8; o < 24 + (ulong)kept.Length * 8; o += 8) *(ulong*)(data + o) = 0x5A5A;
                t.Equal(ulong.MaxValue, UserCodeRunner.Run(code.ToArray(), 0, out bool ran), Name(mechanism) + ": the code ends through the exit call");
                t.True(ran && *(ulong*)(data + 8) != 0 && *(ulong*)(data + 8) == *(ulong*)data, Name(mechanism) + ": the thread id came back in rax");
                // INT 0x80 restores the whole user frame: the caller's own values come back, no kernel ones.
                if (mechanism == InterruptEntry) t.Equal(7, *(ulong*)(data + 16), "INT 0x80: the scratch and vector registers come back as ring 3 left them");
                else t.Equal(0, *(ulong*)(data + 16), form + Name(mechanism) + ": the scratch and vector registers come back cleared");
                for (int i = 0; i < kept.Length; i++)
                    t.Equal(0x1000 + (ulong)kept[i], *(ulong*)(data + 24 + (ulong)i * 8), Name(mechanism) + ": a callee-saved register keeps its value");
            }
        }

        private static string Name(int mechanism) => mechanism == SyscallEntry ? "SYSCALL" : mechanism == InterruptEntry ? "INT 0x80" : "SYSENTER";

        private static byte[] Enter(int mechanism) => mechanism switch
        {
            SyscallEntry => new byte[] { 0x0F, 0x05 },
            InterruptEntry => new byte[] { 0xCD, UserMode.SoftwareInterruptVector },
            // lea rdx, [rip+5]; mov rcx, rsp; sysenter (SYSEXIT returns to rdx with rsp = rcx)
            _ => new byte[] { 0x48, 0x8D, 0x15, 5, 0, 0, 0, 0x48, 0x89, 0xE1, 0x0F, 0x34 },
        };

        private static byte[] MovRax(ulong value)
        {
            var code = new byte[10];
            code[0] = 0x48;
            code[1] = 0xB8;
            for (int i = 0; i < 8; i++) code[2 + i] = (byte)(value >> (8 * i));
            return code;
        }

        // mov r32, imm32 (zero-extends into the 64-bit register)
        private static byte[] MovImm32(int register, uint value) => register < 8
            ? new byte[] { (byte)(0xB8 + register), (byte)value, (byte)(value >> 8), (byte)(value >> 16), (byte)(value >> 24) }
            : new byte[] { 0x41, (byte)(0xB8 + register - 8), (byte)value, (byte)(value >> 8), (byte)(value >> 16), (byte)(value >> 24) };

        // mov [disp32], r64
        private static byte[] Store(int register, ulong address) => new byte[]
        {
            register < 8 ? (byte)0x48 : (byte)0x4C, 0x89, (byte)(0x04 | ((register & 7) << 3)), 0x25,
            (byte)address, (byte)(address >> 8), (byte)(address >> 16), (byte)(address >> 24),
        };

        // movq xmmN, rdi
        private static byte[] MovqXmmFromRdi(int xmm) =>
            new byte[] { 0x66, (byte)(xmm < 8 ? 0x48 : 0x4C), 0x0F, 0x6E, (byte)(0xC7 | ((xmm & 7) << 3)) };

        // por xmm0, xmmN
        private static byte[] PorXmm0(int xmm) => xmm < 8
            ? new byte[] { 0x66, 0x0F, 0xEB, (byte)(0xC0 | xmm) }
            : new byte[] { 0x66, 0x41, 0x0F, 0xEB, (byte)(0xC0 | (xmm & 7)) };
    }
}
