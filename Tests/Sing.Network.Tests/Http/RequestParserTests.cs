using System.Text;
using Sing.Web.Http;
using Xunit;

namespace Sing.Network.Tests.Http;

public class RequestParserTests
{
    private static (HttpParseResult Result, HttpRequestParser Parser, int Consumed) Parse(string text, HttpLimits? limits = null)
    {
        var parser = new HttpRequestParser(limits ?? new HttpLimits());
        byte[] bytes = Encoding.Latin1.GetBytes(text);
        HttpParseResult result = parser.Parse(bytes, out int consumed);
        return (result, parser, consumed);
    }

    private static void AssertError(int status, string text)
    {
        var (result, parser, _) = Parse(text);
        Assert.Equal(HttpParseResult.Error, result);
        Assert.Equal(status, parser.ErrorStatus);
        Assert.False(string.IsNullOrEmpty(parser.ErrorReason));
    }

    [Fact]
    public void ParsesASimpleGet()
    {
        var (result, parser, consumed) = Parse("GET /index.html?x=1 HTTP/1.1\r\nHost: example\r\nUser-Agent: t\r\n\r\n");
        Assert.Equal(HttpParseResult.Complete, result);
        Assert.Equal(RequestMethod.Get, parser.Request.Method);
        Assert.Equal("/index.html?x=1", parser.Request.PathAndQuery);
        Assert.Equal("GET /index.html?x=1 HTTP/1.1", parser.Request.RequestLine);
        Assert.Equal("example", parser.Request.Host);
        Assert.Equal("t", parser.Request.Field("user-agent"));
        Assert.Equal(1, parser.Request.MinorVersion);
        Assert.True(parser.Request.KeepAlive);
        Assert.Equal(Encoding.ASCII.GetByteCount("GET /index.html?x=1 HTTP/1.1\r\nHost: example\r\nUser-Agent: t\r\n\r\n"), consumed);
    }

    [Fact]
    public void AcceptsBareLineFeedsLeadingEmptyLinesAndAbsoluteForm()
    {
        var (result, parser, _) = Parse("\r\n\nHEAD http://h:8080/a/b?q HTTP/1.0\nConnection: Keep-Alive\n\n");
        Assert.Equal(HttpParseResult.Complete, result);
        Assert.Equal(RequestMethod.Head, parser.Request.Method);
        Assert.Equal("/a/b?q", parser.Request.PathAndQuery);
        Assert.Equal(0, parser.Request.MinorVersion);
        Assert.True(parser.Request.KeepAlive);
        Assert.Equal("/", Parse("GET http://h HTTP/1.1\r\nHost: h\r\n\r\n").Parser.Request.PathAndQuery);
        Assert.Equal("/?q", Parse("GET http://h?q HTTP/1.1\r\nHost: h\r\n\r\n").Parser.Request.PathAndQuery);
    }

    [Fact]
    public void TrimsFieldValueWhiteSpaceAndKeepsObsText()
    {
        var (result, parser, _) = Parse("GET / HTTP/1.1\r\nHost:h\r\nX-A: \t v a l \t\r\nX-B: caf\xe9\r\nX-C:\r\n\r\n");
        Assert.Equal(HttpParseResult.Complete, result);
        Assert.Equal("h", parser.Request.Host);
        Assert.Equal("v a l", parser.Request.Field("X-A"));
        Assert.Equal("caf\u00e9", parser.Request.Field("x-b"));
        Assert.Equal("", parser.Request.Field("X-C"));
    }

