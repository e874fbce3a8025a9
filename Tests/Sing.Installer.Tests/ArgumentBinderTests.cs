using System.IO;
using Sing.Installer.Arguments;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Sing.Installer.Xml;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>The binder's accepted forms and its canonical output (the same rules the shell uses).</summary>
    public sealed class ArgumentBinderTests
    {
        private static ProgramManifest Load(string name)
        {
            var bag = new DiagnosticBag();
            var m = ManifestReader.Read(Path.Combine(TestPaths.Corpus, "Shared", name), bag);
            Assert.Empty(bag.Items);
            return m!;
        }

        [Theory]
        [InlineData("", "count=3")]
        [InlineData("7", "count=7")]
        [InlineData("--count 7", "count=7")]
        [InlineData("count=-7", "count=-7")]
        [InlineData("--count=+7", "count=7")]
        [InlineData("--verbose 5", "count=5\tverbose=true")]
        [InlineData("verbose=false big=9000000000", "count=3\tverbose=false\tbig=9000000000")]
        [InlineData("  --big   -1   12 ", "count=12\tbig=-1")]
        public void CanonicalForm(string line, string canonical)
        {
            BindResult result = ArgumentBinder.Bind(Load("params.xml"), line);
            Assert.True(result.Success, string.Join("\n", result.Errors));
            Assert.Equal(canonical, result.Canonical);
        }

        [Fact]
        public void PositionalAndQuoted()
        {
            BindResult result = ArgumentBinder.Bind(Load("copy.xml"), "\"my file.txt\" dest=out");
            Assert.True(result.Success);
            Assert.Equal(new[] { "source=my file.txt", "dest=out" }, result.Pairs);
        }

        [Fact]
        public void LastStringPositionalTakesTheRestOfTheLine()
        {
            // Programs that parse their own arguments (probe, singbench, channelprobe) get the whole tail verbatim.
            var bag = new DiagnosticBag();
            var probe = ManifestReader.Read(Path.Combine(TestPaths.Root, "Manifests", "Programs", "probe.xml"), bag)!;
            Assert.Equal("args=spawn hello --count 2", ArgumentBinder.Bind(probe, "  spawn hello --count 2 ").Canonical);
            Assert.Equal("args=", ArgumentBinder.Bind(probe, "").Canonical);
        }

        [Fact]
        public void TheFirstMistakeIsReportedWithItsCodeAndNoValues()
        {
            // The kernel's binder (shared code) stops at the first mistake, as the program would never start anyway.
            BindResult result = ArgumentBinder.Bind(Load("params.xml"), "abc --nope");
            Assert.False(result.Success);
            Assert.Empty(result.Values);
            ArgumentError e = Assert.Single(result.Errors);
            Assert.Equal((ErrorCodes.WrongArgumentType, "parameter count of app expects int32, got 'abc'"), (e.Code, e.Message));
            Assert.Equal(ErrorCodes.UnknownParameter, Assert.Single(ArgumentBinder.Bind(Load("params.xml"), "--nope 1").Errors).Code);
        }

        [Fact]
        public void QuotesGroupWordsAnywhereInAWord()
        {
            BindResult result = ArgumentBinder.Bind(Load("copy.xml"), "source=\"a b\" --dest \"c d\"");
            Assert.True(result.Success, string.Join("\n", result.Errors));
            Assert.Equal(new[] { "source=a b", "dest=c d" }, result.Pairs);
        }
    }
}
