using Sing.Bench.Installer;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>The install-time benchmark's report (Bench/Installer): the CSV's shape for scripts and the Markdown cells,
/// on fixed numbers. No timing is asserted.</summary>
public class InstallReportTests
{
    private static InstallResults Sample(bool withIlc)
    {
        var cold = new Measurement();
        cold.Add(300, 200);
        cold.Add(500, 240);
        cold.Add(400, 220);
        var hello = new ProgramResult("hello", new IlSize(6, 429), cold, Measurement.Of(1.5, double.NaN),
            withIlc ? Measurement.Of(12_000, 15_000) : null, Measurement.Of(2_500, double.NaN));
        return new InstallResults([hello], Measurement.Of(600, 250), Measurement.Of(30, double.NaN),
            withIlc ? Measurement.Of(40_000, 50_000) : null, withIlc ? Measurement.Of(900, 800) : null, Measurement.Of(4_000, double.NaN), "test machine.");
    }

    [Fact]
    public void CsvHasOneRowPerMeasuredStepAndLeavesUnmeasuredValuesEmpty()
    {
        string[] lines = ReportWriter.Csv(Sample(withIlc: true)).TrimEnd('\n').Split('\n');
        Assert.Equal(ReportWriter.CsvHeader, lines[0]);
        Assert.All(lines, l => Assert.Equal(9, l.Count(c => c == ',')));
        Assert.Contains("verify,hello,cold,3,400.000,300.000,500.000,220.000,6,429", lines);
        Assert.Contains("verify,hello,warm,1,1.500,1.500,1.500,,6,429", lines);
        Assert.Contains("build,kernel,warm,1,4000.000,4000.000,4000.000,,,", lines);
        // Programs: verify cold + ILC; image: that + kernel ILC + compose cold + ISO.
        Assert.Contains("total,programs,cold,,12400.000,,,,,", lines);
        Assert.Contains("total,image,cold,,53900.000,,,,,", lines);
    }

    [Fact]
    public void SkippedStepsHaveNoCsvRowAndNoTotal()
    {
        string csv = ReportWriter.Csv(Sample(withIlc: false));
        Assert.DoesNotContain("ilc,", csv);
        Assert.Contains("total,image,cold,,,,,,,", csv);
    }

    [Fact]
    public void MarkdownShowsMediansPerProgramAndDashesForSkippedSteps()
    {
        string md = ReportWriter.Markdown(Sample(withIlc: false));
        Assert.Contains("| hello | 6 | 429 | 400 ms | 220 ms | 1.50 ms | – | – | – | 2,500 ms |", md);
        Assert.Contains("| kernel ILC | cold | 0 | – | – |", md);
        Assert.Contains("| compose (InstallerPipeline.Compose) | warm | 1 | 30.0 ms | – |", md);
        Assert.EndsWith("test machine.\n", md);
    }

    [Fact]
    public void MedianIgnoresMissingValues()
    {
        Assert.Equal(2.5, Measurement.Median([4, 1, double.NaN, 3, 2]));
        Assert.True(double.IsNaN(Measurement.Median([double.NaN])));
    }
}
