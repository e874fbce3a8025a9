using Xunit;

namespace Sing.Build.Tests;

public class BenchLineParsingTests
{
    [Fact]
    public void KernelRowsSkipsAndStartAreRead()
    {
        var output = SingBenchLines.Parse(SampleOutputs.Kernel);
        Assert.True(output.Done);
        Assert.True(output.Quick);
        Assert.Equal(999839520, output.TscHz);
        Assert.Equal(["AllocSmallObject", "PageAlloc", "ThreadYield"], output.Rows.Select(r => r.Name));
        var yield = output.Rows.Single(r => r.Name == "ThreadYield");
        Assert.Equal(187, yield.CyclesPerOp);
        Assert.Equal(2000, yield.Iterations);
        Assert.Equal(3, yield.Repetitions);
        Assert.Equal(12012, yield.ContextSwitches);
        Assert.Equal("singbench", yield.Suite);
        Assert.Equal(["ABICall", "PSR-1"], output.Skips.Select(s => s.Name));
        Assert.Equal("no ABI yet: SIPs and the kernel ABI are not implemented", output.Skips[0].Reason);
    }

    [Fact]
    public void KernelLinesWithoutTheNewFieldsStillParse()
    {
        var output = SingBenchLines.Parse(SampleOutputs.OldKernel);
        Assert.True(output.Done);
        Assert.False(output.Quick);
        var row = Assert.Single(output.Rows);
        Assert.Equal(56, row.CyclesPerOp);
        Assert.Null(row.ContextSwitches);
        Assert.Null(row.Suite);
    }

    [Fact]
    public void KernelOutputWithoutDoneIsIncomplete()
    {
        var output = SingBenchLines.Parse(SampleOutputs.Kernel.Replace("BENCH-DONE", "", StringComparison.Ordinal));
        Assert.False(output.Done);
    }

    [Fact]
    public void LinuxRowsRolesAndSkipsAreRead()
    {
        var output = LinuxBenchLines.Parse(SampleOutputs.Linux);
        Assert.True(output.Done);
        Assert.Equal("6.1.0-56-amd64", output.Kernel);
        Assert.DoesNotContain(output.Rows, r => r.Name is "start" or "done" or "wall");
        var abi = output.Rows.Single(r => r.Name == "ABICall");
        Assert.Equal(322, abi.CyclesPerOp);
        Assert.Equal(1000, abi.Iterations);
        Assert.Equal("ABICall", abi.SingRow);
        Assert.Equal(LinuxRowRole.Primary, abi.Role);
        Assert.Equal(LinuxRowRole.Alternative, output.Rows.Single(r => r.Name == "ABICall-clock_getres").Role);
        var int80 = output.Rows.Single(r => r.Name == "Getpid-int80");
        Assert.True(int80.Skipped);
        Assert.Null(int80.SingRow);
        Assert.Equal(LinuxRowRole.Info, int80.Role);
        Assert.True(output.Rows.Single(r => r.Name == "ThreadYield").Min == 1770); // the line behind an escape sequence
    }

    [Fact]
    public void LinuxOutputWithoutOkDoneIsIncomplete()
    {
        var output = LinuxBenchLines.Parse(SampleOutputs.Linux.Replace("status=ok\nBENCH linux wall", "status=fail\nBENCH linux wall", StringComparison.Ordinal));
        Assert.False(output.Done);
    }

    [Fact]
    public void QuotedValuesKeepTheirSpaces()
    {
        var fields = KeyValues.Parse("reason=\"no channels yet\" suite=singbench empty=");
        Assert.Equal("no channels yet", fields["reason"]);
        Assert.Equal("singbench", fields["suite"]);
        Assert.Equal("", fields["empty"]);
    }

    [Fact]
    public void LinuxStorageRowsKeepTheirExtraFieldsAndSkipReasons()
    {
        var output = LinuxBenchLines.Parse(SampleOutputs.LinuxDisk);
        Assert.True(output.Done);
        Assert.Empty(output.Errors);
        Assert.Equal(["Disk.SeqRead-4K", "File.OpenReadClose", "WebFiles", "Disk.SeqRead-64K"], output.Rows.Select(r => r.Name));
        Assert.NotNull(output.Disk);
        Assert.Equal("/dev/sda", output.Disk!["device"]);
        Assert.Equal("15", output.Disk["modules"]);
        var seq = output.Rows.Single(r => r.Name == "Disk.SeqRead-4K");
        Assert.Equal(6.86, seq.Number("mb_per_s"));
        Assert.Equal(4194304, seq.Number("bytes"));
        Assert.Equal("Disk.SeqRead-4K", seq.SingRow);
        Assert.Equal("-", seq.PaperRef);
        var web = output.Rows.Single(r => r.Name == "WebFiles");
        Assert.Equal(6207184, web.CyclesPerOp);
        Assert.Equal(372431020, web.Number("total_cycles"));
        Assert.Equal(60, web.Number("requests"));
        Assert.Equal(2369625, web.Number("bytes"));
        Assert.Equal("004-S4.3", web.PaperRef);
        Assert.Null(web.Number("mb_per_s"));
        var skipped = output.Rows.Single(r => r.Name == "Disk.SeqRead-64K");
        Assert.True(skipped.Skipped);
        Assert.Equal("no disk attached (run.sh --disk IMAGE; host: --disk PATH)", skipped.SkipReason);
        Assert.Null(output.Rows.Single(r => r.Name == "WebFiles").SkipReason);
    }

    [Fact]
    public void LinuxErrorLinesAreKeptAndNoDiskLineMeansNoDisk()
    {
        var output = LinuxBenchLines.Parse(SampleOutputs.LinuxClientError);
        Assert.False(output.Done);
        Assert.Empty(output.Rows);
        Assert.Null(output.Disk);
        var error = Assert.Single(output.Errors);
        Assert.Contains("what=webfiles-request", error, StringComparison.Ordinal);
        Assert.Contains("the list says 999", error, StringComparison.Ordinal);
        Assert.Null(LinuxBenchLines.Parse(SampleOutputs.Linux).Disk);
    }
}
