using System.Reflection;

namespace Sing.Boot.Tests;

/// <summary>Paths into the repository this test assembly was built from.</summary>
internal static class Repository
{
    public static string Root { get; } = typeof(Repository).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "SingRoot").Value!;

    public static string IsoPath => Path.Combine(Root, "artifacts", "singularity.iso");

    public static string KernelTestDirectory => Path.Combine(Root, "Kernel", "Tests");

    public static string LogDirectory => Path.Combine(Root, "artifacts", "test-logs");
}
