#nullable enable
using System;
using System.Text;

namespace Sing.Web.Http
{
    /// <summary>One access-log line per answered request in the Common Log Format:
    /// <c>10.0.2.2 - - [06/Nov/1994:08:49:37 +0000] "GET / HTTP/1.1" 200 1234</c> (client, identity and user unknown,
    /// time, request line, status, body bytes or "-" for none). The request line is the client's text: quotes,
    /// backslashes and bytes outside printable ASCII are escaped (\", \\, \xHH) so a line cannot forge another, and
    /// it is cut at <see cref="MaxRequestLineChars"/> characters.</summary>
    public static class AccessLog
    {
        public const int MaxRequestLineChars = 1024;

        public static string Format(string client, DateTime utc, string? requestLine, int status, long bodyBytes)
        {
            var line = new StringBuilder(128);
            line.Append(client.Length == 0 ? "-" : client).Append(" - - [");
            Two(line, utc.Day).Append('/').Append(HttpDate.MonthName(utc.Month)).Append('/').Append(utc.Year).Append(':');
            Two(line, utc.Hour).Append(':');
            Two(line, utc.Minute).Append(':');
            Two(line, utc.Second).Append(" +0000] ");
            if (requestLine == null || requestLine.Length == 0) line.Append('-');
            else
            {
                line.Append('"');
                int n = Math.Min(requestLine.Length, MaxRequestLineChars);
                for (int i = 0; i < n; i++)
                {
                    char c = requestLine[i];
                    if (c == '"' || c == '\\') line.Append('\\').Append(c);
                    else if (c < 0x20 || c > 0x7E) line.Append("\\x").Append("0123456789abcdef"[(c >> 4) & 15]).Append("0123456789abcdef"[c & 15]);
                    else line.Append(c);
                }
                if (n < requestLine.Length) line.Append("...");
                line.Append('"');
            }
            line.Append(' ').Append(status).Append(' ');
            if (bodyBytes > 0) line.Append(bodyBytes);
            else line.Append('-');
            return line.ToString();
        }

        private static StringBuilder Two(StringBuilder text, int v) => text.Append((char)('0' + v / 10)).Append((char)('0' + v % 10));
    }
}
