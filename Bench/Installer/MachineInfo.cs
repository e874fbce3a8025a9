using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;

namespace Sing.Bench.Installer
{
    /// <summary>One line naming the machine and its load: wall times on a shared machine mean little without it.</summary>
    internal static class MachineInfo
    {
        public static string Describe(string configuration)
        {
            string cpu = Read("/proc/cpuinfo")?.Split('\n').FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim() ?? "unknown CPU";
            string load = Read("/proc/loadavg") is string l ? string.Join(' ', l.Split(' ').Take(3)) : "unknown";
            return string.Create(CultureInfo.InvariantCulture,
                $"{Environment.ProcessorCount} cores ({cpu}), load average {load} at start; {RuntimeInformation.OSDescription}; .NET {Environment.Version}; {configuration} build; {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC.");
        }

        private static string? Read(string path) => File.Exists(path) ? File.ReadAllText(path) : null;
    }
}
