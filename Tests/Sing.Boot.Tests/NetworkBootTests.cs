using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The network from inside the guest (issue 31): the e1000 driver (a boot service matched by its PCI
/// signature), the stack binding /dev/nic0 and configuring 10.0.2.15 by DHCP from QEMU's user network, and the shell's
/// network commands through the stack's sockets contract: ifconfig, ping to the gateway (ICMP echo), fetch from a
/// server the test runs on the host (the guest's 10.0.2.2:PORT is the host's 127.0.0.1:PORT: TCP out of the guest),
/// a name that cannot be resolved, netstat (the web server's listener), devices; then the driver is killed, the
/// supervisor restarts it, the stack binds it again and the gateway answers again. netsim runs the stack's protocol code
/// inside the OS, two instances over a simulated link losing, reordering and duplicating frames (10% and 25%).</summary>
public class NetworkBootTests
{
    private const string Greeting = "hello from the host to the guest";

    private static readonly Lazy<Task<QemuResult>> Session = new(RunAsync);

    private static async Task<QemuResult> RunAsync()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        using var stop = new CancellationTokenSource();
        Task serving = ServeAsync(listener, stop.Token);
        try
        {
            string[] lines =
            {
                "ifconfig", "ping 10.0.2.2 2", $"fetch http://10.0.2.2:{port}/probe", "ping no-such-host.invalid 1", "netstat",
                "devices", "netsim", "netsim --loss 25 --kilobytes 256", "kill 4", "wait /dev/nic0", "sleep 1", "ping 10.0.2.2 3", "ps", "shutdown",
            };
            return await Machine.BootAsync("tools=test script=" + string.Join("; ", lines), "network-session", instructionCounting: true);
        }
        finally
        {
            stop.Cancel();
            listener.Stop();
            try { await serving; } catch (OperationCanceledException) { } catch (ObjectDisposedException) { } catch (SocketException) { }
        }
    }

    /// <summary>A minimal HTTP server on the host: every connection gets one fixed answer and is closed.</summary>
    private static async Task ServeAsync(TcpListener listener, CancellationToken stop)
    {
        byte[] body = Encoding.ASCII.GetBytes(Greeting + "\n");
        byte[] answer = Encoding.ASCII.GetBytes($"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {body.Length}\r\nConnection: close\r\n\r\n").Concat(body).ToArray();
        while (!stop.IsCancellationRequested)
        {
            using TcpClient client = await listener.AcceptTcpClientAsync(stop);
            NetworkStream stream = client.GetStream();
            var request = new StringBuilder();
            var buffer = new byte[1024];
            while (!request.ToString().Contains("\r\n\r\n", StringComparison.Ordinal))
            {
                int n = await stream.ReadAsync(buffer, stop);
                if (n == 0) break;
                request.Append(Encoding.ASCII.GetString(buffer, 0, n));
            }
            await stream.WriteAsync(answer, stop);
        }
    }

    private static async Task<string> SerialAsync()
    {
        QemuResult run = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the script's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^boot: started e1000 \(pid 4\)$")]
    [InlineData(@"^\[e1000:4\] 52:54:00:12:34:56, link up at 1000 Mb/s, 64 receive and 64 transmit descriptors$")]
    [InlineData(@"^boot: started netstack \(pid 5\)$")]
    [InlineData(@"^\[netstack:5\] netstack: address 10\.0\.2\.15/24 from DHCP server 10\.0\.2\.2 \(gateway 10\.0\.2\.2, DNS 10\.0\.2\.3")]
    [InlineData(@"^/dev/nic0: ether 52:54:00:12:34:56  mtu 1500  link up$")]
    [InlineData(@"^    inet 10\.0\.2\.15/24  gateway 10\.0\.2\.2  dns 10\.0\.2\.3  \(bound\)$")]
    [InlineData(@"^reply from 10\.0\.2\.2: icmp_seq=1 ttl=\d+ time=\d+\.\d ms$")]
    [InlineData(@"^--- 10\.0\.2\.2: 2 sent, 2 received, 0% loss, average \d+\.\d ms$")]
    [InlineData(@"^HTTP/1\.1 200 OK$")]
    [InlineData(@"^" + Greeting + "$")]
    [InlineData(@"^fetch: 33 body bytes from 10\.0\.2\.2:\d+ in \d+ ms \(closed by the server\)$")]
    [InlineData(@"^ping: no-such-host\.invalid: ")]
    [InlineData(@"^tcp    0\.0\.0\.0:80 +\* +LISTEN")]
    [InlineData(@"^00:02\.0 8086:100e class 02\.00\.00 irq \d+ mem 0x[0-9a-f]+\+20000 io 0x[0-9a-f]+\+40 driver e1000 \(pid 4\)$")]
    [InlineData(@"^\[kernel\] SIP e1000 \(pid 4\) terminated: killed by shell$")]
    [InlineData(@"^\[kernel\] supervisor: restarted e1000 as pid \d+ \(killed by shell; restart 1, after 50 ms\)$")]
    [InlineData(@"^\[netstack:5\] netstack: bound /dev/nic0 again \(driver restart 1\)$")]
    [InlineData(@"^\[netsim:\d+\] netsim: 1048576 of 1048576 bytes intact and in order over a link losing 10% .* [1-9]\d* lost, [1-9]\d* retransmissions")]
    [InlineData(@"^\[netsim:\d+\] netsim: 262144 of 262144 bytes intact and in order over a link losing 25% ")]
    public async Task SessionShows(string pattern)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    private static readonly Lazy<Task<QemuResult>> VmwareCard = new(() =>
        Machine.BootAsync("script=ifconfig; ping 10.0.2.2 1; devices; shutdown", "network-82545em", instructionCounting: true, nicModel: "e1000-82545em"));

    /// <summary>VMware's default NIC, the 82545EM (8086:100f; QEMU's e1000-82545em), is served by the same driver.</summary>
    [Fact]
    public async Task The82545emThatVmwareUsesIsServedToo()
    {
        QemuResult run = await VmwareCard.Value;
        Assert.True(run.Status == KernelExitStatus.Success, run.Describe());
        Assert.Matches(new Regex(@"^00:02\.0 8086:100f class 02\.00\.00 .* driver e1000 \(pid 4\)$", RegexOptions.Multiline), run.Serial);
        Assert.Matches(new Regex(@"^    inet 10\.0\.2\.15/24 ", RegexOptions.Multiline), run.Serial);
        Assert.Matches(new Regex(@"^reply from 10\.0\.2\.2: icmp_seq=1 ", RegexOptions.Multiline), run.Serial);
    }

    [Fact]
    public async Task TheGatewayAnswersThroughTheRestartedDriver()
    {
        string serial = await SerialAsync();
        int restart = serial.IndexOf("netstack: bound /dev/nic0 again", StringComparison.Ordinal);
        Assert.True(restart > 0, serial);
        Assert.Matches(new Regex(@"^reply from 10\.0\.2\.2: icmp_seq=\d ttl=\d+ time=", RegexOptions.Multiline), serial[restart..]);
        Assert.DoesNotContain("unhandled exception", serial, StringComparison.Ordinal);
        Assert.DoesNotMatch(new Regex(@"^\[kernel\] SIP (e1000|netstack|webserver) .*terminated: (?!killed by shell)", RegexOptions.Multiline), serial);
    }
}
