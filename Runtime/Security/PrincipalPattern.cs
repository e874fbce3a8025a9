// Shared by the kernel, the SIP runtime and the host installer, like Runtime/Manifest.
#nullable disable
using System.Collections.Generic;

namespace Singularity.Security
{
    /// <summary>A pattern over compound principals (language in Runtime/Security/README.md): '+'-separated elements
    /// matched against the principal's links from its end, each a link pattern ("publisher/program@role" with '*'
    /// globs; the application or the role may be left out) or "..." (any number of links); a leading '^' anchors
    /// the first element at the first link. Parse once (<see cref="TryParse"/>), match many times.</summary>
    public sealed class PrincipalPattern
    {
        public const int MaxLength = 512;
        public const int MaxElements = 16;

        private sealed class Element
        {
            public bool AnyLinks;       // "..."
            public string Publisher;    // globs; null: any
            public string Program;
            public string Role;
        }

        private readonly Element[] _elements;
        private readonly bool _anchored;

        /// <summary>The pattern's text as written.</summary>
        public string Text { get; }

        private PrincipalPattern(string text, Element[] elements, bool anchored)
        {
            Text = text;
            _elements = elements;
            _anchored = anchored;
        }

        public override string ToString() => Text;

        /// <summary>Parses <paramref name="text"/>; on failure returns false and an error that says where and why.</summary>
        public static bool TryParse(string text, out PrincipalPattern pattern, out string error)
        {
            pattern = null;
            error = Parse(text, out Element[] elements, out bool anchored);
            if (error != null)
            {
                error = "principal pattern \"" + PrincipalName.Printable(text) + "\": " + error;
                return false;
            }
            pattern = new PrincipalPattern(text, elements, anchored);
            return true;
        }

        private static string Parse(string text, out Element[] elements, out bool anchored)
        {
            elements = null;
            anchored = false;
            if (string.IsNullOrEmpty(text)) return "the pattern is empty";
            if (text.Length > MaxLength) return "longer than " + MaxLength.ToString() + " characters";
            int start = 0;
            if (text[0] == '^')
            {
                anchored = true;
                start = 1;
            }
            var list = new List<Element>();
            while (true)
            {
                int end = text.IndexOf(PrincipalName.LinkSeparator, start);
                if (end < 0) end = text.Length;
                if (list.Count == MaxElements) return "more than " + MaxElements.ToString() + " elements";
                string error = ParseElement(text, start, end, out Element element);
                if (error != null) return "at character " + (start + 1).ToString() + ": " + error;
                list.Add(element);
                if (end == text.Length) break;
                start = end + 1;
            }
            elements = list.ToArray();
            return null;
        }

        private static string ParseElement(string text, int start, int end, out Element element)
        {
            element = new Element();
            string part = text.Substring(start, end - start);
            if (part.Length == 0) return "an empty element (two '+' together, or one at an end)";
            if (part == "...")
            {
                element.AnyLinks = true;
                return null;
            }
            if (part == "*") return null;   // any one link
            int at = part.IndexOf(PrincipalName.RoleMark);
            string application = at < 0 ? part : part.Substring(0, at);
            if (at >= 0)
            {
                element.Role = part.Substring(at + 1);
                string roleError = GlobError("role", element.Role);
                if (roleError != null) return roleError;
            }
            if (application.Length == 0)
            {
                if (at < 0) return "an empty element";
                return null;   // "@role": any application
            }
            int slash = application.IndexOf(PrincipalName.PublisherMark);
            if (slash < 0)
                return "\"" + PrincipalName.Printable(application) + "\" names no publisher: write publisher/program (either may be '*')";
            element.Publisher = application.Substring(0, slash);
            element.Program = application.Substring(slash + 1);
            return GlobError("publisher", element.Publisher) ?? GlobError("program", element.Program);
        }

        private static string GlobError(string what, string glob)
        {
            if (glob.Length == 0) return "the " + what + " is empty (use '*' for any)";
            if (glob.Length > PrincipalName.MaxNameLength) return "the " + what + " is longer than " + PrincipalName.MaxNameLength.ToString() + " characters";
            for (int i = 0; i < glob.Length; i++)
                if (glob[i] != '*' && !PrincipalName.IsNameChar(glob[i]))
                    return "the " + what + " \"" + PrincipalName.Printable(glob) + "\" has '" + PrincipalName.Printable(glob[i].ToString())
                        + "' (names use a-z, 0-9, '-', '_', '.', and '*' for any run of them)";
            return null;
        }

        /// <summary>Whether <paramref name="principal"/> (a compound principal's text) matches. A malformed principal
        /// matches nothing.</summary>
        public bool Matches(string principal)
        {
            string[] links = PrincipalName.ValidLinks(principal);
            if (links == null) return false;
            if (_anchored) return MatchFrom(0, links, 0);
            // Unanchored: the pattern may begin at any link (as if it started with "...").
            for (int first = 0; first <= links.Length; first++)
                if (MatchFrom(0, links, first)) return true;
            return false;
        }

        private bool MatchFrom(int element, string[] links, int link)
        {
            if (element == _elements.Length) return link == links.Length;
            Element e = _elements[element];
            if (e.AnyLinks)
            {
                for (int next = link; next <= links.Length; next++)
                    if (MatchFrom(element + 1, links, next)) return true;
                return false;
            }
            return link < links.Length && LinkMatches(e, links[link]) && MatchFrom(element + 1, links, link + 1);
        }

        private static bool LinkMatches(Element e, string link)
        {
            int slash = link.IndexOf(PrincipalName.PublisherMark);
            int at = link.IndexOf(PrincipalName.RoleMark);
            return (e.Publisher == null || Glob(e.Publisher, link, 0, slash))
                && (e.Program == null || Glob(e.Program, link, slash + 1, at))
                && (e.Role == null || Glob(e.Role, link, at + 1, link.Length));
        }

        /// <summary>Whether <paramref name="glob"/> matches text[start, end): '*' any run, anything else itself.</summary>
        private static bool Glob(string glob, string text, int start, int end)
        {
            int g = 0, t = start, starG = -1, starT = 0;
            while (t < end)
            {
                if (g < glob.Length && glob[g] == '*')
                {
                    starG = g++;
                    starT = t;
                }
                else if (g < glob.Length && glob[g] == text[t])
                {
                    g++;
                    t++;
                }
                else if (starG >= 0)
                {
                    g = starG + 1;
                    t = ++starT;
                }
                else return false;
            }
            while (g < glob.Length && glob[g] == '*') g++;
            return g == glob.Length;
        }
    }
}
