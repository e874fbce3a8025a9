#nullable enable
using System.Collections.Generic;
using System.Text;

namespace Sing.Web.Status
{
    /// <summary>/system/status.json: the snapshot's tables (one member per table id, an array of objects keyed by the
    /// table's columns; unreported figures are null), the uptime, and the graph's layout so the page's script draws
    /// what the server's SVG draws.</summary>
    public static class StatusJson
    {
        public static string Render(SystemSnapshot snapshot)
        {
            var text = new StringBuilder(8192);
            var json = new JsonWriter(text);
            json.BeginObject();
            json.Name("uptimeMs").Figure(snapshot.UptimeMilliseconds);
            json.Property("pci", snapshot.PciMechanism);
            json.Property("interrupts", snapshot.InterruptController);
            foreach (StatusTable table in StatusTables.From(snapshot)) AppendTable(json, table);
            AppendGraph(json, GraphLayout.Of(snapshot));
            json.EndObject();
            text.Append('\n');
            return text.ToString();
        }

        private static void AppendTable(JsonWriter json, StatusTable table)
        {
            json.Name(table.Id).BeginArray();
            foreach (Cell[] row in table.Rows)
            {
                json.BeginObject();
                for (int i = 0; i < row.Length; i++)
                {
                    json.Name(table.Keys[i]);
                    if (row[i].IsNumber) json.Number(row[i].Number);
                    else json.String(row[i].Text);
                }
                json.EndObject();
            }
            json.EndArray();
        }

        private static void AppendGraph(JsonWriter json, GraphLayout layout)
        {
            json.Name("graph").BeginObject();
            json.Property("size", GraphLayout.Size);
            json.Property("nodeRadius", GraphLayout.NodeRadius);
            json.Name("nodes").BeginArray();
            foreach (GraphLayout.Node n in layout.Nodes)
            {
                json.BeginObject().Property("pid", n.Pid).Property("program", n.Program).Property("state", n.State).Property("stateClass", GraphSvg.StateClass(n.State))
                    .Property("x", n.X).Property("y", n.Y).Property("labelX", n.LabelX).Property("labelY", n.LabelY)
                    .Property("anchor", n.LabelAnchor).EndObject();
            }
            json.EndArray();
            json.Name("edges").BeginArray();
            foreach (GraphLayout.Edge e in layout.Edges)
            {
                json.BeginObject().Property("a", e.A).Property("b", e.B).Property("count", e.Count)
                    .Property("x1", e.X1).Property("y1", e.Y1).Property("x2", e.X2).Property("y2", e.Y2)
                    .Property("width", GraphLayout.StrokeWidth(e.Count)).EndObject();
            }
            json.EndArray();
            json.EndObject();
        }
    }
}
