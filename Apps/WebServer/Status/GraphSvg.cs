#nullable enable
using System.Text;

namespace Sing.Web.Status
{
    /// <summary>The process graph as SVG: <c>svg</c> with class "graph", edges as <c>line.edge</c> (data-a, data-b:
    /// the pids) under the nodes, each node a <c>g.node</c> (data-pid) holding a <c>circle</c> with the process's
    /// state as a class, the pid inside and the program beside it. Served alone at /system/graph.svg and inlined in
    /// the page; the page's script draws the same elements from status.json.</summary>
    public static class GraphSvg
    {
        public static string Render(SystemSnapshot snapshot, bool standalone)
        {
            var svg = new StringBuilder(4096);
            Append(svg, GraphLayout.Of(snapshot), standalone);
            return svg.ToString();
        }

        public static void Append(StringBuilder svg, GraphLayout layout, bool standalone)
        {
            int size = GraphLayout.Size;
            if (standalone) svg.Append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            svg.Append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" viewBox=\"0 0 ").Append(size).Append(' ').Append(size)
                .Append("\" width=\"").Append(size).Append("\" height=\"").Append(size).Append("\" role=\"img\" aria-label=\"processes and the channels between them\">\n");
            if (standalone) svg.Append("<style>").Append(Style).Append("</style>\n");
            svg.Append("<g class=\"edges\">\n");
            foreach (GraphLayout.Edge e in layout.Edges)
            {
                svg.Append("<line class=\"edge\" data-a=\"").Append(e.A).Append("\" data-b=\"").Append(e.B)
                    .Append("\" x1=\"").Append(e.X1).Append("\" y1=\"").Append(e.Y1).Append("\" x2=\"").Append(e.X2).Append("\" y2=\"").Append(e.Y2)
                    .Append("\" stroke-width=\"").Append(GraphLayout.StrokeWidth(e.Count)).Append("\"><title>")
                    .Append(e.A).Append(" \u2194 ").Append(e.B).Append(": ").Append(e.Count).Append(e.Count == 1 ? " channel" : " channels")
                    .Append("</title></line>\n");
            }
            svg.Append("</g>\n<g class=\"nodes\">\n");
            foreach (GraphLayout.Node n in layout.Nodes)
            {
                svg.Append("<g class=\"node\" data-pid=\"").Append(n.Pid).Append("\"><title>");
                MarkupText.Append(svg, n.Program).Append(" (pid ").Append(n.Pid).Append(", ");
                MarkupText.Append(svg, n.State).Append(")</title><circle cx=\"").Append(n.X).Append("\" cy=\"").Append(n.Y)
                    .Append("\" r=\"").Append(GraphLayout.NodeRadius).Append("\" class=\"");
                MarkupText.Append(svg, StateClass(n.State)).Append("\"/><text class=\"pid\" x=\"").Append(n.X).Append("\" y=\"").Append(n.Y + 5)
                    .Append("\" text-anchor=\"middle\">").Append(n.Pid).Append("</text><text class=\"label\" x=\"").Append(n.LabelX)
                    .Append("\" y=\"").Append(n.LabelY).Append("\" text-anchor=\"").Append(n.LabelAnchor).Append("\">");
                MarkupText.Append(svg, n.Program).Append("</text></g>\n");
            }
            svg.Append("</g>\n</svg>\n");
        }

        /// <summary>The circle's class: "state-" and the state's letters (a state is the kernel's word, but a class
        /// must be one token).</summary>
        public static string StateClass(string state)
        {
            var text = new StringBuilder("state-");
            foreach (char c in state) if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) text.Append(c);
            return text.ToString();
        }

        /// <summary>The graph's look, shared by the standalone SVG and the page.</summary>
        public const string Style =
            ".graph{background:#fbfcfe;border:1px solid #d6dde8;border-radius:8px;max-width:100%;height:auto}" +
            ".graph .edge{stroke:#7a8fb3;stroke-opacity:.75}" +
            ".graph circle{fill:#3b6fd8;stroke:#1d3f85;stroke-width:2}" +
            ".graph circle.state-created{fill:#e0a526;stroke:#8a5d00}" +
            ".graph circle.state-exited{fill:#a0a6b0;stroke:#5d636d}" +
            ".graph .pid{fill:#fff;font:600 12px system-ui,sans-serif;pointer-events:none}" +
            ".graph .label{fill:#223;font:12px system-ui,sans-serif}";
    }
}
