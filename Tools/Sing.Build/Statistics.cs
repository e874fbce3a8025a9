namespace Sing.Build;

/// <summary>The few statistics the reports use. NaN marks a missing value and is left out.</summary>
internal static class Statistics
{
    /// <summary>The median of the values that are numbers (mean of the middle two for an even count); NaN if none.</summary>
    public static double Median(IEnumerable<double> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        var sorted = values.Where(v => !double.IsNaN(v)).OrderBy(v => v).ToArray();
        if (sorted.Length == 0) return double.NaN;
        int mid = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /// <summary>numerator / denominator, or NaN when either is missing or the denominator is not positive.</summary>
    public static double Ratio(double numerator, double denominator) =>
        double.IsNaN(numerator) || double.IsNaN(denominator) || denominator <= 0 ? double.NaN : numerator / denominator;
}
