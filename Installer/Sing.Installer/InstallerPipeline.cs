using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Il;
using Sing.Installer.Il.Verification;
using Sing.Installer.Model;
using Sing.Installer.Output;
using Sing.Installer.Rules;
using Sing.Installer.Signing;
using Sing.Installer.Xml;

namespace Sing.Installer
{
    /// <summary>The three installer commands as functions: check (manifests and policy), verify (one program's IL),
    /// compose (everything, then the system manifest). Each reports into a <see cref="DiagnosticBag"/>.</summary>
    public static class InstallerPipeline
    {
        /// <summary>Policy, every manifest and the whole-system rules; no IL.</summary>
        /// <param name="fragments">policy fragments of programs from outside the repository, appended to the policy</param>
        public static SystemImage? Check(string policyFile, DiagnosticBag bag, IEnumerable<string>? fragments = null)
        {
            SystemPolicy? policy = PolicyReader.Read(policyFile, fragments ?? Array.Empty<string>(), bag);
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

        /// <summary>One program before it is compiled: its policy entry, its manifest, then its IL against both.
        /// <paramref name="trusted"/> are the trusted libraries' files (corelib, SIP runtime, contract library) as the
        /// system build produced them; they are recognised by their bytes.</summary>
        public static void Verify(string policyFile, string program, string assemblyPath, IEnumerable<string> references, IEnumerable<string> trusted, DiagnosticBag bag) =>
            Verify(policyFile, program, assemblyPath, references, trusted, Array.Empty<string>(), bag);

        /// <param name="image">Every other assembly the image build will compile with the program (MSBuild's
        /// @(ReferencePath)): each must be a trusted library with its trusted bytes or one of the program's declared
        /// code assemblies, which is then verified from exactly that file.</param>
        /// <param name="fragments">policy fragments appended to the policy: how a program from outside the repository is installed</param>
        /// <param name="work">When given, receives each verified assembly's name and the verifier work it counted.</param>
        public static void Verify(string policyFile, string program, string assemblyPath, IEnumerable<string> references, IEnumerable<string> trusted, IEnumerable<string> image, DiagnosticBag bag,
            IEnumerable<string>? fragments = null, ICollection<(string Assembly, long Units)>? work = null)
        {
            SystemPolicy? policy = PolicyReader.Read(policyFile, fragments ?? Array.Empty<string>(), bag);
            if (policy is null) return;
            PolicyProgram? entry = policy.Programs.FirstOrDefault(p => p.Name == program);
            if (entry is null)
            {
                bag.Add(ErrorCodes.ProgramNotInPolicy, SourceLocation.OfFile(policyFile),
                    $"program {program} is not installed by this policy (programs: {string.Join(", ", policy.Programs.Select(p => p.Name))}); add a <program name=\"{program}\" .../> entry");
                return;
            }
            PolicyRules.CheckEntry(entry, bag);
            if (LoadProgram(entry, bag) is ProgramManifest m) VerifyCode(new InstalledProgram(entry, m), assemblyPath, references, Trusted(trusted, bag), bag, image, work);
        }

        /// <summary>The trusted set of the given files; problems reading them are rejections.</summary>
        public static TrustedSet Trusted(IEnumerable<string> files, DiagnosticBag bag)
        {
            TrustedSet set = TrustedSet.FromFiles(files, out var problems);
            foreach (string p in problems) bag.Add(ErrorCodes.TrustedIdentity, SourceLocation.OfFile("--trusted"), p + "; pass the build outputs of Runtime/Sing.CoreLib, Runtime/Sing.SipRuntime and Runtime/Sing.Contracts.Sip");
            return set;
        }

        /// <summary>The IL rules for one program whose manifest is valid.</summary>
        public static void VerifyCode(InstalledProgram program, string assemblyPath, IEnumerable<string> references, TrustedSet trusted, DiagnosticBag bag,
            IEnumerable<string>? image = null, ICollection<(string Assembly, long Units)>? work = null)
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
            var directories = references.Where(d => d.Length > 0).Append(Path.GetDirectoryName(Path.GetFullPath(assemblyPath)) ?? ".").ToList();
            var pinned = trusted.Pinned.ToList();
            foreach (string file in image ?? Enumerable.Empty<string>())
                if (ImageFile(program.Manifest, asm.Name, file, trusted, bag) is string name) pinned.Add(new KeyValuePair<string, string>(name, file));
            using var resolver = new AssemblyResolver(directories, pinned);
            CheckImageIdentity(directories, trusted, bag);
            VerifyLoaded(program, asm, resolver, trusted, bag, work: work);
        }

