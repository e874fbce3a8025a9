#nullable enable
using System.Diagnostics;
using System.Text;
using Sing.Network;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>The network built-ins over /service/net: ifconfig, netstat, ping HOST [count], fetch URL. Each binds the
    /// stack afresh, so a stack that was restarted is found again; every failure prints one line with the reason.</summary>
    internal static class NetCommands
    {
        private const int PingTimeoutMilliseconds = 2000;
        private const int FetchTimeoutMilliseconds = 10000;
        private const int MaxBodyShown = 64 * 1024;

        public static void Run(string command, string rest)
        {
            NetworkClient? net = NetworkClient.Connect(out string error);
            if (net == null)
            {
                SystemConsole.WriteLine(command + ": " + error);
                return;
            }
            try
            {
                switch (command)
                {
                    case "ifconfig": Show(net, interfaceOnly: true); break;
                    case "netstat": Show(net, interfaceOnly: false); break;
                    case "ping": Ping(net, rest); break;
                    default: Fetch(net, rest); break;
                }
            }
            finally
            {
                net.Close();
            }
        }

        /// <summary>ifconfig: the interface's lines of the stack's status; netstat: its sockets and counters.</summary>
        private static void Show(NetworkClient net, bool interfaceOnly)
        {
            string? status = net.Status(out string error);
            if (status == null)
            {
                SystemConsole.WriteLine((interfaceOnly ? "ifconfig: " : "netstat: ") + error);
                return;
            }
            var counters = new StringBuilder();
            if (!interfaceOnly) SystemConsole.WriteLine("Proto  Local                  Remote                 State        Recv-Q  Send-Q");
            foreach (string line in status.Split('\n'))
            {
                string[] f = line.Split('\t');
                if (f.Length < 2) continue;
                switch (f[0])
                {
                    case "interface" when interfaceOnly:
                        SystemConsole.WriteLine($"{f[1]}: ether {Field(f, 2)}  mtu {Field(f, 3)}  link {Field(f, 4)}");
                        break;
                    case "address" when interfaceOnly:
                        SystemConsole.WriteLine($"    inet {Field(f, 1)}  gateway {Field(f, 2)}  dns {Field(f, 3)}  ({Field(f, 4)})");
                        break;
                    case "counter":
                        if (interfaceOnly && !f[1].StartsWith("frames_", System.StringComparison.Ordinal) && !f[1].StartsWith("bytes_", System.StringComparison.Ordinal)) break;
                        counters.Append("    ").Append(f[1]).Append(' ').Append(Field(f, 2)).Append('\n');
                        break;
                    case "tcp" when !interfaceOnly:
                        SystemConsole.WriteLine($"tcp    {Field(f, 1).PadRight(22)} {Field(f, 2).PadRight(22)} {Field(f, 3).PadRight(12)} {Field(f, 4).PadLeft(6)}  {Field(f, 5).PadLeft(6)}");
                        break;
                    case "listen" when !interfaceOnly:
                        SystemConsole.WriteLine($"tcp    {("0.0.0.0:" + Field(f, 1)).PadRight(22)} {"*".PadRight(22)} {"LISTEN".PadRight(12)} {Field(f, 3).PadLeft(6)}  {"0".PadLeft(6)}");
                        break;
                    case "udp" when !interfaceOnly:
                        SystemConsole.WriteLine($"udp    {("0.0.0.0:" + Field(f, 1)).PadRight(22)} {"*".PadRight(22)} {"".PadRight(12)} {Field(f, 2).PadLeft(6)}  {"0".PadLeft(6)}");
                        break;
                }
            }
            if (counters.Length > 0) SystemConsole.Write(counters.ToString());
        }

        private static string Field(string[] f, int i) => i < f.Length ? f[i] : "";

        /// <summary>ping HOST [count]: echo requests a second apart (count 4 by default, at most 100), as Linux prints them.</summary>
        private static void Ping(NetworkClient net, string rest)
        {
            string[] words = rest.Split(' ', System.StringSplitOptions.RemoveEmptyEntries);
            int count = 4;
            if (words.Length < 1 || words.Length > 2 || (words.Length == 2 && (!int.TryParse(words[1], out count) || count < 1 || count > 100)))
            {
                SystemConsole.WriteLine("usage: ping <host> [count 1-100]");
                return;
            }
            int address = net.Resolve(words[0], out string error);
            if (address == 0)
            {
                SystemConsole.WriteLine($"ping: {words[0]}: {error}");
                return;
            }
            string shown = Ipv4Text.Format(address);
            SystemConsole.WriteLine($"PING {words[0]} ({shown})");
            int received = 0;
            long totalMicros = 0;
            for (int seq = 1; seq <= count; seq++)
            {
                long started = Stopwatch.GetTimestamp();
                if (net.Ping(address, seq, PingTimeoutMilliseconds, out int micros, out int ttl, out error))
                {
                    received++;
                    totalMicros += micros;
                    SystemConsole.WriteLine($"reply from {shown}: icmp_seq={seq} ttl={ttl} time={micros / 1000}.{micros % 1000 / 100} ms");
                }
                else SystemConsole.WriteLine($"no reply from {shown}: icmp_seq={seq}: {error}");
                if (seq == count) break;
                long waitedMs = (Stopwatch.GetTimestamp() - started) * 1000 / Stopwatch.Frequency;
                if (waitedMs < 1000) Threads.Sleep((ulong)(1000 - waitedMs));
            }
            string average = received == 0 ? "" : $", average {totalMicros / received / 1000}.{totalMicros / received % 1000 / 100} ms";
            SystemConsole.WriteLine($"--- {shown}: {count} sent, {received} received, {(count - received) * 100 / count}% loss{average}");
        }

        /// <summary>fetch http://host[:port]/path: an HTTP/1.1 GET with Connection: close; prints the status line, the
        /// body (up to 64 KiB of it) and a summary line with the byte count and time.</summary>
        private static void Fetch(NetworkClient net, string url)
        {
            if (!ParseUrl(url, out string host, out int port, out string path))
            {
                SystemConsole.WriteLine("usage: fetch http://host[:port]/path");
                return;
            }
            int address = net.Resolve(host, out string error);
            if (address == 0)
            {
                SystemConsole.WriteLine($"fetch: {host}: {error}");
                return;
            }
            long started = Stopwatch.GetTimestamp();
            TcpStream? stream = net.OpenTcp(address, port, out error);
            if (stream == null)
            {
                SystemConsole.WriteLine($"fetch: {Ipv4Text.Format(address)}:{port}: {error}");
                return;
            }
            byte[] request = Encoding.ASCII.GetBytes($"GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: Singularity-fetch\r\nConnection: close\r\n\r\n");
            error = stream.Write(request, 0, request.Length) ?? "";
            var received = new System.IO.MemoryStream();
            var chunk = new byte[TcpStream.ChunkBytes];
            int reason = NetworkErrors.None;
            while (error.Length == 0)
            {
                int n = stream.Read(chunk, 0, chunk.Length, FetchTimeoutMilliseconds, out reason);
                if (n == 0) break;
                received.Write(chunk, 0, n);
            }
            stream.Close();
            long ms = (Stopwatch.GetTimestamp() - started) * 1000 / Stopwatch.Frequency;
            if (error.Length > 0)
            {
                SystemConsole.WriteLine("fetch: " + error);
                return;
            }
            byte[] all = received.ToArray();
            int headerEnd = IndexOfBlankLine(all);
            string head = Encoding.ASCII.GetString(all, 0, headerEnd < 0 ? all.Length : headerEnd);
            int lineEnd = head.IndexOf('\r');
            SystemConsole.WriteLine(lineEnd < 0 ? head : head.Substring(0, lineEnd));
            int bodyStart = headerEnd < 0 ? all.Length : headerEnd + 4;
            int bodyBytes = all.Length - bodyStart;
            if (bodyBytes > 0) SystemConsole.Write(Encoding.UTF8.GetString(all, bodyStart, bodyBytes < MaxBodyShown ? bodyBytes : MaxBodyShown));
            if (bodyBytes > 0 && all[all.Length - 1] != (byte)'\n') SystemConsole.WriteLine("");
            string ending = reason == NetworkErrors.PeerClosed ? "closed by the server" : reason == 0 ? "timed out waiting for more" : NetworkErrors.Describe(reason);
            SystemConsole.WriteLine($"fetch: {bodyBytes} body bytes from {Ipv4Text.Format(address)}:{port} in {ms} ms ({ending})");
        }

        private static int IndexOfBlankLine(byte[] data)
        {
            for (int i = 0; i + 3 < data.Length; i++)
                if (data[i] == '\r' && data[i + 1] == '\n' && data[i + 2] == '\r' && data[i + 3] == '\n') return i;
            return -1;
        }

        /// <summary>http://host[:port][/path]; only http (the stack has no TLS).</summary>
        internal static bool ParseUrl(string url, out string host, out int port, out string path)
        {
            host = path = "";
            port = 80;
            const string Scheme = "http://";
            if (!url.StartsWith(Scheme, System.StringComparison.OrdinalIgnoreCase)) return false;
            string rest = url.Substring(Scheme.Length);
            int slash = rest.IndexOf('/');
            string authority = slash < 0 ? rest : rest.Substring(0, slash);
            path = slash < 0 ? "/" : rest.Substring(slash);
            int colon = authority.IndexOf(':');
            host = colon < 0 ? authority : authority.Substring(0, colon);
            if (colon >= 0 && (!int.TryParse(authority.Substring(colon + 1), out port) || port < 1 || port > 65535)) return false;
            return host.Length > 0 && path.IndexOf(' ') < 0;
        }
    }
}
