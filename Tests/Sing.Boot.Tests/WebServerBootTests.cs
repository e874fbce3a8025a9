using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using OpenQA.Selenium;
using OpenQA.Selenium.Chrome;
using Sing.Qemu;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Boot.Tests;

/// <summary>The web server reached from the host (issue 31): QEMU forwards a free 127.0.0.1 port to the guest's port 80,
/// where webserver (a SIP) serves /fs/www through netstack (a SIP) and the e1000 driver (a SIP). One boot, driven from
/// here while it runs: pages, HEAD, 304, the error answers, 100 concurrent keep-alive clients, a 10 MB file compared by
/// hash, the /system/ page in headless chromium (Debian's, through Debian's chromedriver), then the web server, the
/// stack and the driver are each killed: a client connection open at the time is closed, the supervisor restarts the
/// SIP, the others bind it again, and the page is served again (the time until then is printed).</summary>
public class WebServerBootTests(ITestOutputHelper output)
{
    private const int BigFileBytes = 10 * 1024 * 1024;
    private static readonly TimeSpan Silence = TimeSpan.FromSeconds(90);

    /// <summary>What the host saw, kept for the facts below.</summary>
    private sealed class Observed
    {
        public readonly Dictionary<string, string> Checks = new();
        public readonly List<string> Notes = new();
        public byte[] BigFile = Array.Empty<byte>();
        public byte[] BigFileServed = Array.Empty<byte>();
        public int ConcurrentOk;
        public readonly List<string> ConcurrentErrors = new();
        public readonly Dictionary<string, TimeSpan> RestartLatency = new();
        public readonly Dictionary<string, string> InterruptedClient = new();
        public readonly Dictionary<string, int> AfterRestartStatus = new();
        public string? BrowserProblem;
        public int BrowserProcessRows;
        public int BrowserUpdates;
        public int BrowserGraphNodes;
        public List<string> BrowserConsoleErrors = new();
        public string? ScreenshotPath;
    }

    private static readonly Lazy<Task<(QemuResult Run, Observed Seen)>> Session = new(RunSessionAsync);

    private static async Task<(QemuResult, Observed)> RunSessionAsync()
    {
        var seen = new Observed();
        string directory = ScratchDisk.NewDirectory("web-session");
        Directory.CreateDirectory(directory);
        string image = Path.Combine(directory, "disk.img");
        File.Copy(Path.Combine(Repository.Root, "artifacts", "disk.img"), image);
        seen.BigFile = new byte[BigFileBytes];
        new Random(31).NextBytes(seen.BigFile);
        string big = Path.Combine(directory, "big.bin");
        File.WriteAllBytes(big, seen.BigFile);
        // The default image has room: 64 MiB with a few KiB used. mtools writes into the FAT32 partition at 1 MiB.
        RunHost("mcopy", "-i", image + "@@1M", big, "::/www/big.bin");
        int port = Machine.FreeHostPort();
        try
        {
            QemuResult run = await Machine.BootAsync("", "web-session", disks: new[] { image }, forwardedHostPort: port,
                timeout: TimeSpan.FromMinutes(3), hostSession: session => DriveAsync(session, port, seen));
            return (run, seen);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static void RunHost(string program, params string[] arguments)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardError = true, RedirectStandardOutput = true };
        foreach (string a in arguments) start.ArgumentList.Add(a);
        using Process p = Process.Start(start)!;
        string error = p.StandardError.ReadToEnd();
        p.WaitForExit();
        if (p.ExitCode != 0) throw new InvalidOperationException($"{program} failed ({p.ExitCode}): {error}");
    }

