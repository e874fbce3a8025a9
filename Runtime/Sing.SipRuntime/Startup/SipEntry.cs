using System;
using System.Runtime;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Internal.Runtime;
using Internal.Runtime.CompilerHelpers;
using Internal.Runtime.ExceptionHandling;

namespace Singularity.V1.Startup
{
    /// <summary>Where a SIP's first thread starts. Brings up this object space's runtime on pages and stacks from
    /// the kernel, runs the program's main (the symbol sip_program_main, which the program defines), and exits the
    /// process with its result. An exception the program does not catch ends the process (fail-stop) with a
    /// report naming it.</summary>
    internal static unsafe class SipEntry
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_entry")]
        private static void Entry(AbiTable* abi)
        {
            Abi.Table = abi;
            RuntimeHost.AllocateHeapMemory = &AllocateHeap;
            RuntimeHost.FreeHeapMemory = &FreeHeap;
            RuntimeHost.FailFast = &FailFast;
            RuntimeHost.StackTop = &StackTop;
            RuntimeHost.EnumerateOtherStacks = &EnumerateOtherStacks;
            RuntimeHost.UnhandledException = &Unhandled;
            RuntimeHost.CurrentExceptionState = &ThreadExceptionStates.Current;
            RuntimeHost.EnterNoPreemption = &EnterNoPreemption;
            RuntimeHost.ExitNoPreemption = &ExitNoPreemption;
            RuntimeHost.UtcTicks = &WallClock.UtcTicks;
            RuntimeHost.ExitProcess = &ExitProcess;
            RuntimeHost.ProcessId = &CurrentProcessId;
            ThreadHost.Install();
            // SIP threads are kernel threads: GS points at the running thread's slots, of which the second is this
            // object space's (the first is the kernel heap's).
            ObjectAllocator.UsePerThreadContexts(8);
            StartupCodeHelpers.InitializeModules(ImageTables.ModulesStart(), ImageTables.ModulesEnd());
            ExceptionDispatcher.Initialize(ImageTables.EhFrameStart(), ImageTables.EhFrameEnd());
            abi->RegisterFaultTrampoline((void*)HardwareExceptions.ThrowTrampoline);
            System.Diagnostics.Stopwatch.Frequency = (long)abi->GetTimestampFrequency();
            int exitCode = ProgramMain();
            if (RuntimeHost.AfterMain != null) RuntimeHost.AfterMain();
            abi->ExitProcess(exitCode);
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_program_main")]
        private static extern int ProgramMain();

        private static ulong EnterNoPreemption()
        {
            Abi.Table->DisablePreemption();
            return 0;
        }

        private static void ExitNoPreemption(ulong cookie) => Abi.Table->EnablePreemption();

        private static void* AllocateHeap(nuint bytes) => Abi.Table->AllocatePages(((ulong)bytes + 4095) / 4096);

        private static void FreeHeap(void* memory, nuint bytes) => Abi.Table->FreePages(memory, ((ulong)bytes + 4095) / 4096);

        private static void ExitProcess(int exitCode) => Abi.Table->ExitProcess(exitCode);

        private static int CurrentProcessId() => Abi.Table->GetProcessId();

        private static nuint StackTop() => Abi.Table->GetStackTop();

        /// <summary>The collector's scan of this SIP's other threads' stacks: the kernel lists them, the SIP visits them
        /// (the kernel never calls SIP code). The collector runs with preemption off, so the list holds while read.</summary>
        private static void EnumerateOtherStacks(delegate*<nint*, nint*, void> visit)
        {
            const int Inline = 128;   // the default thread quota
            ulong* ranges = stackalloc ulong[2 * Inline];
            int count = Abi.Table->GetOtherStacks(ranges, Inline);
            if (count > Inline)
            {
                ulong* more = stackalloc ulong[2 * count];
                count = Math.Min(Abi.Table->GetOtherStacks(more, count), count);
                ranges = more;
            }
            for (int i = 0; i < count; i++) visit((nint*)ranges[2 * i], (nint*)ranges[2 * i + 1]);
        }

        private static void FailFast(string message, object exception, nuint address)
        {
            Debug.Write("fail-fast: ");
            Debug.WriteLine(message);
            Abi.Table->ExitProcess(ExitCodes.FailFast);
        }

        /// <summary>Fail-stop: the kernel reports the exception (naming its type and the frames from this image's
        /// symbols) and the process ends with the .NET unhandled-exception code.</summary>
        private static void Unhandled(string message, object exception, ulong* frames, int count)
        {
            void* methodTable = exception == null ? null : *(void**)*(nint*)Unsafe.AsPointer(ref exception);
            message ??= "";
            fixed (char* text = message) Abi.Table->ReportUnhandledException(methodTable, text, message.Length, frames, count);
            Abi.Table->ExitProcess(ExitCodes.UnhandledException);
        }
    }

    /// <summary>Each SIP thread's exception-handling state, keyed by the thread's allocation context (what
    /// Environment.CurrentManagedThreadId reports: no two live threads share one, and a new thread reuses a finished
    /// one's, so the table stays as large as the most threads alive at once). No object reference crosses the ABI, so
    /// the table lives here, in the SIP's object space; it changes with preemption off (threads of the process throw
    /// concurrently).</summary>
    internal static class ThreadExceptionStates
    {
        private static System.Collections.Generic.Dictionary<int, ExceptionThreadState> s_states;

        public static unsafe ExceptionThreadState Current()
        {
            int id = System.Environment.CurrentManagedThreadId;
            Abi.Table->DisablePreemption();
            s_states ??= new System.Collections.Generic.Dictionary<int, ExceptionThreadState>();
            if (!s_states.TryGetValue(id, out ExceptionThreadState state))
            {
                state = new ExceptionThreadState();
                s_states[id] = state;
            }
            Abi.Table->EnablePreemption();
            return state;
        }
    }


    internal static unsafe class ImageBase
    {
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_image_start")] private static extern byte* ImageStart();

        public static byte* Start => ImageStart();
    }

}
