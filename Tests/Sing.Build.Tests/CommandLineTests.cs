using Sing.Qemu;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>sing-build's command line: every verb and option as build.sh, build.ps1, CI and the READMEs spell them,
/// generated help, and errors that name the bad token and suggest the right one (exit status 2).</summary>
public class CommandLineTests
{
    private static (Options Options, string Verb) Parse(params string[] args)
    {
        var line = new BuildCommandLine();
        var result = line.Parse(args);
        Assert.Empty(result.Errors);
        return (line.OptionsOf(result), result.CommandResult.Command.Name);
    }

    [Fact]
    public void RunTakesEveryQemuOption()
    {
        var (o, verb) = Parse("run", "--accel", "kvm", "--icount", "--options", "test=all exit", "--memory", "1024");
        Assert.Equal("run", verb);
        Assert.Equal(new Options(QemuAccelerator.Kvm, true, "test=all exit", 1024, null) { ForwardedPort = 8080, Cpus = Options.DefaultCpus }, o);
    }

    [Fact]
    public void RunBootsTwoCpusUnlessCpusSaysOtherwiseAndBenchKeepsOne()
    {
        Assert.Equal(2, Parse("run").Item1.ToQemu().Cpus);
        Assert.Equal(4, Parse("run", "--cpus", "4").Item1.ToQemu().Cpus);
        Assert.Equal(1, Parse("bench").Item1.ToQemu().Cpus);
        var result = new BuildCommandLine().Parse(["run", "--cpus", "0"]);
        Assert.NotEmpty(result.Errors);
    }

    [Fact]
    public void RunAttachesEachDiskGivenAndRefusesAMissingOne()
    {
        string first = Path.GetTempFileName(), second = Path.GetTempFileName();
        try
        {
            var (o, _) = Parse("run", "--disk", first, "--disk", second);
            Assert.Equal([Path.GetFullPath(first), Path.GetFullPath(second)], o.Disks);
            string missing = Path.Combine(Path.GetTempPath(), "no-such-disk-" + Guid.NewGuid().ToString("N") + ".img");
            var result = new BuildCommandLine().Parse(["run", "--disk", missing]);
            Assert.Contains(result.Errors, e => e.Message.Contains("--disk: no file at", StringComparison.Ordinal) && e.Message.Contains(missing, StringComparison.Ordinal));
        }
        finally
        {
            File.Delete(first);
            File.Delete(second);
        }
    }

    [Fact]
    public void RunForwardsHostPort8080ToTheGuestUnlessNetSaysOtherwise()
    {
        Assert.Equal(8080, Parse("run").Item1.ForwardedPort);
        Assert.Equal(18080, Parse("run", "--net", "18080").Item1.ForwardedPort);
        Assert.Null(Parse("run", "--net", "0").Item1.ForwardedPort);
        Assert.Equal(8080, Parse("run").Item1.ToQemu().ForwardedHostPort);
        var result = new BuildCommandLine().Parse(["run", "--net", "99999"]);
        Assert.Contains(result.Errors, e => e.Message.Contains("--net takes a TCP port", StringComparison.Ordinal));
    }

    [Fact]
    public void DebugDefaultsToTcgAnd512MiB()
    {
        var (o, verb) = Parse("debug");
        Assert.Equal("debug", verb);
        Assert.Equal(new Options(QemuAccelerator.Tcg, false, null, 512, null) { ForwardedPort = 8080, Cpus = Options.DefaultCpus }, o);
    }

    [Fact]
    public void BenchTakesQuickAndRepeat()
    {
        var (quick, _) = Parse("bench", "--quick");
        Assert.True(quick.Quick);
        Assert.Equal(2, quick.BenchBoots);
        var (repeat, _) = Parse("bench", "--repeat", "5", "--memory", "768");
        Assert.Equal(5, repeat.BenchBoots);
        Assert.Equal(768, repeat.MemoryMiB);
        Assert.Equal(3, Parse("bench").Options.BenchBoots);
    }

    [Fact]
    public void SoakTakesQuickAndKernelOptions()
    {
        var (o, verb) = Parse("soak", "--quick", "--options", "log=verbose");
        Assert.Equal("soak", verb);
        Assert.True(o.Quick);
        Assert.Equal("log=verbose", o.KernelOptions);
        Assert.Null(o.SoakMinutes);
    }

    [Fact]
    public void SoakTakesMinutes()
    {
        Assert.Equal(45, Parse("soak", "--minutes", "45").Options.SoakMinutes);
        Assert.NotEmpty(new BuildCommandLine().Parse(["soak", "--minutes", "0"]).Errors);
    }

