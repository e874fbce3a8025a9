using System.Text.RegularExpressions;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>build.sh and build.ps1 offer the same verbs, and both reach every verb of sing-build. PowerShell is not on
/// the build machines, so build.ps1 is checked as text: each verb is a branch of its `switch`.</summary>
public class BuildScriptTests
{
    private static string Script(string name) => File.ReadAllText(Path.Combine(Cli.Root, name));

    /// <summary>The patterns of build.sh's `case "$verb" in` arms, e.g. `run|debug|bench|soak)`, split at `|`.</summary>
    private static HashSet<string> ShellVerbs()
    {
        string text = Script("build.sh");
        int start = text.IndexOf("case \"$verb\" in", StringComparison.Ordinal);
        int end = text.IndexOf("\nesac", start, StringComparison.Ordinal);
        Assert.True(start >= 0 && end > start, "build.sh dispatches on $verb in one case statement");
        var verbs = new HashSet<string>(StringComparer.Ordinal);
        foreach (Match arm in Regex.Matches(text[start..end], @"(?m)^  ([^\s()]+)\)$"))
            foreach (string pattern in arm.Groups[1].Value.Split('|'))
                if (pattern != "*") verbs.Add(pattern.Replace("\\", "", StringComparison.Ordinal));
        return verbs;
    }

    /// <summary>The labels of build.ps1's `switch (...) {` branches: 'run' { ... }.</summary>
    private static HashSet<string> PowerShellVerbs()
    {
        string text = Script("build.ps1");
        Assert.Matches(@"(?m)^switch -Exact -CaseSensitive \(\$verb\) \{$", text);
        return Regex.Matches(text, @"(?m)^    '([^']+)'\s+\{").Select(m => m.Groups[1].Value).ToHashSet(StringComparer.Ordinal);
    }

    [Fact]
    public void EveryVerbOfBuildShIsABranchOfBuildPs1()
    {
        var shell = ShellVerbs();
        Assert.Superset(new HashSet<string> { "run", "test", "bench", "soak", "debug", "clean", "help", "vmware" }, shell);
        var missing = shell.Except(PowerShellVerbs()).Order(StringComparer.Ordinal).ToList();
        Assert.True(missing.Count == 0, "build.sh accepts verbs build.ps1 does not wire: " + string.Join(", ", missing));
    }

    [Fact]
    public void BuildPs1HasNoVerbBuildShLacks()
    {
        var extra = PowerShellVerbs().Except(ShellVerbs()).Order(StringComparer.Ordinal).ToList();
        Assert.True(extra.Count == 0, "build.ps1 wires verbs build.sh does not accept: " + string.Join(", ", extra));
    }

    [Fact]
    public void BothScriptsReachEveryVerbOfTheBuildTool()
    {
        var toolVerbs = new BuildCommandLine().Root.Subcommands.Select(c => c.Name).ToList();
        Assert.Contains("vmware", toolVerbs);
        var shell = ShellVerbs();
        var powerShell = PowerShellVerbs();
        foreach (string verb in toolVerbs)
        {
            Assert.True(shell.Contains(verb), $"build.sh has no branch for sing-build's verb {verb}");
            Assert.True(powerShell.Contains(verb), $"build.ps1 has no branch for sing-build's verb {verb}");
        }
    }

    [Fact]
    public void BuildPs1HandsEveryToolVerbToSingBuildLikeBuildSh()
    {
        string text = Script("build.ps1");
        // The tool's verbs pass the verb and the rest of the arguments on; test builds the solution first.
        foreach (string verb in new[] { "run", "debug", "bench", "soak", "vmware" })
            Assert.Matches($@"(?m)^    '{verb}'\s+\{{.*Install-Prerequisites; Invoke-Tool \(@\(\$verb\) \+ \$rest\) \}}$", text);
        Assert.Contains("'dotnet' @('build', 'Singularity.sln'", text, StringComparison.Ordinal);
        Assert.Contains("Tools/Sing.Build/bin/Debug/net10.0/sing-build.dll", text, StringComparison.Ordinal);
        Assert.Contains("Tools/Sing.Build/bin/Debug/net10.0/sing-build.dll", Script("build.sh"), StringComparison.Ordinal);
        Assert.Contains("'-p:SingToolOnly=true'", text, StringComparison.Ordinal);
    }
}
