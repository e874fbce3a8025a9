using System;
using System.Collections.Generic;
using System.IO;

namespace Sing.Bench.Installer
{
    /// <summary>
    /// Install time of every program in Manifests/system.policy.xml and of the whole system image: verify (cold
    /// process, warm in-process), ILC, no-op rebuilds, compose, kernel ILC and the ISO. Medians; Markdown to stdout
    /// and artifacts/bench/install.md, CSV to artifacts/bench/install.csv. Progress goes to stderr.
    /// </summary>
    internal static class Program
    {
        private static int Main(string[] args)
        {
            BenchOptions? options = BenchOptions.Parse(args, Console.Out, Console.Error, out int status);
            if (options is null) return status;
            DirectoryInfo scratch = Directory.CreateTempSubdirectory("sing-bench-install-");
            try
            {
                SystemLayout layout = SystemLayout.Find(options);
                string machine = MachineInfo.Describe(layout.Configuration);
                InstallResults results = Measure(layout, options, new InstallSteps(layout, scratch.FullName), machine);
                string markdown = ReportWriter.Markdown(results);
                string output = Path.GetFullPath(options.Output.Length > 0 ? options.Output : Path.Combine(layout.Repo, "artifacts", "bench"));
                Directory.CreateDirectory(output);
                File.WriteAllText(Path.Combine(output, "install.md"), markdown);
                File.WriteAllText(Path.Combine(output, "install.csv"), ReportWriter.Csv(results));
                Console.Write(markdown);
                Console.Error.WriteLine($"wrote {Path.Combine(output, "install.md")} and install.csv");
                return 0;
            }
            catch (BenchException e)
            {
                Console.Error.WriteLine($"sing-bench-install: {e.Message}");
                return 1;
            }
            finally
            {
                scratch.Delete(recursive: true);
            }
        }

        private static InstallResults Measure(SystemLayout layout, BenchOptions o, InstallSteps steps, string machine)
        {
            var programs = new List<ProgramResult>();
            foreach (ProgramTarget p in layout.Programs)
            {
                Progress($"{p.Name}: verify cold x{o.ColdReps}, warm x{o.WarmReps}");
                Measurement cold = steps.VerifyCold(p, o.ColdReps);
                Measurement warm = steps.VerifyWarm(p, o.WarmReps);
                Measurement? ilc = null;
                if (!o.SkipIlc)
                {
                    Progress($"{p.Name}: ILC x{o.IlcReps}");
                    ilc = steps.Ilc(p.IlcResponseFile!, o.IlcReps);
                }
                programs.Add(new ProgramResult(p.Name, IlSize.Of(p.IntermediateAssembly), cold, warm, ilc, null));
            }

            Progress($"compose cold x{o.ColdReps}, warm x{o.WarmReps}");
            Measurement composeCold = steps.ComposeCold(o.ColdReps);
            Measurement composeWarm = steps.ComposeWarm(o.WarmReps, out string manifest);
            string built = Path.Combine(layout.Repo, "artifacts", "system.manifest");
            // A sanity check that we measured what the build does: same policy, same assemblies, same output.
            if (o.Programs is null && File.Exists(built) && File.ReadAllText(built) != manifest)
                Progress($"note: {built} differs from the composed manifest (the build is older than the policy or programs)");

            Measurement? kernelIlc = null, iso = null, kernelBuild = null;
            if (layout.KernelIlcResponseFile is not null)
            {
                Progress($"kernel: ILC x{o.IlcReps}, ISO x{o.IlcReps}");
                kernelIlc = steps.Ilc(layout.KernelIlcResponseFile, o.IlcReps);
                iso = steps.Iso(o.IlcReps);
            }

            if (!o.SkipBuild)
            {
                // One untimed build first: it settles anything stale and starts the MSBuild nodes a rebuild reuses.
                Progress("no-op builds: warm-up (dotnet build Kernel)");
                steps.NoOpBuild(layout.KernelProject, 1);
                for (int i = 0; i < programs.Count; i++)
                {
                    Progress($"{programs[i].Name}: no-op build x{o.BuildReps}");
                    programs[i] = programs[i] with { Build = steps.NoOpBuild(layout.Programs[i].Project, o.BuildReps) };
                }
                if (!o.SkipKernel)
                {
                    Progress($"kernel: no-op build x{o.BuildReps}");
                    kernelBuild = steps.NoOpBuild(layout.KernelProject, o.BuildReps);
                }
            }
            return new InstallResults(programs, composeCold, composeWarm, kernelIlc, iso, kernelBuild, machine);
        }

        private static void Progress(string line) => Console.Error.WriteLine($"[{DateTime.Now:HH:mm:ss}] {line}");
    }
}
