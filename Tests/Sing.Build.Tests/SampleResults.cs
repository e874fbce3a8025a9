namespace Sing.Build.Tests;

/// <summary>A whole result set: the `./build.sh bench --quick` run of 2026-11-22 quoted in Bench/README.md (every
/// paper row, the kernel's rows, the SIP's extra rows; the runtime rows' icount figures), so chart tests draw as many
/// rows as the real report.</summary>
internal static class SampleResults
{
    /// <summary>Cycles per operation: Singularity and Linux under icount, then under plain TCG; the primary Linux row.</summary>
    private static readonly (string Row, double SingIcount, double LinuxIcount, double SingTcg, double LinuxTcg, string? LinuxRow)[] s_rows =
    [
        ("ABICall", 26, 322, 170, 1_114, "ABICall"),
        ("PageAlloc", 1_330, 28_456, 5_037, 142_866, "PageAlloc"),
        ("CreateThread", 2_820, 67_430, 11_950, 439_639, "CreateThread"),
        ("ThreadYield", 172, 1_770, 739, 11_182, "ThreadYield"),
        ("CreateChannel", 2_177, 21_544, 8_610, 102_674, "CreateChannel"),
        ("NameBind", 4_037, double.NaN, 12_786, double.NaN, null),
        ("CreateProc", 26_356, 352_568, 119_466, 4_591_382, "CreateProc"),
        ("SR-1", 519, 11_850, 2_115, 56_790, "ThreadRT-1"),
        ("SR-32", 519, 11_910, 2_062, 56_298, "ThreadRT-32"),
        ("SR-1K", 561, 15_892, 2_176, 80_727, "ThreadRT-1K"),
        ("SR-32K", 561, 216_578, 2_182, 1_283_757, "ThreadRT-32K"),
        ("PSR-1", 519, 19_768, 2_006, 312_754, "UnixRT-1"),
        ("PSR-32", 519, 19_833, 1_981, 300_806, "UnixRT-32"),
        ("PSR-1K", 561, 26_904, 2_116, 346_750, "UnixRT-1K"),
        ("PSR-32K", 561, 219_683, 2_082, 1_506_852, "UnixRT-32K"),
        ("Kernel.PageAlloc", 766, double.NaN, 2_740, double.NaN, null),
        ("Kernel.CreateThread", 1_893, double.NaN, 7_407, double.NaN, null),
        ("Kernel.ThreadYield", 133, double.NaN, 478, double.NaN, null),
        ("PSR-1-SendThenReceive", 638, double.NaN, 3_014, double.NaN, null),
        ("PSR-1-Contract", 1_890, double.NaN, 8_200, double.NaN, null),
        ("PSR-32-Contract", 2_682, double.NaN, 11_250, double.NaN, null),
        ("PSR-1K-Contract", 2_868, double.NaN, 12_890, double.NaN, null),
        ("PSR-32K-Contract", 2_833, double.NaN, 12_462, double.NaN, null),
    ];

    public static IReadOnlyList<ComparisonRow> Rows()
    {
        var paper = PaperReference.Load(PaperReference.DefaultPath);
        return s_rows.Select(r => new ComparisonRow(
            r.Row,
            null,
            new ModeFigures(r.SingIcount, r.LinuxIcount),
            new ModeFigures(r.SingTcg, r.LinuxTcg),
            r.LinuxRow,
            paper.GetValueOrDefault(r.Row),
            double.NaN,
            [])).ToList();
    }

    /// <summary>The runtime rows' icount figures from the same README; its TCG figures were not quoted (NaN).</summary>
    public static IReadOnlyList<RuntimeRow> Runtime() =>
    [
        new("AllocSmallObject", 100, double.NaN, double.NaN, 10_000),
        new("AllocSmallArray", 105, double.NaN, double.NaN, 10_000),
        new("VirtualCall", 8, double.NaN, double.NaN, 1_000_000),
        new("InterfaceCall", 15, double.NaN, double.NaN, 1_000_000),
        new("GVMCall", 62, double.NaN, double.NaN, 1_000_000),
        new("DelegateCall", 9, double.NaN, double.NaN, 1_000_000),
        new("ThrowCatch", 5_083, double.NaN, double.NaN, 1_000),
        new("GCPause1MiB", 5_600_000, double.NaN, double.NaN, 10),
        new("GCPause10MiB", 43_000_000, double.NaN, double.NaN, 10),
        new("GCPause50MiB", 214_000_000, double.NaN, double.NaN, 5),
    ];
}
