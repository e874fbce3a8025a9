using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Sing.Analyzers.Tests.Harness
{
    /// <summary>
    /// Asserts the exact Sing diagnostics of a program. Expected ones are marked in the source with
    /// <c>/*SING0201*/</c> immediately before the position the diagnostic must start at.
    /// </summary>
    public static class Verify
    {
        private static readonly Regex Marker = new Regex(@"/\*(SING\d{4})\*/", RegexOptions.Compiled);

        public static void Diagnostics(string program, bool allowCompilerErrors = false, bool withPrelude = true)
        {
            var expected = new List<string>();
            foreach (Match match in Marker.Matches(program))
            {
                expected.Add(match.Groups[1].Value + "@" + (match.Index + match.Length));
            }

            ImmutableArray<Diagnostic> diagnostics = Run(program, withPrelude, out string programPath);
            var crashes = diagnostics.Where(d => d.Id == "AD0001").ToList();
            Assert.True(crashes.Count == 0, "analyzer crashed: " + string.Join("\n", crashes.Select(d => d.GetMessage())));
            if (!allowCompilerErrors)
            {
                var errors = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error && d.Id.StartsWith("CS", StringComparison.Ordinal)).ToList();
                Assert.True(errors.Count == 0, "program does not compile:\n" + string.Join("\n", errors.Select(d => d.ToString())));
            }

            var sing = diagnostics.Where(d => d.Id.StartsWith("SING", StringComparison.Ordinal)).ToList();
            var elsewhere = sing.Where(d => d.Location.SourceTree?.FilePath != programPath).ToList();
            Assert.True(elsewhere.Count == 0, "unexpected diagnostics outside the program:\n" + string.Join("\n", elsewhere.Select(d => d.ToString())));
            var actual = sing.Select(d => d.Id + "@" + d.Location.SourceSpan.Start).ToList();
            expected.Sort(StringComparer.Ordinal);
            actual.Sort(StringComparer.Ordinal);
            Assert.True(
                expected.SequenceEqual(actual),
                "expected: [" + string.Join(", ", expected) + "]\nactual:   [" + string.Join(", ", actual) + "]\n" +
                string.Join("\n", sing.Select(d => d.Id + " line " + (d.Location.GetLineSpan().StartLinePosition.Line + 1) + " col " + (d.Location.GetLineSpan().StartLinePosition.Character + 1) + ": " + d.GetMessage())));
        }

        /// <summary>Compiles, generates and analyses; returns every diagnostic.</summary>
        public static ImmutableArray<Diagnostic> Run(string program, bool withPrelude, out string programPath)
        {
            string[] sources = withPrelude ? new[] { Prelude.Contracts, program } : new[] { program };
            programPath = "Source" + (sources.Length - 1) + ".cs";
            Compilation compilation = CompilationHarness.Generate(CompilationHarness.Compile(sources), out ImmutableArray<Diagnostic> generatorDiagnostics, out _);
            Assert.Empty(generatorDiagnostics);
            return CompilationHarness.Analyze(compilation);
        }

        /// <summary>The message of the one diagnostic with this ID (for message-content tests).</summary>
        public static string MessageOf(string program, string id)
        {
            ImmutableArray<Diagnostic> diagnostics = Run(program, withPrelude: true, out _);
            return diagnostics.Single(d => d.Id == id).GetMessage();
        }
    }
}
