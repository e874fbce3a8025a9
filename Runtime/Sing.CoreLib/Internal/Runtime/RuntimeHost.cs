using System;

namespace Internal.Runtime
{
    /// <summary>What the runtime needs from the object space that hosts it (the kernel, or a SIP's ABI layer):
    /// memory for the heap and a way to report a fatal error. The host installs these before any allocation.</summary>
    public static unsafe class RuntimeHost
    {
        /// <summary>Returns <c>bytes</c> of zeroed, 4 KiB-aligned memory for the object heap, or null.</summary>
        public static delegate*<nuint, void*> AllocateHeapMemory;

        /// <summary>Gives back memory obtained from <see cref="AllocateHeapMemory"/> (address, bytes).</summary>
        public static delegate*<void*, nuint, void> FreeHeapMemory;

        /// <summary>The highest address (exclusive) of the current thread's stack, where the collector's stack scan ends.</summary>
        public static delegate*<nuint> StackTop;

        /// <summary>Calls the given visitor with (lowest live address, top) of every stack other than the running
        /// thread's that belongs to this object space, so the collector scans them too.</summary>
        public static delegate*<delegate*<nint*, nint*, void>, void> EnumerateOtherStacks;

        /// <summary>Stops every other processor that may run this object space's code, for a collection (the kernel's, with
        /// threads on several CPUs), and lets them go again. Null: nothing runs elsewhere while a collection runs.</summary>
        public static delegate*<void> StopOtherProcessors;
        public static delegate*<void> ResumeOtherProcessors;

        /// <summary>The running thread's exception-handling state (null: the runtime uses one shared state).</summary>
        public static delegate*<Internal.Runtime.ExceptionHandling.ExceptionThreadState> CurrentExceptionState;

        /// <summary>Keeps the running thread from being preempted until <see cref="ExitNoPreemption"/> (given the
        /// returned cookie). The heap is updated inside such sections: an object is allocated and its header
        /// written before any other thread of this object space can run or collect. Null: single-threaded host.</summary>
        public static delegate*<ulong> EnterNoPreemption;
        public static delegate*<ulong, void> ExitNoPreemption;

        /// <summary>Reports an unrecoverable error (text, exception object or null, faulting address) and never returns.</summary>
        public static delegate*<string, object, nuint, void> FailFast;

        /// <summary>Reports an exception no handler caught (message, exception, return addresses of the frames it
        /// passed through, innermost first). The host names the frames and ends the object space; it does not return.</summary>
        public static delegate*<string, object, ulong*, int, void> UnhandledException;

        /// <summary>The time of day as UTC ticks (100 ns since 0001-01-01), or -1 when the host has no clock to ask.
        /// DateTime.UtcNow and Now read it. Null: no wall clock (the kernel's own corelib).</summary>
        public static delegate*<long> UtcTicks;

        // Threads and kernel events for System.Threading (the SIP runtime sets them; null in the kernel's own corelib,
        // where Thread.Start throws and waits spin). Handles are the kernel's opaque values; 0 is none.

        /// <summary>Starts a kernel thread of this process at the entry with the argument; its handle is closed at once
        /// (the thread runs on). False when the kernel refused (the thread quota).</summary>
        public static delegate*<delegate* unmanaged<nint, void>, nint, bool> StartThread;

        /// <summary>The kernel's id of the running thread (unique among live threads).</summary>
        public static delegate*<int> CurrentThreadId;

        /// <summary>The kernel's id of this process (Environment.ProcessId).</summary>
        public static delegate*<int> ProcessId;

        public static delegate*<ulong, void> Sleep;
        public static delegate*<void> YieldThread;

        /// <summary>A kernel event (manual or auto reset, initially set or not), or 0 when the kernel refused.</summary>
        public static delegate*<bool, bool, ulong> CreateEvent;
        public static delegate*<ulong, void> SetEvent;
        public static delegate*<ulong, void> ResetEvent;
        public static delegate*<ulong, void> CloseEvent;

        /// <summary>Waits for any of the events (handles, count, timeout in milliseconds, ulong.MaxValue for ever):
        /// the index of the one that fired, or -1 on timeout.</summary>
        public static delegate*<ulong*, int, ulong, int> WaitAny;

        /// <summary>What the host runs when the program's Main has returned, before the process exits (set by the first
        /// Thread.Start: waiting for foreground threads, as .NET does); null when nothing needs it.</summary>
        public static delegate*<void> AfterMain;

        /// <summary>Ends the process now with the exit code (Environment.Exit); null in the kernel's own corelib.</summary>
        public static delegate*<int, void> ExitProcess;

        internal static void Fail(string message, object exception)
        {
            if (FailFast != null) FailFast(message, exception, 0);
            while (true) { }
        }
    }
}
