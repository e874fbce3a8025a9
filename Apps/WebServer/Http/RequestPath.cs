#nullable enable
using System.Collections.Generic;
using System.Text;

namespace Sing.Web.Http
{
    /// <summary>A request target turned into a path under the document root, or the reason it cannot be one.
    /// <see cref="Path"/> starts with '/', has no "." or ".." segment, no empty segment, no backslash and no control
    /// character; it ends with '/' exactly when the request named a directory by its slash form.</summary>
    public readonly struct RequestPath
    {
        public readonly string Path;
        /// <summary>Null when the target is usable; else why it was refused (answered 400).</summary>
        public readonly string? Problem;

        private RequestPath(string path, string? problem) { Path = path; Problem = problem; }

        public bool IsValid => Problem == null;
        public bool EndsWithSlash => Path.Length > 0 && Path[Path.Length - 1] == '/';

        private static RequestPath Refuse(string why) => new RequestPath("", why);

        /// <summary>Normalises an origin-form target ("/a/b?q"): the query is dropped, each segment percent-decoded
        /// (as UTF-8) and checked, "." segments removed, ".." segments climb one level (refused at the root: the path
        /// would leave the document root), empty segments ("//") merged.</summary>
        public static RequestPath Parse(string target)
        {
            if (target.Length == 0 || target[0] != '/') return Refuse("the request target does not start with '/'");
            int end = target.IndexOf('?');
            if (end < 0) end = target.Length;
            if (target.IndexOf('#') >= 0) return Refuse("the request target holds a fragment ('#')");
            if (AlreadyNormal(target, end)) return new RequestPath(end == target.Length ? target : target.Substring(0, end), null);
            var segments = new List<string>();
            int at = 1;
            bool trailingSlash = false;
            while (at <= end)
            {
                int slash = target.IndexOf('/', at);
                if (slash < 0 || slash > end) slash = end;
                string? problem = Decode(target, at, slash, out string segment);
                if (problem != null) return Refuse(problem);
                trailingSlash = slash < end || segment.Length == 0;
                if (segment == "..")
                {
                    if (segments.Count == 0) return Refuse("the path climbs above the document root ('..')");
                    segments.RemoveAt(segments.Count - 1);
                    trailingSlash = true;
                }
                else if (segment == ".") trailingSlash = true;
                else if (segment.Length > 0) { segments.Add(segment); trailingSlash = slash < end; }
                at = slash + 1;
            }
            var path = new StringBuilder();
            foreach (string segment in segments) path.Append('/').Append(segment);
            if (segments.Count == 0 || trailingSlash) path.Append('/');
            return new RequestPath(path.ToString(), null);
        }

        /// <summary>The common case, answered without splitting: printable ASCII with nothing to decode, no
        /// backslash, no empty segment and no segment that starts with '.' (so no "." or "..").</summary>
        private static bool AlreadyNormal(string target, int end)
        {
            for (int i = 0; i < end; i++)
            {
                char c = target[i];
                if (c <= 0x20 || c > 0x7E || c == '%' || c == '\\') return false;
                if (c == '/' && i + 1 < end && (target[i + 1] == '/' || target[i + 1] == '.')) return false;
            }
            return true;
        }

        /// <summary>Percent-decodes target[start..end) as one segment; null, or why it is refused.</summary>
        private static string? Decode(string target, int start, int end, out string segment)
        {
            segment = "";
            if (PlainAscii(target, start, end, out string? problem))
            {
                // The common case: nothing to decode, so the segment is the text itself.
                segment = target.Substring(start, end - start);
                return null;
            }
            if (problem != null) return problem;
            byte[] bytes = new byte[end - start];
            int count = 0;
            for (int i = start; i < end; i++)
            {
                char c = target[i];
                int b = c;
                if (c == '%')
                {
                    int high = i + 1 < end ? Hex(target[i + 1]) : -1, low = i + 2 < end ? Hex(target[i + 2]) : -1;
                    if (high < 0 || low < 0) return "a '%' not followed by two hexadecimal digits";
                    b = high * 16 + low;
                    if (b == '/') return "an encoded '/' (%2F) inside a path segment";
                    if (b == 0) return "an encoded NUL (%00)";
                    i += 2;
                }
                else if (c > 0x7E || c <= 0x20) return "a character outside printable ASCII in the request target";
                if (b == '\\') return "a backslash in the path";
                if (b < 0x20 || b == 0x7F) return "an encoded control character in the path";
                bytes[count++] = (byte)b;
            }
            if (!Utf8Valid(bytes, count)) return "the decoded path is not valid UTF-8";
            segment = Encoding.UTF8.GetString(bytes, 0, count);
            return null;
        }

        /// <summary>Whether target[start..end) is printable ASCII with no '%' (nothing to decode); a character
        /// refused anyway comes back as <paramref name="problem"/>.</summary>
        private static bool PlainAscii(string target, int start, int end, out string? problem)
        {
            problem = null;
            for (int i = start; i < end; i++)
            {
                char c = target[i];
                if (c == '%') return false;
                if (c > 0x7E || c <= 0x20) { problem = "a character outside printable ASCII in the request target"; return false; }
                if (c == '\\') { problem = "a backslash in the path"; return false; }
            }
            return true;
        }

        private static int Hex(char c) =>
            c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

        /// <summary>Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF. The decoder
        /// would replace such bytes with U+FFFD, and two different URLs would then name one file.</summary>
        private static bool Utf8Valid(byte[] b, int count)
        {
            int i = 0;
            while (i < count)
            {
                int c = b[i];
                if (c < 0x80) { i++; continue; }
                int need, min;
                if ((c & 0xE0) == 0xC0) { need = 1; min = 0x80; c &= 0x1F; }
                else if ((c & 0xF0) == 0xE0) { need = 2; min = 0x800; c &= 0x0F; }
                else if ((c & 0xF8) == 0xF0) { need = 3; min = 0x10000; c &= 0x07; }
                else return false;
                if (i + need >= count) return false;
                for (int k = 1; k <= need; k++)
                {
                    if ((b[i + k] & 0xC0) != 0x80) return false;
                    c = (c << 6) | (b[i + k] & 0x3F);
                }
                if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
                i += need + 1;
            }
            return true;
        }

        /// <summary>The path percent-encoded for a Location header or a link: unreserved characters, '/' and a few
        /// sub-delimiters stay, everything else (as UTF-8) becomes %XX.</summary>
        public static string Encode(string path)
        {
            var text = new StringBuilder(path.Length + 8);
            byte[] bytes = Encoding.UTF8.GetBytes(path);
            foreach (byte b in bytes)
            {
                char c = (char)b;
                bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~' || c == '/' || c == '!' || c == '$' || c == '(' || c == ')'
                    || c == '*' || c == '+' || c == ',' || c == ';' || c == '=' || c == ':' || c == '@';
                if (keep) text.Append(c);
                else text.Append('%').Append("0123456789ABCDEF"[b >> 4]).Append("0123456789ABCDEF"[b & 15]);
            }
            return text.ToString();
        }
    }
}
