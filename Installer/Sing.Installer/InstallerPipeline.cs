using System.Collections.Generic;
using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Il;
using Sing.Installer.Model;
using Sing.Installer.Output;
using Sing.Installer.Rules;
using Sing.Installer.Xml;

namespace Sing.Installer
{
    /// <summary>The three installer commands as functions: check (manifests and policy), verify (one program's IL),
    /// compose (everything, then the system manifest). Each reports into a <see cref="DiagnosticBag"/>.</summary>
    public static class InstallerPipeline
    {
        /// <summary>Policy, every manifest and the whole-system rules; no IL.</summary>
        public static SystemImage? Check(string policyFile, DiagnosticBag bag)
        {
            SystemPolicy? policy = PolicyReader.Read(policyFile, bag);
            if (policy is null) return null;
            PolicyRules.Check(policy, bag);
            var programs = new List<InstalledProgram>();
            var seen = new HashSet<string>();
            foreach (var entry in policy.Programs)
            {
                if (!seen.Add(entry.Name)) continue;
                if (LoadProgram(entry, bag) is ProgramManifest m) programs.Add(new InstalledProgram(entry, m));
            }
            SystemRules.Check(policy, programs, bag);
            return new SystemImage(policy, programs);
        }

        /// <summary>One program before it is compiled: its policy entry, its manifest, then its IL against both.</summary>
        public static void Verify(string policyFile, string program, string assemblyPath, IEnumerable<string> references, DiagnosticBag bag)
        {
            SystemPolicy? policy = PolicyReader.Read(policyFile, bag);
            if (policy is null) return;
            PolicyProgram? entry = policy.Programs.FirstOrDefault(p => p.Name == program);
            if (entry is null)
            {
                bag.Add(ErrorCodes.ProgramNotInPolicy, SourceLocation.OfFile(policyFile),
                    $"program {program} is not installed by this policy (programs: {string.Join(", ", policy.Programs.Select(p => p.Name))}); add a <program name=\"{program}\" .../> entry");
                return;
            }
            PolicyRules.CheckEntry(entry, bag);
            if (LoadProgram(entry, bag) is ProgramManifest m) VerifyCode(new InstalledProgram(entry, m), assemblyPath, references, bag);
        }

        /// <summary>The IL rules for one program whose manifest is valid.</summary>
        public static void VerifyCode(InstalledProgram program, string assemblyPath, IEnumerable<string> references, DiagnosticBag bag)
        {
            if (!File.Exists(assemblyPath))
            {
                bag.Add(ErrorCodes.FileMissing, SourceLocation.OfFile(assemblyPath), $"assembly {assemblyPath} does not exist; build the program first or correct the path");
                return;
            }
            using LoadedAssembly? asm = LoadedAssembly.Open(assemblyPath, out string? problem);
            if (asm is null)
            {
                bag.Add(ErrorCodes.NotAnAssembly, SourceLocation.OfFile(Path.GetFileName(assemblyPath)), $"{assemblyPath} is not an IL assembly ({problem}); pass the IL assembly the C# compiler produced");
                return;
            }
            var directories = references.Where(d => d.Length > 0).Append(Path.GetDirectoryName(Path.GetFullPath(assemblyPath)) ?? ".");
            using var resolver = new AssemblyResolver(directories);
            CodeManifestChecker.Check(asm, program.Manifest, bag);
            SafetyChecker.Check(asm, program.Manifest, resolver, program.Entry.Trusted, bag);
            ContractUseChecker.Check(asm, program.Manifest, resolver, bag);
        }

        /// <summary>Check, then (when assemblies are given, one per program) verify each program's IL; the system manifest
        /// text when nothing was rejected, otherwise null.</summary>
        public static string? Compose(string policyFile, IReadOnlyDictionary<string, string>? assemblies, IEnumerable<string> references, DiagnosticBag bag)
        {
            SystemImage? image = Check(policyFile, bag);
            if (image is null) return null;
            if (assemblies is not null)
            {
                foreach (var p in image.Policy.Programs)
                    if (!assemblies.ContainsKey(p.Name))
                        bag.Add(ErrorCodes.NoAssemblyForProgram, p.Spot.Element, $"no assembly given for program {p.Name}; pass {p.Name}=path/to/its.dll in --assemblies");
                foreach (var name in assemblies.Keys.Where(k => image.Policy.Programs.All(p => p.Name != k)))
                    bag.Add(ErrorCodes.ProgramNotInPolicy, SourceLocation.OfFile(policyFile), $"--assemblies names program {name}, which the policy does not install; add it to <programs> or drop it");
                foreach (var p in image.Programs)
                    if (assemblies.TryGetValue(p.Manifest.Name, out string? path)) VerifyCode(p, path, references, bag);
            }
            return bag.HasErrors ? null : SystemManifestWriter.Write(image.Policy, image.Programs);
        }

        private static ProgramManifest? LoadProgram(PolicyProgram entry, DiagnosticBag bag)
        {
            if (!File.Exists(entry.ManifestPath))
            {
                bag.Add(ErrorCodes.FileMissing, entry.Spot.At("manifest"),
                    $"manifest {entry.Manifest} of program {entry.Name} does not exist (looked for {entry.ManifestPath}); write the manifest or correct manifest=\"...\"");
                return null;
            }
            int before = bag.Count;
            ProgramManifest? m = ManifestReader.Read(entry.ManifestPath, bag);
            if (m is null) return null;
            ManifestRules.Check(m, bag);
            PolicyRules.CheckManifestMatches(entry, m, bag);
            return bag.Count == before ? m : null;
        }
    }
}
