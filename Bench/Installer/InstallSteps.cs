using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Sing.Installer;
using Sing.Installer.Diagnostics;

namespace Sing.Bench.Installer
{
    /// <summary>Each installation step, run and timed the way the build runs it. "Cold" is a fresh process (runtime
    /// start, JIT, schema load), "warm" the same work in this process after a warm-up call, or a rebuild with
    /// nothing changed.</summary>
    internal sealed class InstallSteps
    {
        private readonly SystemLayout _layout;
        private readonly string _scratch;

        public InstallSteps(SystemLayout layout, string scratch)
        {
            _layout = layout;
            _scratch = scratch;
        }

        /// <summary>The command SingVerifyProgram (Build/SipProgram.targets) runs before ILC.</summary>
        public Measurement VerifyCold(ProgramTarget p, int reps) => Repeat(reps, () => ChildProcess.RunChecked("dotnet",
            [_layout.InstallerDll, "verify", "--policy", _layout.Policy, "--program", p.Name, "--assembly", p.IntermediateAssembly, "--references", p.ReferenceDirectory, "--trusted", string.Join(';', _layout.TrustedAssemblies)],
            _layout.Repo));

        public Measurement VerifyWarm(ProgramTarget p, int reps)
        {
            Verify(p);
            var m = new Measurement();
            for (int i = 0; i < reps; i++)
            {
                long start = Stopwatch.GetTimestamp();
                Verify(p);
                // In-process CPU time has 10 ms ticks on Linux, coarser than one call: not reported.
                m.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds, double.NaN);
            }
            return m;
        }

        /// <summary>ILC on the build's response file, outputs redirected to scratch.</summary>
        public Measurement Ilc(string responseFile, int reps)
        {
            string rsp = IlcResponseFile.Redirect(responseFile, _scratch);
            return Repeat(reps, () => ChildProcess.RunChecked(_layout.Ilc!, ["@" + rsp], _layout.Repo));
        }

        /// <summary>A rebuild with nothing changed: MSBuild's up-to-date checks, the prerequisites script, no compiler,
        /// verify, ILC or link. CPU is not reported: the work happens in MSBuild nodes kept from earlier builds.</summary>
        public Measurement NoOpBuild(string project, int reps)
        {
            var m = new Measurement();
            for (int i = 0; i < reps; i++)
            {
                ChildProcess.Result r = ChildProcess.RunChecked("dotnet", ["build", project, "-nologo", "-v:q", "-c", _layout.Configuration], _layout.Repo);
                m.Add(r.WallMs, double.NaN);
            }
            return m;
        }

        /// <summary>The command SingComposeSystem (Kernel/Sing.Kernel.csproj) runs.</summary>
        public Measurement ComposeCold(int reps)
        {
            string list = string.Join(';', _layout.ComposeAssemblies().Select(kv => kv.Key + "=" + kv.Value));
            string output = Path.Combine(_scratch, "system.manifest");
            return Repeat(reps, () => ChildProcess.RunChecked("dotnet",
                [_layout.InstallerDll, "compose", "--policy", _layout.Policy, "--assemblies", list, "--trusted", string.Join(';', _layout.TrustedAssemblies), "--out", output], _layout.Repo));
        }

        /// <summary>Compose in process; returns the system manifest text of the last call as well.</summary>
        public Measurement ComposeWarm(int reps, out string manifest)
        {
            manifest = Compose();
            var m = new Measurement();
            for (int i = 0; i < reps; i++)
            {
                long start = Stopwatch.GetTimestamp();
                manifest = Compose();
                m.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds, double.NaN);
            }
            return m;
        }

        /// <summary>grub-mkrescue over the kernel build's ISO tree, as SingIso runs it, into scratch.</summary>
        public Measurement Iso(int reps)
        {
            string iso = Path.Combine(_scratch, "singularity.iso");
            return Repeat(reps, () => ChildProcess.RunChecked("grub-mkrescue", ["-o", iso, _layout.IsoRoot!], _layout.Repo));
        }

        private void Verify(ProgramTarget p)
        {
            var bag = new DiagnosticBag();
            InstallerPipeline.Verify(_layout.Policy, p.Name, p.IntermediateAssembly, [p.ReferenceDirectory], _layout.TrustedAssemblies, bag);
            if (bag.HasErrors) throw new BenchException($"verify rejects {p.Name}:\n{string.Join('\n', bag.Items)}");
        }

        private string Compose()
        {
            var bag = new DiagnosticBag();
            string? text = InstallerPipeline.Compose(_layout.Policy, _layout.ComposeAssemblies(), [], _layout.TrustedAssemblies, bag);
            return text ?? throw new BenchException($"compose rejects the system:\n{string.Join('\n', bag.Items)}");
        }

        private static Measurement Repeat(int reps, Func<ChildProcess.Result> run)
        {
            var m = new Measurement();
            for (int i = 0; i < reps; i++)
            {
                ChildProcess.Result r = run();
                m.Add(r.WallMs, r.CpuMs);
            }
            return m;
        }
    }
}
