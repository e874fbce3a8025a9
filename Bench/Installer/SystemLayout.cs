using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Xml.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Sing.Installer.Xml;

namespace Sing.Bench.Installer
{
    /// <summary>Where everything the benchmark runs is, found from the policy the way the build finds it
    /// (Build/SipProgram.targets, Build/NativeImage.targets, Kernel/Sing.Kernel.csproj). Every missing file is named
    /// at once, with the build command that makes it.</summary>
    internal sealed record SystemLayout(
        string Repo,
        string Configuration,
        string Policy,
        string InstallerDll,
        string? Ilc,
        IReadOnlyList<ProgramTarget> Programs,
        string KernelProject,
        string? KernelIlcResponseFile,
        string? IsoRoot)
    {
        private const string Framework = "net10.0";

        /// <summary>The trusted libraries as Build/Installer.props names them (SingTrustedAssemblies).</summary>
        public IReadOnlyList<string> TrustedAssemblies =>
        [
            Path.Combine(Repo, "Runtime", "Sing.CoreLib", "bin", Configuration, Framework, "System.Private.CoreLib.dll"),
            Path.Combine(Repo, "Runtime", "Sing.SipRuntime", "bin", Configuration, Framework, "Sing.SipRuntime.dll"),
            Path.Combine(Repo, "Runtime", "Sing.Contracts.Sip", "bin", Configuration, Framework, "Sing.Contracts.Sip.dll"),
        ];

        public static SystemLayout Find(BenchOptions options)
        {
            string repo = Path.GetFullPath(options.Repo ?? BuiltInRepo() ?? Directory.GetCurrentDirectory());
            if (!File.Exists(Path.Combine(repo, "Singularity.sln")))
                throw new BenchException($"{repo} is not the repository root (no Singularity.sln); pass --repo");
            string cfg = options.Configuration;
            string policy = Path.Combine(repo, "Manifests", "system.policy.xml");
            var bag = new DiagnosticBag();
            SystemPolicy? read = PolicyReader.Read(policy, bag);
            if (read is null || bag.HasErrors)
                throw new BenchException($"the policy does not load:\n{string.Join('\n', bag.Items)}");

            var missing = new List<string>();
            string installer = Path.Combine(repo, "Installer", "Sing.Install", "bin", cfg, Framework, "sing-install.dll");
            Require(installer, missing);
            string? ilc = options.SkipIlc ? null : options.Ilc ?? PinnedIlc(repo);
            if (ilc is not null) Require(ilc, missing);

            var selected = read.Programs.Where(p => options.Programs is null || options.Programs.Contains(p.Name)).ToList();
            foreach (string unknown in options.Programs?.Where(n => read.Programs.All(p => p.Name != n)) ?? [])
                throw new BenchException($"--programs names {unknown}, which the policy does not install (programs: {string.Join(", ", read.Programs.Select(p => p.Name))})");
            var programs = new List<ProgramTarget>();
            foreach (PolicyProgram entry in selected)
            {
                string project = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(policy)!, entry.Project));
                string dir = Path.GetDirectoryName(project)!;
                ProgramManifest? manifest = ManifestReader.Read(entry.ManifestPath, bag);
                if (manifest is null || manifest.Assemblies.Count == 0)
                    throw new BenchException($"manifest of {entry.Name} does not load:\n{string.Join('\n', bag.Items)}");
                string dll = manifest.Assemblies[0].Name + ".dll";
                string bin = Path.Combine(dir, "bin", cfg, Framework);
                string obj = Path.Combine(dir, "obj", cfg, Framework, dll);
                Require(obj, missing);
                Require(Path.Combine(bin, dll), missing);
                string? rsp = options.SkipIlc ? null : OneResponseFile(Path.Combine(dir, "obj", "native"), missing);
                programs.Add(new ProgramTarget(entry.Name, project, obj, Path.Combine(bin, dll), bin, rsp));
            }

            string kernelDir = Path.Combine(repo, "Kernel");
            string? kernelRsp = null, isoRoot = null;
            if (!options.SkipKernel && !options.SkipIlc)
            {
                kernelRsp = Path.Combine(kernelDir, "obj", "native", "kernel.ilc.rsp");
                isoRoot = Path.Combine(kernelDir, "obj", "native", "isoroot");
                Require(kernelRsp, missing);
                Require(isoRoot, missing);
            }
            if (missing.Count > 0)
                throw new BenchException(
                    "missing build outputs (build the tree first: dotnet build Kernel/Sing.Kernel.csproj" +
                    (cfg == "Debug" ? "" : $" -c {cfg}") + $"):\n  {string.Join("\n  ", missing)}");
            return new SystemLayout(repo, cfg, policy, installer, ilc, programs, Path.Combine(kernelDir, "Sing.Kernel.csproj"), kernelRsp, isoRoot);
        }

        /// <summary>"name=path.dll;..." as the kernel build passes it to compose (the programs' bin assemblies).</summary>
        public IReadOnlyDictionary<string, string> ComposeAssemblies() =>
            Programs.ToDictionary(p => p.Name, p => p.OutputAssembly, StringComparer.Ordinal);

        private static void Require(string path, List<string> missing)
        {
            if (!File.Exists(path) && !Directory.Exists(path)) missing.Add(path);
        }

        private static string? OneResponseFile(string nativeDir, List<string> missing)
        {
            string[] found = Directory.Exists(nativeDir) ? Directory.GetFiles(nativeDir, "*.ilc.rsp") : [];
            if (found.Length == 1) return found[0];
            missing.Add(Path.Combine(nativeDir, "*.ilc.rsp") + (found.Length > 1 ? $" (expected one, found {found.Length})" : ""));
            return null;
        }

        /// <summary>ILC as Build/Toolchain.props restores it: the version is read from there so it is pinned once.</summary>
        private static string PinnedIlc(string repo)
        {
            string props = Path.Combine(repo, "Build", "Toolchain.props");
            string? version = XDocument.Load(props).Descendants("IlcVersion").FirstOrDefault()?.Value;
            if (version is null) throw new BenchException($"{props} has no <IlcVersion>; pass --ilc");
            string root = Environment.GetEnvironmentVariable("NUGET_PACKAGES")
                ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
            return Path.Combine(root, "runtime.linux-x64.microsoft.dotnet.ilcompiler", version, "tools", "ilc");
        }

        private static string? BuiltInRepo() =>
            typeof(SystemLayout).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().FirstOrDefault(a => a.Key == "SingRoot")?.Value;
    }
}
