using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using System.IO;

namespace Sing.Bench.Host
{
    /// <summary>The command line (System.CommandLine: generated help, a misspelt option named with the right one
    /// suggested, a bad number refused instead of silently replaced by the default).</summary>
    internal sealed record HostBenchOptions(int Lines, int Reps, int Warmup, string? MsBuildWorkDir, string Repo, bool SkipInProcess, bool Keystroke, int Others, int Edits)
    {
        /// <summary>Null when the run is over: help printed (status 0) or a usage error (status 2).</summary>
        public static HostBenchOptions? Parse(string[] args, TextWriter output, TextWriter errors, out int status)
        {
            var lines = Count("--lines", "lines of generated SIP code", 100_000, minimum: 1);
            var reps = Count("--reps", "measured repetitions", 5, minimum: 1);
            var warmup = Count("--warmup", "warm-up repetitions", 1, minimum: 0);
            var msbuild = new Option<string?>("--msbuild") { Description = "also time command-line builds of the corpus in this work directory", HelpName = "WORKDIR" };
            var repo = new Option<string?>("--repo") { Description = "repository root for --msbuild (default: the current directory)", HelpName = "REPOROOT" };
            var skipInProcess = new Option<bool>("--skip-inprocess") { Description = "skip the in-process compilations" };
            var keystroke = new Option<bool>("--keystroke") { Description = "instead, time the re-analysis after one-character edits in a 2,000-line file (what the IDE does per keystroke)" };
            var others = Count("--others", "with --keystroke: other files in the project (~190 lines each)", 20, minimum: 0);
            var edits = Count("--edits", "with --keystroke: measured keystrokes per scenario (after --warmup of them)", 40, minimum: 1);
            var root = new RootCommand("Cost of the Sing contract generator and analyzers on a generated SIP code base, against the same compile without them.")
            {
                lines, reps, warmup, msbuild, repo, skipInProcess, keystroke, others, edits,
            };
            ParseResult result = root.Parse(args);
            status = 0;
            if (result.Action is not null)
            {
                status = result.Invoke(new InvocationConfiguration { Output = output, Error = errors });
                if (result.Errors.Count > 0) status = 2;
                return null;
            }
            return new HostBenchOptions(result.GetValue(lines), result.GetValue(reps), result.GetValue(warmup), result.GetValue(msbuild),
                result.GetValue(repo) ?? Directory.GetCurrentDirectory(), result.GetValue(skipInProcess),
                result.GetValue(keystroke), result.GetValue(others), result.GetValue(edits));
        }

        private static Option<int> Count(string name, string description, int fallback, int minimum)
        {
            var option = new Option<int>(name) { Description = description, DefaultValueFactory = _ => fallback, HelpName = "N" };
            option.Validators.Add(r => AtLeast(r, name, minimum));
            return option;
        }

        private static void AtLeast(OptionResult result, string name, int minimum)
        {
            if (result.Tokens.Count == 0) return;
            string text = result.Tokens[^1].Value;
            if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int n) || n < minimum)
                result.AddError($"{name} takes a whole number of at least {minimum}, not '{text}'");
        }
    }
}
