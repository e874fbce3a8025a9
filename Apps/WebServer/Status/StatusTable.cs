#nullable enable
using System.Collections.Generic;

namespace Sing.Web.Status
{
    /// <summary>One table of the live page: its element id (also its member name in status.json), its columns (each a
    /// JSON key and a heading) and its rows. The HTML renderer, the JSON renderer and the page's script all read the
    /// same columns, so the three cannot disagree about what a column holds.</summary>
    public sealed class StatusTable
    {
        public string Id { get; }
        public string Title { get; }
        public string[] Keys { get; }
        public string[] Headings { get; }
        public List<Cell[]> Rows { get; } = new List<Cell[]>();

        public StatusTable(string id, string title, string[] keys, string[] headings)
        {
            Id = id; Title = title; Keys = keys; Headings = headings;
        }

        public void Add(params Cell[] row)
        {
            if (row.Length != Keys.Length) throw new System.ArgumentException($"table {Id}: a row of {row.Length} cells for {Keys.Length} columns");
            Rows.Add(row);
        }
    }
}
