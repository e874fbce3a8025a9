using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The conformance suite (Apps/Conformance/Checks): the same C# source runs on stock .NET (the
/// Sing.Conformance.Host program) and in a SIP (kernel test library.conformance_in_sip, part of the test=all boot),
/// and the two outputs must be identical line by line. The SIP's lines reach the serial console as UTF-8 behind the
/// kernel's "[conformance:PID] " prefix.</summary>
public partial class ConformanceTests
{
    [Fact]
    public async Task SipPrintsWhatStockDotNetPrints()
    {
        List<string> expected = await RunOnHostAsync();
        List<string> actual = FromSerial((await KernelTestRun.ResultAsync).Serial);
        Assert.True(expected.Count > 300, $"the host run printed {expected.Count} lines");
        Assert.True(actual.Count > 0, "the SIP printed nothing (did library.conformance_in_sip run?)");

        var differences = new List<string>();
        for (int i = 0; i < Math.Max(expected.Count, actual.Count); i++)
        {
            string want = i < expected.Count ? expected[i] : "(nothing)";
            string got = i < actual.Count ? actual[i] : "(nothing)";
            if (want != got) differences.Add($"line {i + 1}:\n  .NET: {want}\n  SIP:  {got}");
        }
        Assert.True(differences.Count == 0,
            $"{differences.Count} of {expected.Count} lines differ:\n" + string.Join("\n", differences.Take(60)));
    }

    [Fact]
    public async Task SuiteHasAtLeast300Checks()
    {
        List<string> expected = await RunOnHostAsync();
        int checks = expected.Count(l => CheckLine().IsMatch(l));
        Assert.True(checks >= 300, $"{checks} checks");
    }

    internal static List<string> FromSerial(string serial)
    {
        var lines = new List<string>();
        foreach (string line in serial.Split('\n'))
        {
            Match m = SipLine().Match(line);
            // The serial log is read as UTF-8 (QemuRunner.CleanSerial); empty lines are dropped, as from the host run.
            if (m.Success && m.Groups[1].Value.Length > 0) lines.Add(m.Groups[1].Value);
        }
        return lines;
    }

    private static readonly Lazy<Task<List<string>>> s_host = new(RunHostProgramAsync);

    internal static Task<List<string>> RunOnHostAsync() => s_host.Value;

    private static async Task<List<string>> RunHostProgramAsync()
    {
        // Built by the ProjectReference in this test project, in the same configuration.
        string configuration = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar)).Parent!.Name;
        string program = Path.Combine(Repository.Root, "Tests", "Sing.Conformance.Host", "bin", configuration, "net10.0", "Sing.Conformance.Host.dll");
        Assert.True(File.Exists(program), $"missing {program}");
        var start = new ProcessStartInfo("dotnet", $"\"{program}\"")
        {
            RedirectStandardOutput = true,
            RedirectStandardInput = true, // closed at once: the suite checks that ReadLine sees the end of input
            StandardOutputEncoding = Encoding.UTF8,
            UseShellExecute = false,
        };
        using Process process = Process.Start(start)!;
        process.StandardInput.Close();
        string output = await process.StandardOutput.ReadToEndAsync();
        await process.WaitForExitAsync();
        Assert.Equal(0, process.ExitCode);
        return output.Replace("\r", "", StringComparison.Ordinal).Split('\n').Where(l => l.Length > 0).ToList();
    }

    [GeneratedRegex(@"^\[conformance:\d+\] (.*)$")]
    private static partial Regex SipLine();

    [GeneratedRegex(@"^[^=\s][^:]*: ")]
    private static partial Regex CheckLine();
}
