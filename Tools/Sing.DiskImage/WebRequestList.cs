using System.Globalization;
using System.Text;

namespace Sing.DiskImage;

/// <summary>/web/requests.txt (format in Bench/WebFiles/README.md): R requests drawn with SPECweb99's class mix
/// (35 / 50 / 14 / 1 %) and, within a class, Zipf popularity (the file of popularity rank r is asked for with weight
/// 1 / r; ranks are a seeded shuffle of the class's files), from a SplitMix64 generator with a fixed seed.</summary>
public static class WebRequestList
{
    public const int Requests = 50_000;
    public const int Quick = 5_000;
    public const ulong Seed = 1999;
    public static readonly double[] ClassMix = [0.35, 0.50, 0.14, 0.01];

    public readonly record struct Request(string Path, int Size);

    public static string Text(int requests = Requests, int quick = Quick)
    {
        var text = new StringBuilder(requests * 24);
        text.Append(CultureInfo.InvariantCulture,
            $"webfiles 1 files={WebFileSet.FileCount} bytes={WebFileSet.TotalBytes} requests={requests} quick={quick}\n");
        foreach (Request r in Draw(requests)) text.Append(r.Path).Append(' ').Append(r.Size.ToString(CultureInfo.InvariantCulture)).Append('\n');
        return text.ToString();
    }

    public static List<Request> Draw(int requests)
    {
        var random = new SplitMix64(Seed);
        int classes = WebFileSet.Count.Length;
        var ranked = new int[classes][];     // file index at each popularity rank
        var cumulative = new double[classes][];
        for (int c = 0; c < classes; c++)
        {
            int n = WebFileSet.Count[c];
            ranked[c] = Enumerable.Range(0, n).ToArray();
            for (int i = n - 1; i > 0; i--)
            {
                int k = (int)(random.Next() % (ulong)(i + 1));
                (ranked[c][i], ranked[c][k]) = (ranked[c][k], ranked[c][i]);
            }
            cumulative[c] = new double[n];
            double sum = 0;
            for (int r = 0; r < n; r++) cumulative[c][r] = sum += 1.0 / (r + 1);
        }
        var list = new List<Request>(requests);
        for (int i = 0; i < requests; i++)
        {
            double u = random.NextDouble();
            int c = 0;
            for (double edge = ClassMix[0]; c < classes - 1 && u >= edge; edge += ClassMix[++c]) { }
            double[] cdf = cumulative[c];
            int rank = Array.BinarySearch(cdf, random.NextDouble() * cdf[^1]);
            if (rank < 0) rank = ~rank;
            if (rank >= cdf.Length) rank = cdf.Length - 1;
            int index = ranked[c][rank];
            list.Add(new Request(WebFileSet.PathOf(c, index), WebFileSet.SizeOf(c, index)));
        }
        return list;
    }

    /// <summary>The header's numbers and the requests; throws FormatException naming the line that is wrong.</summary>
    public static (long Files, long Bytes, int Quick, List<Request> Requests) Parse(string text)
    {
        string[] lines = text.Split('\n');
        string[] header = lines[0].Split(' ');
        if (header.Length != 6 || header[0] != "webfiles" || header[1] != "1")
            throw new FormatException($"requests.txt line 1: not a 'webfiles 1 ...' header: '{lines[0]}'");
        long Field(int i, string name) =>
            header[i].StartsWith(name + "=", StringComparison.Ordinal) && long.TryParse(header[i].AsSpan(name.Length + 1), NumberStyles.None, CultureInfo.InvariantCulture, out long v)
                ? v : throw new FormatException($"requests.txt line 1: field {i + 1} should be {name}=N: '{header[i]}'");
        long files = Field(2, "files"), bytes = Field(3, "bytes"), count = Field(4, "requests"), quick = Field(5, "quick");
        var requests = new List<Request>((int)count);
        for (int i = 1; i < lines.Length; i++)
        {
            if (lines[i].Length == 0 && i == lines.Length - 1) break;
            int space = lines[i].IndexOf(' ', StringComparison.Ordinal);
            if (space <= 0 || !lines[i].StartsWith('/') || !int.TryParse(lines[i].AsSpan(space + 1), NumberStyles.None, CultureInfo.InvariantCulture, out int size))
                throw new FormatException($"requests.txt line {i + 1}: not 'PATH SIZE': '{lines[i]}'");
            requests.Add(new Request(lines[i][..space], size));
        }
        if (requests.Count != count) throw new FormatException($"requests.txt: the header says {count} requests, the file has {requests.Count}");
        if (quick > count) throw new FormatException($"requests.txt: quick={quick} is more than the {count} requests");
        return (files, bytes, (int)quick, requests);
    }

    /// <summary>Sebastiano Vigna's SplitMix64: a tiny, fully specified generator, so the list is the same everywhere.</summary>
    private sealed class SplitMix64(ulong state)
    {
        public ulong Next()
        {
            ulong z = state += 0x9E3779B97F4A7C15;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
            return z ^ (z >> 31);
        }

        public double NextDouble() => (Next() >> 11) * (1.0 / (1UL << 53));
    }
}
