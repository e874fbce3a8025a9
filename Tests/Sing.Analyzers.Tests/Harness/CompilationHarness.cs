using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Sing.Analyzers.Tests.Harness
{
    /// <summary>
    /// Compiles programs in memory against the running runtime's assemblies and Sing.Contracts, runs
    /// the contract generator, then the analyzers. Fully offline.
    /// </summary>
    public static class CompilationHarness
    {
        private static readonly Lazy<ImmutableArray<MetadataReference>> References = new Lazy<ImmutableArray<MetadataReference>>(LoadReferences);

        public static readonly CSharpParseOptions ParseOptions = new CSharpParseOptions(LanguageVersion.Latest);

        public static ImmutableArray<DiagnosticAnalyzer> AllAnalyzers { get; } = ImmutableArray.Create<DiagnosticAnalyzer>(
            new ContractAnalyzer(),
            new LinearityProtocolAnalyzer(),
            new CaptureAndStorageAnalyzer(),
            new DelegateConversionAnalyzer(),
            new ReceiveCoverageAnalyzer(),
            new PurityAnalyzer());

        private static ImmutableArray<MetadataReference> LoadReferences()
        {
            var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator);
            var references = new List<MetadataReference>();
            foreach (string path in paths)
            {
                string name = Path.GetFileNameWithoutExtension(path);
                if (name.StartsWith("System", StringComparison.Ordinal) || name == "mscorlib" || name == "netstandard")
                {
                    references.Add(MetadataReference.CreateFromFile(path));
                }
            }

            references.Add(MetadataReference.CreateFromFile(typeof(Sing.Contracts.Linear).Assembly.Location));
            return references.ToImmutableArray();
        }

        public static CSharpCompilation Compile(params string[] sources)
        {
            return Compile(ImmutableArray<MetadataReference>.Empty, sources);
        }

        /// <summary>Compiles with extra references (e.g. a contracts assembly built by <see cref="Build"/>).</summary>
        public static CSharpCompilation Compile(ImmutableArray<MetadataReference> extra, params string[] sources)
        {
            var trees = new List<SyntaxTree>();
            for (int i = 0; i < sources.Length; i++)
            {
                trees.Add(CSharpSyntaxTree.ParseText(sources[i], ParseOptions, path: "Source" + i + ".cs"));
            }

            return CSharpCompilation.Create(
                "TestProgram",
                trees,
                References.Value.AddRange(extra),
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, allowUnsafe: true));
        }

        /// <summary>Runs the contract generator and returns the compilation with its output added.</summary>
        public static Compilation Generate(Compilation compilation, out ImmutableArray<Diagnostic> generatorDiagnostics, out GeneratorDriverRunResult result)
        {
            GeneratorDriver driver = CSharpGeneratorDriver.Create(
                new ISourceGenerator[] { new Sing.Contracts.Generator.ContractGenerator().AsSourceGenerator() },
                parseOptions: ParseOptions);
            driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out generatorDiagnostics);
            result = driver.GetRunResult();
            return output;
        }

        /// <summary>Builds sources (with the generator) into an assembly image usable as a reference.</summary>
        public static MetadataReference Build(string assemblyName, string source)
        {
            Compilation compilation = Generate(Compile(source).WithAssemblyName(assemblyName), out _, out _);
            using var stream = new MemoryStream();
            Microsoft.CodeAnalysis.Emit.EmitResult result = compilation.Emit(stream);
            if (!result.Success)
            {
                throw new InvalidOperationException(string.Join("\n", result.Diagnostics));
            }

            return MetadataReference.CreateFromImage(stream.ToArray());
        }

        public static ImmutableArray<Diagnostic> Analyze(Compilation compilation, ImmutableArray<DiagnosticAnalyzer>? analyzers = null)
        {
            var options = new CompilationWithAnalyzersOptions(
                new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty),
                onAnalyzerException: null,
                concurrentAnalysis: false,
                logAnalyzerExecutionTime: false,
                reportSuppressedDiagnostics: false);
            CompilationWithAnalyzers withAnalyzers = compilation.WithAnalyzers(analyzers ?? AllAnalyzers, options);
            ImmutableArray<Diagnostic> all = withAnalyzers.GetAllDiagnosticsAsync(CancellationToken.None).GetAwaiter().GetResult();
            return all;
        }
    }
}
