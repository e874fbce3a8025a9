using System.Diagnostics;

namespace Sing.Build;

/// <summary>`test`: `dotnet test Singularity.sln --no-build` (build.sh builds first), its output passed through, a
/// progress display counting the test projects done, and the closing line "tests: N passed, N failed".</summary>
internal static class TestVerb
{
    public static string Solution => Path.Combine(Cli.Root, "Singularity.sln");

    /// <summary>The test projects a solution lists (.csproj paths under a Tests folder).</summary>
    public static int CountTestProjects(string solutionText)
    {
        ArgumentNullException.ThrowIfNull(solutionText);
        return solutionText.Split('\n').Count(l => l.StartsWith("Project(", StringComparison.Ordinal)
            && l.Contains("Tests", StringComparison.Ordinal) && l.Contains(".Tests.csproj", StringComparison.Ordinal));
    }

    /// <param name="allConfigs">also boot the whole in-kernel suite in every isolation configuration (the boot
    /// tests read SING_ALL_CONFIGS)</param>
    /// <param name="cpus">boot every test machine with this many CPUs (the boot tests read SING_CPUS); null: each test's own</param>
    public static async Task<int> RunAsync(IReadOnlyList<string> dotnetTestArguments, bool allConfigs = false, int? cpus = null)
    {
        ArgumentNullException.ThrowIfNull(dotnetTestArguments);
        int projects = Math.Max(1, CountTestProjects(await File.ReadAllTextAsync(Solution)));
        var summary = new TestRunSummary();
        int status = await ProgressDisplay.RunAsync(WorkPlan.Even("test projects", projects), async progress =>
        {
            progress.Begin("dotnet test Singularity.sln");
            var start = new ProcessStartInfo("dotnet") { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (string a in new[] { "test", Solution, "--no-build", "-nologo" }.Concat(dotnetTestArguments)) start.ArgumentList.Add(a);
            if (allConfigs) start.Environment["SING_ALL_CONFIGS"] = "1";
            if (cpus is int n) start.Environment["SING_CPUS"] = n.ToString(System.Globalization.CultureInfo.InvariantCulture);
            using var process = Process.Start(start) ?? throw new InvalidOperationException("could not start dotnet test");
            var gate = new Lock();
            void OnLine(string? line)
            {
                if (line is null) return;
                lock (gate)
                {
                    progress.Log(line);
                    string? finished = summary.Read(line);
                    if (finished is null) return;
                    progress.Complete();
                    progress.Begin($"{finished} done; {summary.Passed} passed, {summary.Failed} failed so far");
                }
            }
            process.OutputDataReceived += (_, e) => OnLine(e.Data);
            process.ErrorDataReceived += (_, e) => OnLine(e.Data);
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            await process.WaitForExitAsync();
            return process.ExitCode;
        });
        Console.WriteLine(summary.ClosingLine());
        return status;
    }
}
