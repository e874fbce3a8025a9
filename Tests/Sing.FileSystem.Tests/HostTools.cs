using System.Diagnostics;

namespace Sing.FileSystem.Tests;

/// <summary>Runs dosfstools, mtools and sfdisk (Build/install-prerequisites.sh installs them) and returns their output.</summary>
internal static class HostTools
{
    private static readonly string[] SearchPath = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':')
        .Concat(new[] { "/usr/sbin", "/sbin", "/usr/bin" }).ToArray();

    public static string Find(string tool) =>
        SearchPath.Select(d => Path.Combine(d, tool)).FirstOrDefault(File.Exists)
        ?? throw new InvalidOperationException($"{tool} is missing: run Build/install-prerequisites.sh (packages dosfstools, mtools, fdisk)");

    public static (int Code, string Output) Run(string tool, params string[] args) => RunWithInput(tool, null, args);

    /// <summary>Runs a tool with <paramref name="input"/> (when not null) on its standard input.</summary>
    public static (int Code, string Output) RunWithInput(string tool, string? input, params string[] args)
    {
        var start = new ProcessStartInfo(Find(tool))
        {
            RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = input != null, UseShellExecute = false,
        };
        foreach (string a in args) start.ArgumentList.Add(a);
        start.Environment["MTOOLS_SKIP_CHECK"] = "1";
        using var p = Process.Start(start)!;
        if (input != null)
        {
            p.StandardInput.Write(input);
            p.StandardInput.Close();
        }
        string output = p.StandardOutput.ReadToEnd() + p.StandardError.ReadToEnd();
        if (!p.WaitForExit(60_000))
        {
            p.Kill();
            throw new TimeoutException($"{tool} did not finish");
        }
        return (p.ExitCode, output);
    }

    public static string TempImage() => Path.Combine(Path.GetTempPath(), $"sing-fat-{Guid.NewGuid():N}.img");
}
