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

        /// <summary>A SIP starts with no environment block (its configuration is its manifest's parameters): a
        /// variable is set only by the program itself, and only for itself.</summary>
        public static string GetEnvironmentVariable(string variable)
        {
            if (variable is null) throw new ArgumentNullException(nameof(variable));
            lock (s_variables) return s_variables.TryGetValue(variable, out string value) ? value : null;
        }

        public static string GetEnvironmentVariable(string variable, EnvironmentVariableTarget target) => GetEnvironmentVariable(variable);

        public static void SetEnvironmentVariable(string variable, string value)
        {
            if (variable is null) throw new ArgumentNullException(nameof(variable));
            if (variable.Length == 0) throw new ArgumentException("The value cannot be an empty string.", nameof(variable));
            if (variable.Contains('=')) throw new ArgumentException("Environment variable name cannot contain equal character.", nameof(variable));
            lock (s_variables)
            {
                if (string.IsNullOrEmpty(value)) s_variables.Remove(variable);
                else s_variables[variable] = value;
            }
        }

        public static void SetEnvironmentVariable(string variable, string value, EnvironmentVariableTarget target) => SetEnvironmentVariable(variable, value);

        public static Collections.IDictionary GetEnvironmentVariables()
        {
            var copy = new Collections.ListDictionaryInternal();
            lock (s_variables)
            {
                foreach (var pair in s_variables) copy[pair.Key] = pair.Value;
            }
            return copy;
        }

        /// <summary>%NAME% replaced by the variable's value, when it is set.</summary>
        public static string ExpandEnvironmentVariables(string name)
        {
            if (name is null) throw new ArgumentNullException(nameof(name));
            var result = new Text.StringBuilder(name.Length);
            int i = 0;
            while (i < name.Length)
            {
                int open = name.IndexOf('%', i);
                int close = open < 0 ? -1 : name.IndexOf('%', open + 1);
                if (close < 0)
                {
                    result.Append(name, i, name.Length - i);
                    break;
                }
                string value = GetEnvironmentVariable(name.Substring(open + 1, close - open - 1));
                if (value is null)
                {
                    result.Append(name, i, close - i);
                    i = close;
                    continue;
                }
                result.Append(name, i, open - i).Append(value);
                i = close + 1;
            }
            return result.ToString();
        }

        // Made on first use, so that Environment has no static constructor (the kernel shares this class).
        private static Collections.Generic.Dictionary<string, string> s_variablesMade;

        private static Collections.Generic.Dictionary<string, string> s_variables
        {
            get
            {
                if (s_variablesMade == null) Threading.Interlocked.CompareExchange(ref s_variablesMade, new Collections.Generic.Dictionary<string, string>(), null);
                return s_variablesMade;
            }
        }

        /// <summary>The kernel's id of this process.</summary>
        public static int ProcessId =>
            Internal.Runtime.RuntimeHost.ProcessId != null ? Internal.Runtime.RuntimeHost.ProcessId() : throw new PlatformNotSupportedException("Environment.ProcessId: this runtime has no process.");

        /// <summary>Where relative paths start: the file system's root, until the program sets another.</summary>
        public static string CurrentDirectory
        {
            get => s_currentDirectory ?? "/";
            set
            {
                if (value is null) throw new ArgumentNullException(nameof(value));
                if (value.Length == 0) throw new ArgumentException("The path is empty.", "path");
                s_currentDirectory = value;
            }
        }

        private static string s_currentDirectory;

        public static int SystemPageSize => 4096;

        public static string MachineName => "singularity";

        public static bool UserInteractive => false;

        public static bool HasShutdownStarted => false;

        /// <summary>Ends the process at once with the message, as an unhandled failure (no finally blocks run).</summary>
        public static void FailFast(string message) => FailFast(message, null);

        public static void FailFast(string message, Exception exception)
        {
            if (Internal.Runtime.RuntimeHost.FailFast != null) Internal.Runtime.RuntimeHost.FailFast(message ?? "Environment.FailFast", exception, 0);
            throw new PlatformNotSupportedException("Environment.FailFast: this runtime has no process to end.");
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

namespace System
{
    public enum EnvironmentVariableTarget
    {
        Process = 0,
        User = 1,
        Machine = 2,
    }
}
