using System.Runtime.InteropServices;
using Sing.Kernel.Memory;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Arch
{
    /// <summary>Runs a piece of machine code in ring 3 on a kernel thread of its own, with a small system-call table
    /// (echo, record, exit, null, thread id) reachable by SYSCALL, INT 0x80 and SYSENTER: the ring-3 tests and the
    /// entry-mechanism benchmarks (002's rows) use it. The code gets three user pages: its code, a stack, and a
    /// data page whose first word is the thread's id (002's "direct" read).</summary>
    internal static unsafe class UserCodeRunner
    {
        public const int Echo = 0, Record = 1, ExitThread = 2, Null = 3, ThreadId = 4;
        private const int Calls = 5;

        private static readonly ulong[] s_table = new ulong[Calls];
        private static readonly ulong[] s_records = new ulong[8];
        private static int s_recordCount;
        private static byte* s_pages;

        public static int RecordCount => s_recordCount;
        public static ulong Recorded(int i) => s_records[i];

        /// <summary>The address of the data page while code runs (its first word: the thread's id).</summary>
        public static ulong DataPage => (ulong)s_pages + 2 * PageAllocator.PageSize;

        /// <summary>Where the code will be placed: code that embeds addresses is built after asking.</summary>
        public static ulong PrepareDataPage()
        {
            if (s_pages == null) s_pages = (byte*)PageAllocator.Allocate(3);
            return s_pages == null ? 0 : DataPage;
        }

        [UnmanagedCallersOnly]
        private static ulong EchoCall(ulong a0, ulong a1, ulong a2, ulong a3, ulong a4) => a0 + a1 + a2 + a3 + a4 + 1;

        [UnmanagedCallersOnly]
        private static ulong RecordCall(ulong a0, ulong a1, ulong a2, ulong a3, ulong a4)
        {
            if (s_recordCount < s_records.Length) s_records[s_recordCount] = a0;
            s_recordCount++;
            return 0;
        }

        [UnmanagedCallersOnly]
        private static ulong ExitCall(ulong a0, ulong a1, ulong a2, ulong a3, ulong a4)
        {
            Scheduler.Exit();
            return 0;
        }

        [UnmanagedCallersOnly]
        private static ulong NullCall(ulong a0, ulong a1, ulong a2, ulong a3, ulong a4) => 0;

        [UnmanagedCallersOnly]
        private static ulong ThreadIdCall(ulong a0, ulong a1, ulong a2, ulong a3, ulong a4) => (ulong)Scheduler.Current.Id;

        /// <summary>Runs <paramref name="code"/> (at most a page) in ring 3 with <paramref name="argument"/> in RDI
        /// and waits for its thread to end. Returns the vector of the exception that ended it, or ulong.MaxValue when
        /// it ended through the exit call; false in <paramref name="ran"/> when it could not run at all.</summary>
        public static ulong Run(byte[] code, ulong argument, out bool ran) => Run(code, argument, true, out ran);

        /// <summary>As <see cref="Run(byte[], ulong, out bool)"/>; without <paramref name="systemCalls"/> the thread has
        /// no system-call table at all (every number must answer NoSuchCall), so the code can only report through its
        /// data page (<see cref="DataPage"/>) and end by a fault.</summary>
        public static ulong Run(byte[] code, ulong argument, bool systemCalls, out bool ran)
        {
            ran = false;
            if (!UserMode.Available || code.Length > (int)PageAllocator.PageSize || PrepareDataPage() == 0) return ulong.MaxValue;
            for (int i = 0; i < code.Length; i++) s_pages[i] = code[i];
            s_recordCount = 0;
            for (int p = 0; p < 3; p++) PageTables.SetUserAccess((ulong)s_pages + (ulong)p * PageAllocator.PageSize, true);
            s_table[Echo] = (ulong)(delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)&EchoCall;
            s_table[Record] = (ulong)(delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)&RecordCall;
            s_table[ExitThread] = (ulong)(delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)&ExitCall;
            s_table[Null] = (ulong)(delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)&NullCall;
            s_table[ThreadId] = (ulong)(delegate* unmanaged<ulong, ulong, ulong, ulong, ulong, ulong>)&ThreadIdCall;
            UserMode.LastFaultVector = ulong.MaxValue;
            s_argument = argument;
            fixed (ulong* entries = s_table)
            {
                KernelThread thread = Scheduler.CreateThread("ring3-code", s_enter ??= EnterRing3);
                UserMode.SetSystemCalls(thread, systemCalls ? entries : null, Calls);
                *(ulong*)DataPage = (ulong)thread.Id;
                Scheduler.Start(thread);
                ran = thread.Join(60_000);
            }
            for (int p = 0; p < 3; p++) PageTables.SetUserAccess((ulong)s_pages + (ulong)p * PageAllocator.PageSize, false);
            return UserMode.LastFaultVector;
        }

        private static ulong s_argument;
        private static System.Action s_enter;

        private static void EnterRing3() =>
            UserMode.Enter((ulong)s_pages, (ulong)s_pages + 2 * PageAllocator.PageSize, s_argument);
    }
}
