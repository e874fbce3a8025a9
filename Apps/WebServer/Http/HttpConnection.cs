#nullable enable
using System;

namespace Sing.Web.Http
{
    /// <summary>One client connection's HTTP conversation, without I/O: the glue hands it received bytes
    /// (<see cref="Receive"/>) and asks what to do (<see cref="Next"/>); it answers one request at a time in order
    /// (pipelined requests wait in its bounded input buffer), keeps the connection open by the keep-alive rules,
    /// closes it after any error answer, and enforces the slow-client rule in guest time the glue reports: a request
    /// not complete <see cref="HttpLimits.RequestTimeoutMilliseconds"/> after its first byte is answered 408, an idle
    /// persistent connection is closed after <see cref="HttpLimits.IdleTimeoutMilliseconds"/>.</summary>
    public sealed class HttpConnection
    {
        /// <summary>The live system page's location; "/system" without the slash is redirected here.</summary>
        public const string StatusPrefix = "/system/";

        private readonly IFileCatalog _files;
        private readonly string _client;
        private readonly string _documentRoot;
        private readonly HttpLimits _limits;
        private readonly HttpRequestParser _parser;
        private readonly ResponseHeadWriter _head = new ResponseHeadWriter();
        private readonly byte[] _input;
        private int _inputStart, _inputEnd;
        private bool _peerEnded;
        private bool _closing;
        private long _requestStartedAt = -1;
        private long _idleSince;
        // A ServeStatus handed out and not yet completed: its request's method and version.
        private bool _statusPending;
        private bool _statusIsHead, _statusClose;
        private int _statusMinor;
        private string _statusRequestLine = "";
        private StatusResource _statusResource;
        private DateTime _statusNow;

        /// <param name="files">Metadata of the files under the document root.</param>
        /// <param name="client">The client's address as the access log shows it ("10.0.2.2").</param>
        /// <param name="documentRoot">The file-system directory served at "/" ("/fs/www"), without a trailing slash.</param>
        /// <param name="openedAtMilliseconds">Guest time the connection was accepted (the idle clock starts there).</param>
        public HttpConnection(IFileCatalog files, string client, string documentRoot, long openedAtMilliseconds, HttpLimits? limits = null)
        {
            _files = files;
            _client = client;
            _documentRoot = documentRoot.TrimEnd('/');
            _limits = limits ?? new HttpLimits();
            _parser = new HttpRequestParser(_limits);
            _input = new byte[_limits.InputBufferBytes];
            _idleSince = openedAtMilliseconds;
        }

        /// <summary>Whether the conversation is over (a Close action was given).</summary>
        public bool IsClosed { get; private set; }

        /// <summary>Bytes buffered and not yet parsed (pipelined requests).</summary>
        public int Buffered => _inputEnd - _inputStart;

        /// <summary>Takes as many of <paramref name="data"/> as the input buffer has room for and returns how many;
        /// the glue keeps the rest and offers it after the next answer (this bounds what a pipelining client can make
        /// the server hold). Bytes after the connection decided to close are accepted and dropped.</summary>
        public int Receive(ReadOnlySpan<byte> data)
        {
            if (_closing || IsClosed) return data.Length;
            if (_inputStart > 0 && _inputEnd + data.Length > _input.Length)
            {
                Array.Copy(_input, _inputStart, _input, 0, _inputEnd - _inputStart);
                _inputEnd -= _inputStart;
                _inputStart = 0;
            }
            int take = Math.Min(data.Length, _input.Length - _inputEnd);
            data.Slice(0, take).CopyTo(new Span<byte>(_input, _inputEnd, take));
            _inputEnd += take;
            return take;
        }

        /// <summary>The client closed its sending side: a request in progress can never complete.</summary>
        public void ReceiveEnd() => _peerEnded = true;

