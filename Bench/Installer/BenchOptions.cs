using System;
using System.Collections.Generic;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using System.IO;

namespace Sing.Bench.Installer
{
    /// <summary>The command line: repetition counts per kind of measurement, which programs, what to skip.</summary>
    internal sealed record BenchOptions(
        string? Repo,
        string Configuration,
        string Output,
        int ColdReps,
        int WarmReps,
        int IlcReps,
        int BuildReps,
        IReadOnlyList<string>? Programs,
        bool SkipIlc,
        bool SkipBuild,
        bool SkipKernel,
        string? Ilc)
    {
        /// <summary>Parses <paramref name="args"/>; null when the run is over (help was printed, or a usage error,
        /// with <paramref name="status"/> 0 or 2).</summary>
        public static BenchOptions? Parse(string[] args, TextWriter output, TextWriter errors, out int status)
        {
            var line = new BenchCommandLine();
            ParseResult result = line.Root.Parse(args);
            status = 0;
            if (result.Action is not null)
            {
                status = result.Invoke(new InvocationConfiguration { Output = output, Error = errors });
                if (result.Errors.Count > 0) status = 2;
                return null;
            }
            return new BenchOptions(
                result.GetValue(line.Repo),
                result.GetRequiredValue(line.Configuration),
                result.GetValue(line.Output) ?? "",
                result.GetValue(line.ColdReps),
                result.GetValue(line.WarmReps),
                result.GetValue(line.IlcReps),
                result.GetValue(line.BuildReps),
                result.GetValue(line.Programs) is string programs ? programs.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) : null,
                result.GetValue(line.SkipIlc),
                result.GetValue(line.SkipBuild),
                result.GetValue(line.SkipKernel),
                result.GetValue(line.Ilc));
        }

        /// <summary>The options (System.CommandLine: generated help, suggestions for misspelt options).</summary>
        private sealed class BenchCommandLine
        {
            public BenchCommandLine()
            {
                foreach (Option<int> count in new[] { ColdReps, WarmReps, IlcReps, BuildReps })
                    count.Validators.Add(r => Positive(r, count.Name));
                Root = new RootCommand(
                    "Install time of every program of the system policy and of the system image. Build the tree first (dotnet build " +
                    "Kernel/Sing.Kernel.csproj) and this benchmark in the same configuration, so the in-process (warm) runs execute " +
                    "the same installer code as the sing-install processes.")
                {
                    Repo, Configuration, Output, ColdReps, WarmReps, IlcReps, BuildReps, Programs, SkipIlc, SkipBuild, SkipKernel, Ilc,
                };
            }

            public RootCommand Root { get; }
            public Option<string?> Repo { get; } = new("--repo") { Description = "repository root (default: the one this benchmark was built in)", HelpName = "DIR" };
            public Option<string> Configuration { get; } = new("--configuration") { Description = "configuration the programs were built in", DefaultValueFactory = _ => "Debug", HelpName = "C" };
            public Option<string?> Output { get; } = new("--out") { Description = "report directory (default REPO/artifacts/bench)", HelpName = "DIR" };
            public Option<int> ColdReps { get; } = new("--cold-reps") { Description = "fresh sing-install processes per program and for compose", DefaultValueFactory = _ => 3, HelpName = "N" };
            public Option<int> WarmReps { get; } = new("--warm-reps") { Description = "in-process verify/compose calls after one warm-up", DefaultValueFactory = _ => 20, HelpName = "N" };
            public Option<int> IlcReps { get; } = new("--ilc-reps") { Description = "ILC runs per program, kernel and ISO", DefaultValueFactory = _ => 1, HelpName = "N" };
            public Option<int> BuildReps { get; } = new("--build-reps") { Description = "no-op dotnet builds per project", DefaultValueFactory = _ => 1, HelpName = "N" };
            public Option<string?> Programs { get; } = new("--programs") { Description = "only these programs of the policy", HelpName = "a,b" };
            public Option<bool> SkipIlc { get; } = new("--skip-ilc") { Description = "no ILC or ISO runs" };
            public Option<bool> SkipBuild { get; } = new("--skip-build") { Description = "no no-op dotnet builds" };
            public Option<bool> SkipKernel { get; } = new("--skip-kernel") { Description = "no kernel ILC, ISO or kernel build" };
            public Option<string?> Ilc { get; } = new("--ilc") { Description = "ILC executable (default: the pinned one in the NuGet cache)", HelpName = "PATH" };

            private static void Positive(OptionResult result, string name)
            {
                if (result.Tokens.Count == 0) return;
                string text = result.Tokens[^1].Value;
                if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int n) || n <= 0)
                    result.AddError($"{name} takes a positive number, not '{text}'");
            }
        }
    }
}
