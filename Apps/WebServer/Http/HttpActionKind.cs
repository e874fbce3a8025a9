#nullable enable
namespace Sing.Web.Http
{
    /// <summary>What the glue does next for a connection.</summary>
    public enum HttpActionKind
    {
        /// <summary>Nothing to answer: receive more bytes, or call Next again at <see cref="HttpAction.WakeAtMilliseconds"/>.</summary>
        Wait,
        /// <summary>Send <see cref="HttpAction.Head"/> and then <see cref="HttpAction.Body"/> (may be empty).</summary>
        Respond,
        /// <summary>Send <see cref="HttpAction.Head"/>, then (unless <see cref="HttpAction.IsHead"/>) exactly
        /// <see cref="HttpAction.FileLength"/> bytes of <see cref="HttpAction.FilePath"/>; if the file cannot give
        /// them, close the connection (the client then sees a short body, never a wrong one).</summary>
        ServeFile,
        /// <summary>Render <see cref="HttpAction.Resource"/> from a fresh snapshot and hand the bytes to
        /// <see cref="HttpConnection.CompleteStatus"/>, which returns the Respond action.</summary>
        ServeStatus,
        /// <summary>Close the connection (after sending anything already asked for).</summary>
        Close,
    }
}
