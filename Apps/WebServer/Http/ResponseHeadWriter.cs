#nullable enable
using System;
using System.Text;

namespace Sing.Web.Http
{
    /// <summary>Writes a response head (RFC 9112 §4-§5): the status line, one line per field, the empty line, as
    /// ASCII bytes. Every answer carries Date and Server; the caller adds the rest. Field values written here are
    /// the engine's own (dates, numbers, media types, percent-encoded paths), never raw request text.</summary>
    public sealed class ResponseHeadWriter
    {
        private readonly StringBuilder _text = new StringBuilder(256);

        public ResponseHeadWriter Start(int status, DateTime utcNow)
        {
            _text.Clear();
            _text.Append("HTTP/1.1 ").Append(status).Append(' ').Append(HttpStatus.ReasonPhrase(status)).Append("\r\n");
            _text.Append("Date: ");
            HttpDate.Append(_text, utcNow);
            _text.Append("\r\nServer: Singularity\r\n");
            return this;
        }

        public ResponseHeadWriter Field(string name, string value)
        {
            _text.Append(name).Append(": ").Append(value).Append("\r\n");
            return this;
        }

        public ResponseHeadWriter Field(string name, long value)
        {
            _text.Append(name).Append(": ").Append(value).Append("\r\n");
            return this;
        }

        public ResponseHeadWriter Date(string name, DateTime utc)
        {
            _text.Append(name).Append(": ");
            HttpDate.Append(_text, utc);
            _text.Append("\r\n");
            return this;
        }

        /// <summary>The Connection field: "close" when the connection ends after this answer; "keep-alive" for an
        /// HTTP/1.0 client that keeps it (1.1 clients assume it, RFC 9112 §9.3).</summary>
        public ResponseHeadWriter Connection(bool close, int minorVersion)
        {
            if (close) return Field("Connection", "close");
            return minorVersion == 0 ? Field("Connection", "keep-alive") : this;
        }

        /// <summary>Ends the head and returns its bytes.</summary>
        public byte[] Finish()
        {
            _text.Append("\r\n");
            var bytes = new byte[_text.Length];
            for (int i = 0; i < bytes.Length; i++) bytes[i] = (byte)_text[i];
            return bytes;
        }
    }
}