    private static async Task DriveAsync(QemuSession session, int port, Observed seen)
    {
        if (!await session.WaitForAsync(@"webserver: listening on port 80", Silence)) throw new TimeoutException("the web server never listened");
        if (!await session.WaitForAsync(@"netstack: address 10\.0\.2\.15/24", Silence)) throw new TimeoutException("DHCP never bound");
        if (!await session.WaitForAsync(@"^singularity> ", Silence)) throw new TimeoutException("no shell prompt");
        var baseUri = new Uri($"http://127.0.0.1:{port}/");
        using var http = new HttpClient(new SocketsHttpHandler
        {
            MaxConnectionsPerServer = 100,
            PooledConnectionLifetime = TimeSpan.FromMinutes(5),
            ConnectCallback = ForwardedPortConnector.ConnectAsync,
        })
        {
            BaseAddress = baseUri,
            Timeout = TimeSpan.FromSeconds(60),
        };
        await PagesAsync(http, port, seen);
        await ConcurrentAsync(session, http, seen);
        seen.BigFileServed = await http.GetByteArrayAsync("/big.bin");
        Browse(port, seen);
        await RestartAsync(session, http, port, seen, "webserver", 6, @"webserver: listening on port 80");
        await RestartAsync(session, http, port, seen, "netstack", 5, @"webserver: listening on port 80");
        await RestartAsync(session, http, port, seen, "e1000", 4, @"netstack: bound /dev/nic0 again");
        await session.TypeLineAsync("ps");
        await session.WaitForAsync(@"^\s+8\s+7\s+running.*shell", Silence);
    }

