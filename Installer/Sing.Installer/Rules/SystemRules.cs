using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Sing.Installer.Arguments;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>Rules over the whole image: unique programs, every bind served by a registration of the same contract,
    /// registrations unique and within the naming conventions, drivers' hardware free of conflicts, dependencies met,
    /// boot services and startup script runnable.</summary>
    public static class SystemRules
    {
        /// <summary>The shell's built-in commands (Apps/Shell/CommandInterpreter.cs) and what each accepts after its name;
        /// every other word that starts a startup line must be an installed program.</summary>
        public static readonly IReadOnlyDictionary<string, string> ShellBuiltins = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            ["help"] = "[program]",
            ["programs"] = "",
            ["ps"] = "",
            ["services"] = "",
            ["devices"] = "",
            ["kill"] = "<pid>",
            ["names"] = "[prefix]",
            ["date"] = "",
            ["echo"] = "[text]",
            ["shutdown"] = "[code]",
            ["exit"] = "",
            ["run"] = "<program> [arguments]",
            ["ls"] = "[path]",
            ["cat"] = "<file>",
            ["write"] = "<file> <text>",
            ["rm"] = "<path>",
            ["mkdir"] = "<path>",
            ["mv"] = "<from> <to>",
            ["cp"] = "<from> <to>",
            ["df"] = "",
            ["sync"] = "",
            ["wait"] = "<name> [seconds]",
            ["sleep"] = "<seconds>",
            ["ifconfig"] = "",
            ["netstat"] = "",
            ["ping"] = "<host> [count]",
            ["fetch"] = "<url>",
            ["acl"] = "<path> | set <path> <pattern> <rights> | clear <path>",
            ["logout"] = "",
            ["whoami"] = "",
            ["su"] = "<user>",
            ["passwd"] = "[user]",
            ["useradd"] = "<user> [--administrator]",
            ["userdel"] = "<user>",
        };

        public static void Check(SystemPolicy policy, IReadOnlyList<InstalledProgram> programs, DiagnosticBag bag)
        {
            var byName = new Dictionary<string, InstalledProgram>();
            foreach (var p in programs)
                if (!byName.TryAdd(p.Manifest.Name, p))
                    bag.Add(ErrorCodes.DuplicateInImage, p.Manifest.Spot.At("name"), $"two programs in the image are named {p.Manifest.Name}; rename one of them");

            var registered = new Dictionary<string, (InstalledProgram Program, EndpointDecl Endpoint)>();
            var namespaces = new NamespaceIndex(policy.Namespaces);
            foreach (var p in programs)
                foreach (var e in p.Manifest.Endpoints.Where(e => e.Register is not null && e.Bind is null))
                {
                    string path = e.Register!;
                    if (registered.TryGetValue(path, out var first))
                        bag.Add(ErrorCodes.DuplicateRegistration, e.Spot.At("register"),
                            $"endpoint {e.Name} of {p.Manifest.Name} registers {path}, which {first.Program.Manifest.Name} already registers; choose another path");
                    else registered[path] = (p, e);
                    CheckNamespace(policy, namespaces, p.Manifest, e, bag);
                }

            foreach (var p in programs)
                foreach (var e in p.Manifest.Endpoints.Where(e => e.Bind is not null && e.Register is null))
                {
                    if (!registered.TryGetValue(e.Bind!, out var server))
                        bag.Add(ErrorCodes.UnboundPath, e.Spot.At("bind"),
                            $"endpoint {e.Name} of {p.Manifest.Name} binds {e.Bind}, which no program registers; install a program that registers it or correct the path");
                    else if (server.Endpoint.Contract != e.Contract)
                        bag.Add(ErrorCodes.BindContractMismatch, e.Spot.At("contract"),
                            $"endpoint {e.Name} of {p.Manifest.Name} binds {e.Bind} with contract {e.Contract}, but {server.Program.Manifest.Name} registers it with {server.Endpoint.Contract}; use the same contract");
                }

            HardwareConflicts.Check(programs, bag);

            foreach (var p in programs)
                foreach (var d in p.Manifest.Dependencies)
                    if (!registered.ContainsKey(d.Name))
                        bag.Add(ErrorCodes.UnsatisfiedDependency, d.Spot.At("path"),
                            $"{p.Manifest.Name} depends on service {d.Name}, which no program in the image registers; install the service or remove the dependency");

            var paths = new RegistrationIndex(registered);
            BootOrder.Check(policy, byName, paths, bag);
            DependencyCycles.Check(programs, paths, bag);

            foreach (var b in policy.Boot)
            {
                if (!byName.TryGetValue(b.Program, out var p))
                {
                    bag.Add(ErrorCodes.BadBootService, b.Spot.At("program"), $"boot service {b.Program} is not installed; add it to <programs> or remove the <boot> line");
                    continue;
                }
                if (p.Manifest.Kind == "application")
                    bag.Add(ErrorCodes.BadBootService, b.Spot.At("program"), $"{b.Program} is an application, but only services and drivers start at boot; start it from <startup> instead");
                TextRules.CheckVisible(b.Arguments, $"boot arguments of {b.Program}", b.Spot.At("arguments"), bag);
                foreach (var error in ArgumentBinder.Bind(p.Manifest, b.Arguments).Errors)
                    bag.Add(ErrorCodes.BadArguments, b.Spot.At("arguments"), $"boot arguments of {b.Program}: {error.Message} ({error.Code})");
            }

            foreach (var line in policy.Startup) CheckScriptLine(line, byName, bag);
        }

        /// <summary>One startup line as the shell will run it: a comment, a built-in with the arguments it accepts, or a
        /// program (directly or through run) with its arguments bound to its parameters; a trailing &amp; runs it in the
        /// background and is not an argument.</summary>
        private static void CheckScriptLine(ScriptLine line, Dictionary<string, InstalledProgram> byName, DiagnosticBag bag)
        {
            if (!TextRules.CheckVisible(line.Text, "startup line", line.Spot.Element, bag)) return;
            if (line.Text.Length == 0 || line.Text[0] == '#') return;
            (string name, string tail) = ArgumentBinder.SplitCommand(line.Text);
            tail = tail.Trim();
            if (ShellBuiltins.TryGetValue(name, out string? usage))
            {
                string? problem = BuiltinProblem(name, tail, byName);
                if (problem is not null)
                    bag.Add(ErrorCodes.BadArguments, line.Spot.Element, $"startup line '{line.Text}': {problem}; the shell's {name} takes {(usage.Length == 0 ? "no arguments" : usage)}");
                if (name != "run" || problem is not null) return;
                (name, tail) = ArgumentBinder.SplitCommand(tail);
            }
            if (!byName.TryGetValue(name, out var p))
            {
                bag.Add(ErrorCodes.UnknownScriptProgram, line.Spot.Element, $"startup line '{line.Text}' runs {name}, which is not installed; add it to <programs> or correct the name");
                return;
            }
            if (tail.EndsWith('&')) tail = tail[..^1].Trim();
            foreach (var error in ArgumentBinder.Bind(p.Manifest, tail).Errors)
                bag.Add(ErrorCodes.BadArguments, line.Spot.Element, $"startup line '{line.Text}': {error.Message} ({error.Code})");
        }

        /// <summary>What is wrong with a built-in's arguments, or null; run's program is checked by the caller.</summary>
        private static string? BuiltinProblem(string name, string tail, Dictionary<string, InstalledProgram> byName)
        {
            switch (name)
            {
                case "echo":
                    return null;
                case "help":
                    if (tail.Length == 0 || byName.ContainsKey(tail)) return null;
                    return $"help names {tail}, which is not an installed program";
                case "kill":
                    return int.TryParse(tail, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out _) ? null : $"kill needs a process id, got '{tail}'";
                case "shutdown":
                    return tail.Length == 0 || int.TryParse(tail, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out _) ? null : $"shutdown takes an exit code, got '{tail}'";
                case "names":
                    return tail.Length == 0 || tail == "/" || Names.IsPath(tail) || Names.IsPrefix(tail) ? null : $"names takes a path prefix such as /dev/, got '{tail}'";
                case "run":
                    return tail.Length == 0 ? "run needs the name of a program" : null;
                case "ls":
                    return null;
                case "wait":
                    return tail.Length == 0 ? "wait needs a name such as /fs" : null;
                case "sleep":
                    return double.TryParse(tail, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out double seconds) && seconds <= 86_400
                        ? null : $"sleep takes seconds (at most 86400, fractions allowed), got '{tail}'";
                case "cat":
                case "rm":
                case "mkdir":
                case "acl":
                    return tail.Length == 0 ? $"{name} needs a path" : null;
                case "su":
                case "useradd":
                case "userdel":
                    return tail.Length == 0 ? $"{name} needs a user name" : null;
                case "passwd":
                    return null;
                case "write":
                case "mv":
                case "cp":
                    return tail.Trim().Contains(' ', StringComparison.Ordinal) ? null : $"{name} needs two operands";
                default:
                    return tail.Length == 0 ? null : $"{name} takes no arguments, got '{tail}'";
            }
        }

        private static void CheckNamespace(SystemPolicy policy, NamespaceIndex namespaces, ProgramManifest m, EndpointDecl e, DiagnosticBag bag)
        {
            // The longest matching prefix decides, so a policy can carve exceptions out of a broader rule.
            NamespaceRule? rule = namespaces.RuleFor(e.Register!);
            if (rule is null)
                bag.Add(ErrorCodes.NamespaceConvention, e.Spot.At("register"),
                    $"endpoint {e.Name} of {m.Name} registers {e.Register}, which is under no namespace of the policy ({string.Join(", ", policy.Namespaces.Take(20).Select(n => n.Prefix))}); register under a prefix that allows {m.Kind}s");
            else if (!rule.Kinds.Contains(m.Kind))
                bag.Add(ErrorCodes.NamespaceConvention, e.Spot.At("register"),
                    $"endpoint {e.Name} of {m.Name} registers {e.Register}, but names under {rule.Prefix} are for {string.Join(" and ", rule.Kinds.Select(k => k + "s"))}, not {m.Kind}s; register under a prefix that allows {m.Kind}s");
        }
    }
}
