#nullable enable
namespace Sing.Web.Http
{
    /// <summary>What the parser made of the bytes it was given.</summary>
    public enum HttpParseResult
    {
        /// <summary>All bytes consumed; the request is not complete yet.</summary>
        NeedMore,
        /// <summary>A request (and its body) is complete: <see cref="HttpRequestParser.Request"/>. Bytes after it were
        /// not consumed (a pipelined request).</summary>
        Complete,
        /// <summary>The request is refused: <see cref="HttpRequestParser.ErrorStatus"/> and
        /// <see cref="HttpRequestParser.ErrorReason"/>; the connection must close after the answer.</summary>
        Error,
    }
}
