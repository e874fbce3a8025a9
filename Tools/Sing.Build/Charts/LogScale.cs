using System.Globalization;

namespace Sing.Build;

/// <summary>A base-10 log value axis spanning whole decades. ScottPlot draws linear axes, so bars are drawn at
/// log10(value) and the ticks are labelled with the values.</summary>
internal sealed record LogScale(int LowDecade, int HighDecade)
{
    /// <summary>The decades around the positive values; <paramref name="aroundOne"/> keeps 1 (a ratio of 1x) inside with a
    /// decade either side, so the 1x line is never on the edge.</summary>
    public static LogScale Spanning(IEnumerable<double> values, bool aroundOne)
    {
        ArgumentNullException.ThrowIfNull(values);
        var positive = values.Where(v => !double.IsNaN(v) && v > 0).ToList();
        int low = positive.Count == 0 ? 0 : (int)Math.Floor(Math.Log10(positive.Min()));
        int high = positive.Count == 0 ? 1 : (int)Math.Ceiling(Math.Log10(positive.Max()));
        if (aroundOne)
        {
            low = Math.Min(low, -1);
            high = Math.Max(high, 1);
        }
        return new LogScale(low, Math.Max(high, low + 1));
    }

    public static double Position(double value) => Math.Log10(value);

    /// <summary>"100", "10K", "1M": cycle counts.</summary>
    public static string CyclesLabel(int decade) => decade switch
    {
        < 0 => Math.Pow(10, decade).ToString("0.###", CultureInfo.InvariantCulture),
        < 3 => Math.Pow(10, decade).ToString("0", CultureInfo.InvariantCulture),
        < 6 => Math.Pow(10, decade - 3).ToString("0", CultureInfo.InvariantCulture) + "K",
        < 9 => Math.Pow(10, decade - 6).ToString("0", CultureInfo.InvariantCulture) + "M",
        _ => Math.Pow(10, decade - 9).ToString("0", CultureInfo.InvariantCulture) + "G",
    };

    /// <summary>"0.1x", "1x", "10x": ratios.</summary>
    public static string RatioLabel(int decade) => Math.Pow(10, decade).ToString("0.#####", CultureInfo.InvariantCulture) + "x";

    /// <summary>A ratio as a bar label, short enough for a narrow bar: below 1 as a fraction (1/23: a 23rd of the cost,
    /// where 0.0026x would be unreadable), else a multiple (3.80x, 23x).</summary>
    public static string RatioText(double ratio) => ratio switch
    {
        < 1 => "1/" + Multiple(1 / ratio),
        _ => Multiple(ratio) + "x",
    };

    private static string Multiple(double value) => value.ToString(value < 10 ? "0.0#" : "0", CultureInfo.InvariantCulture);
}
