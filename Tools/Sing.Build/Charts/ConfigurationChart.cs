namespace Sing.Build;

/// <summary>One measurement of a row in one protection-domain configuration (issue 16: row,config,value).</summary>
internal sealed record ConfigurationValue(string Row, string Config, double Value);

/// <summary>Rows by configuration relative to a baseline configuration (004 Figure 4): for each row, one bar per other
/// configuration at value ÷ baseline value, on a log axis around the 1x line. The `bench --configs` report of issue 16
/// calls <see cref="Png"/> once per emulation mode.</summary>
internal static class ConfigurationChart
{
    public const string DefaultBaseline = "SIP-Phys";

    /// <summary>The bars: rows in first-seen order, configurations other than the baseline in first-seen order, and
    /// each value ÷ the row's baseline value (NaN where either is missing).</summary>
    public static (IReadOnlyList<string> Rows, IReadOnlyList<BarSeries> Series) Relative(IReadOnlyList<ConfigurationValue> values, string baseline = DefaultBaseline)
    {
        ArgumentNullException.ThrowIfNull(values);
        ArgumentNullException.ThrowIfNull(baseline);
        var rows = values.Select(v => v.Row).Distinct(StringComparer.Ordinal).ToList();
        var configs = values.Select(v => v.Config).Where(c => c != baseline).Distinct(StringComparer.Ordinal).ToList();
        if (!values.Any(v => v.Config == baseline))
            throw new ArgumentException($"no value for the baseline configuration '{baseline}'", nameof(values));
        double ValueOf(string row, string config) =>
            values.FirstOrDefault(v => v.Row == row && v.Config == config)?.Value ?? double.NaN;
        var series = configs.Select((c, i) => new BarSeries(c, ChartStyle.Palette[i % ChartStyle.Palette.Count],
            rows.Select(r => Statistics.Ratio(ValueOf(r, c), ValueOf(r, baseline))).ToList())).ToList();
        return (rows, series);
    }

    /// <summary>configs.png of `bench --configs`: the chosen rows relative to the baseline, one panel per emulation mode.</summary>
    public static byte[] PngBothModes(IReadOnlyList<ConfigurationValue> icount, IReadOnlyList<ConfigurationValue> tcg, IReadOnlyList<string> rows, string baseline = DefaultBaseline)
    {
        ArgumentNullException.ThrowIfNull(rows);
        BarPanelSpec Panel(IReadOnlyList<ConfigurationValue> values, string mode)
        {
            var chosen = values.Where(v => rows.Contains(v.Row)).OrderBy(v => IndexOf(rows, v.Row)).ToList();
            var (names, series) = Relative(chosen, baseline);
            return new BarPanelSpec($"SingBench rows by configuration, relative to {baseline}: {mode}", "SingBench row",
                $"cycles relative to {baseline} (log)", names, series, [], IsRatio: true, LabelBars: false, MissingNote: "not measured");
        }
        return ChartImage.Png([Panel(icount, "TCG with -icount"), Panel(tcg, "plain TCG")]);
    }

    private static int IndexOf(IReadOnlyList<string> list, string item)
    {
        for (int i = 0; i < list.Count; i++) if (list[i] == item) return i;
        return list.Count;
    }

    public static byte[] Png(IReadOnlyList<ConfigurationValue> values, string title, string baseline = DefaultBaseline)
    {
        var (rows, series) = Relative(values, baseline);
        return ChartImage.Png([new BarPanelSpec(title, "SingBench row", $"cycles relative to {baseline} (log)", rows, series, [], IsRatio: true, LabelBars: true, MissingNote: "not measured")]);
    }
}
