using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Singularity.Manifests;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>The policy's cpus attribute (the processors a program's processes may run on) reaches the kernel's
    /// model as a mask; a list the schema does not allow is refused with where it is, and the kernel's own parser
    /// refuses a malformed record.</summary>
    public sealed class CpusPolicyTests
    {
        private static string WritePolicy(string cpus)
        {
            string dir = ProgramCompiler.TempDirectory();
            string policy = Path.Combine(dir, "cpus.policy.xml");
            File.WriteAllText(policy, "<policy xmlns=\"urn:singularity:policy:v1\" configuration=\"SIP-Phys\"><programs>" +
                $"<program name=\"app\" manifest=\"{Path.Combine(TestPaths.Corpus, "Shared", "app.xml")}\" project=\"none.csproj\" cpus=\"{cpus}\"/>" +
                "</programs></policy>");
            return policy;
        }

        [Fact]
        public void ComposedRecordCarriesTheProcessorsAsTheKernelReadsThem()
        {
            var bag = new DiagnosticBag();
            string? text = InstallerPipeline.Compose(WritePolicy("3,1,63"), null, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag);
            Assert.Empty(bag.Items);
            Assert.Contains("\tcpus=1,3,63\t", text);
            SystemManifest? parsed = SystemManifest.Parse(text!, out string? error);
            Assert.True(parsed is not null, error);
            Assert.Equal((1UL << 1) | (1UL << 3) | (1UL << 63), parsed!.Programs.Single().Cpus);
        }

        [Theory]
        [InlineData("64")]
        [InlineData("1-3")]
        [InlineData("")]
        [InlineData("1,,2")]
        [InlineData("-1")]
        public void ListsOutsideTheSchemaAreRefused(string cpus)
        {
            var bag = new DiagnosticBag();
            Assert.Null(InstallerPipeline.Check(WritePolicy(cpus), bag));
            Assert.Contains(bag.Items, d => d.Message.Contains("cpus", System.StringComparison.Ordinal));
        }

        [Theory]
        [InlineData("64")]
        [InlineData("1,")]
        [InlineData("a")]
        [InlineData("")]
        public void KernelParserRefusesMalformedLists(string cpus)
        {
            string text = $"singularity-system-manifest\tversion=1\tabi=1\nprogram\tname=x\tkind=application\tcpus={cpus}\n";
            Assert.Null(SystemManifest.Parse(text, out string? error));
            Assert.Contains("is not a comma-separated list of CPU indices from 0 to 63", error);
        }
    }
}
