using System.Globalization;
using System.Text.RegularExpressions;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>A committed table of icount figures (Bench/expected-icount*.csv: "row,instructions_per_op[,tolerance%]",
/// '#' comments) checked against the BENCH lines of one boot. Icount figures are deterministic: every row must be within
/// 5% of its committed value, either way (a saving not written down is a table out of date), or within the row's own
/// tolerance when the table gives one (a row whose figure also depends on where interrupts fall).</summary>
internal static class IcountTable
{
    private const double DefaultTolerance = 0.05;

    /// <summary>Fails listing every row of <paramref name="tableFile"/> (in Bench/) that moved or was not measured.</summary>
    public static void AssertMatches(string serial, string tableFile)
    {
        var moved = new List<string>();
        string table = Path.Combine(Repository.Root, "Bench", tableFile);
        foreach (string line in File.ReadLines(table))
        {
            if (line.StartsWith('#') || line.StartsWith("row,", StringComparison.Ordinal) || line.Trim().Length == 0) continue;
            string[] fields = line.Split(',');
            string row = fields[0];
            long expected = long.Parse(fields[1], CultureInfo.InvariantCulture);
            double tolerance = fields.Length > 2 ? double.Parse(fields[2].TrimEnd('%'), CultureInfo.InvariantCulture) / 100 : DefaultTolerance;
            // A SIP's lines carry its name and pid ("[webfiles:5] BENCH ..."), the kernel's none.
            var m = Regex.Match(serial, $@"^(?:\[[a-z0-9-]+:\d+\] )?BENCH {Regex.Escape(row)} cycles_per_op=(\d+) ", RegexOptions.Multiline);
            if (!m.Success)
            {
                moved.Add($"{row}: expected {expected}, not measured");
                continue;
            }
            long now = long.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
            double change = (now - expected) / (double)expected;
            if (Math.Abs(change) > tolerance)
                moved.Add($"{row}: expected {expected}, now {now} ({change:+0.0%;-0.0%}, tolerance {tolerance:0%})");
        }
        Assert.True(moved.Count == 0, $"icount rows moved by more than their tolerance (update Bench/{tableFile} in the commit that changes them, and say why):\n"
            + string.Join("\n", moved));
    }
}
