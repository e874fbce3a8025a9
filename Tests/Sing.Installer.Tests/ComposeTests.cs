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

        [Fact]
        public void ImagesAreRecordedByTheirHash()
        {
            string image = Path.Combine(Path.GetTempPath(), $"sing-image-{System.Guid.NewGuid():N}.elf");
            File.WriteAllBytes(image, System.Text.Encoding.ASCII.GetBytes("abc"));
            try
            {
                var bag = new DiagnosticBag();
                var images = new System.Collections.Generic.Dictionary<string, string> { ["hello"] = image };
                string? text = InstallerPipeline.Compose(Path.Combine(ComposeDir, "system.policy.xml"), null, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag, null, images);
                Assert.Empty(bag.Items);
                string hello = text!.Split('\n').Single(l => l.StartsWith("program\tname=hello\t", System.StringComparison.Ordinal));
                // FIPS 180-4's example: SHA-256("abc").
                Assert.Contains("\timageHash=sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\t", hello + "\t");
                Assert.DoesNotContain("imageHash=", text.Split('\n').Single(l => l.StartsWith("program\tname=rtc\t", System.StringComparison.Ordinal)));
            }
            finally { File.Delete(image); }
        }

        [Fact]
        public void ImagesOfUnknownProgramsOrMissingFilesAreRefused()
        {
            var bag = new DiagnosticBag();
            var images = new System.Collections.Generic.Dictionary<string, string> { ["nosuch"] = "/dev/null", ["hello"] = "/nonexistent/sip-hello.elf" };
            string? text = InstallerPipeline.Compose(Path.Combine(ComposeDir, "system.policy.xml"), null, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag, null, images);
            Assert.Null(text);
            Assert.Contains(bag.Items, d => d.Code == ErrorCodes.ProgramNotInPolicy && d.Message.Contains("--images names program nosuch"));
            Assert.Contains(bag.Items, d => d.Code == ErrorCodes.ImageUnreadable && d.Message.Contains("/nonexistent/sip-hello.elf"));
        }
    }
}
