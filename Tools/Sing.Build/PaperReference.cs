using System.Globalization;

namespace Sing.Build;

/// <summary>The seeds' cycle counts for one SingBench row (Athlon 64 3000+); NaN where the paper gives no number.</summary>
internal sealed record PaperFigure(string Row, double SingularitySipPhys, double SingularityHipR3, double Linux, string Source);

/// <summary>Reads Bench/reference.csv: '#' lines are comments, the first other line is the header, the last column
/// (source) may contain commas.</summary>
internal static class PaperReference
{
    public static string DefaultPath => Path.Combine(Cli.Root, "Bench", "reference.csv");

    public static IReadOnlyDictionary<string, PaperFigure> Load(string path) => Parse(File.ReadAllText(path));

    public static IReadOnlyDictionary<string, PaperFigure> Parse(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        var figures = new Dictionary<string, PaperFigure>(StringComparer.Ordinal);
        bool header = true;
        foreach (string raw in text.Split('\n'))
        {
            string line = raw.Trim();
            if (line.Length == 0 || line.StartsWith('#')) continue;
            if (header)
            {
                header = false;
                continue;
            }
            string[] cells = line.Split(',', 5);
            if (cells.Length < 5) throw new FormatException($"reference.csv: expected 5 columns in '{line}'");
            figures[cells[0]] = new PaperFigure(cells[0], Cell(cells[1]), Cell(cells[2]), Cell(cells[3]), cells[4].Trim());
        }
        return figures;
    }

    private static double Cell(string text) =>
        text.Trim().Length == 0 ? double.NaN : double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
}