    [Fact]
    public void SoakSummarySumsMessagesAndLifetimes()
    {
        string summary = Soak.Summarize(
        [
            "[contractfuzz:7] contractfuzz: BlockDevice at /dev/ram/soak: 8 legal walks, 400 messages served; 3 violators ended by the kernel, 1 early closes; the server still serves",
            "[contractfuzz:19] contractfuzz: BlockDevice at /dev/ram/fuzz: 26 legal walks, 2600 messages served; 12 violators ended by the kernel, 4 early closes; the server still serves",
            "soak: 120 s: 5123 process lifetimes, 1000000 Echo messages, 40 fuzz runs (3 cut short), 30 Echo pairs (2 cut short), 900 short-lived programs; kills: 10 RAM disk, 12 clock driver, 38 clients; 22 restarts; services up, accounting back to the start",
        ]);
        Assert.Equal("soak summary: 1,003,000 messages, 5,123 process lifetimes, 2 contract-fuzzer runs", summary);
    }

    [Fact]
    public void RunBootsUefiAndAnyCpuModel()
    {
        var line = new BuildCommandLine();
        var result = line.Parse(["run", "--uefi", "--cpu", "Opteron_G1"]);
        Assert.Empty(result.Errors);
        var options = line.OptionsOf(result);
        Assert.Equal(QemuFirmware.Uefi, options.ToQemu().Firmware);
        Assert.Equal("Opteron_G1", options.ToQemu().CpuModel);
        Assert.Equal(QemuFirmware.Bios, line.OptionsOf(line.Parse(["debug"])).ToQemu().Firmware);
    }

    [Fact]
    public void TestPassesUnknownArgumentsToDotnetTest()
    {
        var result = new BuildCommandLine().Parse(["test", "--filter", "FullyQualifiedName~Chart", "-v", "n"]);
        Assert.Empty(result.Errors);
        Assert.Equal(["--filter", "FullyQualifiedName~Chart", "-v", "n"], result.UnmatchedTokens);
    }

    [Theory]
    [InlineData("run", "--accel")]
    [InlineData("debug", "--icount")]
    [InlineData("bench", "--repeat")]
    [InlineData("soak", "--quick")]
    [InlineData("test", "dotnet test")]
    [InlineData("vmware", "--serial")]
    public async Task EveryVerbHasGeneratedHelp(string verb, string mentioned)
    {
        var (status, output, _) = await Run(verb, "--help");
        Assert.Equal(0, status);
        Assert.Contains($" {verb} [options]", output, StringComparison.Ordinal);
        Assert.Contains(mentioned, output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TheToolsHelpListsEveryVerb()
    {
        var (status, output, _) = await Run("--help");
        Assert.Equal(0, status);
        foreach (string verb in new[] { "run", "debug", "bench", "soak", "test", "vmware" })
            Assert.Contains($"  {verb} ", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(new[] { "bench", "--quik" }, "--quik", "--quick")]
    [InlineData(new[] { "run", "--acel", "kvm" }, "--acel", "--accel")]
    [InlineData(new[] { "soak", "--icont" }, "--icont", "--icount")]
    [InlineData(new[] { "bnech" }, "bnech", "bench")]
    [InlineData(new[] { "sok", "--quick" }, "sok", "soak")]
    public async Task AMisspelledVerbOrOptionIsNamedAndTheRightOneSuggested(string[] args, string bad, string suggested)
    {
        var (status, output, errors) = await Run(args);
        Assert.Equal(Cli.UsageError, status);
        Assert.Contains($"'{bad}' was not matched. Did you mean one of the following?", output, StringComparison.Ordinal);
        Assert.Contains(suggested, output, StringComparison.Ordinal);
        Assert.Contains($"'{bad}'", errors, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(new[] { "run", "--accel", "hvf" }, "'hvf'")]
    [InlineData(new[] { "bench", "--memory", "0" }, "--memory takes a positive whole number, not '0'")]
    [InlineData(new[] { "bench", "--repeat", "-2" }, "--repeat")]
    [InlineData(new[] { "bench", "--memory", "lots" }, "'lots'")]
    [InlineData(new[] { "run", "--repeat", "3" }, "'--repeat'")]
    [InlineData(new[] { "run", "--memory" }, "--memory")]
    public async Task ABadValueOrAnOptionOfAnotherVerbIsNamed(string[] args, string named)
    {
        var (status, _, errors) = await Run(args);
        Assert.Equal(Cli.UsageError, status);
        Assert.Contains(named, errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task NoVerbIsAUsageErrorThatListsTheVerbs()
    {
        var (status, output, _) = await Run();
        Assert.Equal(Cli.UsageError, status);
        Assert.Contains("bench", output, StringComparison.Ordinal);
    }

    private static async Task<(int Status, string Output, string Errors)> Run(params string[] args)
    {
        using var output = new StringWriter();
        using var errors = new StringWriter();
        int status = await Cli.RunAsync(args, output, errors);
        return (status, output.ToString(), errors.ToString());
    }
}
