namespace Sing.Build.Tests;

/// <summary>A whole made-up result set in the shape a full `bench` run gives (every paper row, the kernel's rows, the
/// contract rows, the runtime rows), so chart tests see as many rows as the real report.</summary>
internal static class SampleResults
{
    /// <summary>Singularity icount cycles, Linux icount cycles per row (NaN: no Linux row); TCG is a fixed multiple.</summary>
    private static readonly (string Row, double Sing, double Linux)[] s_rows =
    [
        ("ABICall", 90, 322), ("PageAlloc", 2761, 29081), ("CreateThread", 21000, 61000), ("ThreadYield", 187, 1770),
        ("CreateChannel", 5200, double.NaN), ("NameBind", 41000, double.NaN), ("CreateProc", 2_400_000, 1_100_000),
        ("SR-1", 900, 6100), ("SR-32", 950, 6400), ("SR-1K", 1400, 9800), ("SR-32K", 1500, 52000),
        ("PSR-1", 1100, 19744), ("PSR-32", 1150, 20100), ("PSR-1K", 1600, 23000), ("PSR-32K", 1700, 70000),
        ("Kernel.PageAlloc", 900, double.NaN), ("Kernel.CreateThread", 8000, double.NaN), ("Kernel.ThreadYield", 120, double.NaN),
        ("PSR-1-Contract", 2350, double.NaN), ("PSR-32-Contract", 2400, double.NaN), ("PSR-1K-Contract", 2900, double.NaN), ("PSR-32K-Contract", 3000, double.NaN),
    ];

    public static IReadOnlyList<ComparisonRow> Rows()
    {
        var paper = PaperReference.Load(PaperReference.DefaultPath);
        return s_rows.Select(r => new ComparisonRow(
            r.Row,
            null,
            new ModeFigures(r.Sing, r.Linux),
            new ModeFigures(r.Sing * 4.5, r.Linux * 3.2),
            double.IsNaN(r.Linux) ? null : r.Row,
            paper.GetValueOrDefault(r.Row),
            double.NaN,
            [])).ToList();
    }

    public static IReadOnlyList<RuntimeRow> Runtime() =>
    [
        new("AllocSmallObject", 553, 2400, 2400, 10000),
        new("AllocSmallArray", 610, 2700, 2700, 10000),
        new("VirtualCall", 6, 30, 30, 1_000_000),
        new("InterfaceCall", 9, 41, 41, 1_000_000),
        new("DelegateCall", 8, 37, 37, 1_000_000),
        new("GVMCall", 60, 250, 250, 100_000),
        new("ThrowCatch", 21000, 90000, 90000, 1000),
        new("GCPause1MiB", 400_000, 1_700_000, 1_700_000, 10),
        new("GCPause10MiB", 3_800_000, 16_000_000, 16_000_000, 10),
        new("GCPause50MiB", 19_000_000, 80_000_000, 80_000_000, 5),
    ];
}
