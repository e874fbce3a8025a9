using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Sing.Installer;
using Sing.Installer.Diagnostics;

namespace Sing.Install
{
    /// <summary>sing-install check | verify | compose. Exit 0 when nothing is rejected, 1 otherwise, 2 on a usage error.
    /// <see cref="Run"/> is the whole tool with its streams as parameters, so tests run it in process.</summary>
    public static class Program
    {
        private const string Usage =
            "usage:\n" +
            "  sing-install check   --policy Manifests/system.policy.xml\n" +
            "  sing-install verify  --policy POLICY --program NAME --assembly path/Name.dll [--references dir1;dir2]\n" +
            "  sing-install compose --policy POLICY [--assemblies name=path.dll;...] [--references dir1;dir2] --out system.manifest";

        private static int Main(string[] args) => Run(args, Console.Out, Console.Error);

        /// <summary>One run of sing-install: what it prints goes to <paramref name="output"/> (success) and
        /// <paramref name="errors"/> (diagnostics, usage); returns the exit status.</summary>
        public static int Run(string[] args, TextWriter output, TextWriter errors)
        {
            ArgumentNullException.ThrowIfNull(output);
            ArgumentNullException.ThrowIfNull(errors);
            var tool = new Tool(output, errors);
            return tool.Run(args);
        }

        private sealed class Tool(TextWriter output, TextWriter errors)
        {
            public int Run(string[] args)
            {
                CommandLine? line = CommandLine.Parse(args, out string? error);
                if (line is null) return UsageError(error!);
                string? policy = line.Option("policy");
                if (policy is null) return UsageError("--policy is required");
                var bag = new DiagnosticBag();
                switch (line.Verb)
                {
                    case "check":
                        if (Unknown(line, "policy")) return 2;
                        InstallerPipeline.Check(policy, bag);
                        return Report(bag, $"check: {policy} is valid");
                    case "verify":
                    {
                        if (Unknown(line, "policy", "program", "assembly", "references")) return 2;
                        string? program = line.Option("program"), assembly = line.Option("assembly");
                        if (program is null || assembly is null) return UsageError("verify needs --program and --assembly");
                        InstallerPipeline.Verify(policy, program, assembly, CommandLine.List(line.Option("references")), bag);
                        return Report(bag, $"verify: {program} ({assembly}) passes");
                    }
                    case "compose":
                    {
                        if (Unknown(line, "policy", "assemblies", "references", "out")) return 2;
                        string? output = line.Option("out");
                        if (output is null) return UsageError("compose needs --out");
                        Dictionary<string, string>? assemblies = null;
                        if (line.Option("assemblies") is string list)
                        {
                            assemblies = new Dictionary<string, string>(StringComparer.Ordinal);
                            foreach (string item in CommandLine.List(list))
                            {
                                int eq = item.IndexOf('=');
                                if (eq <= 0) return UsageError($"--assemblies entry '{item}' is not name=path.dll");
                                assemblies[item[..eq]] = item[(eq + 1)..];
                            }
                        }
                        string? text = InstallerPipeline.Compose(policy, assemblies, CommandLine.List(line.Option("references")), bag);
                        // A rejected system must not leave an older manifest behind for the image build to pick up.
                        if (text is null)
                        {
                            if (File.Exists(output)) File.Delete(output);
                        }
                        else
                        {
                            string? dir = Path.GetDirectoryName(Path.GetFullPath(output));
                            if (dir is not null) Directory.CreateDirectory(dir);
                            File.WriteAllText(output, text, new UTF8Encoding(false));
                        }
                        return Report(bag, $"compose: wrote {output}");
                    }
                    default:
                        return UsageError($"unknown command '{line.Verb}'");
                }
            }

            private int Report(DiagnosticBag bag, string success)
            {
                foreach (var d in bag.Items) errors.WriteLine(d.ToString());
                if (bag.HasErrors)
                {
                    if (bag.Omitted > 0) errors.WriteLine($"sing-install: {bag.Omitted} more error(s) not shown (the first {bag.Items.Count} are above)");
                    errors.WriteLine($"sing-install: {bag.Count} error(s)");
                    return 1;
                }
                output.WriteLine(success);
                return 0;
            }

            private bool Unknown(CommandLine line, params string[] known)
            {
                var unknown = line.Unknown(known).ToList();
                if (unknown.Count == 0) return false;
                UsageError($"unknown option --{unknown[0]}");
                return true;
            }

            private int UsageError(string message)
            {
                errors.WriteLine($"sing-install: {message}");
                errors.WriteLine(Usage);
                return 2;
            }
        }
    }
}
