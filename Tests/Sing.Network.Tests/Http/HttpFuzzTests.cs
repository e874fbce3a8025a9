using System.Text;
using Sing.Web.Http;
using Xunit;

namespace Sing.Network.Tests.Http;

/// <summary>Random and mutated requests through the whole engine (parser, path normalisation, driver): nothing
/// throws, every answer is a well-formed response, memory stays within the limits, and junk past the limits is
/// always answered rather than waited for. Seeded, so a failure names a case that replays.</summary>
public class HttpFuzzTests
{
    private static readonly DateTime Now = new DateTime(2026, 11, 28, 7, 0, 0, DateTimeKind.Utc);
    private static readonly int[] Known = { 200, 301, 304, 400, 404, 405, 408, 411, 413, 414, 431, 500, 501, 505 };

    private static readonly string[] Seeds =
    {
        "GET / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /docs/a%20b.txt?x=1 HTTP/1.1\r\nHost: example:8080\r\nUser-Agent: fuzz\r\nAccept: */*\r\n\r\n",
        "HEAD /index.html HTTP/1.0\r\nConnection: keep-alive\r\nIf-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n",
        "GET /docs HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET /system/ HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a/../b/./c//d%2e%2e HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        "GET http://h/system/status.json HTTP/1.1\r\nHost: h\r\n\r\nGET /system/graph.svg HTTP/1.1\r\nHost: h\r\n\r\n",
    };

    private static readonly string[] Tokens =
    {
        "\r\n", "\n", "\r", " ", "\t", ":", "%", "%2f", "%00", "%2e%2e", "..", "/", "\\", "\0", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0",
        "Content-Length: 3\r\n", "Content-Length: 99999999\r\n", "Transfer-Encoding: chunked\r\n", "Host: x\r\n", "Connection: close\r\n",
        "\r\n\r\n", "GET ", "HEAD ", "\xff", "\x80", "If-Modified-Since: x\r\n",
    };

    [Fact]
    public void TwentyThousandMutatedRequestsNeverBreakTheEngine()
    {
        var random = new Random(9112);
        var files = new FakeCatalog();
        var limits = new HttpLimits { MaxTargetBytes = 256, MaxHeaderBytes = 512, MaxHeaderFields = 10, MaxBodyBytes = 1024, InputBufferBytes = 700 };
        int answered = 0, served = 0;
        for (int n = 0; n < 20_000; n++)
        {
            byte[] input = Mutate(random);
            var c = new HttpConnection(files, "client", "/fs/www", 0, limits);
            long now = 0;
            int offered = 0;
            try
            {
                while (offered < input.Length && !c.IsClosed)
                {
                    int chunk = Math.Min(input.Length - offered, 1 + random.Next(64));
                    offered += c.Receive(input.AsSpan(offered, chunk));
                    Assert.True(c.Buffered <= limits.InputBufferBytes);
                    now += random.Next(50);
                    Drain(c, now, ref answered, ref served);
                }
                // Junk past every limit: the engine must answer (or finish a body and answer), never wait forever.
                byte[] junk = Encoding.ASCII.GetBytes(new string('a', 64));
                int fed = 0, bound = limits.MaxTargetBytes + limits.MaxHeaderBytes + limits.MaxBodyBytes + 256;
                while (!c.IsClosed && fed < bound)
                {
                    fed += c.Receive(junk);
                    if (!Drain(c, now, ref answered, ref served)) continue;
                    break;
                }
                Assert.True(c.IsClosed || fed < bound, $"case {n}: still waiting after {fed} bytes of junk");
            }
            catch (Exception e) when (e is not Xunit.Sdk.XunitException)
            {
                throw new InvalidOperationException($"case {n} threw on {Convert.ToBase64String(input)}", e);
            }
        }
        Assert.True(answered > 10_000, $"only {answered} answers");
        Assert.True(served > 1_000, $"only {served} files served");
    }

