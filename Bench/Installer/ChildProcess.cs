using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text;

namespace Sing.Bench.Installer
{
    /// <summary>Runs a command to completion and times it: wall time by stopwatch, CPU time (user + system, all
    /// threads) from the kernel's account of reaped children. Output is captured and shown only on failure.</summary>
    internal static class ChildProcess
    {
        public sealed record Result(int ExitCode, double WallMs, double CpuMs, string Output);

        public static Result Run(string file, IEnumerable<string> arguments, string workingDirectory)
        {
            var info = new ProcessStartInfo(file)
            {
                WorkingDirectory = workingDirectory,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            foreach (string a in arguments) info.ArgumentList.Add(a);
            var output = new StringBuilder();
            double cpuBefore = ReapedChildrenCpuMs();
            var clock = Stopwatch.StartNew();
            using var p = new Process { StartInfo = info };
            p.OutputDataReceived += (_, e) => { if (e.Data is not null) lock (output) output.AppendLine(e.Data); };
            p.ErrorDataReceived += (_, e) => { if (e.Data is not null) lock (output) output.AppendLine(e.Data); };
            p.Start();
            p.BeginOutputReadLine();
            p.BeginErrorReadLine();
            p.WaitForExit();
            double wall = clock.Elapsed.TotalMilliseconds;
            // WaitForExit returns after the runtime has reaped the child, so its CPU time is in our cutime/cstime.
            double cpu = ReapedChildrenCpuMs() - cpuBefore;
            return new Result(p.ExitCode, wall, cpu, output.ToString());
        }

        /// <summary>Runs and throws with the command's output when it fails: a benchmark of a failing step is
        /// meaningless.</summary>
        public static Result RunChecked(string file, IReadOnlyList<string> arguments, string workingDirectory)
        {
            Result r = Run(file, arguments, workingDirectory);
            if (r.ExitCode != 0)
                throw new BenchException($"{file} {string.Join(' ', arguments)} exited with {r.ExitCode}:\n{r.Output.TrimEnd()}");
            return r;
        }

        /// <summary>cutime + cstime of /proc/self/stat (fields 16 and 17, in clock ticks of 10 ms on Linux x64): the CPU
        /// time of every child this process has waited for, including their own waited-for children. NaN elsewhere.</summary>
        private static double ReapedChildrenCpuMs()
        {
            const string stat = "/proc/self/stat";
            if (!File.Exists(stat)) return double.NaN;
            string text = File.ReadAllText(stat);
            // The command name (field 2) may contain spaces; the fields after it are space-separated.
            string[] f = text[(text.LastIndexOf(')') + 2)..].Split(' ');
            const int first = 3, cutime = 16, cstime = 17;
            long ticks = long.Parse(f[cutime - first], CultureInfo.InvariantCulture) + long.Parse(f[cstime - first], CultureInfo.InvariantCulture);
            return ticks * 10.0;
        }
    }
}