        /// <summary>One assembly the image build compiles besides the program's main one: a trusted library with its
        /// trusted bytes (null: nothing to pin), or a declared code assembly (its name: verify exactly this file).
        /// Anything else would be compiled into the image unverified, so it is refused.</summary>
        private static string? ImageFile(ProgramManifest m, string mainName, string file, TrustedSet trusted, DiagnosticBag bag)
        {
            var at = SourceLocation.OfFile(file);
            using LoadedAssembly? a = LoadedAssembly.Open(file, out string? problem);
            if (a is null)
            {
                bag.Add(ErrorCodes.NotAnAssembly, at, $"{file}, which the image build compiles with {m.Name}, is not an IL assembly ({problem}); remove it from the program's references");
                return null;
            }
            if (trusted.IsTrustedName(a.Name))
            {
                if (!trusted.Matches(a.Name, file))
                    bag.Add(ErrorCodes.TrustedIdentity, at, $"{file} is named like the trusted {a.Name} but does not have its bytes; a program may not bring its own copy of a system library; reference the system's {a.Name}");
                return null;
            }
            if (a.Name == mainName) return null;
            if (m.Assemblies.Any(d => d.Name == a.Name)) return a.Name;
            bag.Add(ErrorCodes.UntrustedReference, at,
                $"the image build compiles {file} (assembly {a.Name}) into {m.Name}, but it is neither a trusted library nor code the manifest declares, so it would run unverified; add <assembly name=\"{a.Name}\"/> to <code> or remove the project reference");
            return null;
        }

        /// <summary>Every copy of a trusted library next to the program (what the image build compiles) must have the
        /// trusted bytes: a program cannot ship its own Sing.SipRuntime.dll.</summary>
        public static void CheckImageIdentity(IEnumerable<string> directories, TrustedSet trusted, DiagnosticBag bag)
        {
            foreach (string dir in directories.Distinct())
                foreach (string name in trusted.Names)
                {
                    string file = Path.Combine(dir, name + ".dll");
                    if (File.Exists(file) && !trusted.Matches(name, file))
                        bag.Add(ErrorCodes.TrustedIdentity, SourceLocation.OfFile(file),
                            $"{file} is named like the trusted {name} but does not have its bytes (SHA-256 {TrustedSet.Hash(file)[..16]}..., trusted {trusted.HashOf(name)![..16]}...): a program may not ship its own copy of a system library; remove it and reference the system's {name}");
                }
        }

