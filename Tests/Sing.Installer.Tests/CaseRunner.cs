using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Sing.Installer.Arguments;
using Sing.Installer.Diagnostics;
using Sing.Installer.Rules;
using Sing.Installer.Xml;

namespace Sing.Installer.Tests
{
    /// <summary>Runs one input file through the installer the way its kind requires and returns what it reported.
    /// Kinds: *.manifest.xml (one manifest's rules), *.policy.xml (policy, manifests and whole-system rules), *.cs (a
    /// program compiled with Roslyn, then `verify`), *.args.txt (ArgumentBinder). Directives in the file:
    /// "expect: CODE fragment", "manifest: Shared/x.xml" or an inline "/* manifest ... */" block, "program: name",
    /// "assembly: Name", "contracts" (compile and reference the test contracts), "contract-library" (reference the real
    /// SIP contract library), "trusted", "domain: ring0|ring3" (the policy's placement), "fake-reference: Name", and "/* library Name ... */" blocks (another assembly
    /// compiled from the block and referenced). Programs are verified with the real SIP runtime and contract library
    /// beside them, as the build does.</summary>
    internal static partial class CaseRunner
    {
        public static IReadOnlyList<Diagnostic> Run(string file)
        {
            string text = File.ReadAllText(file);
            var bag = new DiagnosticBag();
            string dir = Path.GetDirectoryName(file)!;
            if (file.EndsWith(".manifest.xml", StringComparison.Ordinal))
            {
                if (ManifestReader.Read(file, bag) is { } m) ManifestRules.Check(m, bag);
            }
            else if (file.EndsWith(".policy.xml", StringComparison.Ordinal))
            {
                InstallerPipeline.Check(file, bag);
            }
            else if (file.EndsWith(".args.txt", StringComparison.Ordinal))
            {
                var m = ManifestReader.Read(Path.Combine(dir, Directive(text, "manifest")!), bag)
                    ?? throw new InvalidOperationException("the case's manifest is invalid: " + string.Join("\n", bag.Items));
                foreach (var e in ArgumentBinder.Bind(m, Directive(text, "line") ?? "").Errors)
                    bag.Add(e.Code, SourceLocation.OfFile(file), e.Message);
            }
            else if (file.EndsWith(".cs", StringComparison.Ordinal))
            {
                VerifyProgram(file, text, bag);
            }
            else throw new InvalidOperationException($"unknown case kind: {file}");
            return bag.Items;
        }

        private static void VerifyProgram(string file, string text, DiagnosticBag bag)
        {
            string dir = ProgramCompiler.TempDirectory();
            try
            {
                var references = new List<string>();
                if (Regex.IsMatch(text, @"^//\s*contracts\s*$", RegexOptions.Multiline))
                    references.Add(ProgramCompiler.Compile("Contracts", ProgramCompiler.ContractsSource, dir));
                if (Regex.IsMatch(text, @"^//\s*contract-library\s*$", RegexOptions.Multiline))
                    references.Add(Path.Combine(TestPaths.ContractsSipBin, "Sing.Contracts.Sip.dll"));
                foreach (Match lib in Regex.Matches(text, @"/\*\s*library (\w[\w.]*)\s*\n(.*?)\*/", RegexOptions.Singleline))
                    references.Add(ProgramCompiler.Compile(lib.Groups[1].Value, lib.Groups[2].Value, dir));
                if (Directive(text, "fake-reference") is string fake)
                    references.Add(ProgramCompiler.Compile(fake, "namespace Fake { public static class Library { public static int Value() => 1; } }", dir));
                string assembly = Directive(text, "assembly") ?? "App";
                string dll = ProgramCompiler.Compile(assembly, text, dir, references);

                string manifest;
                Match inline = Regex.Match(text, @"/\*\s*manifest\s*\n(.*?)\*/", RegexOptions.Singleline);
                if (inline.Success)
                {
                    manifest = Path.Combine(dir, "manifest.xml");
                    File.WriteAllText(manifest, inline.Groups[1].Value);
                }
                else manifest = Path.Combine(Path.GetDirectoryName(file)!, Directive(text, "manifest") ?? "Shared/app.xml");

                string program = Directive(text, "program") ?? ManifestName(manifest);
                bool trusted = Regex.IsMatch(text, @"^//\s*trusted\s*$", RegexOptions.Multiline);
                string domain = Directive(text, "domain") is string d ? $" domain=\"{d}\"" : "";
                string policy = Path.Combine(dir, "test.policy.xml");
                File.WriteAllText(policy, $"""
                    <policy xmlns="urn:singularity:policy:v1" configuration="SIP-Phys">
                      <programs>
                        <program name="{program}" manifest="{manifest}" project="none.csproj" trusted="{(trusted ? "true" : "false")}" reason="test case"{domain}/>
                      </programs>
                    </policy>
                    """);
                InstallerPipeline.Verify(policy, program, dll, new[] { dir, TestPaths.ContractsSipBin }, TestPaths.TrustedAssemblies, bag);
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }

        private static string ManifestName(string manifest) =>
            Regex.Match(File.ReadAllText(manifest), "<manifest[^>]*\\sname=\"([^\"]*)\"").Groups[1].Value;

        /// <summary>"key: value" on a line, after an optional "//" or "&lt;!--".</summary>
        public static string? Directive(string text, string key)
        {
            Match m = Regex.Match(text, @"^(?://|<!--)?\s*" + Regex.Escape(key) + @":[ \t]*(.*?)[ \t]*(?:-->)?\r?$", RegexOptions.Multiline);
            return m.Success ? m.Groups[1].Value : null;
        }

        /// <summary>The expected code and message fragment stated in the case file.</summary>
        public static (string Code, string Fragment) Expectation(string file)
        {
            string? expect = Directive(File.ReadAllText(file), "expect") ?? throw new InvalidOperationException($"{file} states no 'expect:'");
            Match m = ExpectRegex().Match(expect);
            if (!m.Success) throw new InvalidOperationException($"{file}: 'expect: {expect}' is not 'CODE fragment'");
            return (m.Groups[1].Value, m.Groups[2].Value);
        }

        [GeneratedRegex(@"^(SINGI\d{3})\s+(.+)$")]
        private static partial Regex ExpectRegex();
    }
}
