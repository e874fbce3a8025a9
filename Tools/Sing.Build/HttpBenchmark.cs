using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Text.RegularExpressions;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>The HTTP rows (issue 31's benchmarks): the same file set served by Singularity's web server (webserver,
/// netstack and the e1000 driver, three SIPs) and by busybox httpd in the Linux guest, both behind QEMU's user network
/// with the same machine settings; wrk (Debian's) drives a SPECweb99-like mix at 1, 10 and 100 connections, and the
/// bulk rows move 10 MB each way (an HTTP download, and a stream into the discard port 9). All traffic stays on
/// 127.0.0.1; every run is bounded in time.</summary>
internal static partial class HttpBenchmark
{
    public static readonly int[] Connections = [1, 10, 100];
    public const int BulkBytes = 10 * 1024 * 1024;

    /// <summary>One guest's figures: requests per second and latency percentiles per connection count, bulk MB/s.</summary>
    internal sealed record GuestFigures(string Guest, Dictionary<int, WrkResult> Mix, double GuestToHostMBps, double HostToGuestMBps, string? Problem);

    public static async Task<IReadOnlyList<(string Row, double Singularity, double Linux)>> RunAsync(Options options, IWorkProgress progress)
    {
        string directory = Path.Combine(SingBenchHarness.Directory, "http");
        Directory.CreateDirectory(directory);
        string files = Path.Combine(directory, "files");
        HttpFileSet.Write(files);
        string script = Path.Combine(directory, "mix.lua");
        File.WriteAllText(script, HttpFileSet.WrkScript());
        int seconds = options.Quick ? 5 : 20;

        progress.Begin("HTTP: Linux guest (busybox httpd)");
        GuestFigures linux = await RunLinuxAsync(files, script, seconds, directory);
        progress.Complete(BenchVerb.LinuxBootWeight);
        progress.Begin("HTTP: Singularity (webserver, netstack, e1000)");
        GuestFigures sing = await RunSingularityAsync(options, files, script, seconds, directory);
        progress.Complete(BenchVerb.LinuxBootWeight);

        var rows = new List<(string, double, double)>();
        foreach (int c in Connections)
        {
            rows.Add(($"HTTP.Mix.C{c}.RPS", Value(sing, c, r => r.RequestsPerSecond), Value(linux, c, r => r.RequestsPerSecond)));
            rows.Add(($"HTTP.Mix.C{c}.P50ms", Value(sing, c, r => r.P50Ms), Value(linux, c, r => r.P50Ms)));
            rows.Add(($"HTTP.Mix.C{c}.P99ms", Value(sing, c, r => r.P99Ms), Value(linux, c, r => r.P99Ms)));
        }
        rows.Add(("TCP.Bulk.GuestToHost.MBps", sing.GuestToHostMBps, linux.GuestToHostMBps));
        rows.Add(("TCP.Bulk.HostToGuest.MBps", sing.HostToGuestMBps, linux.HostToGuestMBps));
        Write(rows, sing, linux, seconds, progress);
        return rows;
    }

    /// <summary>Adds the rows to the SingBench report: report.csv gets "HTTP.*" and "TCP.Bulk.*" lines in its columns
    /// (the tcg ones: Singularity, Linux, ratio with above 1 meaning Singularity is better), report.md the http.md section.</summary>
    public static void AppendToReport(IReadOnlyList<(string Row, double Singularity, double Linux)> rows)
    {
        string csv = Path.Combine(SingBenchHarness.Directory, "report.csv");
        var lines = new StringBuilder();
        foreach ((string row, double s, double l) in rows)
            // Plain TCG only (a network benchmark under -icount would measure the clock, not the work): the tcg columns,
            // ratio Singularity ÷ Linux as for every row (rates: above 1 is better; latencies: below 1); a missing
            // figure is an empty cell, as elsewhere in the report.
            lines.AppendLine(CultureInfo.InvariantCulture,
                $"{row},,,,{Cell(s)},{Cell(l)},{Cell(Statistics.Ratio(s, l))},busybox httpd,,,,,,{(double.IsNaN(s) || double.IsNaN(l) ? 1 : 0)},{(row.StartsWith("TCP", StringComparison.Ordinal) ? "10 MB each way, best of 3" : "wrk, SPECweb99-like mix")}");
        File.AppendAllText(csv, lines.ToString());
        File.AppendAllText(Path.Combine(SingBenchHarness.Directory, "report.md"), "\n" + File.ReadAllText(Path.Combine(SingBenchHarness.Directory, "http.md")));
    }

    private static string Cell(double v) => double.IsNaN(v) || double.IsInfinity(v) ? "" : v.ToString("0.####", CultureInfo.InvariantCulture);

    private static double Value(GuestFigures g, int c, Func<WrkResult, double> pick) => g.Mix.TryGetValue(c, out WrkResult? r) ? pick(r) : double.NaN;

    /// <summary>Runs wrk at each connection count and the bulk transfers against 127.0.0.1:<paramref name="port"/>.</summary>
    private static async Task<(Dictionary<int, WrkResult>, double, double)> MeasureAsync(int port, int discardPort, string script, int seconds, string logPrefix)
    {
        await WarmUpAsync(port);
        var mix = new Dictionary<int, WrkResult>();
        foreach (int c in Connections)
        {
            string output = await RunWrkAsync(port, c, script, seconds);
            File.WriteAllText($"{logPrefix}-wrk-c{c}.txt", output);
            mix[c] = WrkResult.Parse(output);
        }
        double down = await DownloadMBpsAsync(port);
        double up = await UploadMBpsAsync(discardPort);
        return (mix, down, up);
    }

    /// <summary>Until one request is answered (a guest's link may still be coming up after its ready line), at most a
    /// minute; every file of the mix once, so both servers start the runs with what they cache in memory.</summary>
    private static async Task WarmUpAsync(int port)
    {
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromMinutes(1))
        {
            try
            {
                using HttpResponseMessage r = await http.GetAsync($"http://127.0.0.1:{port}/bench/c0_0");
                if (r.IsSuccessStatusCode) break;
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
            }
            await Task.Delay(500);
        }
        for (int c = 0; c < HttpFileSet.Base.Length; c++)
            for (int j = 0; j < 9; j++)
            {
                try { await http.GetByteArrayAsync($"http://127.0.0.1:{port}{HttpFileSet.PathOf(c, j)}"); }
                catch (Exception e) when (e is HttpRequestException or TaskCanceledException) { }
            }
    }

    private static async Task<string> RunWrkAsync(int port, int connections, string script, int seconds)
    {
        var start = new ProcessStartInfo("wrk") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string a in new[] { "-t", Math.Min(2, connections).ToString(CultureInfo.InvariantCulture), "-c", connections.ToString(CultureInfo.InvariantCulture),
                     "-d", seconds.ToString(CultureInfo.InvariantCulture) + "s", "--timeout", "10s", "--latency", "-s", script, $"http://127.0.0.1:{port}/" })
            start.ArgumentList.Add(a);
        using Process p = Process.Start(start) ?? throw new InvalidOperationException("cannot start wrk (Debian package wrk)");
        string output = await p.StandardOutput.ReadToEndAsync();
        string error = await p.StandardError.ReadToEndAsync();
        await p.WaitForExitAsync();
        return output + error;
    }

    /// <summary>Guest to host: the 10 MB file over HTTP, best of three.</summary>
    private static async Task<double> DownloadMBpsAsync(int port)
    {
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(120) };
        double best = 0;
        for (int i = 0; i < 3; i++)
        {
            var clock = Stopwatch.StartNew();
            byte[] body = await http.GetByteArrayAsync($"http://127.0.0.1:{port}/bench/big.bin");
            if (body.Length == BulkBytes) best = Math.Max(best, body.Length / clock.Elapsed.TotalSeconds / 1e6);
        }
        return best;
    }

    /// <summary>Host to guest: 10 MB into the discard port, best of three (the time until the guest closed after
    /// reading the last byte). A connection the sink refuses (busybox nc between two listens) is tried again.</summary>
    private static async Task<double> UploadMBpsAsync(int port)
    {
        var chunk = new byte[64 * 1024];
        double best = 0;
        for (int i = 0, failures = 0; i < 3 && failures < 10; i++)
        {
            try
            {
                using var client = new TcpClient();
                await client.ConnectAsync(IPAddress.Loopback, port);
                NetworkStream stream = client.GetStream();
                var clock = Stopwatch.StartNew();
                using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(120));
                for (int sent = 0; sent < BulkBytes; sent += chunk.Length) await stream.WriteAsync(chunk, limit.Token);
                client.Client.Shutdown(SocketShutdown.Send);
                var buffer = new byte[16];
                try { while (await stream.ReadAsync(buffer, limit.Token) > 0) { } } catch (IOException) { }
                best = Math.Max(best, BulkBytes / clock.Elapsed.TotalSeconds / 1e6);
            }
            catch (Exception e) when (e is IOException or SocketException)
            {
                failures++;
                i--;
                await Task.Delay(500);
            }
        }
        return best;
    }

    private static async Task<GuestFigures> RunSingularityAsync(Options options, string files, string script, int seconds, string directory)
    {
        string image = Path.Combine(directory, "singularity-disk.img");
        File.Copy(Path.Combine(Cli.Root, "artifacts", "disk.img"), image, overwrite: true);
        Run("mcopy", "-s", "-o", "-i", image + "@@1M", Path.Combine(files, "bench"), "::/www/");
        int port = FreePort(), discard = FreePort();
        Dictionary<int, WrkResult> mix = new();
        double down = 0, up = 0;
        string? problem = null;
        QemuResult run = await QemuRunner.RunAsync(new QemuOptions
        {
            IsoPath = Path.Combine(Cli.Root, "artifacts", "singularity.iso"),
            Disks = [image],
            MemoryMiB = options.MemoryMiB,
            CpuModel = options.CpuModel,
            ForwardedHostPort = port,
            ExtraForwards = [(discard, 9)],
            SerialLogPath = Path.Combine(directory, "singularity.log"),
            Timeout = TimeSpan.FromMinutes(5),
            HostSession = async session =>
            {
                if (!await session.WaitForAsync("webserver: listening on port 80", TimeSpan.FromMinutes(2)))
                {
                    problem = "the web server never listened";
                    return;
                }
                (mix, down, up) = await MeasureAsync(port, discard, script, seconds, Path.Combine(directory, "singularity"));
            },
        });
        if (run.HostSessionFailure != null) problem = run.HostSessionFailure.Message;
        return new GuestFigures("Singularity", mix, down, up, problem);
    }

    private static async Task<GuestFigures> RunLinuxAsync(string files, string script, int seconds, string directory)
    {
        Run("bash", Path.Combine(Cli.Root, "Bench", "Linux", "build-http.sh"), files);
        string linux = Path.Combine(Cli.Root, "artifacts", "linux");
        int port = FreePort(), discard = FreePort();
        string log = Path.Combine(directory, "linux.log");
        File.Delete(log);
        var start = new ProcessStartInfo("qemu-system-x86_64") { RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = true };
        foreach (string a in new[]
                 {
                     "-machine", "q35", "-cpu", "max", "-m", "512", "-smp", "1", "-display", "none", "-monitor", "none", "-no-reboot",
                     "-kernel", Path.Combine(linux, "vmlinuz"), "-initrd", Path.Combine(linux, "initramfs-http.cpio.gz"),
                     "-append", "console=ttyS0 quiet panic=-1",
                     "-netdev", $"user,id=n0,hostfwd=tcp:127.0.0.1:{port}-:80,hostfwd=tcp:127.0.0.1:{discard}-:9", "-device", "e1000,netdev=n0",
                     "-serial", "file:" + log,
                 })
            start.ArgumentList.Add(a);
        using Process qemu = Process.Start(start) ?? throw new InvalidOperationException("cannot start qemu-system-x86_64");
        try
        {
            var clock = Stopwatch.StartNew();
            while (!(File.Exists(log) && File.ReadAllText(log).Contains("linuxbench: httpd ready", StringComparison.Ordinal)))
            {
                if (qemu.HasExited || clock.Elapsed > TimeSpan.FromMinutes(3))
                    return new GuestFigures("Linux", new(), 0, 0, "the Linux guest never served: " + (File.Exists(log) ? File.ReadAllText(log)[^Math.Min(2000, File.ReadAllText(log).Length)..] : "no log"));
                await Task.Delay(250);
            }
            var (mix, down, up) = await MeasureAsync(port, discard, script, seconds, Path.Combine(directory, "linux"));
            return new GuestFigures("Linux", mix, down, up, null);
        }
        finally
        {
            if (!qemu.HasExited) qemu.Kill(entireProcessTree: true);
            await qemu.WaitForExitAsync();
        }
    }

    private static void Run(string program, params string[] arguments)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardError = true, RedirectStandardOutput = true };
        foreach (string a in arguments) start.ArgumentList.Add(a);
        using Process p = Process.Start(start)!;
        string output = p.StandardOutput.ReadToEnd() + p.StandardError.ReadToEnd();
        p.WaitForExit();
        if (p.ExitCode != 0) throw new InvalidOperationException($"{program} {string.Join(' ', arguments)} failed ({p.ExitCode}): {output}");
    }

    private static int FreePort()
    {
        var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        int port = ((IPEndPoint)probe.LocalEndpoint).Port;
        probe.Stop();
        return port;
    }

    private static void Write(IReadOnlyList<(string Row, double Singularity, double Linux)> rows, GuestFigures sing, GuestFigures linux, int seconds, IWorkProgress progress)
    {
        var csv = new StringBuilder("row,singularity,linux,ratio\n");
        var md = new StringBuilder();
        md.AppendLine("# HTTP and TCP rows: Singularity's web server beside busybox httpd in the Linux guest").AppendLine();
        md.AppendLine(CultureInfo.InvariantCulture, $"Same QEMU settings for both (q35, -cpu max, 512 MiB, one CPU, plain TCG, e1000 on QEMU's user network, 127.0.0.1 forwards); wrk {seconds} s per run, the SPECweb99-like mix of Bench/WebFiles' classes (`mix.lua`). Ratio: Singularity ÷ Linux, as in report.csv (rates: above 1 means Singularity does better; latencies: below 1).").AppendLine();
        md.AppendLine("| row | Singularity | Linux | ratio |").AppendLine("|---|---:|---:|---:|");
        foreach ((string row, double s, double l) in rows)
        {
            double ratio = Statistics.Ratio(s, l);
            csv.AppendLine(CultureInfo.InvariantCulture, $"{row},{Cell(s)},{Cell(l)},{Cell(ratio)}");
            md.AppendLine(CultureInfo.InvariantCulture, $"| {row} | {Cell(s)} | {Cell(l)} | {Cell(ratio)} |");
        }
        foreach (GuestFigures g in new[] { sing, linux })
            if (g.Problem != null) md.AppendLine().AppendLine(CultureInfo.InvariantCulture, $"{g.Guest}: {g.Problem}");
        string directory = SingBenchHarness.Directory;
        File.WriteAllText(Path.Combine(directory, "http.csv"), csv.ToString());
        File.WriteAllText(Path.Combine(directory, "http.md"), md.ToString());
        progress.Log(md.ToString());
    }
}

