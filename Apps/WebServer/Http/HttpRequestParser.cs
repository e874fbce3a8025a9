#nullable enable
using System;

namespace Sing.Web.Http
{
    /// <summary>An incremental HTTP/1.1 request parser (RFC 9112 §2-§6): fed byte chunks as they arrive, split
    /// anywhere, it keeps at most one line (bounded by the limits) and stops at the end of each request so pipelined
    /// requests stay in the caller's buffer. Every refusal is decided as soon as the bytes that cause it arrive: a
    /// target longer than the limit is answered 414 before its end comes, a header section past its limit 431, so a
    /// client cannot make the parser hold more than its line buffer. Transfer-Encoding is refused (411 for chunked,
    /// 501 for any other coding): GET and HEAD carry no body worth decoding, and refusing leaves no room for the
    /// Content-Length/Transfer-Encoding disagreements request smuggling uses. A Content-Length body up to the limit
    /// is read and discarded so the next request on the connection starts where it should.</summary>
    public sealed class HttpRequestParser
    {
        private enum Phase { RequestLine, Headers, Body, Done, Failed }

        private readonly HttpLimits _limits;
        private readonly byte[] _line;
        private int _lineLength;
        private int _firstSpace, _secondSpace;
        private Phase _phase;
        private int _emptyLines;
        private int _headerBytes;
        private int _hostCount, _contentLengthCount;
        private bool _contentLengthInvalid;
        private string? _transferEncoding;
        private long _bodyLeft;

        public HttpRequestParser(HttpLimits limits)
        {
            string? problem = limits.Problem();
            if (problem != null) throw new ArgumentException("HTTP limits: " + problem, nameof(limits));
            _limits = limits;
            _line = new byte[Math.Max(RequestLineLimit, limits.MaxHeaderBytes) + 1];
            Reset();
        }

        public HttpRequest Request { get; } = new HttpRequest();
        public int ErrorStatus { get; private set; }
        public string ErrorReason { get; private set; } = "";
        /// <summary>Whether any byte of the current request has arrived (the slow-client clock runs from then).</summary>
        public bool Started { get; private set; }

        // method SP target SP "HTTP/x.y"
        private int RequestLineLimit => _limits.MaxMethodBytes + 1 + _limits.MaxTargetBytes + 1 + 8;

        /// <summary>Makes the parser ready for the next request on the connection.</summary>
        public void Reset()
        {
            Request.Clear();
            _lineLength = 0;
            _firstSpace = _secondSpace = -1;
            _phase = Phase.RequestLine;
            _emptyLines = _headerBytes = _hostCount = _contentLengthCount = 0;
            _contentLengthInvalid = false;
            _transferEncoding = null;
            _bodyLeft = 0;
            ErrorStatus = 0;
            ErrorReason = "";
            Started = false;
        }

        /// <summary>Consumes bytes of <paramref name="data"/> up to the end of the current request, or all of them.
        /// After Complete or Error, call <see cref="Reset"/> before the next request.</summary>
        public HttpParseResult Parse(ReadOnlySpan<byte> data, out int consumed)
        {
            consumed = 0;
            while (consumed < data.Length)
            {
                if (_phase == Phase.Done) return HttpParseResult.Complete;
                if (_phase == Phase.Failed) return HttpParseResult.Error;
                Started = true;
                if (_phase == Phase.Body)
                {
                    long take = Math.Min(_bodyLeft, data.Length - consumed);
                    consumed += (int)take;
                    _bodyLeft -= take;
                    if (_bodyLeft == 0) _phase = Phase.Done;
                    continue;
                }
                byte b = data[consumed++];
                if (b == (byte)'\n') EndLine();
                else AddToLine(b);
            }
            return _phase == Phase.Done ? HttpParseResult.Complete : _phase == Phase.Failed ? HttpParseResult.Error : HttpParseResult.NeedMore;
        }

        private void Fail(int status, string reason)
        {
            _phase = Phase.Failed;
            ErrorStatus = status;
            ErrorReason = reason;
        }

