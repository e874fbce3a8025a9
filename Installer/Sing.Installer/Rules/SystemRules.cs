using System;
using System.Collections.Generic;
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
        /// <summary>The shell's built-in commands (Apps/Shell/CommandInterpreter.cs); every other word that starts a
        /// startup line must be an installed program.</summary>
        private static readonly HashSet<string> ShellBuiltins = new(StringComparer.Ordinal)
        {
            "help", "programs", "ps", "kill", "names", "date", "echo", "shutdown", "exit",
        };

        public static void Check(SystemPolicy policy, IReadOnlyList<InstalledProgram> programs, DiagnosticBag bag)
        {
            var byName = new Dictionary<string, InstalledProgram>();
            foreach (var p in programs)
                if (!byName.TryAdd(p.Manifest.Name, p))
                    bag.Add(ErrorCodes.DuplicateInImage, p.Manifest.Spot.At("name"), $"two programs in the image are named {p.Manifest.Name}; rename one of them");

            var registered = new Dictionary<string, (InstalledProgram Program, EndpointDecl Endpoint)>();
            foreach (var p in programs)
                foreach (var e in p.Manifest.Endpoints.Where(e => e.Register is not null && e.Bind is null))
                {
                    string path = e.Register!;
                    if (registered.TryGetValue(path, out var first))
                        bag.Add(ErrorCodes.DuplicateRegistration, e.Spot.At("register"),
                            $"endpoint {e.Name} of {p.Manifest.Name} registers {path}, which {first.Program.Manifest.Name} already registers; choose another path");
                    else registered[path] = (p, e);
                    CheckNamespace(policy, p.Manifest, e, bag);
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

            foreach (var b in policy.Boot)
            {
                if (!byName.TryGetValue(b.Program, out var p))
                {
                    bag.Add(ErrorCodes.BadBootService, b.Spot.At("program"), $"boot service {b.Program} is not installed; add it to <programs> or remove the <boot> line");
                    continue;
                }
                if (p.Manifest.Kind == "application")
                    bag.Add(ErrorCodes.BadBootService, b.Spot.At("program"), $"{b.Program} is an application, but only services and drivers start at boot; start it from <startup> instead");
                foreach (var error in ArgumentBinder.Bind(p.Manifest, b.Arguments).Errors)
                    bag.Add(ErrorCodes.BadArguments, b.Spot.At("arguments"), $"boot arguments of {b.Program}: {error.Message} ({error.Code})");
            }

            foreach (var line in policy.Startup)
            {
                (string name, string tail) = ArgumentBinder.SplitCommand(line.Text);
                if (name.Length == 0) continue;
                if (ShellBuiltins.Contains(name)) continue;
                if (!byName.TryGetValue(name, out var p))
                {
                    bag.Add(ErrorCodes.UnknownScriptProgram, line.Spot.Element, $"startup line '{line.Text}' runs {name}, which is not installed; add it to <programs> or correct the name");
                    continue;
                }
                foreach (var error in ArgumentBinder.Bind(p.Manifest, tail).Errors)
                    bag.Add(ErrorCodes.BadArguments, line.Spot.Element, $"startup line '{line.Text}': {error.Message} ({error.Code})");
            }
        }

        private static void CheckNamespace(SystemPolicy policy, ProgramManifest m, EndpointDecl e, DiagnosticBag bag)
        {
            // The longest matching prefix decides, so a policy can carve exceptions out of a broader rule.
            NamespaceRule? rule = policy.Namespaces.Where(n => e.Register!.StartsWith(n.Prefix, System.StringComparison.Ordinal))
                .OrderByDescending(n => n.Prefix.Length).FirstOrDefault();
            if (rule is null)
                bag.Add(ErrorCodes.NamespaceConvention, e.Spot.At("register"),
                    $"endpoint {e.Name} of {m.Name} registers {e.Register}, which is under no namespace of the policy ({string.Join(", ", policy.Namespaces.Select(n => n.Prefix))}); register under a prefix that allows {m.Kind}s");
            else if (!rule.Kinds.Contains(m.Kind))
                bag.Add(ErrorCodes.NamespaceConvention, e.Spot.At("register"),
                    $"endpoint {e.Name} of {m.Name} registers {e.Register}, but names under {rule.Prefix} are for {string.Join(" and ", rule.Kinds.Select(k => k + "s"))}, not {m.Kind}s; register under a prefix that allows {m.Kind}s");
        }
    }
}