/// <summary>What one wrk run printed: requests per second and latency percentiles (from --latency).</summary>
internal sealed partial record WrkResult(double RequestsPerSecond, double P50Ms, double P99Ms, long Requests, long Errors)
{
    public static WrkResult Parse(string output)
    {
        double rps = Number(RequestsRegex().Match(output));
        double p50 = Latency(output, "50%"), p99 = Latency(output, "99%");
        Match total = TotalRegex().Match(output);
        long requests = total.Success ? long.Parse(total.Groups[1].Value, CultureInfo.InvariantCulture) : 0;
        long errors = 0;
        foreach (Match m in ErrorsRegex().Matches(output)) errors += long.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
        Match non2xx = Non2xxRegex().Match(output);
        if (non2xx.Success) errors += long.Parse(non2xx.Groups[1].Value, CultureInfo.InvariantCulture);
        return new WrkResult(rps, p50, p99, requests, errors);
    }

    private static double Number(Match m) => m.Success ? double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture) : double.NaN;

    /// <summary>A percentile line of wrk's latency distribution ("99%  12.34ms") in milliseconds.</summary>
    private static double Latency(string output, string percentile)
    {
        Match m = Regex.Match(output, @"^\s*" + Regex.Escape(percentile) + @"\s+([\d.]+)(us|ms|s)\s*$", RegexOptions.Multiline);
        if (!m.Success) return double.NaN;
        double v = double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
        return m.Groups[2].Value switch { "us" => v / 1000, "s" => v * 1000, _ => v };
    }

    [GeneratedRegex(@"^Requests/sec:\s+([\d.]+)", RegexOptions.Multiline)]
    private static partial Regex RequestsRegex();

    [GeneratedRegex(@"^\s*(\d+) requests in ", RegexOptions.Multiline)]
    private static partial Regex TotalRegex();

    [GeneratedRegex(@"(?:connect|read|write|timeout) (\d+)")]
    private static partial Regex ErrorsRegex();

    [GeneratedRegex(@"Non-2xx or 3xx responses: (\d+)")]
    private static partial Regex Non2xxRegex();
}
