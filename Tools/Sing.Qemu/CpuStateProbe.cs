using System.Globalization;
using System.Net.Sockets;
using System.Text;
using System.Text.RegularExpressions;

namespace Sing.Qemu;

/// <summary>Where each guest CPU is when the watchdog gives up on a silent guest: QEMU's human monitor (a Unix socket
/// per run) answers "info registers -a", and each CPU's RIP, RSP and RFLAGS are named with the kernel's symbols
/// (kernel.sym beside the ISO), so a hang in CI leaves "CPU 1 at KernelLock.Spin+0x2a" in the failure message instead
/// of silence.</summary>
public static partial class CpuStateProbe
{
    /// <summary>A socket path for one run's monitor (short: Unix socket paths are limited to about 100 bytes).</summary>
    public static string NewSocketPath() => Path.Combine(Path.GetTempPath(), $"sing-qemu-{Guid.NewGuid():N}.mon");

    /// <summary>Asks the monitor at <paramref name="socketPath"/> for every CPU's registers; a line per CPU, or why not.</summary>
    public static async Task<string> DescribeAsync(string socketPath, string? symbolFile)
    {
        string answer;
        try
        {
            using var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(5));
            await socket.ConnectAsync(new UnixDomainSocketEndPoint(socketPath), timeout.Token).ConfigureAwait(false);
            await socket.SendAsync(Encoding.ASCII.GetBytes("info registers -a\n"), SocketFlags.None, timeout.Token).ConfigureAwait(false);
            var text = new StringBuilder();
            var buffer = new byte[8192];
            // The monitor prints its banner, the registers, then a prompt; read until the output settles.
            using var quiet = new CancellationTokenSource(TimeSpan.FromSeconds(2));
            try
            {
                while (true)
                {
                    int n = await socket.ReceiveAsync(buffer, SocketFlags.None, quiet.Token).ConfigureAwait(false);
                    if (n == 0) break;
                    text.Append(Encoding.ASCII.GetString(buffer, 0, n));
                    quiet.CancelAfter(TimeSpan.FromMilliseconds(500));
                }
            }
            catch (OperationCanceledException) { }
            answer = text.ToString();
        }
        catch (Exception e) when (e is SocketException or OperationCanceledException or IOException)
        {
            return $"(the monitor did not answer: {e.Message})";
        }
        return Summarize(answer, symbolFile is not null && File.Exists(symbolFile) ? SymbolTable.Load(symbolFile) : null);
    }

    /// <summary>One line per "CPU#n" block of <paramref name="registers"/>: RIP (with its symbol), RSP, RFLAGS.</summary>
    public static string Summarize(string registers, SymbolTable? symbols)
    {
        var lines = new List<string>();
        foreach (Match cpu in CpuBlock().Matches(registers))
        {
            string block = cpu.Groups[2].Value;
            ulong rip = Register(block, "RIP"), rsp = Register(block, "RSP"), flags = Register(block, "RFL");
            string where = symbols?.Describe(rip) ?? "";
            lines.Add(string.Create(CultureInfo.InvariantCulture,
                $"CPU {cpu.Groups[1].Value}: RIP={rip:x16}{(where.Length > 0 ? " " + where : "")} RSP={rsp:x16} RFLAGS={flags:x}{(block.Contains("HLT=1", StringComparison.Ordinal) ? " (halted)" : "")}"));
        }
        return lines.Count == 0 ? "(the monitor's answer named no CPU)" : string.Join('\n', lines);
    }

    private static ulong Register(string block, string name)
    {
        Match m = Regex.Match(block, name + @"=([0-9a-fA-F]+)");
        return m.Success ? ulong.Parse(m.Groups[1].Value, NumberStyles.HexNumber, CultureInfo.InvariantCulture) : 0;
    }

    [GeneratedRegex(@"CPU#(\d+)\r?\n(.*?)(?=CPU#\d+\r?\n|\z)", RegexOptions.Singleline)]
    private static partial Regex CpuBlock();
}

/// <summary>The kernel's symbols as the build writes them (kernel.sym: "ADDRESS NAME" a line, hexadecimal, sorted).</summary>
public sealed class SymbolTable
{
    private readonly ulong[] _addresses;
    private readonly string[] _names;

    private SymbolTable(ulong[] addresses, string[] names)
    {
        _addresses = addresses;
        _names = names;
    }

    /// <summary>Reads <paramref name="path"/>; lines that are not "ADDRESS NAME" are skipped.</summary>
    public static SymbolTable Load(string path)
    {
        var entries = new List<(ulong Address, string Name)>();
        foreach (string line in File.ReadLines(path))
        {
            int space = line.IndexOf(' ', StringComparison.Ordinal);
            if (space <= 0 || !ulong.TryParse(line.AsSpan(0, space), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out ulong address)) continue;
            entries.Add((address, line[(space + 1)..].Trim()));
        }
        entries.Sort((a, b) => a.Address.CompareTo(b.Address));
        return new SymbolTable(entries.Select(e => e.Address).ToArray(), entries.Select(e => e.Name).ToArray());
    }

    /// <summary>"name+0xOFFSET" for the symbol at or below <paramref name="address"/>, or "" when there is none.</summary>
    public string Describe(ulong address)
    {
        int i = Array.BinarySearch(_addresses, address);
        if (i < 0) i = ~i - 1;
        if (i < 0) return "";
        return string.Create(CultureInfo.InvariantCulture, $"{_names[i]}+0x{address - _addresses[i]:x}");
    }
}
