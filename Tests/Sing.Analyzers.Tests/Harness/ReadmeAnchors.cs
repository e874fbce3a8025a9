using System.Collections.Generic;
using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;

namespace Sing.Analyzers.Tests.Harness
{
    /// <summary>
    /// The anchors a Markdown file offers when GitHub renders it: explicit <c>&lt;a id="..."&gt;</c> tags and the
    /// ids GitHub derives from headings (lower case, punctuation dropped, spaces to hyphens, repeats numbered).
    /// </summary>
    public static class ReadmeAnchors
    {
        public static HashSet<string> Parse(string markdown)
        {
            var anchors = new HashSet<string>();
            var seen = new Dictionary<string, int>();
            bool inFence = false;
            foreach (string raw in markdown.Split('\n'))
            {
                string line = raw.TrimEnd('\r');
                if (line.TrimStart().StartsWith("```", System.StringComparison.Ordinal))
                {
                    inFence = !inFence;
                    continue;
                }

                if (inFence)
                {
                    continue;
                }

                foreach (Match tag in Regex.Matches(line, "<a id=\"([^\"]+)\"></a>"))
                {
                    anchors.Add(tag.Groups[1].Value);
                }

                Match heading = Regex.Match(line, "^#{1,6} +(.*?) *#*$");
                if (heading.Success)
                {
                    string slug = Slug(heading.Groups[1].Value);
                    int count = seen.TryGetValue(slug, out int n) ? n : 0;
                    seen[slug] = count + 1;
                    anchors.Add(count == 0 ? slug : slug + "-" + count.ToString(CultureInfo.InvariantCulture));
                }
            }

            return anchors;
        }

        /// <summary>GitHub's heading id: the rendered text, lower case, keeping letters, digits, '-' and '_', spaces as '-'.</summary>
        public static string Slug(string heading)
        {
            string text = Regex.Replace(heading, @"\[([^\]]*)\]\([^)]*\)", "$1");
            text = Regex.Replace(text, "<[^>]*>", string.Empty);
            var slug = new StringBuilder();
            foreach (char c in text.ToLowerInvariant())
            {
                if (char.IsLetterOrDigit(c) || c == '-' || c == '_')
                {
                    slug.Append(c);
                }
                else if (c == ' ')
                {
                    slug.Append('-');
                }
            }

            return slug.ToString();
        }
    }
}