    /// <summary>Runs Next until it waits; true if any answer or close came.</summary>
    private static bool Drain(HttpConnection c, long now, ref int answered, ref int served)
    {
        bool any = false;
        for (int guard = 0; guard < 1000; guard++)
        {
            HttpAction a = c.Next(now, Now);
            switch (a.Kind)
            {
                case HttpActionKind.Wait:
                    Assert.True(a.WakeAtMilliseconds > now);
                    return any;
                case HttpActionKind.Close:
                    return true;
                case HttpActionKind.ServeStatus:
                    a = c.CompleteStatus(new byte[] { 1, 2, 3 });
                    goto case HttpActionKind.Respond;
                case HttpActionKind.ServeFile:
                    served++;
                    Assert.StartsWith("/fs/www", a.FilePath);
                    Assert.DoesNotContain("/../", a.FilePath + "/");
                    Assert.DoesNotContain("/./", a.FilePath + "/");
                    Assert.DoesNotContain("//", a.FilePath);
                    Assert.DoesNotContain("\\", a.FilePath);
                    CheckHead(a);
                    break;
                case HttpActionKind.Respond:
                    CheckHead(a);
                    break;
            }
            answered++;
            any = true;
        }
        throw new InvalidOperationException("Next never waited");
    }

    private static void CheckHead(HttpAction a)
    {
        Assert.Contains(a.Status, Known);
        string head = Encoding.ASCII.GetString(a.Head);
        Assert.StartsWith("HTTP/1.1 " + a.Status + " ", head);
        Assert.EndsWith("\r\n\r\n", head);
        Assert.Equal(head.Length, a.Head.Length);   // ASCII only
        Assert.DoesNotContain("\r\n\r\n", head.Substring(0, head.Length - 4));
        Assert.NotNull(a.LogLine);
        Assert.DoesNotContain('\n', a.LogLine!);
        if (a.Kind == HttpActionKind.Respond && a.Body.Length > 0) Assert.Contains("Content-Length: " + a.Body.Length + "\r\n", head);
    }

    private static byte[] Mutate(Random random)
    {
        if (random.Next(10) == 0)
        {
            var noise = new byte[random.Next(1, 600)];
            random.NextBytes(noise);
            return noise;
        }
        var bytes = new List<byte>(Encoding.Latin1.GetBytes(Seeds[random.Next(Seeds.Length)]));
        int edits = random.Next(0, 6);
        for (int e = 0; e < edits; e++)
        {
            int at = random.Next(bytes.Count + 1);
            switch (random.Next(6))
            {
                case 0: if (at < bytes.Count) bytes[at] = (byte)random.Next(256); break;
                case 1: bytes.Insert(at, (byte)random.Next(256)); break;
                case 2: if (at < bytes.Count) bytes.RemoveRange(at, Math.Min(bytes.Count - at, 1 + random.Next(8))); break;
                case 3: bytes.InsertRange(at, Encoding.Latin1.GetBytes(Tokens[random.Next(Tokens.Length)])); break;
                case 4:
                    int start = random.Next(bytes.Count), count = Math.Min(bytes.Count - start, random.Next(1, 40));
                    bytes.InsertRange(at, bytes.GetRange(start, count));
                    break;
                case 5: bytes.InsertRange(at, Enumerable.Repeat((byte)"a/.%:"[random.Next(5)], random.Next(1, 400))); break;
            }
        }
        return bytes.ToArray();
    }

    [Fact]
    public void RandomTargetsNormaliseToPathsInsideTheRootOrAreRefused()
    {
        var random = new Random(3986);
        const string alphabet = "/./..%2e%2f%5c%00%c3%a9ab\\?#%";
        string[] pieces = { "/", ".", "..", "%2e", "%2E", "%2f", "%5c", "%00", "%c3%a9", "a", "b", "\\", "?", "#", "%", "%zz", "//" };
        for (int n = 0; n < 20_000; n++)
        {
            var target = new StringBuilder("/");
            int count = random.Next(1, 12);
            for (int i = 0; i < count; i++) target.Append(random.Next(4) == 0 ? alphabet[random.Next(alphabet.Length)].ToString() : pieces[random.Next(pieces.Length)]);
            RequestPath p = RequestPath.Parse(target.ToString());
            if (!p.IsValid)
            {
                Assert.False(string.IsNullOrEmpty(p.Problem));
                continue;
            }
            Assert.StartsWith("/", p.Path);
            string[] segments = p.Path.Split('/');
            for (int i = 1; i < segments.Length; i++)
            {
                string segment = segments[i];
                if (i == segments.Length - 1 && segment.Length == 0) break;   // the trailing slash of a directory
                Assert.NotEqual("", segment);
                Assert.NotEqual(".", segment);
                Assert.NotEqual("..", segment);
            }
            Assert.DoesNotContain('\\', p.Path);
            Assert.DoesNotContain('\0', p.Path);
            // Normalising again changes nothing: one canonical name per file.
            Assert.Equal(p.Path, RequestPath.Parse(RequestPath.Encode(p.Path)).Path);
        }
    }
}
