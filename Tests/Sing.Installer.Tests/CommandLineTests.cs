using System.IO;
using Sing.Install;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>sing-install's command line: the argument vectors the build passes parse to the right verb and values,
    /// every verb has generated help, and a bad verb or option gets an error that names it and suggests the right one.</summary>
    public class CommandLineTests
    {
        [Fact]
        public void VerifyParsesTheArgumentsSipProgramTargetsPasses()
        {
            var line = new InstallCommandLine();
            var result = line.Parse(
            [
                "verify", "--policy", "/r/Manifests/system.policy.xml", "--program", "Shell", "--assembly", "/r/Apps/Shell/obj/Debug/net10.0/Shell.dll",
                "--references", "bin/Debug/net10.0/", "--trusted", "/r/a.dll;/r/b.dll", "--image", "/r/a.dll;/r/c.dll",
            ]);
            Assert.Empty(result.Errors);
            Assert.Same(line.Verify, result.CommandResult.Command);
            Assert.Equal("Shell", result.GetValue(line.Program));
            Assert.Equal("/r/Apps/Shell/obj/Debug/net10.0/Shell.dll", result.GetValue(line.Assembly));
            Assert.Equal(["/r/a.dll", "/r/b.dll"], ItemList.Split(result.GetValue(line.Trusted)));
            Assert.Equal(["bin/Debug/net10.0/"], ItemList.Split(result.GetValue(line.References)));
            Assert.Equal(["/r/a.dll", "/r/c.dll"], ItemList.Split(result.GetValue(line.Image)));
        }

        [Fact]
        public void ComposeParsesTheArgumentsTheKernelProjectPasses()
        {
            var line = new InstallCommandLine();
            var result = line.Parse(
            [
                "compose", "--policy", "/r/Manifests/system.policy.xml", "--assemblies", "Shell=/r/Shell.dll;Echo=/r/Echo.dll",
                "--trusted", "/r/a.dll", "--out", "/r/obj/system.manifest",
            ]);
            Assert.Empty(result.Errors);
            Assert.Same(line.Compose, result.CommandResult.Command);
            Assert.Equal(["Shell=/r/Shell.dll", "Echo=/r/Echo.dll"], ItemList.Split(result.GetValue(line.Assemblies)));
            Assert.Equal("/r/obj/system.manifest", result.GetValue(line.Out));
            Assert.Empty(ItemList.Split(result.GetValue(line.References)));
        }

        [Fact]
        public void CheckNeedsOnlyThePolicyAndAnAtSignIsAPathNotAResponseFile()
        {
            var line = new InstallCommandLine();
            var result = line.Parse(["check", "--policy", "@policy.xml"]);
            Assert.Empty(result.Errors);
            Assert.Same(line.Check, result.CommandResult.Command);
            Assert.Equal("@policy.xml", result.GetValue(line.Policy));
        }

        [Theory]
        [InlineData("check", "--policy")]
        [InlineData("verify", "--program")]
        [InlineData("compose", "--out")]
        public void EveryVerbHasGeneratedHelp(string verb, string option)
        {
            var (status, output, _) = Run(verb, "--help");
            Assert.Equal(0, status);
            Assert.Contains($" {verb} [options]", output); // the tool name is the host's (testhost here)
            Assert.Contains(option, output);
        }

        [Fact]
        public void AMisspelledOptionIsNamedAndTheRightOneSuggested()
        {
            var (status, output, errors) = Run("check", "--polcy", "Manifests/system.policy.xml");
            Assert.Equal(2, status);
            Assert.Contains("'--polcy' was not matched", output + errors);
            Assert.Contains("--policy", output);
        }

        [Fact]
        public void AMisspelledVerbIsNamedAndTheRightOneSuggested()
        {
            var (status, output, errors) = Run("verfy", "--policy", "p.xml");
            Assert.Equal(2, status);
            Assert.Contains("'verfy' was not matched", output + errors);
            Assert.Contains("verify", output);
        }

        [Fact]
        public void AMissingRequiredOptionIsNamed()
        {
            var (status, _, errors) = Run("verify", "--policy", "p.xml", "--program", "Shell");
            Assert.Equal(2, status);
            Assert.Contains("'--assembly' is required", errors);
        }

        [Fact]
        public void ABadAssembliesEntryIsNamed()
        {
            var (status, _, errors) = Run("compose", "--policy", "p.xml", "--assemblies", "Shell.dll", "--out", Path.Combine(Path.GetTempPath(), "never.manifest"));
            Assert.Equal(2, status);
            Assert.Contains("--assemblies entry 'Shell.dll' is not name=path.dll", errors);
        }

        [Fact]
        public void NoArgumentsIsAUsageError()
        {
            var (status, output, _) = Run();
            Assert.Equal(2, status);
            Assert.Contains("compose", output);
        }

        private static (int Status, string Output, string Errors) Run(params string[] args)
        {
            using var output = new StringWriter();
            using var errors = new StringWriter();
            int status = Program.Run(args, output, errors);
            return (status, output.ToString(), errors.ToString());
        }
    }
}
