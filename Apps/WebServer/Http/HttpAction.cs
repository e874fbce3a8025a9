#nullable enable
namespace Sing.Web.Http
{
    /// <summary>One step the glue performs for a connection, as <see cref="HttpConnection.Next"/> decides it.</summary>
    public sealed class HttpAction
    {
        private static readonly byte[] s_none = new byte[0];

        public HttpActionKind Kind { get; private set; }
        /// <summary>The status answered (0 for Wait and Close).</summary>
        public int Status { get; private set; }
        /// <summary>The response head's bytes (status line, fields, empty line); empty for Wait, ServeStatus, Close.</summary>
        public byte[] Head { get; private set; } = s_none;
        /// <summary>The body of a Respond (empty for HEAD requests and 304).</summary>
        public byte[] Body { get; private set; } = s_none;
        /// <summary>Close the connection after this answer.</summary>
        public bool CloseAfter { get; private set; }
        /// <summary>ServeFile: the file's full path (document root included).</summary>
        public string FilePath { get; private set; } = "";
        /// <summary>ServeFile: the Content-Length announced in the head.</summary>
        public long FileLength { get; private set; }
        /// <summary>The request was HEAD: send the head only.</summary>
        public bool IsHead { get; private set; }
        /// <summary>ServeStatus: which resource to render.</summary>
        public StatusResource Resource { get; private set; }
        /// <summary>Wait: the guest time (ms) by which Next must be called again even if nothing arrives.</summary>
        public long WakeAtMilliseconds { get; private set; }
        /// <summary>The access-log line of this answer (Respond and ServeFile), else null. Formatted when asked for,
        /// so a server that keeps no log pays nothing for it.</summary>
        public string? LogLine => _log == null ? null : _log.Format();

        private LogEntry? _log;

        internal static HttpAction Wait(long wakeAt) => new HttpAction { Kind = HttpActionKind.Wait, WakeAtMilliseconds = wakeAt };

        internal static HttpAction Close() => new HttpAction { Kind = HttpActionKind.Close };

        internal static HttpAction Respond(int status, byte[] head, byte[] body, bool closeAfter, LogEntry log) =>
            new HttpAction { Kind = HttpActionKind.Respond, Status = status, Head = head, Body = body, CloseAfter = closeAfter, _log = log };

        internal static HttpAction ServeFile(byte[] head, string path, long length, bool isHead, bool closeAfter, LogEntry log) =>
            new HttpAction
            {
                Kind = HttpActionKind.ServeFile, Status = HttpStatus.Ok, Head = head, FilePath = path, FileLength = length,
                IsHead = isHead, CloseAfter = closeAfter, _log = log,
            };

        internal static HttpAction ServeStatus(StatusResource resource, bool isHead) =>
            new HttpAction { Kind = HttpActionKind.ServeStatus, Status = HttpStatus.Ok, Resource = resource, IsHead = isHead };

        public override string ToString() => Kind switch
        {
            HttpActionKind.Wait => "wait until " + WakeAtMilliseconds.ToString(),
            HttpActionKind.ServeFile => "serve " + FilePath + (IsHead ? " (HEAD)" : ""),
            HttpActionKind.ServeStatus => "serve status " + (Resource == StatusResource.Page ? "page" : Resource == StatusResource.Json ? "json" : "graph"),
            HttpActionKind.Close => "close",
            _ => "respond " + Status.ToString() + (CloseAfter ? " and close" : ""),
        };
    }
}
