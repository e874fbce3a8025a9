using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;

namespace Sing.Conformance
{
    /// <summary>A web-server log report: Regex with named groups parses each line, LINQ summarises, Replace masks
    /// addresses. Its whole output is compared.</summary>
    internal static class LogParserProgram
    {
        private const string Log = @"192.168.1.10 - - [15/Mar/2024:10:01:22 +0000] ""GET /index.html HTTP/1.1"" 200 5120 0.012
10.0.0.5 - alice [15/Mar/2024:10:01:25 +0000] ""POST /api/login HTTP/1.1"" 302 0 0.154
192.168.1.10 - - [15/Mar/2024:10:02:01 +0000] ""GET /images/logo.png HTTP/1.1"" 200 20480 0.003
172.16.4.2 - bob [15/Mar/2024:10:02:44 +0000] ""GET /api/items?page=2&size=50 HTTP/1.1"" 200 1893 0.087
10.0.0.5 - alice [15/Mar/2024:10:03:10 +0000] ""DELETE /api/items/42 HTTP/1.1"" 403 128 0.021
garbage line that does not parse
192.168.1.77 - - [15/Mar/2024:10:03:59 +0000] ""GET /missing HTTP/1.1"" 404 512 0.002
172.16.4.2 - bob [15/Mar/2024:10:04:30 +0000] ""PUT /api/items/42 HTTP/1.1"" 500 64 1.250
192.168.1.10 - - [15/Mar/2024:10:05:02 +0000] ""GET /index.html HTTP/1.1"" 304 0 0.001";

        private static readonly Regex LinePattern = new Regex(
            @"^(?<ip>\d{1,3}(?:\.\d{1,3}){3})\s+-\s+(?<user>\S+)\s+\[(?<day>\d{2})/(?<month>\w{3})/(?<year>\d{4}):(?<time>[\d:]+)\s[+-]\d{4}\]\s+""(?<method>[A-Z]+)\s(?<path>[^\s?""]+)(?:\?(?<query>[^\s""]*))?\s+HTTP/[\d.]+""\s+(?<status>\d{3})\s+(?<bytes>\d+)\s+(?<seconds>\d+\.\d+)$",
            RegexOptions.Multiline | RegexOptions.ExplicitCapture);

        private sealed record Entry(string Ip, string User, string Time, string Method, string Path, string Query, int Status, long Bytes, double Seconds);

        public static void Run()
        {
            var entries = new List<Entry>();
            int rejected = 0;
            foreach (string line in Regex.Split(Log, @"\r?\n"))
            {
                Match m = LinePattern.Match(line);
                if (!m.Success)
                {
                    rejected++;
                    Console.WriteLine($"skipped: {line}");
                    continue;
                }
                entries.Add(new Entry(m.Groups["ip"].Value, m.Groups["user"].Value, m.Groups["time"].Value, m.Groups["method"].Value,
                    m.Groups["path"].Value, m.Groups["query"].Success ? m.Groups["query"].Value : null,
                    int.Parse(m.Groups["status"].Value), long.Parse(m.Groups["bytes"].Value), double.Parse(m.Groups["seconds"].Value)));
            }
            Console.WriteLine($"{entries.Count} requests parsed, {rejected} rejected, {LinePattern.Matches(Log).Count} by Matches");

            Console.WriteLine("by status class:");
            foreach (var group in entries.GroupBy(e => e.Status / 100).OrderBy(g => g.Key))
                Console.WriteLine($"  {group.Key}xx {group.Count(),2} {string.Join(",", group.Select(e => e.Status).Distinct())}");

            Console.WriteLine("by client:");
            foreach (var group in entries.GroupBy(e => e.Ip).OrderByDescending(g => g.Sum(e => e.Bytes)).ThenBy(g => g.Key))
                Console.WriteLine($"  {group.Key,-14}{group.Count(),2} req {group.Sum(e => e.Bytes),7:N0} bytes  users: {string.Join("/", group.Select(e => e.User).Distinct())}");

            Entry slowest = entries.OrderByDescending(e => e.Seconds).First();
            Console.WriteLine($"slowest: {slowest.Method} {slowest.Path} {slowest.Seconds * 1000:F0} ms at {slowest.Time}");
            Console.WriteLine($"mean time: {entries.Average(e => e.Seconds):F4} s, total {entries.Sum(e => e.Bytes)} bytes");

            var apiIds = entries.Select(e => Regex.Match(e.Path, @"^/api/(?<resource>\w+)/(?<id>\d+)$")).Where(m => m.Success)
                .Select(m => m.Groups["resource"].Value + "#" + m.Groups["id"].Value).Distinct();
            Console.WriteLine("api objects touched: " + string.Join(", ", apiIds));
            foreach (Entry e in entries.Where(e => e.Query != null))
            {
                var parameters = Regex.Matches(e.Query, @"(?<key>\w+)=(?<value>[^&]*)").Select(m => $"{m.Groups["key"].Value}={m.Groups["value"].Value}");
                Console.WriteLine($"query on {e.Path}: {string.Join("; ", parameters)}");
            }

            string masked = Regex.Replace(Log.Substring(0, Log.IndexOf('\n')), @"\b(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}\b", "$1.$2.x.x");
            Console.WriteLine("masked: " + masked);
            string shouted = Regex.Replace("error: disk full; warning: cpu hot", @"\b(error|warning)\b", m => m.Value.ToUpperInvariant());
            Console.WriteLine(shouted);
            var errors = entries.Where(e => e.Status >= 400).Select(e => $"{e.Status} {e.Method} {e.Path}");
            Console.WriteLine("errors:\n  " + string.Join("\n  ", errors));
        }
    }
}
