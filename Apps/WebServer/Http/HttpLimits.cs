#nullable enable
namespace Sing.Web.Http
{
    /// <summary>The bounds one connection works within: what a request may carry and how long a client may take. A
    /// connection's memory is bounded by these (its input buffer and the request being parsed), whatever a client
    /// sends.</summary>
    public sealed class HttpLimits
    {
        /// <summary>Longest request target (the URL in the request line); longer → 414.</summary>
        public int MaxTargetBytes { get; set; } = 8 * 1024;
        /// <summary>Longest method name; a longer one is no method this server implements → 501 (RFC 9112 §3).</summary>
        public int MaxMethodBytes { get; set; } = 32;
        /// <summary>Most bytes of the header section (the field lines and the empty line that ends them); more → 431.</summary>
        public int MaxHeaderBytes { get; set; } = 16 * 1024;
        /// <summary>Most header fields; more → 431.</summary>
        public int MaxHeaderFields { get; set; } = 100;
        /// <summary>Largest request body (Content-Length) read and discarded; larger → 413.</summary>
        public int MaxBodyBytes { get; set; } = 64 * 1024;
        /// <summary>Empty lines ignored before a request line (RFC 9112 §2.2); more → 400.</summary>
        public int MaxLeadingEmptyLines { get; set; } = 4;
        /// <summary>Guest milliseconds from a request's first byte until its header section (and body) must be
        /// complete; later → 408 and close, so a client sending a byte a second holds a connection for bounded time.</summary>
        public long RequestTimeoutMilliseconds { get; set; } = 10_000;
        /// <summary>Guest milliseconds a persistent connection may sit between requests before it is closed.</summary>
        public long IdleTimeoutMilliseconds { get; set; } = 30_000;
        /// <summary>Received bytes buffered ahead of the request being answered (pipelined requests); the glue offers
        /// more only as this drains.</summary>
        public int InputBufferBytes { get; set; } = 16 * 1024;

        /// <summary>Null when every limit is usable (all positive), else which one is not.</summary>
        public string? Problem()
        {
            if (MaxTargetBytes < 1) return "MaxTargetBytes must be positive";
            if (MaxMethodBytes < 1) return "MaxMethodBytes must be positive";
            if (MaxHeaderBytes < 1) return "MaxHeaderBytes must be positive";
            if (MaxHeaderFields < 1) return "MaxHeaderFields must be positive";
            if (MaxBodyBytes < 0) return "MaxBodyBytes must not be negative";
            if (MaxLeadingEmptyLines < 0) return "MaxLeadingEmptyLines must not be negative";
            if (RequestTimeoutMilliseconds < 1) return "RequestTimeoutMilliseconds must be positive";
            if (IdleTimeoutMilliseconds < 1) return "IdleTimeoutMilliseconds must be positive";
            if (InputBufferBytes < 1) return "InputBufferBytes must be positive";
            return null;
        }
    }
}
