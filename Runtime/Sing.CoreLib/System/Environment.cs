namespace System
{
    /// <summary>What a program may ask of its environment inside its own object space.</summary>
    public static unsafe class Environment
    {
        public static string NewLine => "\n";

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
