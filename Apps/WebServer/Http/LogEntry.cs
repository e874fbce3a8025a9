#nullable enable
using System;

namespace Sing.Web.Http
{
    /// <summary>What one access-log line says, kept until the line is asked for.</summary>
    internal sealed class LogEntry
    {
        private readonly string _client;
        private readonly DateTime _utc;
        private readonly string? _requestLine;
        private readonly int _status;
        private readonly long _bodyBytes;

        public LogEntry(string client, DateTime utc, string? requestLine, int status, long bodyBytes)
        {
            _client = client; _utc = utc; _requestLine = requestLine; _status = status; _bodyBytes = bodyBytes;
        }

        public string Format() => AccessLog.Format(_client, _utc, _requestLine, _status, _bodyBytes);
    }
}