        private void AddToLine(byte b)
        {
            if (_phase == Phase.RequestLine)
            {
                if (b == (byte)' ')
                {
                    if (_firstSpace < 0) _firstSpace = _lineLength;
                    else if (_secondSpace < 0) _secondSpace = _lineLength;
                }
                if (_firstSpace < 0 && _lineLength >= _limits.MaxMethodBytes)
                {
                    if (IsTokenRun(0, _lineLength)) Fail(HttpStatus.NotImplemented, "a method longer than any this server implements");
                    else Fail(HttpStatus.BadRequest, "the request line does not start with a method");
                    return;
                }
                if (_firstSpace >= 0 && _secondSpace < 0 && _lineLength - _firstSpace - 1 >= _limits.MaxTargetBytes && b != (byte)' ')
                {
                    Fail(HttpStatus.UriTooLong, $"a request target longer than {_limits.MaxTargetBytes} bytes");
                    return;
                }
                if (_lineLength >= RequestLineLimit + 1)   // + 1: the CR before the line's LF
                {
                    Fail(HttpStatus.BadRequest, "a request line longer than a method, a target and a version");
                    return;
                }
            }
            else if (_headerBytes + _lineLength + 1 > _limits.MaxHeaderBytes)
            {
                Fail(HttpStatus.HeaderFieldsTooLarge, $"a header section larger than {_limits.MaxHeaderBytes} bytes");
                return;
            }
            _line[_lineLength++] = b;
        }

        private void EndLine()
        {
            int length = _lineLength;
            if (length > 0 && _line[length - 1] == (byte)'\r') length--;
            for (int i = 0; i < length; i++)
                if (_line[i] == (byte)'\r') { Fail(HttpStatus.BadRequest, "a CR not followed by LF"); return; }
            if (_phase == Phase.RequestLine)
            {
                if (length == 0)
                {
                    // RFC 9112 §2.2: empty lines before a request line are ignored (a few of them).
                    if (++_emptyLines > _limits.MaxLeadingEmptyLines) Fail(HttpStatus.BadRequest, "too many empty lines before the request line");
                    _lineLength = 0;
                    _firstSpace = _secondSpace = -1;
                    return;
                }
                ParseRequestLine(length);
                _lineLength = 0;
                if (_phase != Phase.Failed) _phase = Phase.Headers;
                return;
            }
            _headerBytes += _lineLength + 1;
            _lineLength = 0;
            if (_headerBytes > _limits.MaxHeaderBytes)
            {
                Fail(HttpStatus.HeaderFieldsTooLarge, $"a header section larger than {_limits.MaxHeaderBytes} bytes");
                return;
            }
            if (length == 0) EndHeaders();
            else ParseField(length);
        }

        private void ParseRequestLine(int length)
        {
            Request.RequestLine = Latin1(0, length);
            int first = IndexOf((byte)' ', 0, length);
            int second = first < 0 ? -1 : IndexOf((byte)' ', first + 1, length);
            if (first <= 0 || second < 0 || IndexOf((byte)' ', second + 1, length) >= 0)
            {
                Fail(HttpStatus.BadRequest, "the request line is not a method, a target and a version separated by single spaces");
                return;
            }
            if (!IsTokenRun(0, first))
            {
                Fail(HttpStatus.BadRequest, "the method is not a token");
                return;
            }
            if (second == first + 1)
            {
                Fail(HttpStatus.BadRequest, "an empty request target");
                return;
            }
            for (int i = first + 1; i < second; i++)
                if (_line[i] <= 0x20 || _line[i] >= 0x7F)
                {
                    Fail(HttpStatus.BadRequest, "a request target with a character outside printable ASCII");
                    return;
                }
            if (!ParseVersion(second + 1, length)) return;
            string method = Latin1(0, first);
            Request.Method = method == "GET" ? RequestMethod.Get : method == "HEAD" ? RequestMethod.Head : RequestMethod.Other;
            if (Request.Method == RequestMethod.Other)
            {
                Fail(HttpStatus.MethodNotAllowed, $"the method {method} is not allowed here (only GET and HEAD)");
                return;
            }
            Request.Target = Latin1(first + 1, second);
            string? path = OriginPart(Request.Target);
            if (path == null)
            {
                Fail(HttpStatus.BadRequest, "a request target that is neither a path nor an http URL");
                return;
            }
            Request.PathAndQuery = path;
        }

