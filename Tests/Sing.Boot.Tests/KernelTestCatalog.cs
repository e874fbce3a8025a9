using System.Text.RegularExpressions;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The names of the in-kernel tests, read from the KernelTestRegistry*.cs files in Kernel/Tests so that each
/// one is a separate xunit test case without booting the kernel during discovery.</summary>
public static partial class KernelTestCatalog
{
    public static IReadOnlyList<string> Names { get; } = Load();

    public static TheoryData<string> All()
    {
        var data = new TheoryData<string>();
        foreach (var name in Names) data.Add(name);
        return data;
    }

    private static List<string> Load() =>
        Directory.GetFiles(Repository.KernelTestDirectory, "KernelTestRegistry*.cs")
            .OrderBy(f => f, StringComparer.Ordinal)
            .SelectMany(f => RegistryEntry().Matches(File.ReadAllText(f)).Select(m => m.Groups[1].Value))
            .ToList();

    [GeneratedRegex("new KernelTest\\(\"([^\"]+)\"")]
    private static partial Regex RegistryEntry();
}