        /// <summary>The next step. <paramref name="nowMilliseconds"/> is the guest's monotonic time (for the
        /// timeouts), <paramref name="utcNow"/> the wall clock (for Date and the log).</summary>
        public HttpAction Next(long nowMilliseconds, DateTime utcNow)
        {
            if (_statusPending) throw new InvalidOperationException("a ServeStatus action is pending: call CompleteStatus first");
            if (IsClosed || _closing) return CloseNow();
            HttpParseResult result = _parser.Parse(new ReadOnlySpan<byte>(_input, _inputStart, _inputEnd - _inputStart), out int consumed);
            _inputStart += consumed;
            if (_inputStart == _inputEnd) _inputStart = _inputEnd = 0;
            if (_parser.Started && _requestStartedAt < 0) _requestStartedAt = nowMilliseconds;
            if (result == HttpParseResult.Error)
                return Error(_parser.ErrorStatus, _parser.ErrorReason, _parser.Request.RequestLine, isHead: _parser.Request.Method == RequestMethod.Head, utcNow);
            if (result == HttpParseResult.Complete)
            {
                HttpAction action = Answer(_parser.Request, utcNow);
                _parser.Reset();
                _requestStartedAt = -1;
                _idleSince = nowMilliseconds;
                return action;
            }
            if (_peerEnded) return CloseNow();
            if (_parser.Started)
            {
                long deadline = _requestStartedAt + _limits.RequestTimeoutMilliseconds;
                if (nowMilliseconds >= deadline)
                    return Error(HttpStatus.RequestTimeout, $"the request was not complete within {_limits.RequestTimeoutMilliseconds / 1000} s",
                        null, isHead: false, utcNow);
                return HttpAction.Wait(deadline);
            }
            long idleDeadline = _idleSince + _limits.IdleTimeoutMilliseconds;
            if (nowMilliseconds >= idleDeadline) return CloseNow();
            return HttpAction.Wait(idleDeadline);
        }

        /// <summary>Answers a ServeStatus with the rendered resource: the Respond action (no body for HEAD).</summary>
        public HttpAction CompleteStatus(byte[] body)
        {
            if (!_statusPending) throw new InvalidOperationException("no ServeStatus action is pending");
            _statusPending = false;
            string type = _statusResource == StatusResource.Page ? "text/html; charset=utf-8"
                : _statusResource == StatusResource.Json ? "application/json" : "image/svg+xml";
            byte[] head = _head.Start(HttpStatus.Ok, _statusNow).Field("Content-Type", type).Field("Content-Length", body.Length)
                .Field("Cache-Control", "no-store").Connection(_statusClose, _statusMinor).Finish();
            if (_statusClose) _closing = true;
            var log = new LogEntry(_client, _statusNow, _statusRequestLine, HttpStatus.Ok, _statusIsHead ? 0 : body.Length);
            return HttpAction.Respond(HttpStatus.Ok, head, _statusIsHead ? new byte[0] : body, _statusClose, log);
        }

        private HttpAction CloseNow()
        {
            IsClosed = true;
            return HttpAction.Close();
        }

        private HttpAction Answer(HttpRequest request, DateTime utcNow)
        {
            bool isHead = request.Method == RequestMethod.Head;
            RequestPath path = RequestPath.Parse(request.PathAndQuery);
            if (!path.IsValid) return Error(HttpStatus.BadRequest, path.Problem!, request.RequestLine, isHead, utcNow);
            bool close = !request.KeepAlive;
            if (path.Path == "/system") return Redirect(StatusPrefix, request, utcNow);
            if (path.Path.StartsWith(StatusPrefix, StringComparison.Ordinal))
            {
                StatusResource resource = path.Path == StatusPrefix ? StatusResource.Page
                    : path.Path == StatusPrefix + "status.json" ? StatusResource.Json
                    : path.Path == StatusPrefix + "graph.svg" ? StatusResource.Graph : StatusResource.None;
                if (resource == StatusResource.None) return NotFound(request, utcNow);
                _statusPending = true;
                _statusIsHead = isHead;
                _statusClose = close;
                _statusMinor = request.MinorVersion;
                _statusRequestLine = request.RequestLine;
                _statusResource = resource;
                _statusNow = utcNow;
                return HttpAction.ServeStatus(resource, isHead);
            }
            string full = path.EndsWithSlash ? _documentRoot + path.Path.Substring(0, path.Path.Length - 1) : _documentRoot + path.Path;
            FileMetadata file = _files.Describe(full);
            if (file.Unavailable) return Error(HttpStatus.InternalServerError, "the file system did not answer", request.RequestLine, isHead, utcNow);
            if (!file.Exists) return NotFound(request, utcNow);
            if (file.IsDirectory)
            {
                if (!path.EndsWithSlash) return Redirect(path.Path + "/", request, utcNow);
                full = full + "/index.html";
                file = _files.Describe(full);
                if (file.Unavailable) return Error(HttpStatus.InternalServerError, "the file system did not answer", request.RequestLine, isHead, utcNow);
                if (!file.Exists || file.IsDirectory) return NotFound(request, utcNow);
            }
            else if (path.EndsWithSlash) return NotFound(request, utcNow);
            if (close) _closing = true;
            if (NotModifiedSince(request, file, utcNow))
            {
                byte[] head304 = _head.Start(HttpStatus.NotModified, utcNow).Date("Last-Modified", file.LastModifiedUtc)
                    .Connection(close, request.MinorVersion).Finish();
                return HttpAction.Respond(HttpStatus.NotModified, head304, new byte[0], close,
                    new LogEntry(_client, utcNow, request.RequestLine, HttpStatus.NotModified, 0));
            }
            byte[] head = _head.Start(HttpStatus.Ok, utcNow).Field("Content-Type", ContentTypes.ForPath(full))
                .Field("Content-Length", file.Length).Date("Last-Modified", file.LastModifiedUtc)
                .Connection(close, request.MinorVersion).Finish();
            return HttpAction.ServeFile(head, full, file.Length, isHead, close,
                new LogEntry(_client, utcNow, request.RequestLine, HttpStatus.Ok, isHead ? 0 : file.Length));
        }

