using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;

namespace Sing.Bench.Host
{
    /// <summary>
    /// The same comparison as a real build: two projects over one corpus, one with the Sing
    /// generator and analyzers as analyzer references, one compiling the generator's output as plain
    /// files with no analyzers. Each is rebuilt (references already built) several times with
    /// `dotnet build -t:Rebuild -p:BuildProjectReferences=false`.
    /// </summary>
    internal static class MsBuildBench
    {
        public static void Run(string directory, string repoRoot, List<string> corpus, List<string> generated, int reps)
        {
            string corpusDir = Path.Combine(directory, "Corpus");
            string generatedDir = Path.Combine(directory, "Generated");
            Directory.CreateDirectory(corpusDir);
            Directory.CreateDirectory(generatedDir);
            for (int i = 0; i < corpus.Count; i++)
            {
                File.WriteAllText(Path.Combine(corpusDir, "File" + i.ToString(CultureInfo.InvariantCulture) + ".cs"), corpus[i]);
            }

            for (int i = 0; i < generated.Count; i++)
            {
                File.WriteAllText(Path.Combine(generatedDir, "Generated" + i.ToString(CultureInfo.InvariantCulture) + ".cs"), generated[i]);
            }

            string library = Path.Combine(repoRoot, "Sing.Contracts", "Library", "Sing.Contracts.csproj");
            string generator = Path.Combine(repoRoot, "Sing.Contracts", "Generator", "Sing.Contracts.Generator.csproj");
            string analyzers = Path.Combine(repoRoot, "Sing.Analyzers", "Sing.Analyzers.csproj");
            string withSing = WriteProject(directory, "WithSing", "<Compile Include=\"../Corpus/*.cs\" />",
                Reference(library, false) + Reference(generator, true) + Reference(analyzers, true));
            string baseline = WriteProject(directory, "Baseline", "<Compile Include=\"../Corpus/*.cs;../Generated/*.cs\" />", Reference(library, false));

            // Restore and build the references once; then time only the corpus projects.
            Dotnet("build -c Release " + Quote(withSing));
            Dotnet("build -c Release " + Quote(baseline));
            var without = new List<double>();
            var with = new List<double>();
            var withoutCpu = new List<double>();
            var withCpu = new List<double>();
            for (int rep = -1; rep < reps; rep++)
            {
                // csc in-process of the build (no compiler server, no node reuse) so its CPU time is ours.
                const string Rebuild = "build -c Release --no-restore -t:Rebuild -p:BuildProjectReferences=false -p:UseSharedCompilation=false -nodeReuse:false ";
                double bCpu0 = ChildrenCpuMs();
                double b = Dotnet(Rebuild + Quote(baseline));
                double bCpu = ChildrenCpuMs() - bCpu0;
                double wCpu0 = ChildrenCpuMs();
                double w = Dotnet(Rebuild + Quote(withSing));
                double wCpu = ChildrenCpuMs() - wCpu0;
                Console.WriteLine($"  dotnet build {(rep < 0 ? "warm-up" : "rep " + rep.ToString(CultureInfo.InvariantCulture))}: without {b:F0} ms (cpu {bCpu:F0}), with Sing {w:F0} ms (cpu {wCpu:F0})");
                if (rep >= 0)
                {
                    without.Add(b);
                    with.Add(w);
                    withoutCpu.Add(bCpu);
                    withCpu.Add(wCpu);
                }
            }

            double mb = Median(without);
            double mw = Median(with);
            Console.WriteLine($"dotnet build median wall without: {mb:F0} ms, with generator+analyzers: {mw:F0} ms, ratio {mw / mb:F2}");
            Console.WriteLine($"dotnet build median CPU  without: {Median(withoutCpu):F0} ms, with generator+analyzers: {Median(withCpu):F0} ms, ratio {Median(withCpu) / Median(withoutCpu):F2}");
        }

        private static string Reference(string project, bool analyzer)
        {
            return analyzer
                ? "<ProjectReference Include=\"" + project + "\" OutputItemType=\"Analyzer\" ReferenceOutputAssembly=\"false\" />"
                : "<ProjectReference Include=\"" + project + "\" />";
        }

        private static string WriteProject(string directory, string name, string compile, string references)
        {
            string dir = Path.Combine(directory, name);
            Directory.CreateDirectory(dir);
            string path = Path.Combine(dir, name + ".csproj");
            File.WriteAllText(path, $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFramework>net10.0</TargetFramework>
                    <Nullable>enable</Nullable>
                    <ImplicitUsings>disable</ImplicitUsings>
                    <EnableDefaultCompileItems>false</EnableDefaultCompileItems>
                    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
                  </PropertyGroup>
                  <ItemGroup>
                    {compile}
                    {references}
                  </ItemGroup>
                </Project>
                """);
            return path;
        }

        private static double Dotnet(string arguments)
        {
            var start = new ProcessStartInfo("dotnet", arguments + " -nologo -v q")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            var clock = Stopwatch.StartNew();
            using Process process = Process.Start(start)!;
            string output = process.StandardOutput.ReadToEnd() + process.StandardError.ReadToEnd();
            process.WaitForExit();
            double ms = clock.Elapsed.TotalMilliseconds;
            if (process.ExitCode != 0)
            {
                throw new InvalidOperationException("dotnet " + arguments + " failed:\n" + output);
            }

            return ms;
        }

        /// <summary>CPU time of reaped child processes (Linux /proc/self/stat cutime+cstime), in ms.</summary>
        private static double ChildrenCpuMs()
        {
            if (!File.Exists("/proc/self/stat"))
            {
                return 0;
            }

            string stat = File.ReadAllText("/proc/self/stat");
            string[] fields = stat.Substring(stat.LastIndexOf(')') + 2).Split(' ');

            // After "pid (comm) ", field 3 is index 0: cutime is field 16, cstime field 17.
            double ticks = double.Parse(fields[13], CultureInfo.InvariantCulture) + double.Parse(fields[14], CultureInfo.InvariantCulture);
            return ticks * 10.0;
        }

        private static string Quote(string path) => "\"" + path + "\"";

        private static double Median(List<double> values)
        {
            var sorted = values.OrderBy(v => v).ToList();
            return sorted.Count == 0 ? 0 : sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
        }
    }
}