    [Theory]
    [InlineData("GET / HTTP/1.1\r\n\r\n")]                                   // no Host in 1.1
    [InlineData("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")]             // two Hosts
    [InlineData("GET / HTTP/1.1\r\nHost: a b\r\n\r\n")]                      // a Host that is no host
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx")]   // duplicate CL
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nx")]   // conflicting CL
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1, 1\r\n\r\nx")]                      // list
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n")]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n")]
    [InlineData("GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n")]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n")]            // obs-fold
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\n\tfolded\r\n\r\n")]
    [InlineData("GET / HTTP/1.1\r\nHost : h\r\n\r\n")]                      // space before the colon
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nBad Name: x\r\n\r\n")]        // not a token
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\n: x\r\n\r\n")]                 // empty name
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n")]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nX: a\0b\r\n\r\n")]             // NUL in a value
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n")]             // bare CR
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nX: a\x7f\r\n\r\n")]            // DEL
    [InlineData("GET /  HTTP/1.1\r\nHost: h\r\n\r\n")]                       // two spaces
    [InlineData(" GET / HTTP/1.1\r\nHost: h\r\n\r\n")]
    [InlineData("GET / HTTP/1.1 \r\nHost: h\r\n\r\n")]
    [InlineData("GET /\r\n\r\n")]                                            // HTTP/0.9
    [InlineData("GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n")]
    [InlineData("GET / HTTX/1.1\r\nHost: h\r\n\r\n")]                        // bad version
    [InlineData("GET / HTTP/1.10\r\nHost: h\r\n\r\n")]
    [InlineData("GET / http/1.1\r\nHost: h\r\n\r\n")]
    [InlineData("GET / HTTP/1\r\nHost: h\r\n\r\n")]
    [InlineData("G(T / HTTP/1.1\r\nHost: h\r\n\r\n")]                        // a method that is no token
    [InlineData("GET /a\x80 HTTP/1.1\r\nHost: h\r\n\r\n")]                   // non-ASCII target
    [InlineData("GET * HTTP/1.1\r\nHost: h\r\n\r\n")]                        // asterisk form
    [InlineData("GET ftp://h/ HTTP/1.1\r\nHost: h\r\n\r\n")]
    [InlineData("\r\n\r\n\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")]   // too many empty lines first
    public void MalformedRequestsAre400(string text) => AssertError(HttpStatus.BadRequest, text);

    [Theory]
    [InlineData("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")]
    [InlineData("PUT / HTTP/1.1\r\n")]
    [InlineData("DELETE / HTTP/1.1\r\n")]
    [InlineData("OPTIONS * HTTP/1.1\r\n")]
    [InlineData("get / HTTP/1.1\r\n")]                                       // methods are case-sensitive
    [InlineData("BREW / HTTP/1.1\r\n")]
    public void OtherMethodsAre405AsSoonAsTheRequestLineEnds(string text) => AssertError(HttpStatus.MethodNotAllowed, text);

    [Fact]
    public void AnOverlongMethodIs501AndGarbageIs400BeforeItsEnd()
    {
        AssertError(HttpStatus.NotImplemented, new string('A', 40));
        AssertError(HttpStatus.BadRequest, "\x01\x02\x03" + new string('A', 40));
    }

    [Fact]
    public void AnHttp2RequestLineIs505()
    {
        AssertError(HttpStatus.VersionNotSupported, "GET / HTTP/2.0\r\nHost: h\r\n\r\n");
        AssertError(HttpStatus.VersionNotSupported, "GET / HTTP/0.9\r\n\r\n");
        Assert.Equal(HttpParseResult.Complete, Parse("GET / HTTP/1.7\r\nHost: h\r\n\r\n").Result);   // a later 1.x is 1.1
    }

    [Fact]
    public void TransferEncodingIsRefused411ForChunked501ForOthers()
    {
        AssertError(HttpStatus.LengthRequired, "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
        AssertError(HttpStatus.LengthRequired, "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n");
        AssertError(HttpStatus.NotImplemented, "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n");
    }

    [Fact]
    public void TargetLimitIs414AndIsDecidedBeforeTheLineEnds()
    {
        var limits = new HttpLimits();
        string exact = "/" + new string('a', limits.MaxTargetBytes - 1);
        Assert.Equal(HttpParseResult.Complete, Parse($"GET {exact} HTTP/1.1\r\nHost: h\r\n\r\n").Result);
        // The longest request line there can be: the longest method and the longest target, with its CR LF.
        string method = new string('M', limits.MaxMethodBytes);
        Assert.Equal(HttpStatus.MethodNotAllowed, Parse($"{method} {exact} HTTP/1.1\r\n").Parser.ErrorStatus);
        // One byte more, and no line end ever sent: answered anyway.
        var (result, parser, consumed) = Parse("GET /" + new string('a', limits.MaxTargetBytes) + new string('b', 100000));
        Assert.Equal(HttpParseResult.Error, result);
        Assert.Equal(HttpStatus.UriTooLong, parser.ErrorStatus);
        Assert.True(consumed <= limits.MaxTargetBytes + 10, $"consumed {consumed}");
    }

    [Fact]
    public void HeaderSectionLimitsAre431()
    {
        var limits = new HttpLimits();
        var many = new StringBuilder("GET / HTTP/1.1\r\nHost: h\r\n");
        for (int i = 1; i < limits.MaxHeaderFields; i++) many.Append("X-").Append(i).Append(": v\r\n");
        Assert.Equal(HttpParseResult.Complete, Parse(many + "\r\n").Result);   // exactly 100 fields
        AssertError(HttpStatus.HeaderFieldsTooLarge, many + "X-Last: v\r\n\r\n");
        // One huge field, never ended: refused once it passes the limit.
        var (result, parser, consumed) = Parse("GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + new string('v', 100000));
        Assert.Equal(HttpParseResult.Error, result);
        Assert.Equal(HttpStatus.HeaderFieldsTooLarge, parser.ErrorStatus);
        Assert.True(consumed < limits.MaxHeaderBytes + 100, $"consumed {consumed}");
        // Many moderate fields adding up past 16 KiB.
        var large = new StringBuilder("GET / HTTP/1.1\r\nHost: h\r\n");
        for (int i = 0; i < 20; i++) large.Append("X-").Append(i).Append(": ").Append('v', 1000).Append("\r\n");
        AssertError(HttpStatus.HeaderFieldsTooLarge, large + "\r\n");
    }

    [Fact]
    public void BodyBeyondTheLimitIs413AndOneWithinIsConsumed()
    {
        AssertError(HttpStatus.ContentTooLarge, "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 65537\r\n\r\n");
        AssertError(HttpStatus.ContentTooLarge, "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999999\r\n\r\n");
        string body = new string('b', 1000);
        string first = "GET /a HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\n" + body;
        var (result, parser, consumed) = Parse(first + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(HttpParseResult.Complete, result);
        Assert.Equal(first.Length, consumed);
        Assert.Equal(1000, parser.Request.ContentLength);
    }

    [Fact]
    public void ARequestSplitAtEveryBytePositionParsesTheSame()
    {
        string text = "GET /dir/file.html?q=1 HTTP/1.1\r\nHost: example:80\r\nIf-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 3\r\n\r\nabc";
        byte[] bytes = Encoding.ASCII.GetBytes(text);
        for (int split = 0; split <= bytes.Length; split++)
        {
            var parser = new HttpRequestParser(new HttpLimits());
            HttpParseResult first = parser.Parse(bytes.AsSpan(0, split), out int c1);
            Assert.Equal(split, c1);
            if (split < bytes.Length) Assert.Equal(HttpParseResult.NeedMore, first);
            HttpParseResult second = parser.Parse(bytes.AsSpan(split), out int c2);
            Assert.Equal(bytes.Length - split, c2);
            Assert.Equal(HttpParseResult.Complete, split == bytes.Length ? first : second);
            Assert.Equal("/dir/file.html?q=1", parser.Request.PathAndQuery);
            Assert.Equal("example:80", parser.Request.Host);
            Assert.Equal("Sun, 06 Nov 1994 08:49:37 GMT", parser.Request.IfModifiedSince);
        }
    }

    [Fact]
    public void AByteAtATimeParsesTheSame()
    {
        byte[] bytes = Encoding.ASCII.GetBytes("HEAD /x HTTP/1.0\r\nConnection: close\r\n\r\n");
        var parser = new HttpRequestParser(new HttpLimits());
        HttpParseResult result = HttpParseResult.NeedMore;
        for (int i = 0; i < bytes.Length; i++)
        {
            Assert.Equal(HttpParseResult.NeedMore, result);
            result = parser.Parse(bytes.AsSpan(i, 1), out int consumed);
            Assert.Equal(1, consumed);
        }
        Assert.Equal(HttpParseResult.Complete, result);
        Assert.False(parser.Request.KeepAlive);
    }

    [Fact]
    public void PipelinedRequestsAreParsedOneAfterAnother()
    {
        byte[] bytes = Encoding.ASCII.GetBytes("GET /1 HTTP/1.1\r\nHost: h\r\n\r\nHEAD /2 HTTP/1.1\r\nHost: h\r\n\r\nGET /3 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
        var parser = new HttpRequestParser(new HttpLimits());
        var seen = new List<string>();
        int at = 0;
        while (at < bytes.Length)
        {
            Assert.Equal(HttpParseResult.Complete, parser.Parse(bytes.AsSpan(at), out int consumed));
            at += consumed;
            seen.Add(parser.Request.Method + " " + parser.Request.PathAndQuery + " " + parser.Request.KeepAlive);
            parser.Reset();
        }
        Assert.Equal(new[] { "Get /1 True", "Head /2 True", "Get /3 False" }, seen);
    }

    [Theory]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\n\r\n", true)]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n", false)]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, CLOSE\r\n\r\n", false)]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive\r\n\r\n", true)]
    [InlineData("GET / HTTP/1.0\r\n\r\n", false)]
    [InlineData("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true)]
    [InlineData("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n", false)]
    public void KeepAliveFollowsVersionAndConnection(string text, bool keepAlive)
    {
        var (result, parser, _) = Parse(text);
        Assert.Equal(HttpParseResult.Complete, result);
        Assert.Equal(keepAlive, parser.Request.KeepAlive);
    }

    [Fact]
    public void UnusableLimitsAreRefusedSayingWhich()
    {
        var e = Assert.Throws<ArgumentException>(() => new HttpRequestParser(new HttpLimits { InputBufferBytes = 0 }));
        Assert.Contains("InputBufferBytes", e.Message);
        Assert.Contains("MaxHeaderFields", Assert.Throws<ArgumentException>(() => new HttpRequestParser(new HttpLimits { MaxHeaderFields = -1 })).Message);
    }
}
