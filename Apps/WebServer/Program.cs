#nullable enable
using System;
using Sing.Network;
using Sing.Storage;
using Singularity.Configuration;
using Singularity.V1;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.WebServer
{
    /// <summary>webserver's parameters (Manifests/Programs/webserver.xml).</summary>
    [ProgramStartup]
    internal sealed partial class WebServerStartup
    {
        [Parameter("root")] public string Root = "/fs/www";
        [Parameter("port")] public int Port = 80;
        [Parameter("backlog")] public int Backlog = 128;
        [Parameter("log")] public string Log = "/fs/log/access.log";
    }

    /// <summary>Starts the web server: binds the network stack at /service/net (waiting for it: the stack may start
    /// later, or be restarted by the supervisor), listens on the port and serves until the stack goes away, then binds
    /// the new stack and listens again. Exit codes: 2 for a document root or log outside /fs, 3 when the port stays taken for 10 s.</summary>
    internal static class Program
    {
        private const int RetryMilliseconds = 250;
        private const int InUseGiveUpMilliseconds = 10_000;

        internal static int Main(WebServerStartup startup)
        {
            string root = startup.Root.TrimEnd('/');
            if (!root.StartsWith(FileCatalog.MountPoint + "/", StringComparison.Ordinal) || !startup.Log.StartsWith(FileCatalog.MountPoint + "/", StringComparison.Ordinal))
            {
                Debug.WriteLine($"webserver: the document root ({startup.Root}) and the log ({startup.Log}) must be under {FileCatalog.MountPoint}");
                return 2;
            }
            var files = new FileCatalog();
            var log = new AccessLogFile(startup.Log);
            bool told = false;
            int inUse = 0;
            while (true)
            {
                NetworkClient? net = NetworkClient.Connect(out string error);
                if (net == null)
                {
                    if (!told) Debug.WriteLine($"webserver: waiting for the network stack ({error})");
                    told = true;
                    Threads.Sleep(RetryMilliseconds);
                    continue;
                }
                TcpListenerContract.Imp? listener = net.Listen(startup.Port, startup.Backlog, out error);
                if (listener == null)
                {
                    net.Close();
                    // In use: another server holds the port, or the listener of this server's former instance, which the
                    // stack lets go within a quarter second of noticing it died. Give up only if it stays taken.
                    if (error.Contains("in use", StringComparison.Ordinal) && ++inUse * RetryMilliseconds >= InUseGiveUpMilliseconds)
                    {
                        Debug.WriteLine($"webserver: cannot listen on port {startup.Port}: {error}");
                        return 3;
                    }
                    if (!told) Debug.WriteLine($"webserver: cannot listen on port {startup.Port} yet: {error}");
                    told = true;
                    Threads.Sleep(RetryMilliseconds);
                    continue;
                }
                told = false;
                inUse = 0;
                Debug.WriteLine($"webserver: listening on port {startup.Port} (document root {root}, log {startup.Log})");
                var status = new StatusSource(net);
                var service = new WebService(root, files, status, log);
                service.Run(listener);
                net.Close();
                Debug.WriteLine($"webserver: the network stack closed port {startup.Port} after {service.Requests} requests; binding it again");
            }
        }
    }
}