        /// <summary>RFC 9110 §13.1.3: a valid If-Modified-Since no later than now, and the file not modified after it
        /// (compared in whole seconds, the precision of HTTP dates).</summary>
        private static bool NotModifiedSince(HttpRequest request, FileMetadata file, DateTime utcNow)
        {
            if (request.IfModifiedSince == null || !HttpDate.TryParse(request.IfModifiedSince, out DateTime since)) return false;
            if (since > utcNow) return false;
            long modified = file.LastModifiedUtc.Ticks / TimeSpan.TicksPerSecond;
            return modified <= since.Ticks / TimeSpan.TicksPerSecond;
        }

        private HttpAction NotFound(HttpRequest request, DateTime utcNow)
        {
            // A missing file is the client's mistake, not a broken conversation: the connection stays open.
            bool close = !request.KeepAlive;
            return Simple(HttpStatus.NotFound, "No file here.", request, close, null, utcNow);
        }

        private HttpAction Redirect(string location, HttpRequest request, DateTime utcNow)
        {
            string encoded = RequestPath.Encode(location);
            return Simple(HttpStatus.MovedPermanently, "This directory is at " + encoded + " (with a trailing slash).", request, !request.KeepAlive, encoded, utcNow);
        }

        private HttpAction Simple(int status, string why, HttpRequest request, bool close, string? location, DateTime utcNow)
        {
            bool isHead = request.Method == RequestMethod.Head;
            byte[] body = ErrorPage.Render(status, why);
            ResponseHeadWriter head = _head.Start(status, utcNow).Field("Content-Type", "text/html; charset=utf-8").Field("Content-Length", body.Length);
            if (location != null) head.Field("Location", location);
            byte[] bytes = head.Connection(close, request.MinorVersion).Finish();
            if (close) _closing = true;
            return HttpAction.Respond(status, bytes, isHead ? new byte[0] : body, close,
                new LogEntry(_client, utcNow, request.RequestLine, status, isHead ? 0 : body.Length));
        }

        /// <summary>An error answer; the connection closes after it (its input may be out of step with requests).</summary>
        private HttpAction Error(int status, string why, string? requestLine, bool isHead, DateTime utcNow)
        {
            byte[] body = ErrorPage.Render(status, why);
            ResponseHeadWriter head = _head.Start(status, utcNow).Field("Content-Type", "text/html; charset=utf-8").Field("Content-Length", body.Length);
            if (status == HttpStatus.MethodNotAllowed) head.Field("Allow", "GET, HEAD");
            byte[] bytes = head.Field("Connection", "close").Finish();
            _closing = true;
            return HttpAction.Respond(status, bytes, isHead ? new byte[0] : body, true,
                new LogEntry(_client, utcNow, requestLine, status, isHead ? 0 : body.Length));
        }
    }
}
