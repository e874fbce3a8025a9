using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Abi
{
    /// <summary>Checks that a pointer an ABI caller passes names its own memory before the kernel reads or writes
    /// through it: the calling thread's stack (where the SIP runtime keeps almost every argument), the process's
    /// image, the pages it allocated, or the stacks of its other threads. A null, kernel, guard-page, unmapped,
    /// wrapping or foreign pointer is refused, so a bad argument is a status and never a kernel fault.</summary>
    internal static unsafe class CallerMemory
    {
        /// <summary>True when [<paramref name="address"/>, + <paramref name="bytes"/>) lies in memory of the calling
        /// process (<paramref name="bytes"/> 0 still needs a non-null address in it).</summary>
        public static bool Holds(void* address, ulong bytes)
        {
            KernelThread t = Scheduler.Current;
            ulong start = (ulong)address;
            if (start == 0 || bytes > (1UL << 32)) return false;
            ulong end = start + (bytes == 0 ? 1 : bytes);
            if (end < start) return false;
            // The running thread's stack: the common case, and the one the hot channel entries take.
            if (start >= (ulong)t.StackBase && end <= t.StackTop) return true;
            KernelProcess p = t.Owner;
            if (p == null) return true;   // the kernel calling its own ABI (tests) passes kernel memory
            return HoldsSlow(p, start, end);
        }

        /// <summary><see cref="Holds(void*, ulong)"/> for the message entries, which hold the running thread: its
        /// stack answers inline (a message lives there almost always), the rest out of line.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static bool Holds(KernelThread t, void* address, ulong bytes)
        {
            ulong start = (ulong)address, end = start + bytes;
            if (start >= (ulong)t.StackBase && end <= (ulong)t.StackBase + t.StackBytes && end > start) return true;
            return Holds(address, bytes);
        }

        /// <summary>A typed pointer to <paramref name="count"/> elements of <paramref name="size"/> bytes.</summary>
        public static bool Holds(void* address, long count, ulong size) => count >= 0 && Holds(address, (ulong)count * size);

        private static bool HoldsSlow(KernelProcess p, ulong start, ulong end)
        {
            ulong image = (ulong)p.ImageBase;
            if (image != 0 && start >= image && end <= image + p.ImagePages * PageAllocator.PageSize) return true;
            ulong flags = Scheduler.DisableInterrupts();
            bool held = p.HeldRunEpoch == p.OwnedPagesEpoch && start >= p.HeldRunStart && end <= p.HeldRunEnd;
            if (!held)
            {
                foreach (var pages in p.OwnedPages)
                {
                    if (start < pages.Key || end > pages.Key + pages.Value * PageAllocator.PageSize) continue;
                    held = true;
                    p.HeldRunStart = pages.Key;
                    p.HeldRunEnd = pages.Key + pages.Value * PageAllocator.PageSize;
                    p.HeldRunEpoch = p.OwnedPagesEpoch;
                    break;
                }
            }
            for (int i = 0; !held && i < p.Threads.Count; i++)
            {
                KernelThread other = p.Threads[i];
                if (other.StackBase != null && start >= (ulong)other.StackBase && end <= other.StackTop) held = true;
            }
            Scheduler.RestoreInterrupts(flags);
            return held;
        }
    }
}
