using Xunit;

namespace Sing.Build.Tests;

public class TestRunSummaryTests
{
    [Fact]
    public void ProjectLinesAddUpToTheClosingLine()
    {
        var summary = new TestRunSummary();
        Assert.Null(summary.Read("Test run for /r/Tests/Sing.Build.Tests/bin/Debug/net10.0/Sing.Build.Tests.dll (.NETCoreApp,Version=v10.0)"));
        Assert.Equal("Sing.Build.Tests.dll",
            summary.Read("Passed!  - Failed:     0, Passed:    23, Skipped:     0, Total:    23, Duration: 971 ms - Sing.Build.Tests.dll (net10.0)"));
        Assert.Equal("Sing.Boot.Tests.dll",
            summary.Read("Failed!  - Failed:     2, Passed:   140, Skipped:     1, Total:   143, Duration: 5 m 2 s - Sing.Boot.Tests.dll (net10.0)"));
        Assert.Equal(2, summary.Projects);
        Assert.Equal("tests: 163 passed, 2 failed, 1 skipped", summary.ClosingLine());
    }

    [Fact]
    public void AProjectWhoseTestsTheFilterLeavesOutAlsoCloses()
    {
        var summary = new TestRunSummary();
        Assert.Equal("Sing.Qemu.Tests.dll", summary.Read(
            "No test matches the given testcase filter `FullyQualifiedName~Progress` in /r/Tests/Sing.Qemu.Tests/bin/Debug/net10.0/Sing.Qemu.Tests.dll"));
        Assert.Equal(1, summary.Projects);
        Assert.Equal("tests: 0 passed, 0 failed", summary.ClosingLine());
    }

    [Fact]
    public void WithNothingSkippedTheLineIsThePlainOne()
    {
        var summary = new TestRunSummary();
        summary.Read("Passed!  - Failed:     0, Passed:     7, Skipped:     0, Total:     7, Duration: 1 s - A.Tests.dll (net10.0)");
        Assert.Equal("tests: 7 passed, 0 failed", summary.ClosingLine());
    }

    [Fact]
    public void TheSolutionsTestProjectsAreCounted()
    {
        string sln = File.ReadAllText(TestVerb.Solution);
        Assert.Equal(Directory.GetDirectories(Path.Combine(Cli.Root, "Tests")).Count(d => Directory.GetFiles(d, "*.Tests.csproj").Length > 0),
            TestVerb.CountTestProjects(sln));
    }
}