        /// <summary>The IL rules on an opened main assembly (the program's other code assemblies come from the resolver).
        /// Corrupt metadata anywhere is a rejection (SINGI059), never an exception.</summary>
        /// <param name="workLimit">The verifier's work budget per assembly, in units (default <see cref="VerifierWork.DefaultLimit"/>).</param>
        /// <param name="work">When given, receives each verified assembly's name and the verifier work it counted.</param>
        public static void VerifyLoaded(InstalledProgram program, LoadedAssembly main, AssemblyResolver resolver, TrustedSet trusted, DiagnosticBag bag,
            long workLimit = VerifierWork.DefaultLimit, ICollection<(string Assembly, long Units)>? work = null)
        {
            ProgramManifest m = program.Manifest;
            var at = SourceLocation.OfFile(main.DisplayName);
            bool added = false;
            try
            {
                if (trusted.IsEmpty)
                    bag.Add(ErrorCodes.TrustedIdentity, at, "no trusted assemblies were given, so the installer cannot tell the system's corelib and runtime from a program's own copies; pass --trusted with the build outputs of Runtime/Sing.CoreLib, Runtime/Sing.SipRuntime and Runtime/Sing.Contracts.Sip");
                // A manifest read through LoadProgram has passed this already; one built by a caller has not.
                ManifestRules.CheckCodeNames(m, bag);
                if (TrustedSet.IsReservedName(main.Name))
                {
                    bag.Add(ErrorCodes.TrustedIdentity, at, $"{main.DisplayName} is assembly {main.Name}, a system or framework name; a program's code may not claim to be one; rename the assembly");
                    return;
                }
                if (!WellFormed(main, bag)) return;
                resolver.Add(main);
                added = true;
                var code = new List<LoadedAssembly> { main };
                foreach (var declared in m.Assemblies.Skip(1))
                {
                    if (TrustedSet.IsReservedName(declared.Name)) continue;
                    LoadedAssembly? other = resolver.Find(declared.Name);
                    if (other is null)
                        bag.Add(ErrorCodes.FileMissing, declared.Spot.At("name"),
                            $"code assembly {declared.Name} of {m.Name} was not found next to the program or in --references; every declared assembly is compiled into the image, so every one is verified; build it or remove the <assembly>");
                    else if (other.Name != declared.Name)
                        bag.Add(ErrorCodes.AssemblyNameMismatch, declared.Spot.At("name"), $"{other.DisplayName} is assembly {other.Name}, not {declared.Name}");
                    else if (WellFormed(other, bag)) code.Add(other);
                    else return;
                }
                CodeManifestChecker.Check(main, m, bag);
                foreach (LoadedAssembly a in code.Skip(1)) CodeManifestChecker.CheckReferences(a, m, bag);
                foreach (LoadedAssembly a in code)
                {
                    SafetyChecker.Check(a, m, resolver, program.Entry.MayRunUnverifiedCode, bag);
                    ContractUseChecker.Check(a, m, resolver, bag, definitionsAreUse: ReferenceEquals(a, main));
                }
                if (program.Entry.MayRunUnverifiedCode || trusted.IsEmpty) return;
                var types = new TypeSystem(resolver, code);
                foreach (LoadedAssembly a in code)
                {
                    var counted = new VerifierWork(workLimit);
                    ProgramVerifier.Check(a, types, bag, counted);
                    work?.Add((a.Name, counted.Spent));
                }
            }
            catch (Exception e) when (MalformedInput.Is(e))
            {
                bag.Add(ErrorCodes.MalformedIl, at, $"{main.DisplayName}: malformed metadata or IL ({e.GetType().Name}: {e.Message}); the assembly is refused; rebuild it with the C# compiler");
            }
            finally
            {
                if (added) resolver.Forget(main);
            }
        }

        /// <summary>A program of a policy with its valid manifest, or null (with the reasons in <paramref name="bag"/>).</summary>
        public static InstalledProgram? LoadInstalled(string policyFile, string program, DiagnosticBag bag)
        {
            SystemPolicy? policy = PolicyReader.Read(policyFile, bag);
            PolicyProgram? entry = policy?.Programs.FirstOrDefault(p => p.Name == program);
            return entry is not null && LoadProgram(entry, bag) is ProgramManifest m ? new InstalledProgram(entry, m) : null;
        }

        /// <summary>The metadata well-formedness the checks rely on (signature blobs; SignatureValidator).</summary>
        private static bool WellFormed(LoadedAssembly a, DiagnosticBag bag)
        {
            if (SignatureValidator.FindMalformed(a.Reader) is not string where) return true;
            bag.Add(ErrorCodes.MalformedIl, SourceLocation.OfFile(a.DisplayName),
                $"{a.DisplayName}: the signature of {where} is malformed (ECMA-335 II.23.2: a count larger than its blob, an unknown element type, or nesting too deep); the assembly is refused; rebuild it with the C# compiler");
            return false;
        }

