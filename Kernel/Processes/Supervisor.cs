using System.Collections.Generic;
using Sing.Kernel.Console;
using Sing.Kernel.Threading;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Processes
{
    /// <summary>Starts the system policy's boot services in order and keeps them as the policy says: when one ends,
    /// its &lt;boot restart="..."&gt; decides whether a new instance starts from the same manifest and arguments
    /// (never; on-failure: unless it exited with code 0; always), after a back-off that doubles with each end in a
    /// row (50 ms, 100 ms, ... at most 2 s), and not at all once it has ended restartLimit times within restartWindow
    /// seconds (logged, and shown by the shell's services command).
    ///
    /// The supervisor is part of the kernel, not a system SIP: the kernel already reads the policy and starts the boot
    /// services; it learns of an end without a new ABI for watching unrelated processes; a restarted instance is
    /// created only after Terminate has released the old one's names, grants, exchange blocks and pages (its Exited
    /// event is set after that), so the new one registers the same names and is granted the same hardware; and a
    /// hostile program cannot kill the supervisor itself. Each supervised program has a kernel thread that waits for
    /// its instance to end.</summary>
    internal static class Supervisor
    {
        private const int FirstBackOffMilliseconds = 50, MaxBackOffMilliseconds = 2000;

        /// <summary>One boot service and the state of its supervision.</summary>
        internal sealed class Supervised
        {
            public BootEntry Entry;
            public KernelProcess Current;
            public int Restarts;
            public string State = "starting";
            /// <summary>When it ended (timer ticks), the last RestartLimit times: the window's count.</summary>
            public readonly List<ulong> Ends = new List<ulong>();
        }

        private static readonly List<Supervised> s_programs = new List<Supervised>();

        /// <summary>Restarts so far, over all programs (the soak and the tests read it).</summary>
        public static int TotalRestarts;

        /// <summary>Starts the boot services in order (drivers before the shell that binds to them). One that cannot
        /// start is reported and the rest still start. The kernel option script= goes to each boot program whose
        /// manifest declares a string parameter "lines" (the login program, which hands it to the shell), which then
        /// runs those lines instead of reading the console, once; user= goes to a string parameter "user", every time. One already supervised (started early for run=, see
        /// <see cref="ServiceDependencies"/>) is not started again.</summary>
        public static void StartBootServices()
        {
            var boot = ProgramCatalog.Manifest.Boot;
            for (int i = 0; i < boot.Count; i++)
            {
                if (IsSupervised(boot[i])) continue;
                Supervise(boot[i]);
                // Let it run its startup (a driver registers its names) before the next one binds to them.
                WaitHandle.Sleep(20);
            }
        }

        /// <summary>Whether <paramref name="entry"/> has been started (or tried) and is in the supervisor's records.</summary>
        public static bool IsSupervised(BootEntry entry)
        {
            ulong flags = Scheduler.DisableInterrupts();
            bool found = false;
            for (int i = 0; i < s_programs.Count && !found; i++) found = ReferenceEquals(s_programs[i].Entry, entry);
            Scheduler.RestoreInterrupts(flags);
            return found;
        }

        /// <summary>Starts <paramref name="entry"/>'s program and keeps it as its restart policy says; the record
        /// (listed by <see cref="Describe"/>) says how it goes.</summary>
        public static Supervised Supervise(BootEntry entry)
        {
            var s = new Supervised { Entry = entry };
            ulong flags = Scheduler.DisableInterrupts();
            s_programs.Add(s);
            Scheduler.RestoreInterrupts(flags);
            if (!Launch(s, first: true))
            {
                s.State = "not started";
                return s;
            }
            if (entry.Restart != "never") Scheduler.Start(Scheduler.CreateThread(string.Concat("supervise ", entry.Program), () => Watch(s)));
            return s;
        }

        /// <summary>Supervises <paramref name="s"/> for good (this kernel thread ends when the policy says stop).</summary>
        private static void Watch(Supervised s)
        {
            while (true)
            {
                KernelProcess ended = s.Current;
                ended.Exited.WaitOne();
                bool failed = ended.ExitCode != 0;
                string how = ended.TerminationReason ?? string.Concat("exited with code ", ended.ExitCode.ToString());
                if (s.Entry.Restart == "on-failure" && !failed)
                {
                    s.State = string.Concat("stopped: ", how);
                    return;
                }
                ulong now = Arch.Timer.Ticks;
                s.Ends.Add(now);
                ulong window = (ulong)s.Entry.RestartWindowSeconds * Arch.Timer.Hz;
                while (s.Ends.Count > 0 && now - s.Ends[0] > window) s.Ends.RemoveAt(0);
                if (s.Ends.Count >= s.Entry.RestartLimit)
                {
                    s.State = string.Concat("given up: ended ", s.Ends.Count.ToString(), " times within ", s.Entry.RestartWindowSeconds.ToString(), " s");
                    Log.Line($"[kernel] supervisor: {s.Entry.Program} ended {s.Ends.Count} times within {s.Entry.RestartWindowSeconds} s ({how}); not restarting it again");
                    return;
                }
                int backOff = FirstBackOffMilliseconds << (s.Ends.Count - 1 < 6 ? s.Ends.Count - 1 : 6);
                if (backOff > MaxBackOffMilliseconds) backOff = MaxBackOffMilliseconds;
                s.State = string.Concat("restarting in ", backOff.ToString(), " ms");
                WaitHandle.Sleep((ulong)backOff);
                if (!Launch(s, first: false))
                {
                    s.State = "given up: cannot start it";
                    return;
                }
                s.Restarts++;
                s.Current.Restarts = s.Restarts;
                TotalRestarts++;
                Log.Line($"[kernel] supervisor: restarted {s.Entry.Program} as pid {s.Current.Id} ({how}; restart {s.Restarts}, after {backOff} ms)");
            }
        }

        /// <summary>Creates and starts an instance of <paramref name="s"/>'s program; false (logged) when it cannot.</summary>
        private static bool Launch(Supervised s, bool first)
        {
            AbiStatus status = ProcessManager.Create(s.Entry.Program, s.Entry.Arguments, null, out KernelProcess process, out string error);
            if (status != AbiStatus.Ok)
            {
                Log.Line(first ? $"boot: cannot start {s.Entry.Program}: {error}" : $"[kernel] supervisor: cannot restart {s.Entry.Program}: {error}");
                return false;
            }
            // The script runs once: a restarted shell reads the console.
            string script = Boot.KernelOptions.Script;
            if (first && script != null && GiveParameter(process, "lines", script))
                Log.Line($"boot: {s.Entry.Program} runs the script= option ({script.Length} characters)");
            // The console's account without a password (user=): headless and test runs; the login program honours it only
            // from the kernel (a one-link principal), so no program can start a login that skips the password.
            string user = Boot.KernelOptions.Get("user");
            if (!string.IsNullOrEmpty(user) && GiveParameter(process, "user", user))
                Log.Line($"boot: {s.Entry.Program} opens the console as {user} (the user= option)");
            s.Current = process;
            s.State = "running";
            ProcessManager.Start(process);
            if (first) Log.Line($"boot: started {s.Entry.Program} (pid {process.Id})");
            return true;
        }

        /// <summary>Sets a created (not yet started) process's string parameter, bypassing the command line so the value
        /// may hold any character; false when its manifest declares no such string parameter.</summary>
        private static bool GiveParameter(KernelProcess process, string name, string value)
        {
            ParameterInfo declared = process.Manifest.FindParameter(name);
            if (declared == null || declared.Type != ParameterType.String) return false;
            var values = process.Parameters;
            for (int i = 0; i < values.Count; i++) if (values[i].Parameter.Name == name) values.RemoveAt(i--);
            values.Add(new ParameterValue { Parameter = declared, Value = value });
            return true;
        }

        /// <summary>One line per boot service, tab-separated: program, restart policy (with limit and window), state,
        /// current pid (0 when none runs), restarts so far.</summary>
        public static string Describe()
        {
            var text = new System.Text.StringBuilder();
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = 0; i < s_programs.Count; i++)
            {
                Supervised s = s_programs[i];
                KernelProcess p = s.Current;
                string state = s.State == "running" && p != null && p.State == ProcessState.Exited ? "ended" : s.State;
                text.Append(s.Entry.Program).Append('\t')
                    .Append(s.Entry.Restart).Append(s.Entry.Restart == "never" ? "" : string.Concat(" (", s.Entry.RestartLimit.ToString(), " in ", s.Entry.RestartWindowSeconds.ToString(), " s)")).Append('\t')
                    .Append(state).Append('\t')
                    .Append(p != null && p.State != ProcessState.Exited ? p.Id.ToString() : "0").Append('\t')
                    .Append(s.Restarts.ToString()).Append('\n');
            }
            Scheduler.RestoreInterrupts(flags);
            return text.ToString();
        }
    }
}
