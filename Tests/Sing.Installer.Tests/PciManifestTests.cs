using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Singularity.Manifests;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>PCI drivers in the manifest and the system manifest: drivers whose signatures cannot match the same
    /// function are accepted together; the composed records parse back, with the kernel's own parser and matcher, into
    /// the signature and device-relative resources the manifest declared.</summary>
    public sealed class PciManifestTests
    {
        private static string WritePolicy(params string[] programs)
        {
            string dir = ProgramCompiler.TempDirectory();
            string policy = Path.Combine(dir, "pci.policy.xml");
            string entries = string.Concat(programs.Select(p =>
                $"<program name=\"{p}\" manifest=\"{Path.Combine(TestPaths.Corpus, "Shared", "pci-" + p + ".xml")}\" project=\"none.csproj\"/>"));
            File.WriteAllText(policy, $"<policy xmlns=\"urn:singularity:policy:v1\" configuration=\"SIP-Phys\"><programs>{entries}</programs></policy>");
            return policy;
        }

        [Fact]
        public void DisjointSignaturesPass()
        {
            var bag = new DiagnosticBag();
            Assert.NotNull(InstallerPipeline.Check(WritePolicy("disk", "nic"), bag));
            Assert.Empty(bag.Items);
        }

        [Fact]
        public void ComposedRecordsParseIntoTheKernelsModel()
        {
            var bag = new DiagnosticBag();
            string? text = InstallerPipeline.Compose(WritePolicy("disk", "nic"), null, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag);
            Assert.Empty(bag.Items);
            Assert.Contains("pci\tprogram=disk\tclass=0x010601\n", text);
            Assert.Contains("dmamemory\tprogram=nic\tname=rings\tpages=16\n", text);
            SystemManifest? parsed = SystemManifest.Parse(text!, out string? error);
            Assert.True(parsed is not null, error);
            ProgramManifest disk = parsed!.Find("disk")!, nic = parsed.Find("nic")!;
            // q35's AHCI controller: Intel 2922, class 01.06.01; its e1000e: 8086:10d3, class 02.00.00.
            Assert.True(disk.MatchesPci(0x8086, 0x2922, 0x01, 0x06, 0x01));
            Assert.False(disk.MatchesPci(0x8086, 0x2922, 0x01, 0x06, 0x00));   // IDE-mode SATA: another interface
            Assert.True(nic.MatchesPci(0x8086, 0x10d3, 0x02, 0x00, 0x00));
            Assert.True(nic.MatchesPci(0x1af4, 0x1000, 0x02, 0x00, 0x00));     // second signature: any Ethernet controller
            Assert.False(nic.MatchesPci(0x8086, 0x2922, 0x01, 0x06, 0x01));
            HardwareResource bar = disk.FindResource("abar"), irq = disk.FindResource("irq"), dma = disk.FindResource("structures");
            Assert.Equal((ResourceKind.PciBar, 5UL), (bar.Kind, bar.Base));
            Assert.Equal(ResourceKind.PciIrq, irq.Kind);
            Assert.Equal((ResourceKind.DmaMemory, 4UL * 4096), (dma.Kind, dma.Length));
        }

        [Theory]
        [InlineData("pci\tprogram=x", "matches every device")]
        [InlineData("pci\tprogram=x\tclass=0x0106010", "bad class=")]
        [InlineData("pci\tprogram=x\tvendor=0x10000", "bad vendor=")]
        [InlineData("dmamemory\tprogram=x\tname=d\tpages=1025", "pages= from 1 to 1024")]
        [InlineData("pcibar\tprogram=x\tname=b", "needs name= and a number in index=")]
        public void KernelParserRefusesMalformedPciRecords(string record, string why)
        {
            string text = "singularity-system-manifest\tversion=1\tabi=1\nprogram\tname=x\tkind=driver\n" + record + "\n";
            Assert.Null(SystemManifest.Parse(text, out string? error));
            Assert.Contains(why, error);
        }
    }
}
