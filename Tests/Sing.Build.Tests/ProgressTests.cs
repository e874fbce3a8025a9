using Xunit;

namespace Sing.Build.Tests;

/// <summary>The progress of long runs: what the plain lines say, the estimate of the time left, and the bench plan.</summary>
public class ProgressTests
{
    [Fact]
    public void TheTimeLeftCountsDownFromTheLengthTheStepsDoneForetell()
    {
        var estimate = new ProgressEstimate(new WorkPlan("bench", 3, 12));
        Assert.Null(estimate.Remaining(TimeSpan.FromSeconds(10)));
        estimate.Complete(3, TimeSpan.FromSeconds(10)); // a quarter of the weight in 10 s: 40 s in all
        Assert.Equal(TimeSpan.FromSeconds(30), estimate.Remaining(TimeSpan.FromSeconds(10)));
        Assert.Equal(TimeSpan.FromSeconds(5), estimate.Remaining(TimeSpan.FromSeconds(35)));
        Assert.Equal(TimeSpan.Zero, estimate.Remaining(TimeSpan.FromSeconds(45)));
        estimate.Complete(3, TimeSpan.FromSeconds(30)); // half in 30 s: 60 s in all
        Assert.Equal(TimeSpan.FromSeconds(30), estimate.Remaining(TimeSpan.FromSeconds(30)));
        Assert.Equal(2, estimate.Done);
        Assert.Throws<ArgumentOutOfRangeException>(() => estimate.Complete(-1, TimeSpan.Zero));
    }

    [Theory]
    [InlineData(42, "42 s")]
    [InlineData(80, "1 min 20 s")]
    [InlineData(3 * 3600 + 5 * 60, "3 h 05 min")]
    public void DurationsReadAsAPersonWouldSayThem(int seconds, string text)
    {
        Assert.Equal(text, ProgressEstimate.Duration(TimeSpan.FromSeconds(seconds)));
    }

    [Fact]
    public void PlainLinesSayWhatRunsHowManyAreDoneAndTheTimeLeft()
    {
        var clock = new ManualClock();
        using var output = new StringWriter();
        var progress = new PlainWorkProgress(output, WorkPlan.Even("test projects", 4), clock);
        progress.Begin("Sing.Build.Tests");
        clock.Advance(TimeSpan.FromSeconds(20));
        progress.Complete();
        progress.Begin("Sing.Installer.Tests");
        progress.Log("a line of its own");
        clock.Advance(TimeSpan.FromSeconds(20));
        progress.Complete();
        progress.Finish();
        string[] lines = output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(
        [
            "[test projects] 0/4 done, 0 s elapsed, estimating the time left: Sing.Build.Tests",
            "[test projects] 1/4 done, 20 s elapsed, about 1 min 00 s left: Sing.Installer.Tests",
            "a line of its own",
            "[test projects] 2/4 done in 40 s",
        ], lines);
    }

    [Fact]
    public void TheBenchPlanCountsEveryBootAndTheLinuxBuild()
    {
        var quick = BenchVerb.Plan(new Options(Sing.Qemu.QemuAccelerator.Tcg, false, null, 512, null, Quick: true));
        // 2 boots per mode: 4 boot-time boots, the Linux build, 4 Singularity and 4 Linux bench boots, then the HTTP rows'
        // two guests.
        Assert.Equal(15, quick.Steps);
        Assert.Equal(4 * BenchVerb.BootTimeWeight + BenchVerb.LinuxBuildWeight + 4 * (BenchVerb.SingularityBootWeight + BenchVerb.LinuxBootWeight)
            + 2 * BenchVerb.LinuxBootWeight, quick.Weight);
        Assert.Equal(21, BenchVerb.Plan(new Options(Sing.Qemu.QemuAccelerator.Tcg, false, null, 512, null)).Steps);
    }

    [Fact]
    public void CiOrARedirectedOutputGetsPlainLines()
    {
        // The test host's output is redirected, so the live display is never chosen here.
        Assert.False(ProgressDisplay.IsInteractive);
    }
}

/// <summary>A clock that moves only when told.</summary>
internal sealed class ManualClock : TimeProvider
{
    private long _ticks;

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => _ticks;

    public void Advance(TimeSpan by) => _ticks += by.Ticks;
}
