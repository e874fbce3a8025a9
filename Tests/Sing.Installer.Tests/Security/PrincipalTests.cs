using Singularity.Security;
using Xunit;

namespace Sing.Installer.Tests.Security
{
    /// <summary>The compound principal format and the pattern language (Runtime/Security/README.md), as the kernel builds
    /// principals and services match them.</summary>
    public sealed class PrincipalTests
    {
        private const string Login = "singularity-project/login@system";
        private const string AliceShell = "singularity-project/shell@alice";
        private const string AliceCat = "singularity-project/cat@alice";
        private static readonly string Chain = Login + "+" + AliceShell + "+" + AliceCat;

        [Theory]
        [InlineData("Singularity project", "singularity-project")]
        [InlineData("  Contoso, Ltd.  ", "contoso-ltd")]
        [InlineData("ÄÖÜ", "unknown")]
        [InlineData("", "unknown")]
        [InlineData("A--B__C", "a-b-c")]
        public void PublishersBecomeNames(string publisher, string name)
        {
            Assert.Equal(name, PrincipalName.PublisherName(publisher));
            Assert.Null(PrincipalName.NameError("publisher", name));
        }

        [Fact]
        public void ChainsGrowUpToTheirLimits()
        {
            string principal = PrincipalName.Extend(null, Login, out string? error);
            Assert.Null(error);
            for (int i = 1; i < PrincipalName.MaxLinks; i++)
            {
                principal = PrincipalName.Extend(principal, AliceShell, out error);
                Assert.Null(error);
            }
            Assert.Equal(PrincipalName.MaxLinks, PrincipalName.LinkCount(principal));
            Assert.Null(PrincipalName.Validate(principal));
            Assert.Null(PrincipalName.Extend(principal, AliceCat, out error));
            Assert.Contains("more than 16 links", error, System.StringComparison.Ordinal);

            string longLink = PrincipalName.Link(new string('p', 64), new string('q', 64), new string('r', 64));
            string longChain = longLink;
            for (int i = 0; i < 4; i++) longChain = PrincipalName.Extend(longChain, longLink, out error)!;
            Assert.Null(PrincipalName.Extend(longChain, longLink, out error));
            Assert.Contains("longer than 1024", error, System.StringComparison.Ordinal);
        }

        [Theory]
        [InlineData("", "empty")]
        [InlineData("shell@alice", "no publisher")]
        [InlineData("a/shell", "no role")]
        [InlineData("a/shell@Alice", "role name \"Alice\" has 'A'")]
        [InlineData("a/sh ell@alice", "program name")]
        [InlineData("a/shell@alice+", "link 2: ")]
        [InlineData("a/shell@alice++b/c@d", "link 2: ")]
        [InlineData("a/@alice", "program name is empty")]
        public void MalformedPrincipalsAreNamed(string principal, string why)
        {
            string? error = PrincipalName.Validate(principal);
            Assert.NotNull(error);
            Assert.Contains(why, error, System.StringComparison.Ordinal);
        }

        [Fact]
        public void RoleAndApplicationAreTheLastLinks()
        {
            Assert.Equal("alice", PrincipalName.RoleOf(Chain));
            Assert.Equal("singularity-project/cat", PrincipalName.ApplicationOf(Chain));
            Assert.Equal("system", PrincipalName.RoleOf(Login));
        }

        [Theory]
        [InlineData("*", true)]
        [InlineData("@alice", true)]
        [InlineData("@bob", false)]
        [InlineData("*/cat@alice", true)]
        [InlineData("*/cat", true)]
        [InlineData("*/shell", false)]                                      // the end is anchored: cat is the process
        [InlineData("*/shell@alice+*/cat", true)]
        [InlineData("^singularity-project/login@system+...", true)]
        [InlineData("^singularity-project/login@system+...+@alice", true)]
        [InlineData("^singularity-project/login@system+@alice", false)]     // two links, not three
        [InlineData("^*/shell@alice+...", false)]                           // anchored: login comes first
        [InlineData("singularity-*/c*@a*", true)]
        [InlineData("*/*@*", true)]
        [InlineData("...", true)]
        [InlineData("...+*/login@system+...", true)]
        [InlineData("contoso/*", false)]
        [InlineData("*/login@system", false)]
        public void PatternsMatchFromTheEnd(string pattern, bool matches)
        {
            Assert.True(PrincipalPattern.TryParse(pattern, out PrincipalPattern? parsed, out string? error), error);
            Assert.Equal(matches, parsed!.Matches(Chain));
        }

        [Theory]
        [InlineData("", "empty")]
        [InlineData("shell", "names no publisher")]
        [InlineData("*/shell@", "the role is empty")]
        [InlineData("*/Shell", "the program \"Shell\" has 'S'")]
        [InlineData("a/b++c/d", "at character 5: an empty element")]
        [InlineData("a/b+", "empty element")]
        [InlineData("^", "empty element")]
        [InlineData("@al ice", "has ' '")]
        [InlineData("a/b\u0001", "has '?'")]
        public void BadPatternsSayWhereAndWhy(string pattern, string why)
        {
            Assert.False(PrincipalPattern.TryParse(pattern, out PrincipalPattern? parsed, out string? error));
            Assert.Null(parsed);
            Assert.StartsWith("principal pattern \"", error, System.StringComparison.Ordinal);
            Assert.Contains(why, error, System.StringComparison.Ordinal);
        }

        [Fact]
        public void OverlongPatternsAreRefused()
        {
            Assert.False(PrincipalPattern.TryParse(new string('*', 513), out _, out string? error));
            Assert.Contains("longer than 512", error, System.StringComparison.Ordinal);
            string many = string.Join("+", System.Linq.Enumerable.Repeat("*", 17));
            Assert.False(PrincipalPattern.TryParse(many, out _, out error));
            Assert.Contains("more than 16 elements", error, System.StringComparison.Ordinal);
        }

        [Fact]
        public void MalformedPrincipalsMatchNothing()
        {
            Assert.True(PrincipalPattern.TryParse("...", out PrincipalPattern? any, out _));
            Assert.False(any!.Matches(""));
            Assert.False(any.Matches(null!));
            Assert.False(any.Matches("a/b@c+"));
            Assert.False(any.Matches("a/b"));
        }

        [Fact]
        public void GlobsBacktrack()
        {
            Assert.True(PrincipalPattern.TryParse("*/a*b*c@*", out PrincipalPattern? p, out _));
            Assert.True(p!.Matches("x/axbybzc@r"));
            Assert.True(p.Matches("x/abc@r"));
            Assert.False(p.Matches("x/abcd@r"));
            Assert.False(p.Matches("x/acb@r"));
        }
    }
}
