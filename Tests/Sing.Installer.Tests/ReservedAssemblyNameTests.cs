using System;
using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Rules;
using Sing.Installer.Xml;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>A code assembly named like a trusted library or the framework is refused (SINGI067) by every entry point
    /// that reads a manifest: the manifest rules alone, `check` (the policy and its manifests), and `compose`; `verify`
    /// is covered by Corpus/code-named-like-framework.cs.</summary>
    public sealed class ReservedAssemblyNameTests : IDisposable
    {
        private readonly string _dir = ProgramCompiler.TempDirectory();

        public void Dispose() => Directory.Delete(_dir, recursive: true);

        private string WriteManifest(string second)
        {
            string file = Path.Combine(_dir, "app.manifest.xml");
            File.WriteAllText(file, $"""
                <manifest xmlns="urn:singularity:manifest:v1" name="app" kind="application" publisher="Tests" version="1.0.0">
                  <abi version="1"/>
                  <code><assembly name="App"/><assembly name="{second}"/></code>
                </manifest>
                """);
            return file;
        }

        private string WritePolicy(string manifest)
        {
            string file = Path.Combine(_dir, "test.policy.xml");
            File.WriteAllText(file, $"""
                <policy xmlns="urn:singularity:policy:v1" configuration="SIP-Phys">
                  <programs><program name="app" manifest="{manifest}" project="none.csproj"/></programs>
                </policy>
                """);
            return file;
        }

        private static void AssertRefused(DiagnosticBag bag, string name)
        {
            var d = Assert.Single(bag.Items, x => x.Code == ErrorCodes.TrustedIdentity);
            Assert.Contains($"code assembly {name} of app is named like a system or framework assembly", d.Message, StringComparison.Ordinal);
            Assert.Equal(3, d.Location.Line);
        }

        [Theory]
        [InlineData("System.Private.CoreLib")]
        [InlineData("Sing.SipRuntime")]
        [InlineData("sing.contracts.sip")]
        [InlineData("Sing.Contracts")]
        [InlineData("Sing.Contracts.Extra")]
        [InlineData("System.Runtime")]
        [InlineData("MSCORLIB")]
        [InlineData("netstandard")]
        [InlineData("System.Evil")]
        [InlineData("microsoft.Win32.Primitives")]
        public void EveryEntryPointRefusesTheName(string name)
        {
            string manifest = WriteManifest(name);

            var alone = new DiagnosticBag();
            ManifestRules.Check(ManifestReader.Read(manifest, alone)!, alone);
            AssertRefused(alone, name);

            var check = new DiagnosticBag();
            InstallerPipeline.Check(WritePolicy(manifest), check);
            AssertRefused(check, name);

            var compose = new DiagnosticBag();
            Assert.Null(InstallerPipeline.Compose(WritePolicy(manifest), null, Array.Empty<string>(), Array.Empty<string>(), compose));
            AssertRefused(compose, name);
        }

        [Theory]
        [InlineData("SystemTools")]
        [InlineData("Sing.ContractsExtra")]
        [InlineData("MicrosoftFan")]
        [InlineData("MySystem.Runtime")]
        public void NamesThatOnlyResembleThemAreAccepted(string name)
        {
            var bag = new DiagnosticBag();
            ManifestRules.Check(ManifestReader.Read(WriteManifest(name), bag)!, bag);
            Assert.True(bag.Count == 0, string.Join("\n", bag.Items));
        }
    }
}
