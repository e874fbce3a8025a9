using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Sing.Bench.Host
{
    /// <summary>
    /// Measures, on a generated SIP code base, a compile without Sing tooling (sources already
    /// generated) against the same compile with the contract generator and all Sing analyzers,
    /// as the command-line build runs them. Warm-up, repetitions, medians.
    /// With --keystroke it times instead what one keystroke in a 2,000-line file costs (<see cref="KeystrokeBench"/>).
    /// Usage: Sing.Bench.Host [--lines N] [--reps N] [--warmup N] [--msbuild WORKDIR --repo REPOROOT] [--skip-inprocess] [--keystroke [--others N] [--edits N]]
    /// (<see cref="HostBenchOptions"/>; --help lists them).
    /// </summary>
    internal static class Program
    {
        private static int Main(string[] args)
        {
            HostBenchOptions? o = HostBenchOptions.Parse(args, Console.Out, Console.Error, out int status);
            if (o is null) return status;
            int lines = o.Lines, reps = o.Reps, warmup = o.Warmup;
            ImmutableArray<MetadataReference> references = References();
            ImmutableArray<DiagnosticAnalyzer> analyzers = ImmutableArray.Create<DiagnosticAnalyzer>(
                new Sing.Analyzers.ContractAnalyzer(),
                new Sing.Analyzers.LinearityProtocolAnalyzer(),
                new Sing.Analyzers.CaptureAndStorageAnalyzer(),
                new Sing.Analyzers.DelegateConversionAnalyzer(),
                new Sing.Analyzers.ReceiveCoverageAnalyzer(),
                new Sing.Analyzers.PurityAnalyzer());
            if (o.Keystroke)
            {
                return KeystrokeBench.Run(o.Others, o.Edits, Math.Max(warmup, 2), references, analyzers);
            }

            List<string> files = SipCorpus.Files(lines, out int actualLines);
            var parse = new CSharpParseOptions(LanguageVersion.Latest);
            var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable);

            // The baseline compiles the generator's output as ordinary files.
            List<string> generated = Generate(Parse(files, parse), references, options, parse, out int generatedLines, out _);
            Console.WriteLine($"corpus: {files.Count} files, {actualLines} lines of SIP code (+{generatedLines} generated), {Environment.ProcessorCount} cores");
            if (o.MsBuildWorkDir is not null)
            {
                MsBuildBench.Run(Path.GetFullPath(o.MsBuildWorkDir), Path.GetFullPath(o.Repo), files, generated, reps);
            }

            if (o.SkipInProcess)
            {
                return 0;
            }

            var baselineCpu = new List<double>();
            var withToolsCpu = new List<double>();
            var baseline = new List<double>();
            var withTools = new List<double>();
            var generatorTimes = new List<double>();
            var analyzerTimes = new List<double>();
            var perAnalyzer = new Dictionary<string, List<double>>();
            int singDiagnostics = 0;
            int errors = 0;
            for (int rep = -warmup; rep < reps; rep++)
            {
                // Each measurement starts from a collected heap so one run's garbage does not tax the next.
                GC.Collect();
                GC.WaitForPendingFinalizers();
                TimeSpan cpu = Process.GetCurrentProcess().TotalProcessorTime;
                var clock = Stopwatch.StartNew();
                CSharpCompilation plain = CSharpCompilation.Create("Baseline", Parse(files.Concat(generated), parse), references, options);
                errors = Emit(plain);
                double plainMs = clock.Elapsed.TotalMilliseconds;
                double plainCpu = (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMilliseconds;

                GC.Collect();
                GC.WaitForPendingFinalizers();
                cpu = Process.GetCurrentProcess().TotalProcessorTime;
                clock.Restart();
                CSharpCompilation source = CSharpCompilation.Create("WithSing", Parse(files, parse), references, options);
                GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new Sing.Contracts.Generator.ContractGenerator().AsSourceGenerator() }, parseOptions: parse);
                driver.RunGeneratorsAndUpdateCompilation(source, out Compilation full, out _);
                double generatorMs = clock.Elapsed.TotalMilliseconds;
                var analysis = new CompilationWithAnalyzersOptions(new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty), null, concurrentAnalysis: true, logAnalyzerExecutionTime: true);
                var withAnalyzers = full.WithAnalyzers(analyzers, analysis);
                var analyzerClock = Stopwatch.StartNew();
                ImmutableArray<Diagnostic> found = withAnalyzers.GetAnalyzerDiagnosticsAsync(CancellationToken.None).GetAwaiter().GetResult();
                double analyzerMs = analyzerClock.Elapsed.TotalMilliseconds;
                int toolErrors = Emit(full);
                double totalMs = clock.Elapsed.TotalMilliseconds;
                double totalCpu = (Process.GetCurrentProcess().TotalProcessorTime - cpu).TotalMilliseconds;
                singDiagnostics = found.Length;
                errors = Math.Max(errors, toolErrors);

                if (rep >= 0)
                {
                    baseline.Add(plainMs);
                    baselineCpu.Add(plainCpu);
                    withToolsCpu.Add(totalCpu);
                    withTools.Add(totalMs);
                    generatorTimes.Add(generatorMs);
                    analyzerTimes.Add(analyzerMs);
                    foreach (DiagnosticAnalyzer analyzer in analyzers)
                    {
                        var telemetry = withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None).GetAwaiter().GetResult();
                        string name = analyzer.GetType().Name;
                        if (!perAnalyzer.TryGetValue(name, out List<double>? list))
                        {
                            perAnalyzer[name] = list = new List<double>();
                        }

                        list.Add(telemetry.ExecutionTime.TotalMilliseconds);
                    }
                }

                Console.WriteLine($"  {(rep < 0 ? "warm-up" : "rep " + rep)}: baseline {plainMs:F0} ms (cpu {plainCpu:F0}), with Sing {totalMs:F0} ms (cpu {totalCpu:F0}; generator {generatorMs:F0}, analyzers {analyzerMs:F0})");
            }

            Console.WriteLine($"compile errors: {errors}, Sing diagnostics on the corpus: {singDiagnostics}");
            Console.WriteLine($"median baseline compile+emit:            {Median(baseline):F0} ms");
            Console.WriteLine($"median with generator+analyzers+emit:    {Median(withTools):F0} ms");
            Console.WriteLine($"median generator (parse+generate):       {Median(generatorTimes):F0} ms");
            Console.WriteLine($"median analyzers (wall, concurrent):     {Median(analyzerTimes):F0} ms");
            foreach (KeyValuePair<string, List<double>> entry in perAnalyzer)
            {
                Console.WriteLine($"  {entry.Key,-28} {Median(entry.Value),8:F0} ms (summed over threads)");
            }

            Console.WriteLine($"build-time ratio (with / without), wall: {Median(withTools) / Median(baseline):F2}");
            Console.WriteLine($"build-time ratio (with / without), CPU:  {Median(withToolsCpu) / Median(baselineCpu):F2} (median CPU {Median(withToolsCpu):F0} vs {Median(baselineCpu):F0} ms; CPU time is less sensitive to other load on the machine)");
            return errors == 0 && singDiagnostics == 0 ? 0 : 1;
        }

        private static List<string> Generate(IEnumerable<SyntaxTree> trees, ImmutableArray<MetadataReference> references, CSharpCompilationOptions options, CSharpParseOptions parse, out int lines, out Compilation full)
        {
            CSharpCompilation source = CSharpCompilation.Create("Generate", trees, references, options);
            GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new Sing.Contracts.Generator.ContractGenerator().AsSourceGenerator() }, parseOptions: parse);
            driver = driver.RunGeneratorsAndUpdateCompilation(source, out full, out _);
            var texts = driver.GetRunResult().GeneratedTrees.Select(t => t.ToString()).ToList();
            lines = texts.Sum(t => t.Count(c => c == '\n'));
            return texts;
        }

        private static IEnumerable<SyntaxTree> Parse(IEnumerable<string> sources, CSharpParseOptions parse)
        {
            return sources.Select((text, i) => CSharpSyntaxTree.ParseText(text, parse, path: "File" + i.ToString(CultureInfo.InvariantCulture) + ".cs")).ToList();
        }

        private static int Emit(Compilation compilation)
        {
            using var stream = new MemoryStream();
            var result = compilation.Emit(stream);
            var errors = result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            foreach (Diagnostic error in errors.Take(3))
            {
                Console.WriteLine("  error: " + error);
            }

            return errors.Count;
        }

        private static ImmutableArray<MetadataReference> References()
        {
            var list = new List<MetadataReference>();
            foreach (string path in ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator))
            {
                string name = Path.GetFileNameWithoutExtension(path);
                if (name.StartsWith("System", StringComparison.Ordinal) || name == "netstandard" || name == "mscorlib")
                {
                    list.Add(MetadataReference.CreateFromFile(path));
                }
            }

            list.Add(MetadataReference.CreateFromFile(typeof(Sing.Contracts.Linear).Assembly.Location));
            return list.ToImmutableArray();
        }

        private static double Median(List<double> values)
        {
            var sorted = values.OrderBy(v => v).ToList();
            return sorted.Count == 0 ? 0 : sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
        }
    }
}
