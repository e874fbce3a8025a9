namespace System
{
    /// <summary>What a program may ask of its environment inside its own object space.</summary>
    public static unsafe class Environment
    {
        public static string NewLine => "\n";

        /// <summary>A process runs on one processor: the kernel schedules a SIP's threads one at a time.</summary>
        public static int ProcessorCount => 1;

        public static bool Is64BitProcess => true;

        public static bool Is64BitOperatingSystem => true;

        /// <summary>The exit code of a program whose Main returns no number (async Task Main), as in .NET.</summary>
        public static int ExitCode { get; set; }

        /// <summary>Ends the process now with the exit code; other threads end with it, nothing after runs.</summary>
        public static void Exit(int exitCode)
        {
            if (Internal.Runtime.RuntimeHost.ExitProcess == null) throw new PlatformNotSupportedException("Environment.Exit: this runtime has no process to end.");
            Internal.Runtime.RuntimeHost.ExitProcess(exitCode);
        }

        /// <summary>A SIP has no environment block: every variable is unset (its configuration is its manifest's
        /// parameters).</summary>
        public static string GetEnvironmentVariable(string variable)
        {
            if (variable is null) throw new ArgumentNullException(nameof(variable));
            return null;
        }

        /// <summary>A number unique among the process's live threads (iterators use it to reuse their object on
        /// the creating thread): derived from the thread's allocation context, which no two live threads share.</summary>
        public static int CurrentManagedThreadId
        {
            get
            {
                var context = Internal.Runtime.GC.AllocationContext.CurrentOrNew();
                return context == null ? 1 : (int)((nuint)context >> 4);
            }
        }

        /// <summary>Milliseconds since boot, from the time-stamp counter the kernel calibrated.</summary>
        public static long TickCount64
        {
            get
            {
                long frequency = Diagnostics.Stopwatch.Frequency;
                return frequency == 0 ? 0 : (long)((ulong)Diagnostics.Stopwatch.GetTimestamp() / (ulong)(frequency / 1000));
            }
        }

        public static int TickCount => (int)TickCount64;

        /// <summary>The calling thread's stack, starting with this getter's own frame as .NET's does.</summary>
        public static string StackTrace
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
            get
            {
                // Not a tail call: this frame must be on the stack when the walk starts.
                string trace = Internal.Runtime.ExceptionHandling.StackTraceText.Current(0);
                return trace ?? "";
            }
        }
    }
}
