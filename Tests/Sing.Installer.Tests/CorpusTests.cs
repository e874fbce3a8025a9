using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>Every file in Corpus/ (except Shared/ fixtures) is a bad input that must be rejected with the code and
    /// message fragment it states.</summary>
    public sealed class CorpusTests
    {
        public static IEnumerable<object[]> Cases() =>
            Directory.GetFiles(TestPaths.Corpus).Select(Path.GetFileName).OrderBy(f => f).Select(f => new object[] { f! });

        [Fact]
        public void CorpusHasEnoughCases() => Assert.True(Cases().Count() >= 35);

        [Theory]
        [MemberData(nameof(Cases))]
        public void IsRejectedAsStated(string file)
        {
            string path = Path.Combine(TestPaths.Corpus, file);
            var (code, fragment) = CaseRunner.Expectation(path);
            var diagnostics = CaseRunner.Run(path);
            string all = string.Join("\n", diagnostics);
            var match = diagnostics.FirstOrDefault(d => d.Code == code && d.ToString().Contains(fragment));
            Assert.True(match is not null, $"expected {code} containing \"{fragment}\", got:\n{(all.Length == 0 ? "(nothing: accepted)" : all)}");
            // Errors in XML files must point at a line, so `dotnet build` and IDEs can jump to it.
            if (match!.Location.File.EndsWith(".xml", System.StringComparison.Ordinal))
                Assert.True(match.Location.Line > 0, $"no line for {match}");
        }
    }
}
