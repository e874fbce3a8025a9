using System.Net.Sockets;

namespace Sing.Boot.Tests;

/// <summary>Opens TCP connections to a port QEMU forwards into the guest, one at a time. QEMU's user network (libslirp)
/// listens on the host with a backlog of one, so a burst of connects overflows the host kernel's accept queue while a
/// busy host keeps QEMU from accepting; the kernel then drops the SYNs and the client's retries back off (1, 3, 7, 15,
/// 31 s) past any request timeout before the guest has seen the connection at all. One connect at a time keeps at most
/// one connection in that queue, and an attempt not answered within <see cref="AttemptTimeout"/> is replaced by a
/// fresh one rather than left to the kernel's backoff. The guest's side is unchanged: it still holds every connection
/// at once.</summary>
internal static class ForwardedPortConnector
{
    private static readonly TimeSpan AttemptTimeout = TimeSpan.FromSeconds(2);
    private static readonly SemaphoreSlim OneAtATime = new(1);

    /// <summary>For <see cref="SocketsHttpHandler.ConnectCallback"/>.</summary>
    public static async ValueTask<Stream> ConnectAsync(SocketsHttpConnectionContext context, CancellationToken cancel)
    {
        await OneAtATime.WaitAsync(cancel);
        try
        {
            while (true)
            {
                var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
                using var attempt = CancellationTokenSource.CreateLinkedTokenSource(cancel);
                attempt.CancelAfter(AttemptTimeout);
                try
                {
                    await socket.ConnectAsync(context.DnsEndPoint, attempt.Token);
                    return new NetworkStream(socket, ownsSocket: true);
                }
                catch (OperationCanceledException) when (!cancel.IsCancellationRequested)
                {
                    socket.Dispose();   // this attempt's SYN is waiting out the kernel's backoff: start afresh
                }
                catch
                {
                    socket.Dispose();
                    throw;
                }
            }
        }
        finally
        {
            OneAtATime.Release();
        }
    }
}