        /// <summary>"HTTP/" DIGIT "." DIGIT: major 1 is served (a later 1.x as 1.1), another major is answered 505.</summary>
        private bool ParseVersion(int at, int end)
        {
            bool wellFormed = end - at == 8 && _line[at] == 'H' && _line[at + 1] == 'T' && _line[at + 2] == 'T' && _line[at + 3] == 'P'
                && _line[at + 4] == '/' && IsDigit(_line[at + 5]) && _line[at + 6] == '.' && IsDigit(_line[at + 7]);
            if (!wellFormed)
            {
                Fail(HttpStatus.BadRequest, "the version is not HTTP/x.y");
                return false;
            }
            if (_line[at + 5] != '1')
            {
                Fail(HttpStatus.VersionNotSupported, $"HTTP/{(char)_line[at + 5]}.{(char)_line[at + 7]} is not served (only HTTP/1.x)");
                return false;
            }
            Request.MinorVersion = _line[at + 7] == '0' ? 0 : 1;
            return true;
        }

        /// <summary>The origin form of a target: itself if it starts with '/', the part after the authority of an
        /// absolute http(s) URL (RFC 9112 §3.2.2), else null (asterisk and authority forms belong to other methods).</summary>
        private static string? OriginPart(string target)
        {
            if (target[0] == '/') return target;
            int schemeEnd;
            if (target.StartsWith("http://", StringComparison.OrdinalIgnoreCase)) schemeEnd = 7;
            else if (target.StartsWith("https://", StringComparison.OrdinalIgnoreCase)) schemeEnd = 8;
            else return null;
            int slash = target.IndexOf('/', schemeEnd);
            int query = target.IndexOf('?', schemeEnd);
            if (slash < 0 && query < 0) return "/";
            if (slash < 0 || (query >= 0 && query < slash)) return "/" + target.Substring(query);
            return target.Substring(slash);
        }

        private void ParseField(int length)
        {
            if (_line[0] == ' ' || _line[0] == '\t')
            {
                Fail(HttpStatus.BadRequest, "a folded header line (obs-fold)");
                return;
            }
            if (Request.Fields.Count >= _limits.MaxHeaderFields)
            {
                Fail(HttpStatus.HeaderFieldsTooLarge, $"more than {_limits.MaxHeaderFields} header fields");
                return;
            }
            int colon = IndexOf((byte)':', 0, length);
            if (colon <= 0 || !IsTokenRun(0, colon))
            {
                Fail(HttpStatus.BadRequest, colon > 0 && (_line[colon - 1] == ' ' || _line[colon - 1] == '\t')
                    ? "white space between a header field name and its colon"
                    : "a header line that is not a field name (a token), a colon and a value");
                return;
            }
            int start = colon + 1, end = length;
            while (start < end && (_line[start] == ' ' || _line[start] == '\t')) start++;
            while (end > start && (_line[end - 1] == ' ' || _line[end - 1] == '\t')) end--;
            for (int i = start; i < end; i++)
            {
                byte c = _line[i];
                if ((c < 0x20 && c != '\t') || c == 0x7F)
                {
                    Fail(HttpStatus.BadRequest, "a control character in a header field value");
                    return;
                }
            }
            var field = new HttpField(Latin1(0, colon), Latin1(start, end));
            Request.Fields.Add(field);
            Interpret(field);
        }