        /// <summary>Check, then (when assemblies are given, one per program) verify each program's IL; the system manifest
        /// text when nothing was rejected, otherwise null.</summary>
        /// <param name="images">Each program's native image as the boot image will carry it (name to file): the system
        /// manifest records its SHA-256 (imageHash), and the kernel refuses to load an image that no longer matches.</param>
        public static string? Compose(string policyFile, IReadOnlyDictionary<string, string>? assemblies, IEnumerable<string> references, IEnumerable<string> trusted, DiagnosticBag bag,
            IEnumerable<string>? fragments = null, IReadOnlyDictionary<string, string>? images = null)
        {
            SystemImage? image = Check(policyFile, bag, fragments);
            if (image is null) return null;
            // Programs whose code is not given here are installed unverified by signature: publisher "unsigned".
            var identities = new Dictionary<string, ProgramIdentity>(StringComparer.Ordinal);
            if (assemblies is not null)
            {
                foreach (var p in image.Policy.Programs)
                    if (!assemblies.ContainsKey(p.Name))
                        bag.Add(ErrorCodes.NoAssemblyForProgram, p.Spot.Element, $"no assembly given for program {p.Name}; pass {p.Name}=path/to/its.dll in --assemblies");
                foreach (var name in assemblies.Keys.Where(k => image.Policy.Programs.All(p => p.Name != k)))
                    bag.Add(ErrorCodes.ProgramNotInPolicy, SourceLocation.OfFile(policyFile), $"--assemblies names program {name}, which the policy does not install; add it to <programs> or drop it");
                TrustedSet trust = Trusted(trusted, bag);
                foreach (var p in image.Programs)
                    if (assemblies.TryGetValue(p.Manifest.Name, out string? path))
                    {
                        VerifyCode(p, path, references, trust, bag);
                        if (SignatureCheck.Check(p, path, references, image.Policy.Publishers, bag) is ProgramIdentity id) identities[p.Manifest.Name] = id;
                    }
            }
            Dictionary<string, string> imageHashes = ImageHashes(image, images, policyFile, bag);
            return bag.HasErrors ? null : SystemManifestWriter.Write(image.Policy, image.Programs, identities, imageHashes);
        }

        /// <summary>The lower-case hex SHA-256 of each image given, checked to name a program of the policy and to be readable.</summary>
        private static Dictionary<string, string> ImageHashes(SystemImage image, IReadOnlyDictionary<string, string>? images, string policyFile, DiagnosticBag bag)
        {
            var hashes = new Dictionary<string, string>(StringComparer.Ordinal);
            if (images is null) return hashes;
            foreach (var (name, path) in images)
            {
                if (image.Policy.Programs.All(p => p.Name != name))
                    bag.Add(ErrorCodes.ProgramNotInPolicy, SourceLocation.OfFile(policyFile), $"--images names program {name}, which the policy does not install; add it to <programs> or drop it");
                else if (!File.Exists(path))
                    bag.Add(ErrorCodes.ImageUnreadable, SourceLocation.OfFile(path), $"the image of program {name}, {path}, does not exist; build it before composing the system");
                else
                    using (FileStream stream = File.OpenRead(path))
                        hashes[name] = Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(stream));
            }
            return hashes;
        }

        /// <summary>Signs one program of the policy as its manifest's publisher with the private key in
        /// <paramref name="keyFile"/>; the signature file's path, or null with the reasons in <paramref name="bag"/>.</summary>
        public static string? Sign(string policyFile, string program, string assemblyPath, IEnumerable<string> references, string keyFile, DiagnosticBag bag,
            IEnumerable<string>? fragments = null)
        {
            SystemPolicy? policy = PolicyReader.Read(policyFile, fragments ?? Array.Empty<string>(), bag);
            PolicyProgram? entry = policy?.Programs.FirstOrDefault(p => p.Name == program);
            if (policy is not null && entry is null)
                bag.Add(ErrorCodes.ProgramNotInPolicy, SourceLocation.OfFile(policyFile), $"program {program} is not installed by this policy, so its manifest is unknown; add a <program name=\"{program}\" .../> entry");
            if (entry is null || LoadProgram(entry, bag) is not ProgramManifest m) return null;
            return SignatureCheck.Sign(new InstalledProgram(entry, m), assemblyPath, references, keyFile, bag);
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
