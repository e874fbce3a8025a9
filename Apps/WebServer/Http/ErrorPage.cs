#nullable enable
using System.Text;

namespace Sing.Web.Http
{
    /// <summary>The small HTML body of an error or redirect answer: the status, and why in one sentence.</summary>
    public static class ErrorPage
    {
        public static byte[] Render(int status, string why)
        {
            string title = status.ToString() + " " + HttpStatus.ReasonPhrase(status);
            var html = new StringBuilder(256);
            html.Append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").Append(title)
                .Append("</title></head>\n<body><h1>").Append(title).Append("</h1>\n<p>");
            AppendEscaped(html, why);
            html.Append("</p>\n<hr><address>Singularity</address></body></html>\n");
            return Encoding.UTF8.GetBytes(html.ToString());
        }

        public static void AppendEscaped(StringBuilder html, string text)
        {
            foreach (char c in text)
            {
                switch (c)
                {
                    case '<': html.Append("&lt;"); break;
                    case '>': html.Append("&gt;"); break;
                    case '&': html.Append("&amp;"); break;
                    case '"': html.Append("&quot;"); break;
                    case '\'': html.Append("&#39;"); break;
                    default: html.Append(c); break;
                }
            }
        }
    }
}
