using System.Collections.Generic;
using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Xunit;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>`verify --image`: every assembly the image build compiles with a program (MSBuild's @(ReferencePath))
    /// is a trusted library with its trusted bytes or a declared code assembly, verified from exactly that file.</summary>
    public sealed class ImageTests
    {
        private const string App = """
            using System.Runtime.InteropServices;
            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() => 0;
                }
            }
            """;

        private const string UnsafeLib = "namespace Test.Lib { public static unsafe class Peek { public static long At(long x) { long* p = &x; return *p; } } }";

        private static IReadOnlyList<Diagnostic> Verify(string dir, string manifestCode, IEnumerable<string> image)
        {
            string manifest = Path.Combine(dir, "app.xml");
            File.WriteAllText(manifest, $"""
                <manifest xmlns="urn:singularity:manifest:v1" name="app" kind="application" publisher="Tests" version="1.0.0">
                  <abi version="1"/>
                  <code>{manifestCode}</code>
                </manifest>
                """);
            string policy = Path.Combine(dir, "test.policy.xml");
            File.WriteAllText(policy, $"""
                <policy xmlns="urn:singularity:policy:v1" configuration="SIP-Phys">
                  <programs><program name="app" manifest="{manifest}" project="none.csproj"/></programs>
                </policy>
                """);
            var bag = new DiagnosticBag();
            InstallerPipeline.Verify(policy, "app", Path.Combine(dir, "App.dll"), new[] { dir }, TestPaths.TrustedAssemblies,
                image.Concat(TestPaths.TrustedAssemblies), bag);
            return bag.Items;
        }

        [Fact]
        public void AnUndeclaredAssemblyInTheImageIsRefused()
        {
            string dir = ProgramCompiler.TempDirectory(), elsewhere = ProgramCompiler.TempDirectory();
            ProgramCompiler.Compile("App", App, dir);
            string lib = ProgramCompiler.Compile("Lib", UnsafeLib, elsewhere);
            var diagnostics = Verify(dir, "<assembly name=\"App\"/>", new[] { lib });
            Assert.Contains(diagnostics, d => d.Code == ErrorCodes.UntrustedReference && d.Message.Contains("assembly Lib") && d.Message.Contains("would run unverified"));
        }

        [Fact]
        public void ADeclaredAssemblyIsVerifiedFromTheImageFile()
        {
            // The file next to the program is harmless; the one the image compiles has pointer code: that one is verified.
            string dir = ProgramCompiler.TempDirectory(), elsewhere = ProgramCompiler.TempDirectory();
            ProgramCompiler.Compile("App", App, dir);
            ProgramCompiler.Compile("Lib", "namespace Test.Lib { public static class Peek { public static long At(long x) => x; } }", dir);
            string lib = ProgramCompiler.Compile("Lib", UnsafeLib, elsewhere);
            var diagnostics = Verify(dir, "<assembly name=\"App\"/><assembly name=\"Lib\"/>", new[] { lib });
            Assert.Contains(diagnostics, d => d.Code == ErrorCodes.PointerType && d.Location.File == "Lib.dll");
        }

        [Fact]
        public void TheTrustedLibrariesThemselvesPass()
        {
            string dir = ProgramCompiler.TempDirectory();
            ProgramCompiler.Compile("App", App, dir);
            var diagnostics = Verify(dir, "<assembly name=\"App\"/>", new string[0]);
            Assert.True(diagnostics.Count == 0, string.Join("\n", diagnostics));
        }

        [Fact]
        public void AnImpostorOfATrustedLibraryInTheImageIsRefused()
        {
            string dir = ProgramCompiler.TempDirectory(), elsewhere = ProgramCompiler.TempDirectory();
            ProgramCompiler.Compile("App", App, dir);
            string fake = ProgramCompiler.Compile("Sing.Contracts.Sip", "namespace Fake { public static class Library { public static int Value() => 1; } }", elsewhere);
            var diagnostics = Verify(dir, "<assembly name=\"App\"/>", new[] { fake });
            Assert.Contains(diagnostics, d => d.Code == ErrorCodes.TrustedIdentity && d.Message.Contains("named like the trusted Sing.Contracts.Sip"));
        }
    }
}
