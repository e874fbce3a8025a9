using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Singularity.V1;

namespace Sing.Kernel.Domains
{
    /// <summary>How a ring-3 SIP reaches the kernel with the same image that calls the table directly in ring 0: its
    /// ABI table, in a page of its own domain, points at stubs (mov r10, rcx; mov eax, n; syscall; ret) in the next
    /// page, one per entry in table order, and SYSCALL number n calls the kernel's n-th entry. The SIP runtime never
    /// learns the difference. One more number ends the calling thread: a ring-3 thread's function returns into it.</summary>
    internal static unsafe class Ring3Abi
    {
        private const int StubBytes = 16;
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

        [System.Runtime.InteropServices.UnmanagedCallersOnly]
        private static void ExitThread() => Threading.Scheduler.Exit();

        /// <summary>Builds the table and stubs in two pages of <paramref name="process"/>'s domain (counted among its
        /// pages). Returns the table's address, 0 when memory is short. Runs in the kernel's address space.</summary>
        public static ulong Build(KernelProcess process)
        {
            byte* pages = (byte*)PageAllocator.Allocate(2, true, process.MemoryOwner);
            if (pages == null) return 0;
            process.OwnedPages[(ulong)pages] = 2;
            process.OwnedPageCount += 2;
            ulong n = EntryCount;
            var table = (AbiTable*)pages;
            table->Version = Abi.AbiV1.Table->Version;
            table->Size = Abi.AbiV1.Table->Size;
            ulong* entries = (ulong*)(pages + 8);
            byte* stubs = pages + PageAllocator.PageSize;
            for (ulong i = 0; i <= n; i++)
            {
                byte* stub = stubs + i * StubBytes;
                int k = 0;
                if (i < n)
                {
                    stub[k++] = 0x49; stub[k++] = 0x89; stub[k++] = 0xCA;                 // mov r10, rcx
                }
                stub[k++] = 0xB8; stub[k++] = (byte)i; stub[k++] = (byte)(i >> 8); stub[k++] = 0; stub[k++] = 0; // mov eax, i
                stub[k++] = 0x0F; stub[k++] = 0x05;                                    // syscall
                stub[k++] = i < n ? (byte)0xC3 : (byte)0x0F;                           // ret (ud2 after the exit call)
                if (i == n) stub[k++] = 0x0B;
                while (k < StubBytes) stub[k++] = 0xCC;
                if (i < n) entries[i] = (ulong)stub;
            }
            process.ThreadExitStub = (ulong)(stubs + n * StubBytes);
            return (ulong)pages;
        }
    }
}
