using System.Collections.Generic;
using System.Text;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>Runs one command line: a built-in command, or an installed program by its manifest name with its
    /// arguments bound to the manifest's parameters before anything is created.</summary>
    internal sealed class CommandInterpreter
    {
        private readonly SystemManifest _manifest;
        private readonly List<ParameterValue> _values = new List<ParameterValue>();

        private readonly AccountCommands _accounts;

        public CommandInterpreter(SystemManifest manifest, LineReader console, bool interactive)
        {
            _manifest = manifest;
            _accounts = new AccountCommands(console, interactive);
        }

        /// <summary>Returns false when the shell should end (exit).</summary>
        public bool Execute(string line)
        {
            line = line.Trim();
            if (line.Length == 0 || line[0] == '#') return true;
            int space = line.IndexOf(' ');
            string command = space < 0 ? line : line.Substring(0, space);
            string rest = space < 0 ? "" : line.Substring(space + 1).Trim();
            switch (command)
            {
                case "exit":
                case "logout":
                    return false;
                case "whoami":
                case "su":
                case "passwd":
                case "useradd":
                case "userdel":
                    _accounts.Run(command, rest);
                    return true;
                case "help": Help(rest); return true;
                case "programs": ListPrograms(); return true;
                case "ps": ListProcesses(); return true;
                case "devices": SystemConsole.Write(SystemControl.DescribeDevices()); return true;
                case "services": ListServices(); return true;
                case "kill": Kill(rest); return true;
                case "names": ListNames(rest.Length == 0 ? "/" : rest); return true;
                case "date": Date(); return true;
                case "echo": SystemConsole.WriteLine(rest); return true;
                case "ls":
                case "cat":
                case "write":
                case "rm":
                case "mkdir":
                case "mv":
                case "cp":
                case "df":
                case "sync":
                case "acl":
                    FileCommands.Run(command, rest);
                    return true;
                case "ifconfig":
                case "netstat":
                case "ping":
                case "fetch":
                    NetCommands.Run(command, rest);
                    return true;
                case "wait": WaitForName(rest); return true;
                case "sleep": Sleep(rest); return true;
                case "shutdown":
                    FileCommands.SyncBeforeShutdown();
                    SystemConsole.WriteLine("shutting down");
                    AbiStatus status = SystemControl.Shutdown(rest.Length == 0 ? 0 : int.TryParse(rest, out int code) ? code : 1);
                    SystemConsole.WriteLine($"shutdown refused: {Describe(status)}");
                    return true;
                case "run":
                    space = rest.IndexOf(' ');
                    return Run(space < 0 ? rest : rest.Substring(0, space), space < 0 ? "" : rest.Substring(space + 1));
                default:
                    return Run(command, rest);
            }
        }

        private bool Run(string name, string arguments)
        {
            ProgramManifest program = _manifest.Find(name);
            if (program == null)
            {
                SystemConsole.WriteLine($"unknown command or program '{name}'; type help");
                return true;
            }
            bool background = arguments.EndsWith('&');
            if (background) arguments = arguments.Substring(0, arguments.Length - 1).Trim();
            string error = CommandLine.Bind(program, arguments, _values);
            if (error != null)
            {
                SystemConsole.WriteLine(error);
                SystemConsole.WriteLine(ProgramHelp.Usage(program));
                return true;
            }
            AbiStatus status = Processes.Create(name, arguments, out ProcessHandle child);
            if (status != AbiStatus.Ok)
            {
                SystemConsole.WriteLine($"cannot start {name}: {Describe(status)} (the kernel's reason is above)");
                return true;
            }
            Processes.Start(child);
            if (background)
            {
                SystemConsole.WriteLine($"[{name} started in the background]");
                return true;
            }
            Processes.Join(child, Channels.Forever, out int exitCode);
            Processes.Close(child);
            SystemConsole.WriteLine($"[{name} exited with code {exitCode}]");
            return true;
        }

        private void Help(string topic)
        {
            if (topic.Length > 0)
            {
                ProgramManifest program = _manifest.Find(topic);
                SystemConsole.Write(program == null ? $"no installed program named {topic}\n" : ProgramHelp.Describe(program));
                return;
            }
            SystemConsole.WriteLine("commands: help [program], programs, ps, services, devices, kill <pid>, names [prefix], wait <name> [seconds], sleep <seconds>, date, echo <text>, shutdown [code], exit (or logout)");
            SystemConsole.WriteLine("files (under /fs): ls [path], cat <file>, write <file> <text>, rm <path>, mkdir <path>, mv <from> <to>, cp <from> <to>, df, sync, acl <path>, acl set <path> <pattern> <rwcda>, acl clear <path>");
            SystemConsole.WriteLine("network (through /service/net): ifconfig, netstat, ping <host> [count], fetch http://host[:port]/path");
            SystemConsole.WriteLine("accounts: whoami, su <user>, passwd [user], useradd <user> [--administrator], userdel <user>, logout");
            SystemConsole.WriteLine("programs run by name with their manifest's parameters; a trailing & runs one in the background:");
            ListPrograms();
        }

        private void ListPrograms()
        {
            foreach (ProgramManifest p in _manifest.Programs)
                SystemConsole.WriteLine($"  {p.Name.PadRight(14)}{p.Kind.PadRight(12)}{p.Version.PadRight(8)}{p.Description}");
        }

        /// <summary>The boot services the kernel supervises, with their restart policy and state.</summary>
        private static void ListServices()
        {
            SystemConsole.WriteLine("  PROGRAM      PID  RESTARTS  RESTART POLICY            STATE");
            foreach (string line in SystemControl.DescribeServices().Split('\n'))
            {
                string[] f = line.Split('\t');
                if (f.Length < 5) continue;
                SystemConsole.WriteLine($"  {f[0].PadRight(11)} {f[3].PadLeft(4)}  {f[4].PadLeft(8)}  {f[1].PadRight(24)}  {f[2]}");
            }
        }

        private static void ListProcesses()
        {
            SystemConsole.WriteLine("  PID  PARENT  STATE    THREADS  PAGES  PROGRAM");
            foreach (string line in SystemControl.DescribeProcesses().Split('\n'))
            {
                string[] f = line.Split('\t');
                if (f.Length < 7) continue;
                string restarts = f.Length > 7 && f[7] != "0" ? $"  (restarted {f[7]}x)" : "";
                SystemConsole.WriteLine($"  {f[0].PadLeft(3)}  {f[1].PadLeft(6)}  {f[2].PadRight(8)} {f[3].PadLeft(7)}  {f[4].PadLeft(5)}  {f[5]} {f[6]}{restarts}");
            }
        }

        private static void Kill(string argument)
        {
            if (!int.TryParse(argument, out int pid))
            {
                SystemConsole.WriteLine("usage: kill <pid>");
                return;
            }
            AbiStatus status = SystemControl.Kill(pid);
            SystemConsole.WriteLine(status == AbiStatus.Ok ? $"killed {pid}" : $"kill {pid}: {Describe(status)}");
        }

        /// <summary>wait NAME [seconds]: until NAME is registered (a service started in the background is ready), at
        /// most the given seconds (default 10).</summary>
        private static void WaitForName(string arguments)
        {
            string[] words = arguments.Split(' ', System.StringSplitOptions.RemoveEmptyEntries);
            int seconds = 10;
            if (words.Length == 0 || words.Length > 2 || (words.Length == 2 && (!int.TryParse(words[1], out seconds) || seconds < 0)))
            {
                SystemConsole.WriteLine("usage: wait <name> [seconds]");
                return;
            }
            for (int waited = 0; waited <= seconds * 1000; waited += 10)
            {
                foreach (string name in Names.Enumerate(words[0])) if (name == words[0]) return;
                Threads.Sleep(10);
            }
            SystemConsole.WriteLine($"wait: {words[0]} did not appear within {seconds} s");
        }

        /// <summary>sleep SECONDS: pause the shell (and its script), e.g. to let a background program reach its first
        /// line. Fractions as coreutils takes them: sleep 0.25.</summary>
        private static void Sleep(string argument)
        {
            if (!double.TryParse(argument, System.Globalization.NumberStyles.AllowDecimalPoint, System.Globalization.CultureInfo.InvariantCulture, out double seconds)
                || seconds > 86_400)
            {
                SystemConsole.WriteLine("usage: sleep <seconds> (at most 86400; fractions such as 0.5 allowed)");
                return;
            }
            Threads.Sleep((ulong)(seconds * 1000));
        }

        private static void ListNames(string prefix)
        {
            foreach (string name in Names.Enumerate(prefix)) if (name.Length > 0) SystemConsole.WriteLine("  " + name);
        }

        /// <summary>Asks the clock driver at /dev/rtc for the time (<see cref="ClockClient"/>: the connection outlives a
        /// restart of the driver).</summary>
        private static void Date()
        {
            long t = ClockClient.Now(out string error, out long outage);
            if (outage >= 0) SystemConsole.WriteLine($"date: /dev/rtc was gone; re-bound to its new instance in {outage} ms");
            if (error != null)
            {
                SystemConsole.WriteLine("date: " + error);
                return;
            }
            int year = (int)(t & 0xFFFF);
            var text = new StringBuilder();
            text.Append(year.ToString()).Append('-').Append(Two(t >> 16)).Append('-').Append(Two(t >> 24)).Append(' ')
                .Append(Two(t >> 32)).Append(':').Append(Two(t >> 40)).Append(':').Append(Two(t >> 48)).Append(" UTC");
            SystemConsole.WriteLine(text.ToString());
        }

        private static string Two(long v) => ((int)(v & 0xFF)).ToString().PadLeft(2, '0');

        private static string Describe(AbiStatus status) => status switch
        {
            AbiStatus.NotFound => "not found",
            AbiStatus.NotPermitted => "not permitted by this program's manifest",
            AbiStatus.InvalidArgument => "invalid argument",
            AbiStatus.Timeout => "timed out",
            AbiStatus.ChannelClosed => "channel closed",
            _ => status.ToString(),
        };
    }
}
