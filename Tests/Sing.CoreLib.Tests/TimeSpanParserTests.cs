using System.Globalization;
using Xunit;

namespace Sing.CoreLib.Tests;

/// <summary>The corelib's TimeSpan.ParseExact reader (TimeSpanParser) against the .NET runtime's
/// TimeSpan.ParseExact with the invariant culture: the value, or the exception's type and message.</summary>
public class TimeSpanParserTests
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private static string Expected(Func<TimeSpan> parse)
    {
        try
        {
            return parse().Ticks.ToString(Invariant);
        }
        catch (Exception e) when (e is FormatException or OverflowException)
        {
            return e.GetType().Name + ": " + e.Message;
        }
    }

    private static string Actual(string input, string format, bool negative)
    {
        TimeSpanParseError error = TimeSpanParser.ParseExact(input, format, negative, out long ticks, out char quote);
        if (error == TimeSpanParseError.None) return ticks.ToString(Invariant);
        Exception e = TimeSpanParser.Failure(error, input, format, quote);
        return e.GetType().Name + ": " + e.Message;
    }

    private static void Check(string input, string format, bool negative, List<string> failures)
    {
        string expected = Expected(() => TimeSpan.ParseExact(input, format, Invariant, negative ? TimeSpanStyles.AssumeNegative : TimeSpanStyles.None));
        string actual = Actual(input, format, negative);
        if (expected != actual && failures.Count < 20) failures.Add($"\"{input}\" \"{format}\" {negative}: expected {expected}, got {actual}");
    }

    private static void AssertNone(List<string> failures) => Assert.True(failures.Count == 0, string.Join("\n", failures));

    private static readonly string[] Inputs =
    {
        "", " ", "5", " 5 ", "\t5\t", "\n5", "-5", "--5", "+5", "- 5", "1.02:03:04.5", "1:02:03:04.5", "02:03:04", "1:2", "1:2:3", "1:2:3:4",
        "1:2:3.5", "1:2:3:4.5", "-1:2:3:4.5", "24:00", "23:60", "0:23:60", "25:1:1", "25:1:1:1", "1:2:60", "1.2:3:4", "1.2:3:4.12345678",
        "1.2:3:4.1234567", "10675199.02:48:05.4775807", "10675199.02:48:05.4775808", "-10675199.02:48:05.4775808", "10675200",
        "-10675199:2:48:5.4775808", "10675199:2:48:5.4775808", "99999999999", "300000000", "268435455", "268435456", "1:2:.5", "1:2:",
        "1:2:3.", "1.", ".5", "1::2", "1 :2", "1: 2", "1:2:3:.5", "1:2:3.01234567", "1:2:3.012345678", "1:2:3.0000000000099",
        "1:2:3.09999999", "01:02:03.1234567890", "001:02:03", "1,5", "1:2:3:4:5", "1.2", "1:2.3", "12:34", "1:34", "12", "123",
        "00000123", "3.25", "3.250", "3.2", "3.", "3", "3.1234567", "3.12345678", "1 day", "1-2", "1 2", "a", "1x", "-1:2", "1:2 ",
        " 1:2", "01:02", "60", "59", "24", "99999999", "0000000000000000001", "1|2", "1:|2", "\u00a05", "-0", "0:0:0.0000001",
        "00:00:00.00000005", "1.2:3", "1.2:3:4:5", "-1.2:3", " - 1",
    };

    private static readonly string[] Formats =
    {
        "c", "t", "T", "g", "G", "x", "h", "%h", "%d", "hh", "h\\:mm", "hh\\:mm", "h\\:m\\:s", "m\\:s", "mm\\:ss", "%m", "%s", "dd", "ddd",
        "dddddddd", "ddddddddd", "%s\\.ff", "%s\\.fff", "%s\\.FF", "%sFF", "s\\.fffffff", "s\\.ffffffff", "d' day'", "d\" day\"", "d\\-h",
        "d-h", "d\\ h", "%%", "hhh", "h:m", "dd%", "d%d", "'a\\'b'", "\"a", "d'x", "\\a", "h\\:", "%d\\.FFFFFFF", "d\\.hh\\:mm\\:ss\\.fffffff",
        "hh\\:mm\\:ss", "FFFFFFFF", "ff%f", "'1'd", "d\\", "%", "\\",
    };

    [Fact]
    public void CasesMatchDotNet()
    {
        var failures = new List<string>();
        foreach (string format in Formats)
            foreach (string input in Inputs)
            {
                Check(input, format, false, failures);
                Check(input, format, true, failures);
            }
        AssertNone(failures);
    }

    [Fact]
    public void RandomTextMatchesDotNet()
    {
        var random = new Random(34);
        const string alphabet = "0123456789:.- 0019";
        string[] formats = { "c", "g", "G", "h\\:m\\:s", "d\\.hh\\:mm\\:ss\\.FFF", "%d", "m\\:ss\\.ff" };
        var failures = new List<string>();
        var text = new System.Text.StringBuilder();
        for (int n = 0; n < 200_000; n++)
        {
            text.Clear();
            int length = random.Next(1, 16);
            for (int k = 0; k < length; k++) text.Append(alphabet[random.Next(alphabet.Length)]);
            Check(text.ToString(), formats[n % formats.Length], n % 3 == 0, failures);
        }
        AssertNone(failures);
    }

    [Fact]
    public void ArraysOfFormatsMatchDotNet()
    {
        string[][] lists = { new[] { "c", "x" }, new[] { "hh", "c" }, new[] { "hh", "mm" }, new[] { "x" }, new[] { "x", "%h" }, new[] { "%h" }, Array.Empty<string>(), new[] { "" }, new[] { "c", "" }, new[] { "'a", "c" } };
        var failures = new List<string>();
        foreach (string[] formats in lists)
            foreach (string input in new[] { "1", "99", "", "1:2", "-1" })
            {
                string expected = Expected(() => TimeSpan.ParseExact(input, formats, Invariant, TimeSpanStyles.AssumeNegative));
                TimeSpanParseError error = TimeSpanParser.ParseExactAny(input, formats, true, out long ticks);
                string actual = error == TimeSpanParseError.None ? ticks.ToString(Invariant) : TimeSpanParser.Failure(error, input, default, '\0') is Exception e ? e.GetType().Name + ": " + e.Message : "";
                if (expected != actual) failures.Add($"\"{input}\" [{string.Join(",", formats)}]: expected {expected}, got {actual}");
            }
        AssertNone(failures);
    }
}
