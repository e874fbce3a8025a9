using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Sing.Startup.Generator;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>Compile-time reflection: the startup generator writes the code that fills a program's startup object
    /// from the kernel and the SIP entry point that calls Main; its diagnostics name what the program got wrong.</summary>
    public class StartupGeneratorTests
    {
        private const string Program = """
            using Singularity.Configuration;
            using Singularity.V1;
            namespace Demo
            {
                [ProgramStartup]
                internal sealed partial class DemoStartup
                {
                    [Parameter("count")] public int Count;
                    [Parameter("name")] public string Name;
                    [Parameter("verbose")] public bool Verbose;
                    [Endpoint("clock")] public ChannelEndpoint Clock;
                    [IoPorts("registers")] public IoPortRange Registers;
                    public int NotFromTheManifest;
                }
                internal static class Program
                {
                    internal static int Main(DemoStartup startup) => startup.Count;
                }
            }
            """;

        private static (CSharpCompilation Output, ImmutableArray<Diagnostic> Diagnostics, string Generated) Run(string source)
        {
            var compilation = CSharpCompilation.Create("Demo",
                new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
                new[]
                {
                    MetadataReference.CreateFromFile(Path.Combine(TestPaths.RuntimeBin, "System.Private.CoreLib.dll")),
                    MetadataReference.CreateFromFile(Path.Combine(TestPaths.RuntimeBin, "Sing.SipRuntime.dll")),
                },
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Disable));
            GeneratorDriver driver = CSharpGeneratorDriver.Create(new StartupGenerator());
            driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
            string generated = string.Concat(driver.GetRunResult().GeneratedTrees.Select(t => t.ToString()));
            return ((CSharpCompilation)output, diagnostics, generated);
        }

        [Fact]
        public void FillsEachAttributedFieldWithItsTypedReader()
        {
            var (_, diagnostics, generated) = Run(Program);
            Assert.Empty(diagnostics);
            Assert.Contains("startup.Count = global::Singularity.Configuration.StartupContext.GetInt32(\"count\");", generated);
            Assert.Contains("startup.Name = global::Singularity.Configuration.StartupContext.GetString(\"name\");", generated);
            Assert.Contains("startup.Verbose = global::Singularity.Configuration.StartupContext.GetBool(\"verbose\");", generated);
            Assert.Contains("startup.Clock = global::Singularity.Configuration.StartupContext.GetEndpoint(\"clock\");", generated);
            Assert.Contains("startup.Registers = global::Singularity.Configuration.StartupContext.GetIoPorts(\"registers\");", generated);
            Assert.DoesNotContain("NotFromTheManifest", generated);
        }

        [Fact]
        public void EmitsTheSipEntryPointCallingMain()
        {
            var (output, _, generated) = Run(Program);
            Assert.Contains("EntryPoint = \"sip_program_main\"", generated);
            Assert.Contains("global::Demo.Program.Main(global::Demo.DemoStartup.FromKernel())", generated);
            Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        }

        [Fact]
        public void MissingMainIsReported()
        {
            var (_, diagnostics, generated) = Run(Program.Replace("internal static int Main(DemoStartup startup) => startup.Count;", "internal static int Run(DemoStartup s) => 0;"));
            Diagnostic d = Assert.Single(diagnostics);
            Assert.Equal("SINGS001", d.Id);
            Assert.Contains("static int Main(DemoStartup startup)", d.GetMessage());
            Assert.DoesNotContain("sip_program_main", generated);
        }

        [Fact]
        public void WrongFieldTypeIsReported()
        {
            var (_, diagnostics, _) = Run(Program.Replace("[Parameter(\"count\")] public int Count;", "[Parameter(\"count\")] public double Count;"));
            Diagnostic d = Assert.Single(diagnostics);
            Assert.Equal("SINGS002", d.Id);
            Assert.Contains("Field Count is marked [Parameter] and must be of type int or long or bool or string", d.GetMessage());
        }

        [Fact]
        public void NonPartialStartupClassIsReported()
        {
            var (_, diagnostics, _) = Run(Program.Replace("internal sealed partial class DemoStartup", "internal sealed class DemoStartup"));
            Assert.Contains(diagnostics, d => d.Id == "SINGS003");
        }
    }
}
