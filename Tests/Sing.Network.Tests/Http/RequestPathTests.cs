using System.Text;
using Sing.Web.Http;
using Xunit;

namespace Sing.Network.Tests.Http;

public class RequestPathTests
{
    [Theory]
    [InlineData("/", "/")]
    [InlineData("/index.html", "/index.html")]
    [InlineData("/a/b/", "/a/b/")]
    [InlineData("/a/b?x=/../../etc", "/a/b")]
    [InlineData("/a/./b", "/a/b")]
    [InlineData("/a/b/.", "/a/b/")]
    [InlineData("/a/b/..", "/a/")]
    [InlineData("/a/b/../c", "/a/c")]
    [InlineData("/a/../../a/..", null)]
    [InlineData("/a//b", "/a/b")]
    [InlineData("//a///b//", "/a/b/")]
    [InlineData("/a/%2e%2e/b", "/b")]
    [InlineData("/a/%2E./b", "/b")]
    [InlineData("/a/%2e/b", "/a/b")]
    [InlineData("/hello%20world.txt", "/hello world.txt")]
    [InlineData("/caf%C3%A9", "/caf\u00e9")]
    [InlineData("/...", "/...")]
    [InlineData("/a..b", "/a..b")]
    public void Normalises(string target, string? expected)
    {
        RequestPath path = RequestPath.Parse(target);
        if (expected == null)
        {
            Assert.False(path.IsValid);
            return;
        }
        Assert.True(path.IsValid, path.Problem);
        Assert.Equal(expected, path.Path);
    }

    [Theory]
    [InlineData("/..")]
    [InlineData("/../etc/passwd")]
    [InlineData("/a/../..")]
    [InlineData("/%2e%2e/etc/passwd")]
    [InlineData("/a/%2E%2E/%2e%2e/x")]
    [InlineData("/a%2fb")]          // encoded slash inside a segment
    [InlineData("/..%2f..%2fetc")]
    [InlineData("/a%2F..")]
    [InlineData("/a\\b")]           // backslash
    [InlineData("/..\\..\\x")]
    [InlineData("/a%5c..%5cb")]     // encoded backslash
    [InlineData("/a%00.html")]      // encoded NUL
    [InlineData("/a%0d%0aSet-Cookie:x")]
    [InlineData("/a%")]             // bad escapes
    [InlineData("/a%2")]
    [InlineData("/a%zz")]
    [InlineData("/a%c3")]           // truncated UTF-8
    [InlineData("/a%c0%ae")]        // overlong '.'
    [InlineData("/a%ed%a0%80")]     // a surrogate
    [InlineData("a/b")]             // not origin form
    [InlineData("")]
    [InlineData("/a#frag")]
    public void RefusesWhatCouldLeaveTheRootOrNameTwoFiles(string target)
    {
        RequestPath path = RequestPath.Parse(target);
        Assert.False(path.IsValid, $"{target} gave {path.Path}");
        Assert.False(string.IsNullOrEmpty(path.Problem));
    }

    [Fact]
    public void EncodeRoundTripsThroughParse()
    {
        foreach (string p in new[] { "/a b/c\u00e9/", "/x%y", "/&'\"<>?#", "/plain/path.html" })
        {
            string encoded = RequestPath.Encode(p);
            Assert.DoesNotContain(' ', encoded);
            Assert.DoesNotContain('"', encoded);
            Assert.DoesNotContain('<', encoded);
            Assert.DoesNotContain('?', encoded);
            Assert.Equal(p, RequestPath.Parse(encoded).Path);
        }
    }

    [Fact]
    public void TheUndecodedFastPathAgreesWithDecoding()
    {
        // "%61" is 'a': the same target with an escape takes the decoding path; both must give the same path.
        var random = new Random(3986);
        string[] pieces = { "/", "a", "b.c", "x-y_z~", "a.", "?q=1", "/a", "(x)", "a+b", "a=b;c" };
        for (int n = 0; n < 5000; n++)
        {
            var target = new StringBuilder("/a");
            for (int i = random.Next(6); i > 0; i--) target.Append(pieces[random.Next(pieces.Length)]);
            string plain = target.ToString();
            string escaped = "/%61" + plain.Substring(2);
            RequestPath fast = RequestPath.Parse(plain), slow = RequestPath.Parse(escaped);
            Assert.Equal(slow.IsValid, fast.IsValid);
            Assert.Equal(slow.Path, fast.Path);
        }
    }
}
