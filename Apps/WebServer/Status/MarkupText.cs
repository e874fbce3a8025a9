#nullable enable
using System.Text;

namespace Sing.Web.Status
{
    /// <summary>Text placed in HTML or SVG (XML) content and attribute values: the five markup characters escaped,
    /// control characters XML 1.0 cannot hold replaced by U+FFFD.</summary>
    public static class MarkupText
    {
        public static StringBuilder Append(StringBuilder markup, string text)
        {
            foreach (char c in text)
            {
                switch (c)
                {
                    case '<': markup.Append("&lt;"); break;
                    case '>': markup.Append("&gt;"); break;
                    case '&': markup.Append("&amp;"); break;
                    case '"': markup.Append("&quot;"); break;
                    case '\'': markup.Append("&#39;"); break;
                    default:
                        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == '\uFFFE' || c == '\uFFFF') markup.Append('\uFFFD');
                        else markup.Append(c);
                        break;
                }
            }
            return markup;
        }
    }
}
