using System.IO;
using System.Linq;
using Singularity.Manifests;
using Sing.Installer.Diagnostics;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>The policy's domain attribute reaches the kernel: the composed system manifest carries domain=ring3 for
    /// the program placed there (and nothing for the others), and the kernel's own parser reads it back.</summary>
    public class DomainPolicyTests
    {
        [Fact]
        public void TheSystemPolicysRing3ProgramReachesTheKernelsModel()
        {
            var bag = new DiagnosticBag();
            string? text = InstallerPipeline.Compose(Path.Combine(TestPaths.Root, "Manifests", "system.policy.xml"), null,
                Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag);
            Assert.Empty(bag.Items);
            Assert.Contains("\ttrusted=false\tdomain=ring3\ttest=true\timage=unsafecode\t", text);
            SystemManifest? parsed = SystemManifest.Parse(text!, out string? error);
            Assert.True(parsed is not null, error);
            Assert.Equal("ring3", parsed!.Find("unsafecode")!.Domain);
            // The policy's test tools and start pairs reach the kernel too (ProcessManager.MayStart reads them).
            Assert.True(parsed.Find("unsafecode")!.TestTool);
            Assert.False(parsed.Find("hello")!.TestTool);
            Assert.Equal(new[] { "shell" }, parsed.Find("probe")!.StartedBy);
            Assert.Empty(parsed.Find("hello")!.StartedBy);
            Assert.Null(parsed.Find("hello")!.Domain);
        }
    }
}
