using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Diagnostics.Telemetry;
using Microsoft.CodeAnalysis.Text;

namespace Sing.Bench.Host
{
    /// <summary>
    /// What one keystroke costs in the editor: a one-character edit in a ~2,000-line SIP file of a project with other
    /// SIP files, then the work an IDE does before the squiggles update: incremental reparse of the edited file, a new
    /// compilation, the contract generator's incremental re-run (the driver keeps its state between keystrokes), the
    /// compiler's diagnostics of that file, and every Sing analyzer on that file (syntax and semantic, as the IDE asks
    /// for an open document). Each scenario alternates an edit and its undo, so the file returns to where it started.
    /// </summary>
    internal static class KeystrokeBench
    {
        private sealed record Scenario(string Name, string Anchor, int Offset, string Typed, bool Valid);

        public static int Run(int others, int edits, int warmup, ImmutableArray<MetadataReference> references, ImmutableArray<DiagnosticAnalyzer> analyzers)
        {
            var parse = new CSharpParseOptions(LanguageVersion.Latest);
            var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable);
            string large = SipCorpus.LargeFile(first: 100_000, targetLines: 2000, out int largeLines, out int parts);
            List<string> rest = SipCorpus.FirstFiles(others);
            int restLines = rest.Sum(f => f.Count(c => c == '\n') + 1);
            var trees = rest.Select((text, i) => CSharpSyntaxTree.ParseText(text, parse, path: "Other" + i.ToString(CultureInfo.InvariantCulture) + ".cs")).ToList();
            SyntaxTree tree = CSharpSyntaxTree.ParseText(large, parse, path: "Large.cs");
            trees.Add(tree);
            CSharpCompilation compilation = CSharpCompilation.Create("Keystroke", trees, references, options);
            GeneratorDriver driver = CSharpGeneratorDriver.Create(
                new[] { new Sing.Contracts.Generator.ContractGenerator().AsSourceGenerator() },
                parseOptions: parse,
                driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: false));
            driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation full, out _);
            int generatedFiles = driver.GetRunResult().GeneratedTrees.Length;
            Console.WriteLine($"keystroke: edited file {largeLines} lines ({parts} contracts and their services), {others} other files ({restLines} lines), {generatedFiles} generated files, {Environment.ProcessorCount} cores");

            // The middle part of the large file, so the edit is neither at the start nor at the end.
            var scenarios = new[]
            {
                new Scenario("method body, valid edit (22 -> 122 -> 22)", "exp.SendError(buffer, 22);", "exp.SendError(buffer, ".Length, "1", Valid: true),
                new Scenario("contract state string (a space)", "\"Stat? -> Info! -> Idle\"", "\"Stat?".Length, " ", Valid: true),
                new Scenario("typing an identifier (error, then fixed)", "total += Sum(data, count);", "total += Sum(data, count".Length, "x", Valid: false),
            };

            int status = 0;
            foreach (Scenario scenario in scenarios)
            {
                int position = NthIndex(large, scenario.Anchor, parts / 2) + scenario.Offset;
                status |= Measure(scenario, position, tree, compilation, driver, full, analyzers, edits, warmup);
            }

            // The baseline: the same body keystroke in the same project with no Sing tooling (the generated files are
            // ordinary sources), so the IDE does only the reparse and the compiler's diagnostics of the file.
            var baseline = (CSharpCompilation)full;
            Scenario first = scenarios[0];
            int at = NthIndex(large, first.Anchor, parts / 2) + first.Offset;
            status |= Measure(first with { Name = "baseline without Sing tooling: " + first.Name }, at, tree, baseline, null, null, ImmutableArray<DiagnosticAnalyzer>.Empty, edits, warmup);

            // Controls: the same keystroke with analyzers that do nothing, for Roslyn's own cost of running analyzers at all.
            status |= Measure(first with { Name = "control, one no-op syntax-tree analyzer: " + first.Name }, at, tree, baseline, null, null, ImmutableArray.Create<DiagnosticAnalyzer>(new ControlAnalyzers.SyntaxOnly()), edits, warmup);
            status |= Measure(first with { Name = "control, one no-op symbol analyzer (types, methods, fields, properties): " + first.Name }, at, tree, baseline, null, null, ImmutableArray.Create<DiagnosticAnalyzer>(new ControlAnalyzers.Symbols()), edits, warmup);
            status |= Measure(first with { Name = "control, one no-op operation-block analyzer: " + first.Name }, at, tree, baseline, null, null, ImmutableArray.Create<DiagnosticAnalyzer>(new ControlAnalyzers.OperationBlocks()), edits, warmup);
            return status;
        }

        /// <summary>
        /// Runs warm-up and measured keystrokes of one scenario, prints medians of wall and CPU time per phase; 1 if the
        /// analysis went wrong. Without a driver the generator does not run (its output is already in the compilation).
        /// </summary>
        private static int Measure(Scenario scenario, int position, SyntaxTree start, CSharpCompilation startCompilation, GeneratorDriver? startDriver,
            Compilation? startWithGenerated, ImmutableArray<DiagnosticAnalyzer> analyzers, int edits, int warmup)
        {
            string[] phases = { "reparse + new compilation", "generator", "compiler diagnostics of the file", "analyzers on the file" };
            var wall = phases.Select(_ => new List<double>()).ToArray();
            var cpu = phases.Select(_ => new List<double>()).ToArray();
            var totalWall = new List<double>();
            var totalCpu = new List<double>();
            var perAnalyzer = analyzers.ToDictionary(a => a.GetType().Name, _ => new List<double>());
            SyntaxTree tree = start;
            CSharpCompilation compilation = startCompilation;
            GeneratorDriver? driver = startDriver;
            Compilation? withGenerated = startWithGenerated;
            ImmutableArray<SyntaxTree> lastGenerated = startDriver?.GetRunResult().GeneratedTrees ?? ImmutableArray<SyntaxTree>.Empty;
            int reused = 0;
            int wrong = 0;
            int errorsWhenInvalid = 0;
            for (int step = -warmup; step < edits; step++)
            {
                // Even steps type the character, odd steps delete it again.
                bool typing = ((step + warmup) & 1) == 0;
                TextChange change = typing ? new TextChange(new TextSpan(position, 0), scenario.Typed) : new TextChange(new TextSpan(position, scenario.Typed.Length), string.Empty);
                SourceText text = tree.GetText().WithChanges(change);
                GC.Collect();
                GC.WaitForPendingFinalizers();
                var marks = new List<(double Wall, double Cpu)>();
                var clock = Stopwatch.StartNew();
                TimeSpan cpuStart = Process.GetCurrentProcess().TotalProcessorTime;
                void Mark() => marks.Add((clock.Elapsed.TotalMilliseconds, (Process.GetCurrentProcess().TotalProcessorTime - cpuStart).TotalMilliseconds));

                SyntaxTree previous = tree;
                SyntaxTree edited = tree.WithChangedText(text);
                compilation = compilation.ReplaceSyntaxTree(tree, edited);
                tree = edited;
                Mark();

                // As the IDE does: re-run the generator on the sources; when its output is unchanged (same files, same text), keep
                // the previous compilation with generated files and apply the edit to it, so nothing is re-declared.
                Compilation full;
                if (driver is null)
                {
                    full = compilation;
                }
                else
                {
                    driver = driver.RunGenerators(compilation);
                    ImmutableArray<SyntaxTree> generated = driver.GetRunResult().GeneratedTrees;
                    if (SameFiles(generated, lastGenerated))
                    {
                        full = withGenerated!.ReplaceSyntaxTree(previous, edited);
                        reused++;
                    }
                    else
                    {
                        full = compilation.AddSyntaxTrees(generated);
                    }

                    lastGenerated = generated;
                    withGenerated = full;
                }

                Mark();

                // As in the IDE, the compiler's diagnostics and the analyzers share one semantic model of the file (the
                // analyzers' compilation caches it), so the file's method bodies are bound once.
                CompilationWithAnalyzers? withAnalyzers = analyzers.IsEmpty ? null : full.WithAnalyzers(analyzers, new CompilationWithAnalyzersOptions(
                    new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty), null, concurrentAnalysis: false, logAnalyzerExecutionTime: true));
                SemanticModel model = (withAnalyzers?.Compilation ?? full).GetSemanticModel(tree);
                ImmutableArray<Diagnostic> compilerDiagnostics = model.GetDiagnostics();
                Mark();

                ImmutableArray<Diagnostic> found = ImmutableArray<Diagnostic>.Empty;
                if (withAnalyzers is not null)
                {
                    found = withAnalyzers.GetAnalyzerSyntaxDiagnosticsAsync(tree, CancellationToken.None).GetAwaiter().GetResult()
                        .AddRange(withAnalyzers.GetAnalyzerSemanticDiagnosticsAsync(model, null, CancellationToken.None).GetAwaiter().GetResult());
                }

                Mark();

                // The corpus is clean: a valid state of the file has no diagnostic at all, the invalid one a compile error only.
                bool valid = scenario.Valid || !typing;
                int compileErrors = compilerDiagnostics.Count(d => d.Severity == DiagnosticSeverity.Error);
                if (found.Length != 0 || (valid ? compileErrors != 0 : compileErrors == 0))
                {
                    wrong++;
                    foreach (Diagnostic d in found.Concat(compilerDiagnostics).Take(3))
                    {
                        Console.WriteLine("    unexpected: " + d);
                    }
                }

                errorsWhenInvalid += valid ? 0 : compileErrors;
                if (step < 0)
                {
                    continue;
                }

                for (int i = 0; i < phases.Length; i++)
                {
                    wall[i].Add(marks[i].Wall - (i == 0 ? 0 : marks[i - 1].Wall));
                    cpu[i].Add(marks[i].Cpu - (i == 0 ? 0 : marks[i - 1].Cpu));
                }

                totalWall.Add(marks[^1].Wall);
                totalCpu.Add(marks[^1].Cpu);
                foreach (DiagnosticAnalyzer analyzer in analyzers)
                {
                    AnalyzerTelemetryInfo telemetry = withAnalyzers!.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None).GetAwaiter().GetResult();
                    perAnalyzer[analyzer.GetType().Name].Add(telemetry.ExecutionTime.TotalMilliseconds);
                }
            }

            Console.WriteLine($"  {scenario.Name}: {edits} keystrokes after {warmup} warm-up");
            Console.WriteLine($"    per keystroke, median: CPU {Median(totalCpu):F0} ms (p90 {P90(totalCpu):F0}), wall {Median(totalWall):F0} ms (p90 {P90(totalWall):F0})");
            Console.WriteLine("      CPU by phase: " + string.Join(", ", phases.Select((p, i) => $"{p} {Median(cpu[i]):F0}")) + " ms");
            Console.WriteLine("      wall by phase: " + string.Join(", ", phases.Select((p, i) => $"{p} {Median(wall[i]):F0}")) + " ms");
            if (perAnalyzer.Count > 0)
            {
                Console.WriteLine("      analyzer callbacks (Roslyn telemetry): " + string.Join(", ", perAnalyzer.Select(p => $"{p.Key} {Median(p.Value):F1}")) + " ms");
            }

            if (driver is not null)
            {
                Console.WriteLine($"      generator output unchanged (previous compilation with generated files reused) on {reused} of {edits + warmup} keystrokes");
            }

            if (!scenario.Valid)
            {
                Console.WriteLine($"      compile errors while the identifier was misspelt: {errorsWhenInvalid} over {(edits + warmup + 1) / 2} keystrokes");
            }

            if (wrong > 0)
            {
                Console.WriteLine($"    {wrong} keystrokes gave unexpected diagnostics");
            }

            return wrong == 0 ? 0 : 1;
        }

        /// <summary>Generated files equal by name and content (the IDE compares generated documents by checksum).</summary>
        private static bool SameFiles(ImmutableArray<SyntaxTree> a, ImmutableArray<SyntaxTree> b)
        {
            if (a.Length != b.Length)
            {
                return false;
            }

            for (int i = 0; i < a.Length; i++)
            {
                if (!ReferenceEquals(a[i], b[i]) && (a[i].FilePath != b[i].FilePath || !a[i].GetText().ContentEquals(b[i].GetText())))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>The position of the <paramref name="n"/>th occurrence (0-based) of <paramref name="anchor"/>.</summary>
        private static int NthIndex(string text, string anchor, int n)
        {
            int at = -1;
            for (int i = 0; i <= n; i++)
            {
                at = text.IndexOf(anchor, at + 1, StringComparison.Ordinal);
                if (at < 0)
                {
                    throw new InvalidOperationException("'" + anchor + "' occurs fewer than " + (n + 1) + " times");
                }
            }

            return at;
        }

        private static double Median(List<double> values)
        {
            var sorted = values.OrderBy(v => v).ToList();
            return sorted.Count == 0 ? 0 : sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
        }

        private static double P90(List<double> values)
        {
            var sorted = values.OrderBy(v => v).ToList();
            return sorted.Count == 0 ? 0 : sorted[Math.Min(sorted.Count - 1, (int)Math.Ceiling(0.9 * sorted.Count) - 1)];
        }
    }
}
