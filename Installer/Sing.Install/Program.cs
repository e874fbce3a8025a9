using System;
using System.Collections.Generic;
using System.CommandLine;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Sing.Installer;
using Sing.Installer.Diagnostics;
using Sing.Installer.Il.Verification;
using Sing.Installer.Signing;

namespace Sing.Install
{
    /// <summary>sing-install check | verify | compose | sign | keygen (<see cref="InstallCommandLine"/>). Exit 0 when nothing is rejected, 1
    /// otherwise, 2 on a usage error.
    /// <see cref="Run"/> is the whole tool with its streams as parameters, so tests run it in process.</summary>
    public static class Program
    {
        private const int UsageStatus = 2;

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
                var line = new InstallCommandLine();
                ParseResult result = line.Parse(args);
                // Help, and usage errors with their suggestions, are System.CommandLine's own output.
                if (result.Action is not null)
                {
                    int status = result.Invoke(new InvocationConfiguration { Output = output, Error = errors });
                    return result.Errors.Count > 0 || args.Length == 0 ? UsageStatus : status;
                }
                var bag = new DiagnosticBag();
                Command verb = result.CommandResult.Command;
                if (verb == line.Keygen) return Keygen(result.GetRequiredValue(line.Publisher), result.GetRequiredValue(line.KeyOut));
                string policy = result.GetRequiredValue(line.Policy);
                if (verb == line.Sign)
                {
                    string program = result.GetRequiredValue(line.Program), assembly = result.GetRequiredValue(line.Assembly);
                    string? signature = InstallerPipeline.Sign(policy, program, assembly, ItemList.Split(result.GetValue(line.References)), result.GetRequiredValue(line.Key), bag,
                        ItemList.Split(result.GetValue(line.Fragments)));
                    return Report(bag, $"sign: wrote {signature}");
                }
                if (verb == line.Check)
                {
                    InstallerPipeline.Check(policy, bag, ItemList.Split(result.GetValue(line.Fragments)));
                    return Report(bag, $"check: {policy} is valid");
                }
                if (verb == line.Verify)
                {
                    string program = result.GetRequiredValue(line.Program), assembly = result.GetRequiredValue(line.Assembly);
                    var work = new List<(string Assembly, long Units)>();
                    InstallerPipeline.Verify(policy, program, assembly, ItemList.Split(result.GetValue(line.References)), ItemList.Split(result.GetValue(line.Trusted)),
                        ItemList.Split(result.GetValue(line.Image)), bag, ItemList.Split(result.GetValue(line.Fragments)), work);
                    // The counted work beside its budget: how close a program is to the limit, the same on every machine.
                    string counted = work.Count == 0 ? "" : string.Create(CultureInfo.InvariantCulture,
                        $" (verifier work: {string.Join(", ", work.Select(w => w.Assembly + " " + w.Units.ToString("N0", CultureInfo.InvariantCulture)))} of {VerifierWork.DefaultLimit:N0} units per assembly)");
                    return Report(bag, $"verify: {program} ({assembly}) passes{counted}");
                }
                return Compose(line, result, policy, bag);
            }

            private int Compose(InstallCommandLine line, ParseResult result, string policy, DiagnosticBag bag)
            {
                string output = result.GetRequiredValue(line.Out);
                if (!Pairs(result.GetValue(line.Assemblies), "--assemblies", "name=path.dll", out var assemblies, out int usage)) return usage;
                if (!Pairs(result.GetValue(line.Images), "--images", "name=path.elf", out var images, out usage)) return usage;
                string? text = InstallerPipeline.Compose(policy, assemblies, ItemList.Split(result.GetValue(line.References)), ItemList.Split(result.GetValue(line.Trusted)), bag,
                    ItemList.Split(result.GetValue(line.Fragments)), images);
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

            /// <summary>An option's "name=path" list as a dictionary (null when the option is absent); false, with the usage
            /// error's exit code, when an entry is not in that form.</summary>
            private bool Pairs(string? list, string option, string form, out Dictionary<string, string>? pairs, out int usage)
            {
                pairs = null;
                usage = 0;
                if (list is null) return true;
                pairs = new Dictionary<string, string>(StringComparer.Ordinal);
                foreach (string item in ItemList.Split(list))
                {
                    int eq = item.IndexOf('=');
                    if (eq <= 0)
                    {
                        usage = UsageError($"{option} entry '{item}' is not {form}");
                        return false;
                    }
                    pairs[item[..eq]] = item[(eq + 1)..];
                }
                return true;
            }

            /// <summary>A new publisher key: the private half to <paramref name="file"/> (never over an existing file, readable
            /// by its owner alone), the public half as the policy line to paste.</summary>
            private int Keygen(string publisher, string file)
            {
                if (publisher.Trim().Length == 0 || publisher.Any(char.IsControl)) return UsageError("--publisher needs a name without control characters");
                if (File.Exists(file)) return UsageError($"{file} exists; keygen never overwrites a key (remove it first, or choose another --out)");
                var (privatePem, publicKey) = PublisherKey.Create();
                string? dir = Path.GetDirectoryName(Path.GetFullPath(file));
                if (dir is not null) Directory.CreateDirectory(dir);
                var options = new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.Write };
                if (!OperatingSystem.IsWindows()) options.UnixCreateMode = UnixFileMode.UserRead | UnixFileMode.UserWrite;
                using (var stream = new StreamWriter(file, new UTF8Encoding(false), options)) stream.Write(privatePem + "\n");
                var element = new System.Xml.Linq.XElement("publisher", new System.Xml.Linq.XAttribute("name", publisher), new System.Xml.Linq.XAttribute("key", publicKey));
                output.WriteLine($"keygen: wrote the private key of \"{publisher}\" to {file}; keep it secret and out of source control");
                output.WriteLine("keygen: trust the publisher by adding this line to the policy's <publishers>:");
                output.WriteLine(element.ToString());
                return 0;
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

            private int UsageError(string message)
            {
                errors.WriteLine($"sing-install: {message} (sing-install --help lists the verbs and options)");
                return UsageStatus;
            }
        }
    }
}
