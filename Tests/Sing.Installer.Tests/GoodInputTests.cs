using System.Collections.Generic;
using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>Inputs that must pass: the real system policy and its manifests, and good programs (Good/*.cs) that
    /// use startup parameters, endpoints, contracts, hardware and everyday C#.</summary>
    public sealed class GoodInputTests
    {
        public static IEnumerable<object[]> GoodPrograms() =>
            Directory.GetFiles(Path.Combine(TestPaths.Project, "Good"), "*.cs").Select(Path.GetFileName).OrderBy(f => f).Select(f => new object[] { f! });

        [Fact]
        public void RealSystemPolicyPassesCheck()
        {
            var bag = new DiagnosticBag();
            SystemImage? image = InstallerPipeline.Check(Path.Combine(TestPaths.Root, "Manifests", "system.policy.xml"), bag);
            Assert.Empty(bag.Items);
            Assert.NotNull(image);
            Assert.Equal(new[] { "hello", "probe", "singbench", "computebench", "channelprobe", "abifuzz", "contractfuzz", "hostile", "unsafecode", "conformance", "rtc", "ahci", "diskprobe", "shell", "login", "filesystem", "ramdisk", "fsprobe", "webfiles", "e1000", "netstack", "netsim", "webserver" }, image!.Programs.Select(p => p.Manifest.Name));
            Assert.Equal("SIP-Phys", image.Policy.Configuration);
        }

        [Theory]
        [MemberData(nameof(GoodPrograms))]
        public void GoodProgramPassesVerify(string file)
        {
            var diagnostics = CaseRunner.Run(Path.Combine(TestPaths.Project, "Good", file));
            Assert.True(diagnostics.Count == 0, string.Join("\n", diagnostics));
        }

        [Fact]
        public void TrustedProgramMayUseUnsafeCode()
        {
            // The same pointer program that the corpus rejects as untrusted passes when the policy trusts it.
            string source = File.ReadAllText(Path.Combine(TestPaths.Corpus, "code-pointer-local.cs")) + "\n// trusted\n";
            string file = Path.Combine(ProgramCompiler.TempDirectory(), "trusted.cs");
            File.WriteAllText(file, source.Replace("// manifest: Shared/app.xml", "// manifest: " + Path.Combine(TestPaths.Corpus, "Shared", "app.xml")));
            var diagnostics = CaseRunner.Run(file);
            Assert.True(diagnostics.Count == 0, string.Join("\n", diagnostics));
        }
    }
}
