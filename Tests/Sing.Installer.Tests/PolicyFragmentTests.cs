using System;
using System.IO;
using System.Linq;
using Singularity.Manifests;
using Sing.Installer.Diagnostics;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>Policy fragments (sing.policy.xml of a program built with Sing.Sdk, sing-install --fragments): a fragment
    /// installs its own program, may make it a boot service, and can never grant trust.</summary>
    public sealed class PolicyFragmentTests : IDisposable
    {
        private readonly string _folder = Path.Combine(Path.GetTempPath(), "sdk-fragment-" + Guid.NewGuid().ToString("N"));

        public PolicyFragmentTests()
        {
            Directory.CreateDirectory(_folder);
            File.WriteAllText(Path.Combine(_folder, "outside.xml"), """
                <?xml version="1.0" encoding="utf-8"?>
                <manifest xmlns="urn:singularity:manifest:v1" name="outside" kind="service" publisher="Someone" version="1.0.0">
                  <description>A service from outside the repository</description>
                  <abi version="1"/>
                  <code><assembly name="Outside"/></code>
                  <endpoints>
                    <endpoint name="clients" contract="Outside.Contract" side="Exp" state="Start" register="/service/outside"/>
                  </endpoints>
                </manifest>
                """);
        }

        public void Dispose() => Directory.Delete(_folder, recursive: true);

        private static string Policy => Path.Combine(TestPaths.Root, "Manifests", "system.policy.xml");

        private string Fragment(string programAttributes, string boot = "")
        {
            string file = Path.Combine(_folder, "sing.policy.xml");
            File.WriteAllText(file, $"""
                <?xml version="1.0" encoding="utf-8"?>
                <fragment xmlns="urn:singularity:policy:v1">
                  <program name="outside" manifest="outside.xml" project="Outside.csproj" {programAttributes}/>
                  {boot}
                </fragment>
                """);
            return file;
        }

        private static (string? Text, DiagnosticBag Bag) Compose(string fragment)
        {
            var bag = new DiagnosticBag();
            string? text = InstallerPipeline.Compose(Policy, null, Enumerable.Empty<string>(), TestPaths.TrustedAssemblies, bag, new[] { fragment });
            return (text, bag);
        }

        [Fact]
        public void AFragmentsProgramAndBootEntryReachTheSystemManifestAfterThePolicysOwn()
        {
            var (text, bag) = Compose(Fragment("", """<boot program="outside" restart="on-failure"/>"""));
            Assert.True(text is not null, string.Join("\n", bag.Items));
            SystemManifest? parsed = SystemManifest.Parse(text!, out string? error);
            Assert.True(parsed is not null, error);
            Assert.False(parsed!.Find("outside")!.Trusted);
            Assert.Equal("outside", parsed.Boot[^1].Program);
            Assert.Equal("on-failure", parsed.Boot[^1].Restart);
            Assert.Equal("login", parsed.Boot[^2].Program);
        }

        [Fact]
        public void WithoutABootEntryTheProgramIsInstalledButNotStarted()
        {
            var (text, bag) = Compose(Fragment(""));
            Assert.True(text is not null, string.Join("\n", bag.Items));
            SystemManifest parsed = SystemManifest.Parse(text!, out _)!;
            Assert.NotNull(parsed.Find("outside"));
            Assert.DoesNotContain(parsed.Boot, b => b.Program == "outside");
        }

        [Theory]
        [InlineData("trusted=\"true\"", "sets trusted=\"true\"")]
        [InlineData("trusted=\"false\"", "sets trusted=\"false\"")]
        [InlineData("reason=\"it is mine\"", "sets reason=\"it is mine\"")]
        public void AFragmentCannotMarkItsProgramTrusted(string attribute, string message)
        {
            var (text, bag) = Compose(Fragment(attribute));
            Assert.Null(text);
            var d = Assert.Single(bag.Items);
            Assert.Equal(ErrorCodes.FragmentClaimsTrust, d.Code);
            Assert.Contains(message, d.Message);
            Assert.Contains("cannot mark itself trusted", d.Message);
        }

        [Fact]
        public void AFragmentMayStartOnlyItsOwnProgramAtBoot()
        {
            var (text, bag) = Compose(Fragment("", """<boot program="hello"/>"""));
            Assert.Null(text);
            var d = Assert.Single(bag.Items);
            Assert.Equal(ErrorCodes.FragmentClaimsTrust, d.Code);
            Assert.Contains("starts program hello at boot, but it installs outside", d.Message);
        }

        [Fact]
        public void AFragmentCannotReplaceAProgramOfThePolicy()
        {
            string file = Fragment("");
            File.WriteAllText(file, File.ReadAllText(file).Replace("name=\"outside\"", "name=\"hello\""));
            var (text, bag) = Compose(file);
            Assert.Null(text);
            Assert.Contains(bag.Items, d => d.Code == "SINGI030" && d.Message.Contains("program hello is listed twice"));
        }

        [Fact]
        public void AFragmentThatIsAWholePolicyIsRefused()
        {
            var (text, bag) = Compose(Policy);
            Assert.Null(text);
            Assert.Contains(bag.Items, d => d.Location.File == Policy);
        }

        [Fact]
        public void SingInstallTakesFragmentsOnEachVerb()
        {
            string fragment = Fragment("trusted=\"true\"");
            var output = new StringWriter();
            var errors = new StringWriter();
            int status = Install.Program.Run(new[] { "check", "--policy", Policy, "--fragments", fragment }, output, errors);
            Assert.Equal(1, status);
            Assert.Contains("SINGI097", errors.ToString());
        }
    }
}