        private void Interpret(HttpField field)
        {
            string name = field.Name;
            if (Is(name, "Host"))
            {
                _hostCount++;
                Request.Host = field.Value;
            }
            else if (Is(name, "Content-Length"))
            {
                _contentLengthCount++;
                long value = 0;
                if (field.Value.Length == 0) _contentLengthInvalid = true;
                foreach (char c in field.Value)
                {
                    if (c < '0' || c > '9') { _contentLengthInvalid = true; break; }
                    value = value > long.MaxValue / 20 ? long.MaxValue / 2 : value * 10 + (c - '0');
                }
                Request.ContentLength = value;
            }
            else if (Is(name, "Transfer-Encoding")) _transferEncoding = field.Value;
            else if (Is(name, "Connection"))
            {
                foreach (string option in field.Value.Split(','))
                {
                    string o = option.Trim(' ', '\t');
                    if (Is(o, "close")) Request.ConnectionClose = true;
                    else if (Is(o, "keep-alive")) Request.ConnectionKeepAlive = true;
                }
            }
            else if (Is(name, "If-Modified-Since") && Request.IfModifiedSince == null) Request.IfModifiedSince = field.Value;
        }

        private void EndHeaders()
        {
            if (_hostCount == 0 && Request.MinorVersion >= 1) { Fail(HttpStatus.BadRequest, "an HTTP/1.1 request without a Host field"); return; }
            if (_hostCount > 1) { Fail(HttpStatus.BadRequest, "more than one Host field"); return; }
            if (Request.Host != null && !IsHost(Request.Host)) { Fail(HttpStatus.BadRequest, "a Host field that is not a host and port"); return; }
            if (_transferEncoding != null)
            {
                if (_contentLengthCount > 0) Fail(HttpStatus.BadRequest, "both Transfer-Encoding and Content-Length");
                else if (Request.MinorVersion == 0) Fail(HttpStatus.BadRequest, "Transfer-Encoding in an HTTP/1.0 request");
                else if (LastCoding(_transferEncoding) == "chunked") Fail(HttpStatus.LengthRequired, "a chunked request body (send Content-Length)");
                else Fail(HttpStatus.NotImplemented, "a transfer coding this server does not implement");
                return;
            }
            if (_contentLengthCount > 1) { Fail(HttpStatus.BadRequest, "more than one Content-Length field"); return; }
            if (_contentLengthInvalid) { Fail(HttpStatus.BadRequest, "a Content-Length that is not a decimal number"); return; }
            if (Request.ContentLength > _limits.MaxBodyBytes) { Fail(HttpStatus.ContentTooLarge, $"a request body larger than {_limits.MaxBodyBytes} bytes"); return; }
            _bodyLeft = Request.ContentLength;
            _phase = _bodyLeft > 0 ? Phase.Body : Phase.Done;
        }

        private static string LastCoding(string value)
        {
            int comma = value.LastIndexOf(',');
            return value.Substring(comma + 1).Trim(' ', '\t').ToLowerInvariant();
        }

        /// <summary>uri-host [":" port] (RFC 3986 §3.2.2), loosely: the characters a reg-name, an IPv4 address or a
        /// bracketed IPv6 address may hold.</summary>
        private static bool IsHost(string host)
        {
            foreach (char c in host)
            {
                bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~!$&'()*+,;=:%[]".IndexOf(c) >= 0;
                if (!ok) return false;
            }
            return true;
        }

        private static bool Is(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);

        private static bool IsDigit(byte b) => b >= '0' && b <= '9';

        /// <summary>tchar (RFC 9110 §5.6.2).</summary>
        private static bool IsTokenChar(byte b) =>
            (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || (b < 0x80 && "!#$%&'*+-.^_`|~".IndexOf((char)b) >= 0);

        private bool IsTokenRun(int start, int end)
        {
            if (end <= start) return false;
            for (int i = start; i < end; i++) if (!IsTokenChar(_line[i])) return false;
            return true;
        }

        private int IndexOf(byte b, int start, int end)
        {
            for (int i = start; i < end; i++) if (_line[i] == b) return i;
            return -1;
        }

        private string Latin1(int start, int end) => System.Text.Encoding.Latin1.GetString(_line, start, end - start);
    }
}
