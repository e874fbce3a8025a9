using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>The system manifest is a format the kernel parses: the composed text must equal the expected file byte
    /// for byte, and a rejected system must produce none.</summary>
    public sealed class ComposeTests
    {
        private static string ComposeDir => Path.Combine(TestPaths.Project, "Compose");

        [Fact]
        public void OutputEqualsExpectedText()
        {
            var bag = new DiagnosticBag();
            string? text = InstallerPipeline.Compose(Path.Combine(ComposeDir, "system.policy.xml"), null, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag);
            Assert.Empty(bag.Items);
            string expected = File.ReadAllText(Path.Combine(ComposeDir, "expected.system.manifest"));
            Assert.Equal(expected, text);
            Assert.NotNull(text);
            Assert.DoesNotContain('\r', text);
            Assert.All(text!.Split('\n').Where(l => l.Length > 0), line =>
                Assert.All(line.Split('\t').Skip(1), field => Assert.Contains('=', field)));
        }

        [Fact]
        public void RejectedSystemComposesNothing()
        {
            var bag = new DiagnosticBag();
            string? text = InstallerPipeline.Compose(Path.Combine(TestPaths.Corpus, "system-overlap-irq.policy.xml"), null, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag);
            Assert.Null(text);
            Assert.Contains(bag.Items, d => d.Code == ErrorCodes.HardwareConflict);
        }

        [Fact]
        public void ComposeWithAssembliesNeedsOnePerProgram()
        {
            var bag = new DiagnosticBag();
            var assemblies = new System.Collections.Generic.Dictionary<string, string> { ["hello"] = "/nonexistent/Hello.dll" };
            string? text = InstallerPipeline.Compose(Path.Combine(ComposeDir, "system.policy.xml"), assemblies, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag);
            Assert.Null(text);
            Assert.Contains(bag.Items, d => d.Code == ErrorCodes.NoAssemblyForProgram && d.Message.Contains("program rtc"));
            Assert.Contains(bag.Items, d => d.Code == ErrorCodes.FileMissing && d.Message.Contains("Hello.dll"));
        }
    }
}
