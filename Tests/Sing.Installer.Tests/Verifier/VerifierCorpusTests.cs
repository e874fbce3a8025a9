using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>Each patched program of <see cref="VerifierCorpus"/> is rejected with its stated code and message, and
    /// the unpatched base programs pass (so the rejection is the patch's doing).</summary>
    public sealed class VerifierCorpusTests
    {
        public static IEnumerable<object[]> Cases() => VerifierCorpus.Cases.Select(c => new object[] { c.Name });

        [Fact]
        public void CorpusHasACaseForEachRuleFamily()
        {
            Assert.True(VerifierCorpus.Cases.Count >= 40, $"only {VerifierCorpus.Cases.Count} cases");
            foreach (string code in new[] { "SINGI052", "SINGI053", "SINGI060", "SINGI061", "SINGI062", "SINGI063", "SINGI064", "SINGI065", "SINGI066", "SINGI068", "SINGI099" })
                Assert.Contains(VerifierCorpus.Cases, c => c.Code == code);
            Assert.Equal(VerifierCorpus.Cases.Count, VerifierCorpus.Cases.Select(c => c.Name).Distinct().Count());
        }

        [Theory]
        [InlineData("base")]
        [InlineData("metadata")]
        [InlineData("constructors")]
        public void UnpatchedBaseProgramPasses(string which)
        {
            string dir = ProgramCompiler.TempDirectory();
            string dll = ProgramCompiler.Compile("App", which switch { "base" => PatchedPrograms.BaseSource, "metadata" => MetadataCorpus.Source, _ => ConstructorCorpus.Source }, dir);
            var diagnostics = PatchedPrograms.Verify(dll, dir);
            Assert.True(diagnostics.Count == 0, string.Join("\n", diagnostics));
        }

        [Fact]
        public void FixedBufferIndexingIsRejectedAsCompiled()
        {
            // As C# emits it: no pointer type in any signature and no [UnverifiableCode] marker on the module, so the
            // old filter passed it; the verifier finds the pointer arithmetic the indexing compiles to.
            string dir = ProgramCompiler.TempDirectory();
            string dll = ProgramCompiler.Compile("App", PatchedPrograms.FixedBufferSource, dir);
            var diagnostics = PatchedPrograms.Verify(dll, dir);
            Assert.Contains(diagnostics, d => d.Code == "SINGI066" && d.Message.Contains("Test.App.Fixed.At (IL offset 0x"));
            Assert.DoesNotContain(diagnostics, d => d.Code is "SINGI050" or "SINGI051");
        }

        [Theory]
        [MemberData(nameof(Cases))]
        public void PatchedProgramIsRejectedAsStated(string name)
        {
            PatchedCase c = VerifierCorpus.Cases.Single(x => x.Name == name);
            string dir = ProgramCompiler.TempDirectory();
            try
            {
                string dll = PatchedPrograms.Build(c, dir);
                var diagnostics = PatchedPrograms.Verify(dll, dir);
                string all = string.Join("\n", diagnostics);
                Assert.True(diagnostics.Any(d => d.Code == c.Code && d.Message.Contains(c.Fragment)),
                    $"expected {c.Code} containing \"{c.Fragment}\", got:\n{(all.Length == 0 ? "(nothing: accepted)" : all)}");
                if (c.Method is { } method)
                    Assert.Contains(diagnostics, d => d.Code == c.Code && d.Message.Contains("." + method + " (IL offset 0x") || d.Message.Contains("." + method + ":"));
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }
    }
}