    private static async Task PagesAsync(HttpClient http, int port, Observed seen)
    {
        using HttpResponseMessage index = await http.GetAsync("/");
        string body = await index.Content.ReadAsStringAsync();
        seen.Checks["GET /"] = $"{(int)index.StatusCode} {index.Content.Headers.ContentType} {(body.Contains("Welcome to Singularity in C#", StringComparison.Ordinal) ? "welcome" : "other: " + body)}";
        DateTimeOffset? modified = index.Content.Headers.LastModified;
        seen.Checks["Last-Modified"] = modified?.ToString("R") ?? "none";
        using var head = new HttpRequestMessage(HttpMethod.Head, "/");
        using HttpResponseMessage headResponse = await http.SendAsync(head);
        byte[] headBody = await headResponse.Content.ReadAsByteArrayAsync();
        seen.Checks["HEAD /"] = $"{(int)headResponse.StatusCode} length={headResponse.Content.Headers.ContentLength} body={headBody.Length} expected={Encoding.UTF8.GetByteCount(body)}";
        using var conditional = new HttpRequestMessage(HttpMethod.Get, "/");
        conditional.Headers.IfModifiedSince = modified;
        using HttpResponseMessage notModified = await http.SendAsync(conditional);
        seen.Checks["If-Modified-Since"] = ((int)notModified.StatusCode).ToString();
        using HttpResponseMessage missing = await http.GetAsync("/no-such-page.html");
        seen.Checks["404"] = ((int)missing.StatusCode).ToString();
        seen.Checks["css"] = (await http.GetAsync("/style.css")).Content.Headers.ContentType?.ToString() ?? "none";
        // Requests HttpClient will not send: raw bytes on a socket, each answered and closed.
        seen.Checks["400 bad method token"] = await RawAsync(port, "G(T / HTTP/1.1\r\nHost: x\r\n\r\n");
        seen.Checks["405 POST"] = await RawAsync(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
        seen.Checks["413 body"] = await RawAsync(port, "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n");
        seen.Checks["414 target"] = await RawAsync(port, "GET /" + new string('a', 9000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
        seen.Checks["431 headers"] = await RawAsync(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + new string('b', 20000) + "\r\n\r\n");
        seen.Checks["400 dot-dot"] = await RawAsync(port, "GET /../../system/readme.txt HTTP/1.1\r\nHost: x\r\n\r\n");
        seen.Checks["400 encoded dot-dot"] = await RawAsync(port, "GET /%2e%2e/%2e%2e/hello.txt HTTP/1.1\r\nHost: x\r\n\r\n");
    }

    /// <summary>Sends <paramref name="request"/> on a fresh connection and returns the status code of the answer.</summary>
    private static async Task<string> RawAsync(int port, string request)
    {
        using var client = new TcpClient();
        await client.ConnectAsync(IPAddress.Loopback, port);
        NetworkStream stream = client.GetStream();
        byte[] bytes = Encoding.ASCII.GetBytes(request);
        try
        {
            await stream.WriteAsync(bytes);
        }
        catch (IOException)
        {
            // The server may answer and close before it read everything (a header too large): read what it said.
        }
        var answer = new MemoryStream();
        var buffer = new byte[4096];
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        try
        {
            int n;
            while ((n = await stream.ReadAsync(buffer, limit.Token)) > 0) answer.Write(buffer, 0, n);
        }
        catch (IOException)
        {
        }
        string text = Encoding.ASCII.GetString(answer.ToArray());
        Match m = Regex.Match(text, @"^HTTP/1\.1 (\d{3}) ");
        return m.Success ? m.Groups[1].Value : "no answer: " + text;
    }

    /// <summary>100 clients at once, each with its own keep-alive connection, five requests each.</summary>
    private static async Task ConcurrentAsync(QemuSession session, HttpClient http, Observed seen)
    {
        var tasks = new List<Task>();
        int ok = 0;
        for (int c = 0; c < 100; c++)
        {
            tasks.Add(Task.Run(async () =>
            {
                for (int r = 0; r < 5; r++)
                {
                    try
                    {
                        string page = await http.GetStringAsync("/hello.html");
                        if (page.Contains("Hello from Singularity", StringComparison.Ordinal)) Interlocked.Increment(ref ok);
                        else lock (seen.ConcurrentErrors) seen.ConcurrentErrors.Add("wrong body: " + page);
                    }
                    catch (Exception e)
                    {
                        lock (seen.ConcurrentErrors) seen.ConcurrentErrors.Add(e.Message);
                    }
                }
            }));
        }
        // A request still unanswered after 20 s is a fault to diagnose: the stack's view of every connection goes to
        // the serial log (artifacts/test-logs/web-session.log) while it is stuck.
        Task all = Task.WhenAll(tasks);
        int shown = 0;
        var started = Stopwatch.StartNew();
        while (await Task.WhenAny(all, Task.Delay(TimeSpan.FromSeconds(20))) != all && shown < 2)
        {
            shown++;
            seen.Notes.Add($"concurrent clients still waiting after {started.Elapsed.TotalSeconds:F0} s ({ok} answered): netstat typed");
            await session.TypeLineAsync("netstat");
        }
        await all;
        seen.ConcurrentOk = ok;
    }

    /// <summary>/system/ in headless chromium: rows in the process table, nodes in the graph, no console errors.</summary>
    private static void Browse(int port, Observed seen)
    {
        try
        {
            var options = new ChromeOptions { BinaryLocation = "/usr/bin/chromium" };
            options.AddArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000");
            options.SetLoggingPreference(LogType.Browser, LogLevel.All);
            using ChromeDriverService service = ChromeDriverService.CreateDefaultService("/usr/bin", "chromedriver");
            service.SuppressInitialDiagnosticInformation = true;
            using var driver = new ChromeDriver(service, options, TimeSpan.FromSeconds(120));
            driver.Navigate().GoToUrl($"http://127.0.0.1:{port}/system/");
            // Two refreshes of the page's script before looking: the page counts them in body[data-updates] (the
            // guest's progress decides; the 120 s bound is only reached when the page stops refreshing).
            var waited = System.Diagnostics.Stopwatch.StartNew();
            while (UpdatesOf(driver) < 2 && waited.Elapsed < TimeSpan.FromSeconds(120)) Thread.Sleep(100);
            seen.BrowserUpdates = UpdatesOf(driver);
            seen.BrowserProcessRows = driver.FindElements(By.CssSelector("#processes tbody tr")).Count;
            seen.BrowserGraphNodes = driver.FindElements(By.CssSelector("#graph svg circle")).Count;
            string path = Path.Combine(Repository.Root, "artifacts", "system-page.png");
            ((ITakesScreenshot)driver).GetScreenshot().SaveAsFile(path);
            seen.ScreenshotPath = path;
            seen.BrowserConsoleErrors = driver.Manage().Logs.GetLog(LogType.Browser)
                .Where(e => e.Level >= LogLevel.Warning).Select(e => e.Message).ToList();
        }
        catch (Exception e)
        {
            seen.BrowserProblem = e.ToString();
        }
    }

    private static int UpdatesOf(ChromeDriver driver) =>
        int.TryParse(driver.FindElement(By.TagName("body")).GetAttribute("data-updates"), out int updates) ? updates : 0;

    /// <summary>Kills <paramref name="program"/> (pid <paramref name="pid"/>) while a client holds a keep-alive
    /// connection, then measures the time until the page is served again.</summary>
    private static async Task RestartAsync(QemuSession session, HttpClient http, int port, Observed seen, string program, int pid, string readyLine)
    {
        using var held = new TcpClient();
        await held.ConnectAsync(IPAddress.Loopback, port);
        NetworkStream stream = held.GetStream();
        await stream.WriteAsync(Encoding.ASCII.GetBytes("GET /hello.html HTTP/1.1\r\nHost: x\r\n\r\n"));
        var buffer = new byte[8192];
        int first = await stream.ReadAsync(buffer);
        int readyBefore = Regex.Matches(session.Serial, readyLine, RegexOptions.Multiline).Count;
        var clock = Stopwatch.StartNew();
        await session.TypeLineAsync("kill " + pid);
        if (!await session.WaitForAsync($@"supervisor: restarted {program} as pid", Silence)) throw new TimeoutException(program + " was not restarted");
        if (!await session.WaitForAsync(readyLine, Silence, readyBefore + 1)) throw new TimeoutException(program + "'s clients never bound it again");
        string ending;
        if (program == "e1000")
        {
            // TCP carries the connection across the driver's restart: the held client is served again on it.
            await stream.WriteAsync(Encoding.ASCII.GetBytes("GET /hello.html HTTP/1.1\r\nHost: x\r\n\r\n"));
            using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(90));
            int n = await stream.ReadAsync(buffer, limit.Token);
            ending = n > 0 && Encoding.ASCII.GetString(buffer, 0, n).StartsWith("HTTP/1.1 200", StringComparison.Ordinal) ? "served again on the same connection" : "not served";
        }
        else
        {
            // The held connection ends (closed or reset) rather than hanging. The web server's death closes it at once;
            // the stack's leaves QEMU's forwarder holding an idle connection the new stack never knew, so the client's
            // next request is what meets the new stack, which answers it with RST.
            if (program == "netstack")
            {
                try { await stream.WriteAsync(Encoding.ASCII.GetBytes("GET /hello.html HTTP/1.1\r\nHost: x\r\n\r\n")); }
                catch (IOException) { }
            }
            using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(90));
            try
            {
                int n;
                do n = await stream.ReadAsync(buffer, limit.Token); while (n > 0);
                ending = first > 0 ? "closed" : "no first answer";
            }
            catch (IOException)
            {
                ending = first > 0 ? "reset" : "no first answer";
            }
            catch (OperationCanceledException)
            {
                ending = "still open after 90 s";
            }
        }
        seen.InterruptedClient[program] = ending;
        int status = 0;
        for (int attempt = 0; attempt < 60 && status != 200; attempt++)
        {
            try
            {
                using HttpResponseMessage again = await http.GetAsync("/hello.html");
                status = (int)again.StatusCode;
            }
            catch (HttpRequestException)
            {
                await Task.Delay(500);
            }
        }
        seen.RestartLatency[program] = clock.Elapsed;
        seen.AfterRestartStatus[program] = status;
    }

    private async Task<(QemuResult Run, Observed Seen)> SessionAsync()
    {
        (QemuResult run, Observed seen) = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.EndedByHost && run.HostSessionFailure is null, $"the host drove the whole session.\n{run.Describe()}");
        return (run, seen);
    }

