namespace Sing.DiskImage;

/// <summary>WebFiles' file set (Bench/WebFiles/README.md, "File set"): 50,000 files in SPECweb99's four size classes,
/// spread round-robin over /web/d0000 .. /web/d0499. File j of class c (j from 0) is /web/dNNNN/cC_K with NNNN = j mod
/// 500 and K = j div 500, and holds Base[c] × (j mod 9 + 1) bytes: SPECweb99's nine sizes per class. The per-class
/// counts put the total at 50.3 MB (50.3 × 2^20 bytes, within 0.02%).</summary>
public static class WebFileSet
{
    public const int Directories = 500;
    public const string Root = "/web";

    /// <summary>The size step of each class: 0.1 KB, 1 KB, 10 KB, 100 KB (SPECweb99's classes 0-3).</summary>
    public static readonly int[] Base = [102, 1024, 10240, 102400];

    /// <summary>Files per class: most are small, as 50.3 MB over 50,000 files (about 1 KB each) demands.</summary>
    public static readonly int[] Count = [47867, 1935, 180, 18];

    public static int FileCount => Count.Sum();

    public static long TotalBytes
    {
        get
        {
            long total = 0;
            for (int c = 0; c < Count.Length; c++)
                for (int j = 0; j < Count[c]; j++) total += SizeOf(c, j);
            return total;
        }
    }

    public static int SizeOf(int sizeClass, int index) => Base[sizeClass] * (index % 9 + 1);

    public static string DirectoryOf(int index) => $"{Root}/d{index % Directories:D4}";

    public static string PathOf(int sizeClass, int index) => $"{DirectoryOf(index)}/c{sizeClass}_{index / Directories}";

    /// <summary>The file's bytes: byte i is (h + i + i / 251) mod 256 with h the FNV-1a hash of the path's ASCII
    /// bytes, so every file differs and a client can check what it read.</summary>
    public static void Fill(string path, Span<byte> data)
    {
        uint h = 2166136261;
        foreach (char ch in path) h = (h ^ (byte)ch) * 16777619;
        for (int i = 0; i < data.Length; i++) data[i] = (byte)(h + (uint)i + (uint)(i / 251));
    }
}
