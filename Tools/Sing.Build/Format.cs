using System.Globalization;

namespace Sing.Build;

/// <summary>How the reports print numbers: invariant culture, thousands separators, "–" for a missing value.</summary>
internal static class Format
{
    public const string Missing = "–";

    public static string Cycles(double value) =>
        double.IsNaN(value) ? Missing : value.ToString("N0", CultureInfo.InvariantCulture);

    public static string Ratio(double value) =>
        double.IsNaN(value) ? Missing : value.ToString(value < 10 ? "0.00" : "N1", CultureInfo.InvariantCulture);

    /// <summary>A plain number for CSV: no separators, empty when missing.</summary>
    public static string Csv(double value, string format = "0.###") =>
        double.IsNaN(value) ? "" : value.ToString(format, CultureInfo.InvariantCulture);

    /// <summary>A CSV cell, quoted when it holds a comma, quote or newline.</summary>
    public static string CsvText(string? text)
    {
        text ??= "";
        return text.IndexOfAny([',', '"', '\n']) < 0 ? text : "\"" + text.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
    }
}
