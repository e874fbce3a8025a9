using Sing.Kernel.Arch;

namespace Sing.Kernel.Bench
{
    /// <summary>Seed 002's system-call mechanisms, measured from ring 3 (Table 2 there): a null call and a thread-id
    /// call ("getpid") through SYSCALL, INT 0x80 and SYSENTER (Intel only), the id read directly from a user page
    /// ("direct"), and 002's "trap" (a load from a supervisor page that the page-fault handler answers and steps
    /// over). The ring-0 call through the ABI table is the SingBench SIP's ABICall row. The loop runs in ring 3 and
    /// times itself with RDTSC, so each row is the mechanism's round trip plus a few loop instructions.</summary>
    internal static unsafe class EntryBenchmarks
    {
        public static Benchmark[] Rows()
        {
            string noSysenter = "SYSENTER reaches the kernel only on Intel CPUs in 64-bit mode (QEMU: -cpu max,vendor=GenuineIntel)";
            return new[]
            {
                new Benchmark("Ring3.Syscall-Null", 20_000, &SyscallNull),
                new Benchmark("Ring3.Syscall-GetId", 20_000, &SyscallGetId),
                new Benchmark("Ring3.Int80-Null", 20_000, &InterruptNull),
                new Benchmark("Ring3.Int80-GetId", 20_000, &InterruptGetId),
                UserMode.SysenterAvailable ? new Benchmark("Ring3.Sysenter-Null", 20_000, &SysenterNull) : Benchmark.Skipped("Ring3.Sysenter-Null", 20_000, noSysenter),
                UserMode.SysenterAvailable ? new Benchmark("Ring3.Sysenter-GetId", 20_000, &SysenterGetId) : Benchmark.Skipped("Ring3.Sysenter-GetId", 20_000, noSysenter),
                new Benchmark("Ring3.Direct-GetId", 20_000, &DirectGetId),
                new Benchmark("Ring3.Trap-GetId", 20_000, &TrapGetId),
            };
        }

        private static byte[] Syscall(int number) => new byte[] { 0xB8, (byte)number, 0, 0, 0, 0x0F, 0x05 };
        private static byte[] Interrupt(int number) => new byte[] { 0xB8, (byte)number, 0, 0, 0, 0xCD, UserMode.SoftwareInterruptVector };
        // mov eax, n; lea rdx, [rip+5]; mov rcx, rsp; sysenter (SYSEXIT returns to rdx with rsp = rcx)
        private static byte[] Sysenter(int number) => new byte[] { 0xB8, (byte)number, 0, 0, 0, 0x48, 0x8D, 0x15, 5, 0, 0, 0, 0x48, 0x89, 0xE1, 0x0F, 0x34 };
        // mov eax, [address] (disp32: the pages lie below 2 GiB)
        private static byte[] Load(ulong address) => new byte[] { 0x8B, 0x04, 0x25, (byte)address, (byte)(address >> 8), (byte)(address >> 16), (byte)(address >> 24) };

        private static ulong SyscallNull(int n) => Time(Syscall(UserCodeRunner.Null), n);
        private static ulong SyscallGetId(int n) => Time(Syscall(UserCodeRunner.ThreadId), n);
        private static ulong InterruptNull(int n) => Time(Interrupt(UserCodeRunner.Null), n);
        private static ulong InterruptGetId(int n) => Time(Interrupt(UserCodeRunner.ThreadId), n);
        private static ulong SysenterNull(int n) => Time(Sysenter(UserCodeRunner.Null), n);
        private static ulong SysenterGetId(int n) => Time(Sysenter(UserCodeRunner.ThreadId), n);
        private static ulong DirectGetId(int n) => Time(Load(UserCodeRunner.PrepareDataPage()), n);
        private static ulong TrapGetId(int n) => Time(Load(UserMode.TrapPage), n);

        /// <summary>Runs <paramref name="body"/> n times in ring 3 between two RDTSC reads and returns the cycles the
        /// code recorded (0 if it could not run, which the runner reports as an impossible row).</summary>
        private static ulong Time(byte[] body, int n)
        {
            var code = new System.Collections.Generic.List<byte>();
            code.AddRange(new byte[] { 0x48, 0x89, 0xFB });                         // mov rbx, rdi (n)
            code.AddRange(new byte[] { 0x0F, 0x31, 0x48, 0xC1, 0xE2, 0x20, 0x48, 0x09, 0xD0, 0x49, 0x89, 0xC4 }); // rdtsc; r12 = tsc
            int loop = code.Count;
            code.AddRange(body);
            code.AddRange(new byte[] { 0x48, 0xFF, 0xCB });                         // dec rbx
            code.Add(0x75);                                                        // jnz loop
            code.Add((byte)(sbyte)(loop - (code.Count + 1)));
            code.AddRange(new byte[] { 0x0F, 0x31, 0x48, 0xC1, 0xE2, 0x20, 0x48, 0x09, 0xD0 }); // rdtsc
            code.AddRange(new byte[] { 0x4C, 0x29, 0xE0, 0x48, 0x89, 0xC7 });       // rax -= r12; rdi = rax
            code.AddRange(Syscall(UserCodeRunner.Record));
            code.AddRange(Syscall(UserCodeRunner.ExitThread));
            UserCodeRunner.Run(code.ToArray(), (ulong)n, out bool ran);
            return ran && UserCodeRunner.RecordCount == 1 ? UserCodeRunner.Recorded(0) : 0;
        }
    }
}
