using Singularity.Manifests;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>Quoting in the command lines the shell and the kernel bind (Runtime/Manifest/CommandLine.cs): any text
    /// survives <see cref="CommandLine.Quote"/> and <see cref="CommandLine.Split"/> as one word (the login program passes
    /// the kernel's script= lines to the shell this way).</summary>
    public sealed class CommandLineQuotingTests
    {
        [Theory]
        [InlineData("")]
        [InlineData("plain")]
        [InlineData("two words; and a \\; escaped separator")]
        [InlineData("a \"quoted\" word")]
        [InlineData("back\\slash and \\\\ two, ending in \\")]
        [InlineData("\"")]
        [InlineData("\\\"")]
        [InlineData("tab\tand   spaces")]
        public void QuotedTextComesBackWhole(string text)
        {
            var words = CommandLine.Split("--lines " + CommandLine.Quote(text) + " --prompt x", out string error);
            Assert.Null(error);
            Assert.Equal(new[] { "--lines", text, "--prompt", "x" }, words);
        }

        [Theory]
        [InlineData("\"a\\qb\"", "a\\qb")]          // other backslashes are themselves
        [InlineData("a\\\"b", "a\\b")]             // outside quotes a backslash is itself, and the quote opens
        [InlineData("\"a\\\"b\" c", "a\"b")]
        public void BackslashesEscapeOnlyQuotesAndBackslashesInsideQuotes(string line, string first)
        {
            var words = CommandLine.Split(line, out string error);
            if (error == null) Assert.Equal(first, words[0]);
            else Assert.Contains("unterminated", error, System.StringComparison.Ordinal);
        }

        [Fact]
        public void RandomTextRoundTrips()
        {
            var random = new System.Random(35);
            const string Alphabet = "ab \t\"\\;-=";
            for (int n = 0; n < 2000; n++)
            {
                var text = new char[random.Next(0, 24)];
                for (int i = 0; i < text.Length; i++) text[i] = Alphabet[random.Next(Alphabet.Length)];
                var words = CommandLine.Split(CommandLine.Quote(new string(text)), out string error);
                Assert.Null(error);
                Assert.Equal(new string(text), Assert.Single(words));
            }
        }
    }
}
