using Xunit;

namespace Sing.Build.Tests;

public class IssueTargetsTests
{
    private static ComparisonRow Row(string name, double icount, double tcg) =>
        new(name, null, new ModeFigures(icount, double.NaN), new ModeFigures(tcg, double.NaN), null, null, double.NaN, []);

    private static LinuxContextRow Pipe(double icount, double tcg) => new("PipeRT-1", icount, tcg, "PSR-1", LinuxRowRole.Alternative, null);

    [Fact]
    public void PipeTargetIsMetAtTwentyTimesCheaperAndNotBelow()
    {
        var met = IssueTargets.Judge([Row("PSR-1", 500, 4000)], [Pipe(12000, 240000)]);
        Assert.Equal(24, met[0].Icount, 6);
        Assert.Equal(60, met[0].Tcg, 6);
        Assert.True(met[0].MetUnderIcount);
        var missed = IssueTargets.Judge([Row("PSR-1", 700, 4000)], [Pipe(12000, 240000)]);
        Assert.False(missed[0].MetUnderIcount);
        Assert.Contains("**no**", IssueTargets.Markdown(missed), StringComparison.Ordinal);
    }

    [Fact]
    public void SizeIndependenceComparesPsr32KWithPsr1()
    {
        var verdicts = IssueTargets.Judge([Row("PSR-1", 500, 4000), Row("PSR-32K", 540, 4400)], []);
        var size = Assert.Single(verdicts);
        Assert.Equal(1.08, size.Icount, 6);
        Assert.True(size.MetUnderIcount);
        Assert.False(IssueTargets.Judge([Row("PSR-1", 500, 4000), Row("PSR-32K", 600, 4400)], [])[0].MetUnderIcount);
    }

    [Fact]
    public void MissingRowsGiveNoVerdictRatherThanAFalseOne()
    {
        Assert.Empty(IssueTargets.Judge([Row("ABICall", 26, 200)], [Pipe(12000, 240000)]));
        var unmeasured = IssueTargets.Judge([Row("PSR-1", double.NaN, double.NaN)], [Pipe(12000, 240000)]);
        Assert.Null(unmeasured[0].MetUnderIcount);
    }
}
