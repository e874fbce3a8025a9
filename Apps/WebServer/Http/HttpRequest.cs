#nullable enable
using System.Collections.Generic;

namespace Sing.Web.Http
{
    /// <summary>A request whose request line and header section the parser accepted (its body, if any, was read and
    /// discarded). Only GET and HEAD requests get this far.</summary>
    public sealed class HttpRequest
    {
        public RequestMethod Method { get; internal set; }
        /// <summary>The request line without its line ending, as sent ("GET /a HTTP/1.1"), for the access log.</summary>
        public string RequestLine { get; internal set; } = "";
        /// <summary>The request target as sent: origin form ("/a?b") or absolute form ("http://h/a").</summary>
        public string Target { get; internal set; } = "";
        /// <summary>The origin-form part of the target ("/a?b"; "/" for "http://h").</summary>
        public string PathAndQuery { get; internal set; } = "";
        /// <summary>1 for HTTP/1.0; 1 for HTTP/1.1 and any later 1.x (answered as 1.1, RFC 9110 §2.5): the minor
        /// version is 0 or 1.</summary>
        public int MinorVersion { get; internal set; }
        public string? Host { get; internal set; }
        public long ContentLength { get; internal set; }
        public string? IfModifiedSince { get; internal set; }
        /// <summary>A Connection field named "close".</summary>
        public bool ConnectionClose { get; internal set; }
        /// <summary>A Connection field named "keep-alive".</summary>
        public bool ConnectionKeepAlive { get; internal set; }
        public List<HttpField> Fields { get; } = new List<HttpField>();

        /// <summary>Whether the connection stays open after the answer (RFC 9112 §9.3): HTTP/1.1 unless the client
        /// said close; HTTP/1.0 only when it asked for keep-alive.</summary>
        public bool KeepAlive => !ConnectionClose && (MinorVersion >= 1 || ConnectionKeepAlive);

        /// <summary>The first field named <paramref name="name"/> (case-insensitive), or null.</summary>
        public string? Field(string name)
        {
            foreach (HttpField f in Fields)
                if (string.Equals(f.Name, name, System.StringComparison.OrdinalIgnoreCase)) return f.Value;
            return null;
        }

        internal void Clear()
        {
            Method = RequestMethod.Other;
            RequestLine = Target = PathAndQuery = "";
            MinorVersion = 0;
            Host = null;
            ContentLength = 0;
            IfModifiedSince = null;
            ConnectionClose = ConnectionKeepAlive = false;
            Fields.Clear();
        }
    }
}
