using System.Text.RegularExpressions;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The boot banner carries what a person needs to know about the machine.</summary>
public class BannerTests
{
    [Theory]
    [InlineData(@"^Singularity \d+\.\d+\.\d+ - C# kernel compiled by NativeAOT ILC \d+\.\d+\.\d+")]
    [InlineData(@"^CPU: \S+ "".+"" family \d+ model \d+ stepping \d+$")]
    [InlineData(@"^CPU features:.* sse2 .*sse4\.2")]
    [InlineData(@"^Memory: \d+ MiB usable of \d+ MiB mapped; pages \(4 KiB\): free=\d+ used=\d+ reserved=\d+$")]
    [InlineData(@"^Timer: PIT 1000 Hz; TSC \d+\.\d{3} MHz \(calibrated over 20 ms\)$")]
    [InlineData(@"^Boot: \d+ ms since power-on, \d+ ms in the kernel$")]
    public async Task BannerLinePresent(string pattern)
    {
        var run = await KernelTestRun.ResultAsync;
        Assert.True(Regex.IsMatch(run.Serial, pattern, RegexOptions.Multiline), $"no banner line matches {pattern}.\n{run.Describe()}");
    }

    [Fact]
    public async Task MemoryCountsAddUpToMappedPages()
    {
        var run = await KernelTestRun.ResultAsync;
        var m = Regex.Match(run.Serial, @"^Memory: (\d+) MiB usable of (\d+) MiB mapped; pages \(4 KiB\): free=(\d+) used=(\d+) reserved=(\d+)$", RegexOptions.Multiline);
        Assert.True(m.Success, run.Describe());
        long mapped = long.Parse(m.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture);
        long pages = Enumerable.Range(3, 3).Sum(i => long.Parse(m.Groups[i].Value, System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(mapped, pages / 256); // the banner rounds MiB down
        // The harness gives the guest 512 MiB: nearly all of it must be usable. What is not is the firmware's, the
        // kernel's and the boot image's (every installed program, which grows as programs do): 48 MiB at most.
        Assert.InRange(long.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture), 464, 512);
    }
}
