namespace Sing.Build;

/// <summary>One row's ratios as the ratio panel draws them: Singularity ÷ Linux per mode, and the paper's SIP-Phys ÷
/// Linux where the paper gives both (NaN where a side is missing).</summary>
internal sealed record RowRatios(string Row, double Icount, double Tcg, double Paper);

/// <summary>The data of one comparison figure: its rows in report order.</summary>
internal sealed record ComparisonFigure(FigureGroup Group, IReadOnlyList<ComparisonRow> Rows)
{
    public IReadOnlyList<RowRatios> Ratios => Rows.Select(r => new RowRatios(r.Row, r.Icount.Ratio, r.Tcg.Ratio, PaperRatio(r))).ToList();

    /// <summary>Whether any row has a ratio to draw (rows such as Kernel.* have no Linux counterpart).</summary>
    public bool HasRatios => Ratios.Any(r => !double.IsNaN(r.Icount) || !double.IsNaN(r.Tcg) || !double.IsNaN(r.Paper));

    public static double PaperRatio(ComparisonRow row)
    {
        ArgumentNullException.ThrowIfNull(row);
        return Statistics.Ratio(row.Paper?.SingularitySipPhys ?? double.NaN, row.Paper?.Linux ?? double.NaN);
    }
}

/// <summary>Splits the report's rows into figures (<see cref="FigureGroups"/>), dropping rows with nothing to draw
/// and figures left with no rows.</summary>
internal static class ComparisonFigures
{
    public static IReadOnlyList<ComparisonFigure> Build(IReadOnlyList<ComparisonRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var drawable = rows.Where(HasAny).ToList();
        return FigureGroups.All
            .Select(g => new ComparisonFigure(g, drawable.Where(r => FigureGroups.Of(r.Row) == g).ToList()))
            .Where(f => f.Rows.Count > 0)
            .ToList();
    }

    private static bool HasAny(ComparisonRow r) =>
        new[] { r.Icount.Singularity, r.Icount.Linux, r.Tcg.Singularity, r.Tcg.Linux, r.Paper?.SingularitySipPhys ?? double.NaN, r.Paper?.Linux ?? double.NaN }
            .Any(v => !double.IsNaN(v));
}
