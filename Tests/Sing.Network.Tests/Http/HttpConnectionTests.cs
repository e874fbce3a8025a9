using System.Text;
using Sing.Web.Http;
using Xunit;

namespace Sing.Network.Tests.Http;

public class HttpConnectionTests
{
    private static readonly DateTime Now = new DateTime(2026, 11, 28, 7, 0, 0, DateTimeKind.Utc);
    private readonly FakeCatalog _files = new();

    private HttpConnection Open(HttpLimits? limits = null) => new HttpConnection(_files, "10.0.2.2", "/fs/www/", 0, limits);

    private static HttpAction Send(HttpConnection c, string text, long now = 0)
    {
        byte[] bytes = Encoding.Latin1.GetBytes(text);
        Assert.Equal(bytes.Length, c.Receive(bytes));
        return c.Next(now, Now);
    }

    private static string Head(HttpAction a) => Encoding.ASCII.GetString(a.Head);

    [Fact]
    public void ServesAFileWithItsHeaders()
    {
        var c = Open();
        HttpAction a = Send(c, "GET /index.html HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(HttpActionKind.ServeFile, a.Kind);
        Assert.Equal("/fs/www/index.html", a.FilePath);
        Assert.Equal(1234, a.FileLength);
        Assert.False(a.IsHead);
        Assert.False(a.CloseAfter);
        string head = Head(a);
        Assert.StartsWith("HTTP/1.1 200 OK\r\n", head);
        Assert.Contains("\r\nDate: Sat, 28 Nov 2026 07:00:00 GMT\r\n", head);
        Assert.Contains("\r\nServer: Singularity\r\n", head);
        Assert.Contains("\r\nContent-Type: text/html; charset=utf-8\r\n", head);
        Assert.Contains("\r\nContent-Length: 1234\r\n", head);
        Assert.Contains("\r\nLast-Modified: Fri, 02 Jan 2026 03:04:05 GMT\r\n", head);
        Assert.DoesNotContain("Connection", head);
        Assert.EndsWith("\r\n\r\n", head);
        Assert.Equal("10.0.2.2 - - [28/Nov/2026:07:00:00 +0000] \"GET /index.html HTTP/1.1\" 200 1234", a.LogLine);
        Assert.Equal(HttpActionKind.Wait, c.Next(1, Now).Kind);
    }

    [Fact]
    public void HeadGetsTheSameHeadAndNoBody()
    {
        HttpAction get = Send(Open(), "GET /style.css HTTP/1.1\r\nHost: h\r\n\r\n");
        HttpAction head = Send(Open(), "HEAD /style.css HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(HttpActionKind.ServeFile, head.Kind);
        Assert.True(head.IsHead);
        Assert.Equal(Head(get), Head(head));
        Assert.Contains("Content-Type: text/css; charset=utf-8", Head(head));
        Assert.EndsWith("\"HEAD /style.css HTTP/1.1\" 200 -", head.LogLine);
        HttpAction missing = Send(Open(), "HEAD /nothing HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(404, missing.Status);
        Assert.Empty(missing.Body);
        Assert.Contains("Content-Length: ", Head(missing));
    }

    [Fact]
    public void DirectoriesMapToIndexAndRedirectWithoutSlash()
    {
        HttpAction root = Send(Open(), "GET / HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal("/fs/www/index.html", root.FilePath);
        HttpAction docs = Send(Open(), "GET /docs/ HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal("/fs/www/docs/index.html", docs.FilePath);
        HttpAction redirect = Send(Open(), "GET /docs?x=1 HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(HttpActionKind.Respond, redirect.Kind);
        Assert.Equal(301, redirect.Status);
        Assert.Contains("\r\nLocation: /docs/\r\n", Head(redirect));
        Assert.False(redirect.CloseAfter);
        Assert.Contains("/docs/", Encoding.UTF8.GetString(redirect.Body));
        Assert.Equal(404, Send(Open(), "GET /empty/ HTTP/1.1\r\nHost: h\r\n\r\n").Status);
        Assert.Equal(404, Send(Open(), "GET /index.html/ HTTP/1.1\r\nHost: h\r\n\r\n").Status);
        Assert.Equal("/fs/www/docs/a b.txt", Send(Open(), "GET /docs/a%20b.txt HTTP/1.1\r\nHost: h\r\n\r\n").FilePath);
    }

    [Fact]
    public void ContentTypesFollowTheExtension()
    {
        Assert.Contains("Content-Type: application/wasm", Head(Send(Open(), "GET /app.wasm HTTP/1.1\r\nHost: h\r\n\r\n")));
        Assert.Contains("Content-Type: application/octet-stream", Head(Send(Open(), "GET /noext HTTP/1.1\r\nHost: h\r\n\r\n")));
        Assert.Equal("image/png", ContentTypes.ForPath("/a/B.PNG"));
        Assert.Equal("image/jpeg", ContentTypes.ForPath("/a.jpeg"));
        Assert.Equal("image/jpeg", ContentTypes.ForPath("/a.jpg"));
        Assert.Equal("text/html; charset=utf-8", ContentTypes.ForPath("/a.htm"));
        Assert.Equal("text/javascript; charset=utf-8", ContentTypes.ForPath("/a.js"));
        Assert.Equal("application/json", ContentTypes.ForPath("/a.json"));
        Assert.Equal("text/plain; charset=utf-8", ContentTypes.ForPath("/a.txt"));
        Assert.Equal("image/svg+xml", ContentTypes.ForPath("/a.svg"));
        Assert.Equal("image/gif", ContentTypes.ForPath("/a.gif"));
        Assert.Equal("image/x-icon", ContentTypes.ForPath("/favicon.ico"));
        Assert.Equal("application/pdf", ContentTypes.ForPath("/a.pdf"));
        Assert.Equal("application/xml", ContentTypes.ForPath("/a.xml"));
        Assert.Equal("application/octet-stream", ContentTypes.ForPath("/.htaccess"));
        Assert.Equal("application/octet-stream", ContentTypes.ForPath("/dir.d/file"));
    }

    [Theory]
    [InlineData("Fri, 02 Jan 2026 03:04:05 GMT", 304)]          // the same second (the file's fraction is ignored)
    [InlineData("Sat, 03 Jan 2026 00:00:00 GMT", 304)]          // later than the file
    [InlineData("Fri, 02 Jan 2026 03:04:04 GMT", 200)]          // the file is newer
    [InlineData("Friday, 02-Jan-26 03:04:05 GMT", 304)]
    [InlineData("Fri Jan  2 03:04:05 2026", 304)]
    [InlineData("not a date", 200)]                             // invalid: ignored
    [InlineData("Sun, 29 Nov 2026 00:00:00 GMT", 200)]          // later than now: invalid, ignored
    public void IfModifiedSinceGives304WhenTheFileIsNotNewer(string since, int status)
    {
        HttpAction a = Send(Open(), $"GET /index.html HTTP/1.1\r\nHost: h\r\nIf-Modified-Since: {since}\r\n\r\n");
        Assert.Equal(status, a.Status);
        if (status == 304)
        {
            Assert.Equal(HttpActionKind.Respond, a.Kind);
            Assert.Empty(a.Body);
            Assert.StartsWith("HTTP/1.1 304 Not Modified\r\n", Head(a));
            Assert.Contains("Last-Modified: Fri, 02 Jan 2026 03:04:05 GMT", Head(a));
            Assert.DoesNotContain("Content-Length", Head(a));
            Assert.False(a.CloseAfter);
        }
        else Assert.Equal(HttpActionKind.ServeFile, a.Kind);
    }

    [Theory]
    [InlineData("GET /../etc/passwd HTTP/1.1\r\nHost: h\r\n\r\n", 400)]
    [InlineData("GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: h\r\n\r\n", 400)]
    [InlineData("GET /docs/..%2f..%2fsecret HTTP/1.1\r\nHost: h\r\n\r\n", 400)]
    [InlineData("GET /a\\..\\..\\x HTTP/1.1\r\nHost: h\r\n\r\n", 400)]
    [InlineData("GET /index.html%00.txt HTTP/1.1\r\nHost: h\r\n\r\n", 400)]
    [InlineData("POST /index.html HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc", 405)]
    [InlineData("GET / HTTP/1.1\r\n\r\n", 400)]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 70000\r\n\r\n", 413)]
    [InlineData("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", 411)]
    [InlineData("GET / HTTP/3.0\r\nHost: h\r\n\r\n", 505)]
    [InlineData("GET /missing.html HTTP/1.1\r\nHost: h\r\n\r\n", 404)]
    public void AnswersErrorsWithAnHtmlBody(string request, int status)
    {
        var c = Open();
        HttpAction a = Send(c, request);
        Assert.Equal(HttpActionKind.Respond, a.Kind);
        Assert.Equal(status, a.Status);
        string head = Head(a);
        Assert.StartsWith($"HTTP/1.1 {status} {HttpStatus.ReasonPhrase(status)}\r\n", head);
        Assert.Contains($"Content-Length: {a.Body.Length}\r\n", head);
        Assert.Contains("<h1>" + status, Encoding.UTF8.GetString(a.Body));
        Assert.Contains($"\" {status} {a.Body.Length}", a.LogLine);
        if (status == 405) Assert.Contains("\r\nAllow: GET, HEAD\r\n", head);
        if (status == 404)
        {
            Assert.False(a.CloseAfter);   // a missing file does not end a persistent connection
            return;
        }
        Assert.True(a.CloseAfter);
        Assert.Contains("\r\nConnection: close\r\n", head);
        Assert.Equal(HttpActionKind.Close, c.Next(1, Now).Kind);
        Assert.True(c.IsClosed);
        // Files outside the root were never even asked about.
        Assert.DoesNotContain(_files.Asked, p => !p.StartsWith("/fs/www", StringComparison.Ordinal) || p.Contains(".."));
    }

    [Fact]
    public void FileSystemDownIs500()
    {
        _files.Down = true;
        HttpAction a = Send(Open(), "GET / HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(500, a.Status);
        Assert.True(a.CloseAfter);
    }

    [Fact]
    public void PipelinedRequestsAreAnsweredInOrderThenTheConnectionCloses()
    {
        var c = Open();
        string three = "GET /index.html HTTP/1.1\r\nHost: h\r\n\r\nHEAD /style.css HTTP/1.1\r\nHost: h\r\n\r\nGET /nothing HTTP/1.1\r\nHost: h\r\n\r\nGET /docs/ HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\nGET /index.html HTTP/1.1\r\nHost: h\r\n\r\n";
        HttpAction a = Send(c, three);
        Assert.Equal("/fs/www/index.html", a.FilePath);
        a = c.Next(0, Now);
        Assert.Equal("/fs/www/style.css", a.FilePath);
        Assert.True(a.IsHead);
        a = c.Next(0, Now);
        Assert.Equal(404, a.Status);
        a = c.Next(0, Now);
        Assert.Equal("/fs/www/docs/index.html", a.FilePath);
        Assert.True(a.CloseAfter);
        Assert.Contains("Connection: close", Head(a));
        Assert.Equal(HttpActionKind.Close, c.Next(0, Now).Kind);   // the fifth request is never answered
    }

    [Fact]
    public void Http10KeepAliveIsAnsweredWithKeepAlive()
    {
        var c = Open();
        HttpAction a = Send(c, "GET /index.html HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        Assert.False(a.CloseAfter);
        Assert.Contains("\r\nConnection: keep-alive\r\n", Head(a));
        a = Send(c, "GET /index.html HTTP/1.0\r\n\r\n");
        Assert.True(a.CloseAfter);
        Assert.Contains("\r\nConnection: close\r\n", Head(a));
        Assert.Equal(HttpActionKind.Close, c.Next(0, Now).Kind);
    }

    [Fact]
    public void RequestsSplitAtEveryByteGiveTheSameAnswers()
    {
        string text = "GET /docs HTTP/1.1\r\nHost: h\r\n\r\nGET /style.css HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nbodyHEAD / HTTP/1.1\r\nHost: h\r\n\r\n";
        byte[] bytes = Encoding.ASCII.GetBytes(text);
        for (int split = 0; split <= bytes.Length; split++)
        {
            var c = Open();
            var answers = new List<string>();
            foreach (var part in new[] { bytes.AsSpan(0, split).ToArray(), bytes.AsSpan(split).ToArray() })
            {
                Assert.Equal(part.Length, c.Receive(part));
                for (HttpAction a = c.Next(0, Now); a.Kind != HttpActionKind.Wait; a = c.Next(0, Now)) answers.Add(a.ToString());
            }
            Assert.Equal(new[] { "respond 301", "serve /fs/www/style.css", "serve /fs/www/index.html (HEAD)" }, answers);
        }
    }

    [Fact]
    public void SlowClientGets408AtTheDeadline()
    {
        var c = Open();
        string request = "GET /index.html HTTP/1.1\r\nHost: h\r\n";
        long now = 5000;
        // A byte a second: the clock runs from the first byte.
        HttpAction a = Send(c, request.Substring(0, 1), now);
        Assert.Equal(HttpActionKind.Wait, a.Kind);
        Assert.Equal(now + 10_000, a.WakeAtMilliseconds);
        for (int i = 1; i < 10; i++)
        {
            a = Send(c, request.Substring(i, 1), now + i * 1000);
            Assert.Equal(HttpActionKind.Wait, a.Kind);
        }
        a = Send(c, request.Substring(10, 1), now + 10_000);
        Assert.Equal(408, a.Status);
        Assert.True(a.CloseAfter);
        Assert.Equal(HttpActionKind.Close, c.Next(now + 10_001, Now).Kind);
    }

    [Fact]
    public void TheRequestClockRestartsForEachRequestAndIdleConnectionsClose()
    {
        var c = Open();
        Assert.Equal(HttpActionKind.ServeFile, Send(c, "GET / HTTP/1.1\r\nHost: h\r\n\r\n", 9_000).Kind);
        HttpAction a = Send(c, "GET / HTTP/1.1\r\n", 15_000);
        Assert.Equal(15_000 + 10_000, a.WakeAtMilliseconds);
        Assert.Equal(HttpActionKind.ServeFile, Send(c, "Host: h\r\n\r\n", 24_999).Kind);
        a = c.Next(25_000, Now);
        Assert.Equal(HttpActionKind.Wait, a.Kind);
        Assert.Equal(24_999 + 30_000, a.WakeAtMilliseconds);
        Assert.Equal(HttpActionKind.Wait, c.Next(54_998, Now).Kind);
        Assert.Equal(HttpActionKind.Close, c.Next(54_999, Now).Kind);
    }

    [Fact]
    public void PeerClosingMidRequestClosesWithoutAnswer()
    {
        var c = Open();
        Assert.Equal(HttpActionKind.Wait, Send(c, "GET / HTTP/1.1\r\nHo").Kind);
        c.ReceiveEnd();
        Assert.Equal(HttpActionKind.Close, c.Next(1, Now).Kind);
        // A complete request before the end is still answered.
        var d = Open();
        d.Receive(Encoding.ASCII.GetBytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n"));
        d.ReceiveEnd();
        Assert.Equal(HttpActionKind.ServeFile, d.Next(0, Now).Kind);
        Assert.Equal(HttpActionKind.Close, d.Next(0, Now).Kind);
    }

    [Fact]
    public void InputBufferBoundsWhatAPipeliningClientCanMakeItHold()
    {
        var c = Open(new HttpLimits { InputBufferBytes = 64 });
        byte[] one = Encoding.ASCII.GetBytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n");   // 27 bytes
        byte[] many = Enumerable.Repeat(one, 10).SelectMany(b => b).ToArray();
        int offered = 0, answers = 0;
        while (true)
        {
            offered += c.Receive(many.AsSpan(offered));
            Assert.True(c.Buffered <= 64);
            HttpAction a = c.Next(0, Now);
            if (a.Kind == HttpActionKind.Wait && offered == many.Length) break;
            if (a.Kind == HttpActionKind.ServeFile) answers++;
        }
        Assert.Equal(10, answers);
    }

    [Fact]
    public void StatusResourcesAreHandedToTheGlueAndCompleted()
    {
        var c = Open();
        HttpAction a = Send(c, "GET /system/status.json HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(HttpActionKind.ServeStatus, a.Kind);
        Assert.Equal(StatusResource.Json, a.Resource);
        Assert.Throws<InvalidOperationException>(() => c.Next(0, Now));
        HttpAction r = c.CompleteStatus(Encoding.UTF8.GetBytes("{}"));
        Assert.Equal(HttpActionKind.Respond, r.Kind);
        Assert.Contains("Content-Type: application/json\r\n", Head(r));
        Assert.Contains("Content-Length: 2\r\n", Head(r));
        Assert.Contains("Cache-Control: no-store\r\n", Head(r));
        Assert.Equal(2, r.Body.Length);
        Assert.EndsWith("\"GET /system/status.json HTTP/1.1\" 200 2", r.LogLine);
        Assert.Equal(StatusResource.Page, Send(c, "GET /system/ HTTP/1.1\r\nHost: h\r\n\r\n").Resource);
        Assert.Contains("text/html", Head(c.CompleteStatus(new byte[10])));
        HttpAction head = Send(c, "HEAD /system/graph.svg HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(StatusResource.Graph, head.Resource);
        r = c.CompleteStatus(new byte[10]);
        Assert.Empty(r.Body);
        Assert.Contains("Content-Type: image/svg+xml\r\nContent-Length: 10\r\n", Head(r));
        HttpAction redirect = Send(c, "GET /system HTTP/1.1\r\nHost: h\r\n\r\n");
        Assert.Equal(301, redirect.Status);
        Assert.Contains("Location: /system/\r\n", Head(redirect));
        Assert.Equal(404, Send(c, "GET /system/other HTTP/1.1\r\nHost: h\r\n\r\n").Status);
        Assert.DoesNotContain(_files.Asked, p => p.Contains("system"));
    }

    [Fact]
    public void AccessLogEscapesTheClientsText()
    {
        string line = AccessLog.Format("10.0.2.2", Now, "GET /\"x\\\x01\u00ff HTTP/1.1", 400, 0);
        Assert.Equal("10.0.2.2 - - [28/Nov/2026:07:00:00 +0000] \"GET /\\\"x\\\\\\x01\\xff HTTP/1.1\" 400 -", line);
        Assert.Equal("10.0.2.2 - - [28/Nov/2026:07:00:00 +0000] - 408 100", AccessLog.Format("10.0.2.2", Now, null, 408, 100));
        Assert.EndsWith("...\" 414 -", AccessLog.Format("c", Now, new string('a', 5000), 414, 0));
    }
}
