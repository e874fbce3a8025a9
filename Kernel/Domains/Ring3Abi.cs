using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Singularity.V1;

namespace Sing.Kernel.Domains
{
    /// <summary>How a ring-3 SIP reaches the kernel with the same image that calls the table directly in ring 0: its
    /// ABI table, in a page of its own domain, points at stubs in the next page, one per entry in table order, that
    /// put the entry's number in EAX and cross by the mechanism the kernel option abi.entry chose at boot: syscall (the
    /// default; mov r10, rcx; mov eax, n; syscall; ret), int (the same with int 0x80, the DPL-3 gate) or sysenter
    /// (Intel CPUs only: arguments 3-5 move to r8-r10, the return address goes in rdx and the stack pointer in rcx,
    /// which SYSEXIT loads back). Number n calls the kernel's n-th entry. The SIP runtime never learns the
    /// difference. One more number ends the calling thread: a ring-3 thread's function returns into it.</summary>
    internal static unsafe class Ring3Abi
    {
        private const int StubBytes = 32;

        /// <summary>The instruction ring-3 stubs cross with.</summary>
        public enum Mechanism { Syscall, Interrupt, Sysenter }

        public static Mechanism Entry { get; private set; }

        public static string EntryName => Entry switch { Mechanism.Interrupt => "int 0x80", Mechanism.Sysenter => "sysenter", _ => "syscall" };

        /// <summary>Reads abi.entry=syscall|int|sysenter at boot (after UserMode.Initialize). A value the kernel does not
        /// know, or sysenter on a CPU where it cannot reach 64-bit code, stops the boot with the reason, as an unknown
        /// configuration does: a benchmark must not measure another mechanism than it asked for.</summary>
        public static void SelectEntry()
        {
            string chosen = Boot.KernelOptions.Get("abi.entry");
            if (chosen == null || chosen == "syscall") Entry = Mechanism.Syscall;
            else if (chosen == "int") Entry = Mechanism.Interrupt;
            else if (chosen == "sysenter")
            {
                if (!Arch.UserMode.SysenterAvailable)
                    Diagnostics.Panic.Halt("abi.entry=sysenter: SYSENTER reaches 64-bit code only on Intel CPUs (QEMU: -cpu max,vendor=GenuineIntel)");
                Entry = Mechanism.Sysenter;
            }
            else Diagnostics.Panic.Halt($"abi.entry=\"{chosen}\" is not one of syscall, int, sysenter");
            if (chosen != null) Console.Log.Line($"Ring 3: SIPs enter the kernel by {EntryName} (abi.entry={chosen})");
        }
        private static ulong* s_calls;
        private static ulong s_count;

        /// <summary>The number of entries of the ABI table (its function pointers, after Version and Size).</summary>
        private static ulong EntryCount => (Abi.AbiV1.Table->Size - 8) / 8;

        /// <summary>The system-call number that ends the calling thread.</summary>
        public static ulong ExitThreadNumber => EntryCount;

        /// <summary>The kernel's entries by number, built once: the ABI table's, except that an entry that would
        /// call SIP code from ring 0 (EnumerateOtherStacks) answers nothing, and the thread-exit call at the end.</summary>
        public static ulong* Calls(out ulong count)
        {
            if (s_calls == null)
            {
                ulong n = EntryCount;
                var calls = (ulong*)KernelHeap.Allocate((n + 1) * 8);
                ulong* entries = (ulong*)((byte*)Abi.AbiV1.Table + 8);
                for (ulong i = 0; i < n; i++) calls[i] = entries[i];
                calls[(ulong*)&Abi.AbiV1.Table->EnumerateOtherStacks - entries] = (ulong)(delegate* unmanaged<ulong, void>)&Refuse;
                calls[n] = (ulong)(delegate* unmanaged<void>)&ExitThread;
                s_count = n + 1;
                s_calls = calls;
            }
            count = s_count;
            return s_calls;
        }

        [System.Runtime.InteropServices.UnmanagedCallersOnly]
        private static void Refuse(ulong ignored) { }

        /// <summary>Writes the stub of entry <paramref name="number"/> (<paramref name="call"/>: an entry that returns;
        /// else the thread-exit stub, which ends in ud2) and returns its length (at most 27 bytes).</summary>
        private static int WriteStub(byte* s, uint number, bool call)
        {
            int k = 0;
            if (call && Entry == Mechanism.Sysenter)
            {
                s[k++] = 0x4D; s[k++] = 0x89; s[k++] = 0xC2;                             // mov r10, r8   (argument 5)
                s[k++] = 0x49; s[k++] = 0x89; s[k++] = 0xC9;                             // mov r9, rcx   (argument 4)
                s[k++] = 0x49; s[k++] = 0x89; s[k++] = 0xD0;                             // mov r8, rdx   (argument 3)
            }
            else if (call)
            {
                s[k++] = 0x49; s[k++] = 0x89; s[k++] = 0xCA;                             // mov r10, rcx  (argument 4)
            }
            s[k++] = 0xB8; s[k++] = (byte)number; s[k++] = (byte)(number >> 8); s[k++] = 0; s[k++] = 0;   // mov eax, number
            switch (Entry)
            {
                case Mechanism.Interrupt:
                    s[k++] = 0xCD; s[k++] = 0x80;                                        // int 0x80
                    break;
                case Mechanism.Sysenter:
                    s[k++] = 0x48; s[k++] = 0x8D; s[k++] = 0x15;                         // lea rdx, [rip + 5]: the ret below
                    s[k++] = 5; s[k++] = 0; s[k++] = 0; s[k++] = 0;
                    s[k++] = 0x48; s[k++] = 0x89; s[k++] = 0xE1;                         // mov rcx, rsp
                    s[k++] = 0x0F; s[k++] = 0x34;                                        // sysenter
                    break;
                default:
                    s[k++] = 0x0F; s[k++] = 0x05;                                        // syscall
                    break;
            }
            if (call) s[k++] = 0xC3;                                                     // ret
            else
            {
                s[k++] = 0x0F; s[k++] = 0x0B;                                            // ud2: the exit call does not return
            }
            return k;
        }

        [System.Runtime.InteropServices.UnmanagedCallersOnly]
        private static void ExitThread() => Threading.Scheduler.Exit();

        /// <summary>Builds the table and stubs in two pages of <paramref name="process"/>'s domain (counted among its
        /// pages). Returns the table's address, 0 when memory is short. Runs in the kernel's address space.</summary>
        public static ulong Build(KernelProcess process)
        {
            // Taken and recorded in one section: a kill in between would lose the pages (see ProcessManager.AllocatePages).
            ulong flags = Threading.Scheduler.DisableInterrupts();
            byte* pages = (byte*)PageAllocator.Allocate(2, true, process.MemoryOwner);
            if (pages != null)
            {
                process.OwnedPages[(ulong)pages] = 2;
                process.OwnedPageCount += 2;
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            if (pages == null) return 0;
            ulong n = EntryCount;
            var table = (AbiTable*)pages;
            table->Version = Abi.AbiV1.Table->Version;
            table->Size = Abi.AbiV1.Table->Size;
            ulong* entries = (ulong*)(pages + 8);
            byte* stubs = pages + PageAllocator.PageSize;
            for (ulong i = 0; i <= n; i++)
            {
                byte* stub = stubs + i * StubBytes;
                int k = WriteStub(stub, (uint)i, call: i < n);
                while (k < StubBytes) stub[k++] = 0xCC;
                if (i < n) entries[i] = (ulong)stub;
            }
            process.ThreadExitStub = (ulong)(stubs + n * StubBytes);
            return (ulong)pages;
        }
    }
}
