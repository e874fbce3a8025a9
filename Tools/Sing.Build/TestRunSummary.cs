using System.Globalization;
using System.Text.RegularExpressions;

namespace Sing.Build;

/// <summary>Adds up what `dotnet test` prints per test project ("Passed!  - Failed: 0, Passed: 23, Skipped: 0, Total:
/// 23, ... - Name.dll (net10.0)", or "Failed!  - ...") into the one closing line CI reads.</summary>
internal sealed partial class TestRunSummary
{
    public int Passed { get; private set; }
    public int Failed { get; private set; }
    public int Skipped { get; private set; }
    public int Projects { get; private set; }

    /// <summary>Reads one output line; returns the test assembly's name when the line closes a project (its counts, or
    /// dotnet test's word that a filter matched none of its tests), else null.</summary>
    public string? Read(string line)
    {
        ArgumentNullException.ThrowIfNull(line);
        var none = NoMatchLine().Match(line);
        if (none.Success)
        {
            Projects++;
            return Path.GetFileName(none.Groups["assembly"].Value);
        }
        var m = ProjectLine().Match(line);
        if (!m.Success) return null;
        Failed += Count(m, "failed");
        Passed += Count(m, "passed");
        Skipped += Count(m, "skipped");
        Projects++;
        return m.Groups["assembly"].Success ? m.Groups["assembly"].Value : "";
    }

    /// <summary>"tests: N passed, N failed" (", N skipped" when any were): the plain closing line.</summary>
    public string ClosingLine() => Skipped > 0
        ? $"tests: {Passed} passed, {Failed} failed, {Skipped} skipped"
        : $"tests: {Passed} passed, {Failed} failed";

    private static int Count(Match m, string group) =>
        m.Groups[group].Success ? int.Parse(m.Groups[group].Value, NumberStyles.None, CultureInfo.InvariantCulture) : 0;

    [GeneratedRegex(@"No test matches the given testcase filter .* in (?<assembly>\S+\.dll)\s*$")]
    private static partial Regex NoMatchLine();

    [GeneratedRegex(@"(?:Passed|Failed)! +- +Failed: +(?<failed>\d+), Passed: +(?<passed>\d+)(?:, Skipped: +(?<skipped>\d+))?.*?(?: - (?<assembly>\S+\.dll))?(?: \(|$)")]
    private static partial Regex ProjectLine();
}
