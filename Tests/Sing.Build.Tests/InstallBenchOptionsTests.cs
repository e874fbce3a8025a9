using Sing.Bench.Installer;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>The install-time benchmark's command line (Bench/Installer, System.CommandLine).</summary>
public class InstallBenchOptionsTests
{
    private static (BenchOptions? Options, int Status, string Output, string Errors) Parse(params string[] args)
    {
        using var output = new StringWriter();
        using var errors = new StringWriter();
        var options = BenchOptions.Parse(args, output, errors, out int status);
        return (options, status, output.ToString(), errors.ToString());
    }

    [Fact]
    public void DefaultsAreTheDocumentedOnes()
    {
        var o = Parse().Options!;
        Assert.Equal(new BenchOptions(null, "Debug", "", 3, 20, 1, 1, null, false, false, false, null), o);
    }

    [Fact]
    public void EveryOptionIsRead()
    {
        var o = Parse("--repo", "/r", "--configuration", "Release", "--out", "/o", "--cold-reps", "5", "--warm-reps", "7", "--ilc-reps", "2",
            "--build-reps", "4", "--programs", "hello, shell", "--skip-ilc", "--skip-build", "--skip-kernel", "--ilc", "/x/ilc").Options!;
        Assert.Equal(("/r", "Release", "/o", 5, 7, 2, 4), (o.Repo, o.Configuration, o.Output, o.ColdReps, o.WarmReps, o.IlcReps, o.BuildReps));
        Assert.Equal(["hello", "shell"], o.Programs);
        Assert.True(o.SkipIlc && o.SkipBuild && o.SkipKernel);
        Assert.Equal("/x/ilc", o.Ilc);
    }

    [Fact]
    public void AMisspeltOptionIsNamedAndTheRightOneSuggested()
    {
        var (options, status, output, _) = Parse("--cold-rep", "2");
        Assert.Null(options);
        Assert.Equal(2, status);
        Assert.Contains("'--cold-rep' was not matched", output, StringComparison.Ordinal);
        Assert.Contains("--cold-reps", output, StringComparison.Ordinal);
    }

    [Fact]
    public void ACountMustBePositive()
    {
        var (options, status, _, errors) = Parse("--warm-reps", "0");
        Assert.Null(options);
        Assert.Equal(2, status);
        Assert.Contains("--warm-reps takes a positive number, not '0'", errors, StringComparison.Ordinal);
    }

    [Fact]
    public void HelpEndsTheRunWithStatusZero()
    {
        var (options, status, output, _) = Parse("--help");
        Assert.Null(options);
        Assert.Equal(0, status);
        Assert.Contains("--skip-kernel", output, StringComparison.Ordinal);
    }
}
