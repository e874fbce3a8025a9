#nullable enable
namespace Sing.Web.Http
{
    /// <summary>The bounds one connection works within: what a request may carry and how long a client may take. A
    /// connection's memory is bounded by these (its input buffer and the request being parsed), whatever a client
    /// sends.</summary>
    public sealed class HttpLimits
    {
        /// <summary>Longest request target (the URL in the request line); longer → 414.</summary>
        public int MaxTargetBytes = 8 * 1024;
        /// <summary>Longest method name; a longer one is no method this server implements → 501 (RFC 9112 §3).</summary>
        public int MaxMethodBytes = 32;
        /// <summary>Most bytes of the header section (the field lines and the empty line that ends them); more → 431.</summary>
        public int MaxHeaderBytes = 16 * 1024;
        /// <summary>Most header fields; more → 431.</summary>
        public int MaxHeaderFields = 100;
        /// <summary>Largest request body (Content-Length) read and discarded; larger → 413.</summary>
        public int MaxBodyBytes = 64 * 1024;
        /// <summary>Empty lines ignored before a request line (RFC 9112 §2.2); more → 400.</summary>
        public int MaxLeadingEmptyLines = 4;
        /// <summary>Guest milliseconds from a request's first byte until its header section (and body) must be
        /// complete; later → 408 and close, so a client sending a byte a second holds a connection for bounded time.</summary>
        public long RequestTimeoutMilliseconds = 10_000;
        /// <summary>Guest milliseconds a persistent connection may sit between requests before it is closed.</summary>
        public long IdleTimeoutMilliseconds = 30_000;
        /// <summary>Received bytes buffered ahead of the request being answered (pipelined requests); the glue offers
        /// more only as this drains.</summary>
        public int InputBufferBytes = 16 * 1024;
    }
}