    [Theory]
    [InlineData("GET /", @"^200 text/html; charset=utf-8 welcome$")]
    [InlineData("HEAD /", @"^200 length=(\d+) body=0 expected=\1$")]
    [InlineData("If-Modified-Since", "^304$")]
    [InlineData("404", "^404$")]
    [InlineData("css", @"^text/css")]
    [InlineData("400 bad method token", "^400$")]
    [InlineData("405 POST", "^405$")]
    [InlineData("413 body", "^413$")]
    [InlineData("414 target", "^414$")]
    [InlineData("431 headers", "^431$")]
    [InlineData("400 dot-dot", "^400$")]
    [InlineData("400 encoded dot-dot", "^400$")]
    public async Task AnswersAsHttpSays(string check, string expected)
    {
        (_, Observed seen) = await SessionAsync();
        Assert.True(seen.Checks.TryGetValue(check, out string? got), $"{check} was not run");
        Assert.Matches(expected, got);
    }

    [Fact]
    public async Task HundredKeepAliveClientsAreAllServed()
    {
        (_, Observed seen) = await SessionAsync();
        Assert.True(seen.ConcurrentOk == 500, $"500 answers expected, {seen.ConcurrentOk} right; errors: {string.Join("; ", seen.ConcurrentErrors.Take(10))}; {string.Join("; ", seen.Notes)}");
    }

