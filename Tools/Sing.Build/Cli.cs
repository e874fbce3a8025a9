using System.CommandLine;
using System.Reflection;

namespace Sing.Build;

/// <summary>sing-build's entry: parses the command line (<see cref="BuildCommandLine"/>) and dispatches the verb.
/// Exit status: the verb's, 0 for help, 2 for a usage error.</summary>
internal static class Cli
{
    public const int UsageError = 2;

    public static string Root { get; } = typeof(Cli).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "SingRoot").Value!;

    public static string IsoPath => Path.Combine(Root, "artifacts", "singularity.iso");

    /// <param name="output">where help goes (standard output when null)</param>
    /// <param name="error">where usage errors go (standard error when null)</param>
    public static async Task<int> RunAsync(string[] args, TextWriter? output = null, TextWriter? error = null)
    {
        ArgumentNullException.ThrowIfNull(args);
        var line = new BuildCommandLine();
        ParseResult result = line.Parse(args);
        // Help, and errors with their suggestions, are System.CommandLine's own actions.
        if (result.Action is not null)
        {
            var configuration = new InvocationConfiguration { Output = output ?? Console.Out, Error = error ?? Console.Error };
            int status = await result.InvokeAsync(configuration);
            return result.Errors.Count > 0 || args.Length == 0 ? UsageError : status;
        }
        Options options = line.OptionsOf(result);
        return result.CommandResult.Command.Name switch
        {
            "run" => await Interactive.RunAsync(options, gdb: false),
            "debug" => await Interactive.RunAsync(options, gdb: true),
            "bench" => await BenchVerb.RunAsync(options),
            "soak" => await Soak.RunAsync(options),
            "test" => await TestVerb.RunAsync(result.UnmatchedTokens, result.GetValue(line.AllConfigs), result.GetValue(line.TestCpus)),
            "vmware" => VmwareVerb.Run(line.VmwareMachineOf(result), VmwareVerb.DefaultVmxPath, output ?? Console.Out),
            var verb => throw new InvalidOperationException($"verb '{verb}' has no handler"),
        };
    }
}
