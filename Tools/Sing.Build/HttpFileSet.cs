using System.Globalization;
using System.Text;

namespace Sing.Build;

/// <summary>The HTTP benchmark's files: SPECweb99's four size classes at its nine sizes each (Bench/WebFiles/README.md,
/// the WebFiles rows' classes: 102 B, 1 KiB, 10 KiB and 100 KiB steps), one file per size under /bench, plus a 10 MB
/// file for the bulk rows; the request mix picks class 0-3 with SPECweb99's frequencies (35%, 50%, 14%, 1%) and a
/// size uniformly. Every byte is a function of the path, so a client could check what it read.</summary>
internal static class HttpFileSet
{
    public static readonly int[] Base = [102, 1024, 10240, 102400];
    public static readonly int[] Percent = [35, 50, 14, 1];

    public static string PathOf(int sizeClass, int index) => $"/bench/c{sizeClass}_{index}";

    public static void Write(string root)
    {
        string bench = Path.Combine(root, "bench");
        Directory.CreateDirectory(bench);
        for (int c = 0; c < Base.Length; c++)
            for (int j = 0; j < 9; j++)
                WriteIfDifferent(Path.Combine(root, PathOf(c, j).TrimStart('/')), Fill(PathOf(c, j), Base[c] * (j + 1)));
        WriteIfDifferent(Path.Combine(bench, "big.bin"), Fill("/bench/big.bin", HttpBenchmark.BulkBytes));
    }

    private static void WriteIfDifferent(string path, byte[] data)
    {
        if (File.Exists(path) && new FileInfo(path).Length == data.Length) return;
        File.WriteAllBytes(path, data);
    }

    /// <summary>Byte i is (h + i + i / 251) mod 256 with h the FNV-1a hash of the path (the WebFiles set's rule).</summary>
    public static byte[] Fill(string path, int length)
    {
        uint h = 2166136261;
        foreach (char ch in path) h = (h ^ (byte)ch) * 16777619;
        var data = new byte[length];
        for (int i = 0; i < data.Length; i++) data[i] = (byte)(h + (uint)i + (uint)(i / 251));
        return data;
    }

    /// <summary>wrk's Lua script: 100 paths drawn once in the mix's proportions, requested in turn by each connection.</summary>
    public static string WrkScript()
    {
        var paths = new List<string>();
        var random = new Random(99);
        for (int c = 0; c < Base.Length; c++)
            for (int k = 0; k < Percent[c]; k++) paths.Add(PathOf(c, random.Next(9)));
        var order = paths.OrderBy(_ => random.Next()).ToList();
        var lua = new StringBuilder("-- SPECweb99-like mix (Tools/Sing.Build/HttpFileSet.cs): one request per path, in turn.\npaths = {\n");
        foreach (string p in order) lua.Append("  \"").Append(p).Append("\",\n");
        lua.Append("}\ncounter = 0\nrequest = function()\n  counter = counter % #paths + 1\n  return wrk.format(\"GET\", paths[counter])\nend\n");
        return lua.ToString();
    }

    public static string Describe() => string.Create(CultureInfo.InvariantCulture, $"{Base.Length * 9} files of 102 B to 900 KiB and a {HttpBenchmark.BulkBytes / 1024 / 1024} MiB file");
}