    [Fact]
    public async Task TenMegabyteFileArrivesIntact()
    {
        (_, Observed seen) = await SessionAsync();
        Assert.Equal(BigFileBytes, seen.BigFileServed.Length);
        Assert.Equal(Convert.ToHexString(SHA256.HashData(seen.BigFile)), Convert.ToHexString(SHA256.HashData(seen.BigFileServed)));
    }

    [Fact]
    public async Task SystemPageRendersInABrowser()
    {
        (_, Observed seen) = await SessionAsync();
        Assert.True(seen.BrowserProblem is null, seen.BrowserProblem);
        Assert.True(seen.BrowserUpdates >= 2, $"the page's script refreshed it at least twice ({seen.BrowserUpdates} refreshes)");
        Assert.True(seen.BrowserProcessRows >= 7, $"the process table lists the boot services and the shell ({seen.BrowserProcessRows} rows)");
        Assert.True(seen.BrowserGraphNodes >= 7, $"the graph has a node per process ({seen.BrowserGraphNodes})");
        Assert.True(seen.BrowserConsoleErrors.Count == 0, "browser console: " + string.Join("\n", seen.BrowserConsoleErrors));
        Assert.True(File.Exists(seen.ScreenshotPath), "a screenshot in artifacts/");
    }

    [Theory]
    [InlineData("webserver")]
    [InlineData("netstack")]
    [InlineData("e1000")]
    public async Task KillingAServiceClosesItsClientsAndTheSupervisorBringsThePageBack(string program)
    {
        (QemuResult run, Observed seen) = await SessionAsync();
        Assert.True(seen.AfterRestartStatus.TryGetValue(program, out int status) && status == 200, $"the page is served after {program}'s restart\n{run.Tail(80)}");
        output.WriteLine($"{program}: killed to page served again in {seen.RestartLatency[program].TotalMilliseconds:F0} ms (host time); held client: {seen.InterruptedClient[program]}");
        if (program == "e1000")
            Assert.True(seen.InterruptedClient[program] == "served again on the same connection", $"TCP carries a connection across the driver's restart: {seen.InterruptedClient[program]}");
        else
            Assert.True(seen.InterruptedClient[program] is "closed" or "reset", $"the connection open when {program} died ends: {seen.InterruptedClient[program]}");
        Assert.DoesNotContain("unhandled exception", run.Serial, StringComparison.Ordinal);
        Assert.DoesNotMatch(new Regex(@"^\[kernel\] (panic|PANIC)", RegexOptions.Multiline), run.Serial);
    }
}
