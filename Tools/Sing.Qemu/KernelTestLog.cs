using System.Globalization;
using System.Text.RegularExpressions;

namespace Sing.Qemu;

/// <summary>The outcome of one in-kernel test, as printed on the serial console.</summary>
public sealed record KernelTestOutcome(string Name, bool Passed, string? Message, long? Microseconds);

/// <summary>Parses the structured lines of the kernel's test mode (Kernel/Tests/KernelTestRunner.cs):
/// KTEST-BEGIN, KTEST PASS name Nus, KTEST FAIL name: message, KTEST-SUMMARY passed=N failed=M.</summary>
public sealed partial class KernelTestLog
{
    private readonly Dictionary<string, KernelTestOutcome> _outcomes = new(StringComparer.Ordinal);

    /// <summary>Outcomes by test name.</summary>
    public IReadOnlyDictionary<string, KernelTestOutcome> Outcomes => _outcomes;

    /// <summary>Tests that began but never reported (the kernel died inside them).</summary>
    public IReadOnlyList<string> Unfinished { get; }

    /// <summary>The summary counts, if the run got that far.</summary>
    public (int Passed, int Failed)? Summary { get; }

    /// <summary>Parses a serial transcript.</summary>
    public KernelTestLog(string serial)
    {
        ArgumentNullException.ThrowIfNull(serial);
        var begun = new List<string>();
        foreach (var raw in serial.Split('\n'))
        {
            string line = raw.TrimEnd();
            Match m;
            if ((m = BeginLine().Match(line)).Success)
            {
                begun.Add(m.Groups[1].Value);
            }
            else if ((m = PassLine().Match(line)).Success)
            {
                string name = m.Groups[1].Value;
                _outcomes[name] = new KernelTestOutcome(name, true, null, long.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture));
            }
            else if ((m = FailLine().Match(line)).Success)
            {
                string name = m.Groups[1].Value;
                _outcomes[name] = new KernelTestOutcome(name, false, m.Groups[2].Value, null);
            }
            else if ((m = SummaryLine().Match(line)).Success)
            {
                Summary = (int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture), int.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture));
            }
        }
        Unfinished = begun.Where(n => !_outcomes.ContainsKey(n)).ToList();
    }

    [GeneratedRegex(@"^KTEST-BEGIN (\S+)$")]
    private static partial Regex BeginLine();

    [GeneratedRegex(@"^KTEST PASS (\S+) (\d+)us$")]
    private static partial Regex PassLine();

    [GeneratedRegex(@"^KTEST FAIL (\S+): (.*)$")]
    private static partial Regex FailLine();

    [GeneratedRegex(@"^KTEST-SUMMARY passed=(\d+) failed=(\d+)$")]
    private static partial Regex SummaryLine();
}
