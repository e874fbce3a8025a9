// Shared by the kernel, the SIP runtime and the host installer, like Runtime/Manifest.
#nullable disable
using System.Text;

namespace Singularity.Security
{
    /// <summary>The text of a compound principal (001 §3.6; format in Runtime/Security/README.md): links joined by
    /// '+', the first the outermost invoker, the last the process itself; each link is an application
    /// ("publisher/program") and a role ("@user"). The kernel builds these texts; services read them and match them
    /// against <see cref="PrincipalPattern"/>s.</summary>
    public static class PrincipalName
    {
        public const int MaxLength = 1024;
        public const int MaxLinks = 16;
        public const int MaxNameLength = 64;
        public const char LinkSeparator = '+';
        public const char RoleMark = '@';
        public const char PublisherMark = '/';

        /// <summary>The role of everything the kernel starts itself (boot services, test programs).</summary>
        public const string SystemRole = "system";

        /// <summary>Whether <paramref name="c"/> may appear in a publisher, program or role name.</summary>
        public static bool IsNameChar(char c) =>
            (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';

        /// <summary>Why <paramref name="name"/> is not a valid publisher, program or role name, or null.</summary>
        public static string NameError(string what, string name)
        {
            if (string.IsNullOrEmpty(name)) return what + " name is empty";
            if (name.Length > MaxNameLength) return what + " name is longer than " + MaxNameLength.ToString() + " characters";
            for (int i = 0; i < name.Length; i++)
                if (!IsNameChar(name[i]))
                    return what + " name \"" + Printable(name) + "\" has '" + Printable(name[i].ToString()) + "' at " + i.ToString()
                        + " (names use a-z, 0-9, '-', '_' and '.')";
            if (name[0] == '.' || name[0] == '-') return what + " name \"" + name + "\" starts with '" + name[0].ToString() + "'";
            return null;
        }

        /// <summary>A manifest's publisher ("Singularity project") as a principal name ("singularity-project"): lower
        /// case, every run of other characters one '-', none at either end; "unknown" when nothing is left.</summary>
        public static string PublisherName(string publisher)
        {
            var text = new StringBuilder();
            bool dash = false;
            for (int i = 0; publisher != null && i < publisher.Length && text.Length < MaxNameLength; i++)
            {
                char c = publisher[i];
                if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
                if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
                {
                    if (dash && text.Length > 0) text.Append('-');
                    dash = false;
                    text.Append(c);
                }
                else dash = true;
            }
            return text.Length == 0 ? "unknown" : text.ToString();
        }

        /// <summary>One link: "publisher/program@role".</summary>
        public static string Link(string publisher, string program, string role) =>
            string.Concat(publisher, PublisherMark.ToString(), program, RoleMark.ToString(), role);

        /// <summary>The principal of a process started by one whose principal is <paramref name="invoker"/> (null: by the
        /// kernel): the invoker's chain with this process's link after it. Null and <paramref name="error"/> when the result
        /// would be longer than <see cref="MaxLength"/> or have more than <see cref="MaxLinks"/> links.</summary>
        public static string Extend(string invoker, string link, out string error)
        {
            error = null;
            if (string.IsNullOrEmpty(invoker)) return link;
            if (LinkCount(invoker) >= MaxLinks)
            {
                error = "its principal would have more than " + MaxLinks.ToString() + " links (programs started by programs, " + MaxLinks.ToString() + " deep)";
                return null;
            }
            if (invoker.Length + 1 + link.Length > MaxLength)
            {
                error = "its principal would be longer than " + MaxLength.ToString() + " characters";
                return null;
            }
            return string.Concat(invoker, LinkSeparator.ToString(), link);
        }

        public static int LinkCount(string principal)
        {
            if (string.IsNullOrEmpty(principal)) return 0;
            int n = 1;
            for (int i = 0; i < principal.Length; i++) if (principal[i] == LinkSeparator) n++;
            return n;
        }

        /// <summary>The last link (the process itself): "publisher/program@role".</summary>
        public static string LastLink(string principal) =>
            string.IsNullOrEmpty(principal) ? "" : principal.Substring(principal.LastIndexOf(LinkSeparator) + 1);

        /// <summary>The role of the last link (the process itself), or "" when it has none.</summary>
        public static string RoleOf(string principal)
        {
            if (string.IsNullOrEmpty(principal)) return "";
            int link = principal.LastIndexOf(LinkSeparator) + 1;
            int at = principal.IndexOf(RoleMark, link);
            return at < 0 ? "" : principal.Substring(at + 1);
        }

        /// <summary>The application ("publisher/program") of the last link, or "".</summary>
        public static string ApplicationOf(string principal)
        {
            if (string.IsNullOrEmpty(principal)) return "";
            int link = principal.LastIndexOf(LinkSeparator) + 1;
            int at = principal.IndexOf(RoleMark, link);
            return at < 0 ? principal.Substring(link) : principal.Substring(link, at - link);
        }

        /// <summary>Why <paramref name="principal"/> is not a well-formed compound principal, or null.</summary>
        public static string Validate(string principal)
        {
            if (string.IsNullOrEmpty(principal)) return "the principal is empty";
            if (principal.Length > MaxLength) return "the principal is longer than " + MaxLength.ToString() + " characters";
            if (LinkCount(principal) > MaxLinks) return "the principal has more than " + MaxLinks.ToString() + " links";
            int start = 0;
            for (int number = 1; start <= principal.Length; number++)
            {
                int end = principal.IndexOf(LinkSeparator, start);
                if (end < 0) end = principal.Length;
                string error = ValidateLink(principal.Substring(start, end - start));
                if (error != null) return "link " + number.ToString() + ": " + error;
                start = end + 1;
            }
            return null;
        }

        private static string ValidateLink(string link)
        {
            int slash = link.IndexOf(PublisherMark);
            int at = link.IndexOf(RoleMark);
            if (slash < 0) return "\"" + Printable(link) + "\" has no publisher (publisher/program@role)";
            if (at < 0) return "\"" + Printable(link) + "\" has no role (publisher/program@role)";
            if (at < slash) return "\"" + Printable(link) + "\" has its role before its program";
            return NameError("publisher", link.Substring(0, slash))
                ?? NameError("program", link.Substring(slash + 1, at - slash - 1))
                ?? NameError("role", link.Substring(at + 1));
        }

        /// <summary>The links of <paramref name="principal"/> when it is well formed (<see cref="Validate"/>), else null. The
        /// array is shared: read it, never change it. The last principal asked about is remembered by reference, so one
        /// process's principal (the kernel keeps one string per process) matched against several patterns, as a bind
        /// under a rule with patterns does, is validated and split once.</summary>
        internal static string[] ValidLinks(string principal)
        {
            Split last = s_lastSplit;
            if (last != null && ReferenceEquals(last.Principal, principal)) return last.Links;
            if (Validate(principal) != null) return null;
            string[] links = principal.Split(LinkSeparator);
            s_lastSplit = new Split(principal, links);   // replaced whole: a reader on another CPU sees an old pair or the new
            return links;
        }

        private sealed class Split
        {
            public readonly string Principal;
            public readonly string[] Links;

            public Split(string principal, string[] links)
            {
                Principal = principal;
                Links = links;
            }
        }

        private static Split s_lastSplit;

        /// <summary>Text fit for an error message: control and non-ASCII characters as '?', at most 80 characters.</summary>
        public static string Printable(string text)
        {
            if (text == null) return "";
            var result = new StringBuilder();
            for (int i = 0; i < text.Length && i < 80; i++) result.Append(text[i] >= ' ' && text[i] < 127 ? text[i] : '?');
            if (text.Length > 80) result.Append("...");
            return result.ToString();
        }
    }
}
