using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>The kernel starts the boot services one after the other and refuses a program whose bound paths are not
    /// registered yet (Kernel/Processes/Binder.cs), and a second copy of a program whose names or exclusive hardware
    /// the first one holds. So: every path a boot service binds or depends on must be registered by an earlier boot
    /// service (SINGI092), and a program may be listed twice only if a second copy could start (SINGI094). Programs of
    /// the startup script run after the boot services: what they bind must be served by a boot service or by a program
    /// the script started earlier in the background (SINGI092).</summary>
    internal static class BootOrder
    {
        public static void Check(SystemPolicy policy, Dictionary<string, InstalledProgram> byName, RegistrationIndex paths, DiagnosticBag bag)
        {
            var firstBoot = new Dictionary<string, int>(StringComparer.Ordinal);
            for (int i = 0; i < policy.Boot.Count; i++) firstBoot.TryAdd(policy.Boot[i].Program, i);

            var served = new HashSet<string>(StringComparer.Ordinal);
            var started = new HashSet<string>(StringComparer.Ordinal);
            for (int i = 0; i < policy.Boot.Count; i++)
            {
                BootService b = policy.Boot[i];
                if (!byName.TryGetValue(b.Program, out var p)) continue;
                if (!started.Add(b.Program))
                {
                    if (WhyNotTwice(p.Manifest) is string why)
                        bag.Add(ErrorCodes.StartedTwice, b.Spot.At("program"),
                            $"{b.Program} is started twice at boot, and the kernel would refuse the second copy: {why}; remove one of its <boot> lines");
                    continue;
                }
                foreach (var (path, how) in RegistrationIndex.Needs(p.Manifest))
                {
                    if (served.Contains(path) || paths.RegistrantOf(path) is not InstalledProgram server || server == p) continue;
                    string when = firstBoot.TryGetValue(server.Manifest.Name, out int at)
                        ? $"which {server.Manifest.Name} registers, but {server.Manifest.Name} starts later (boot entry {(at + 1).ToString(CultureInfo.InvariantCulture)}, this is entry {(i + 1).ToString(CultureInfo.InvariantCulture)})"
                        : $"which {server.Manifest.Name} registers, but {server.Manifest.Name} is not started at boot";
                    bag.Add(ErrorCodes.BootOrder, b.Spot.At("program"),
                        $"boot service {b.Program} {how} {path}, {when}; list <boot program=\"{server.Manifest.Name}\"/> before <boot program=\"{b.Program}\"/>");
                }
                foreach (string path in RegistrationIndex.Registers(p.Manifest)) served.Add(path);
            }

            foreach (var line in policy.Startup)
            {
                if (ScriptProgram(line.Text, byName) is not (InstalledProgram p, bool background)) continue;
                foreach (var (path, how) in RegistrationIndex.Needs(p.Manifest))
                {
                    if (served.Contains(path) || paths.RegistrantOf(path) is not InstalledProgram server || server == p) continue;
                    bag.Add(ErrorCodes.BootOrder, line.Spot.Element,
                        $"startup line '{line.Text}' runs {p.Manifest.Name}, which {how} {path}, but {server.Manifest.Name}, which registers it, is not running by then; start {server.Manifest.Name} at boot, or earlier in the script with a trailing &");
                }
                if (background) foreach (string path in RegistrationIndex.Registers(p.Manifest)) served.Add(path);
            }
        }

        /// <summary>Why a second copy of the program cannot start, or null if it can.</summary>
        private static string? WhyNotTwice(ProgramManifest m)
        {
            if (RegistrationIndex.Registers(m).FirstOrDefault() is string path) return $"it registers {path}, which the first copy holds";
            if (m.Hardware?.Resources.FirstOrDefault(r => !r.Shared) is HardwareResource r)
                return $"{HardwareConflicts.Describe(r)} is not shared, and the first copy holds it";
            return null;
        }

        /// <summary>The program a startup line runs (directly or through run) and whether in the background; null for
        /// comments, other built-ins and unknown programs (reported elsewhere).</summary>
        private static (InstalledProgram Program, bool Background)? ScriptProgram(string text, Dictionary<string, InstalledProgram> byName)
        {
            if (text.Length == 0 || text[0] == '#') return null;
            (string name, string tail) = Arguments.ArgumentBinder.SplitCommand(text);
            if (name == "run") (name, tail) = Arguments.ArgumentBinder.SplitCommand(tail);
            else if (SystemRules.ShellBuiltins.ContainsKey(name)) return null;
            return byName.TryGetValue(name, out var p) ? (p, tail.Trim().EndsWith('&')) : null;
        }
    }
}
