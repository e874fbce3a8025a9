#nullable enable
using System.Text;

namespace Sing.Web.Status
{
    /// <summary>/system/: the live system page. Plain HTML with inline CSS and a small inline script, no framework
    /// and no external asset (the icon is an empty data: URL so the browser asks for no favicon). The first answer
    /// already holds every table and the graph (inlined SVG), so the page shows the system without the script; the
    /// script then fetches /system/status.json every second and redraws the tables (<c>#processes tbody tr</c>,
    /// <c>#services</c>, <c>#channels</c>, <c>#memory</c>, <c>#devices</c>, <c>#network</c>) and the graph
    /// (<c>#graph svg circle</c>, <c>#graph svg line.edge</c>) in place. After each redraw it sets
    /// <c>body[data-updates]</c> to the number of refreshes, so a browser test can wait for one.</summary>
    public static class StatusPage
    {
        public static string Render(SystemSnapshot snapshot)
        {
            var html = new StringBuilder(16384);
            html.Append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .Append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .Append("<title>Singularity \u2014 system</title>\n<link rel=\"icon\" href=\"data:,\">\n<style>\n")
                .Append(PageStyle).Append(GraphSvg.Style).Append("\n</style>\n</head>\n<body data-updates=\"0\">\n<header>\n<h1>Singularity</h1>\n")
                .Append("<p>uptime <span id=\"uptime\">").Append(Uptime(snapshot.UptimeMilliseconds)).Append("</span> \u00b7 <span id=\"process-count\">")
                .Append(snapshot.Processes.Count).Append("</span> processes \u00b7 <span id=\"refresh\" class=\"stale\">snapshot from the server</span></p>\n</header>\n<main>\n");
            html.Append("<section id=\"graph-section\"><h2>Processes and channels</h2>\n<div id=\"graph\">\n");
            GraphSvg.Append(html, GraphLayout.Of(snapshot), standalone: false);
            html.Append("</div></section>\n");
            foreach (StatusTable table in StatusTables.From(snapshot)) AppendTable(html, table);
            html.Append("</main>\n<footer>PCI: <span id=\"pci\">");
            MarkupText.Append(html, snapshot.PciMechanism.Length == 0 ? "-" : snapshot.PciMechanism).Append("</span> \u00b7 interrupts: <span id=\"interrupts\">");
            MarkupText.Append(html, snapshot.InterruptController.Length == 0 ? "-" : snapshot.InterruptController).Append("</span></footer>\n");
            html.Append("<script>\n").Append(Script).Append("</script>\n</body>\n</html>\n");
            return html.ToString();
        }

        private static void AppendTable(StringBuilder html, StatusTable table)
        {
            html.Append("<section><h2>");
            MarkupText.Append(html, table.Title).Append("</h2>\n<table id=\"").Append(table.Id).Append("\" data-source=\"status\">\n<thead><tr>");
            for (int i = 0; i < table.Keys.Length; i++)
            {
                html.Append("<th data-key=\"").Append(table.Keys[i]).Append("\">");
                MarkupText.Append(html, table.Headings[i]).Append("</th>");
            }
            html.Append("</tr></thead>\n<tbody>\n");
            foreach (Cell[] row in table.Rows)
            {
                html.Append("<tr>");
                foreach (Cell cell in row)
                {
                    html.Append(cell.IsNumber ? "<td class=\"num\">" : "<td>");
                    MarkupText.Append(html, cell.Display).Append("</td>");
                }
                html.Append("</tr>\n");
            }
            html.Append("</tbody>\n</table></section>\n");
        }

        /// <summary>"h:mm:ss" (hours unbounded), "-" when not reported; the script formats the same way.</summary>
        public static string Uptime(long milliseconds)
        {
            if (milliseconds < 0) return "-";
            long seconds = milliseconds / 1000;
            long minutes = seconds / 60 % 60, hours = seconds / 3600;
            seconds %= 60;
            return hours.ToString() + ":" + (minutes < 10 ? "0" : "") + minutes.ToString() + ":" + (seconds < 10 ? "0" : "") + seconds.ToString();
        }

        private const string PageStyle =
            "body{margin:0;font:14px/1.45 system-ui,-apple-system,\"Segoe UI\",sans-serif;color:#1b2333;background:#f2f5fa}\n" +
            "header{background:#18263f;color:#e8eefb;padding:14px 24px}\n" +
            "header h1{margin:0 0 2px;font-size:22px;letter-spacing:.5px}\nheader p{margin:0;color:#b8c6e3}\n" +
            "#refresh.live{color:#8fe3a1}\n#refresh.stale{color:#f0c674}\n" +
            "main{display:grid;grid-template-columns:repeat(auto-fit,minmax(520px,1fr));gap:16px;padding:16px 24px}\n" +
            "section{background:#fff;border:1px solid #d6dde8;border-radius:8px;padding:12px 16px;overflow-x:auto}\n" +
            "h2{margin:0 0 8px;font-size:16px;color:#2a3b5e}\n" +
            "table{border-collapse:collapse;width:100%}\nth,td{padding:3px 8px;text-align:left;border-bottom:1px solid #e6ebf2;white-space:nowrap}\n" +
            "th{font-weight:600;color:#4a5a78;background:#f6f8fc}\ntd.num{text-align:right;font-variant-numeric:tabular-nums}\n" +
            "tbody tr:hover{background:#f3f7ff}\n#graph{text-align:center}\n" +
            "footer{padding:8px 24px 20px;color:#5b6780;font-size:12px}\n";

        /// <summary>The page's script: fetch, redraw tables by their columns' data-key, redraw the graph from the
        /// layout in the JSON. It writes only through textContent and setAttribute, never markup.</summary>
        private const string Script = @"(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var updates = 0;
  function svg(name, attributes, text) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (k) { e.setAttribute(k, String(attributes[k])); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function show(value) { return value === null || value === undefined ? '-' : String(value); }
  function uptime(ms) {
    if (ms === null || ms === undefined) return '-';
    var s = Math.floor(ms / 1000), m = Math.floor(s / 60) % 60, h = Math.floor(s / 3600);
    s = s % 60;
    return h + ':' + (m < 10 ? '0' : '') + m + ':' + (s < 10 ? '0' : '') + s;
  }
  function fillTable(table, rows) {
    var keys = Array.prototype.map.call(table.querySelectorAll('thead th'), function (th) { return th.getAttribute('data-key'); });
    var body = document.createElement('tbody');
    rows.forEach(function (row) {
      var tr = document.createElement('tr');
      keys.forEach(function (key) {
        var td = document.createElement('td');
        var value = row[key];
        td.textContent = show(value);
        if (typeof value === 'number') td.className = 'num';
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    table.replaceChild(body, table.tBodies[0]);
  }
  function drawGraph(g) {
    var root = svg('svg', { 'class': 'graph', viewBox: '0 0 ' + g.size + ' ' + g.size, width: g.size, height: g.size,
      role: 'img', 'aria-label': 'processes and the channels between them' });
    var edges = svg('g', { 'class': 'edges' });
    g.edges.forEach(function (e) {
      var line = svg('line', { 'class': 'edge', 'data-a': e.a, 'data-b': e.b, x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2, 'stroke-width': e.width });
      line.appendChild(svg('title', {}, e.a + ' \u2194 ' + e.b + ': ' + e.count + (e.count === 1 ? ' channel' : ' channels')));
      edges.appendChild(line);
    });
    var nodes = svg('g', { 'class': 'nodes' });
    g.nodes.forEach(function (n) {
      var node = svg('g', { 'class': 'node', 'data-pid': n.pid });
      node.appendChild(svg('title', {}, n.program + ' (pid ' + n.pid + ', ' + n.state + ')'));
      node.appendChild(svg('circle', { cx: n.x, cy: n.y, r: g.nodeRadius, 'class': n.stateClass }));
      node.appendChild(svg('text', { 'class': 'pid', x: n.x, y: n.y + 5, 'text-anchor': 'middle' }, String(n.pid)));
      node.appendChild(svg('text', { 'class': 'label', x: n.labelX, y: n.labelY, 'text-anchor': n.anchor }, n.program));
      nodes.appendChild(node);
    });
    root.appendChild(edges);
    root.appendChild(nodes);
    var holder = document.getElementById('graph');
    var old = holder.querySelector('svg');
    if (old) holder.replaceChild(root, old); else holder.appendChild(root);
  }
  function update(s) {
    Array.prototype.forEach.call(document.querySelectorAll('table[data-source]'), function (table) {
      if (Array.isArray(s[table.id])) fillTable(table, s[table.id]);
    });
    if (s.graph) drawGraph(s.graph);
    document.getElementById('uptime').textContent = uptime(s.uptimeMs);
    document.getElementById('process-count').textContent = String((s.processes || []).length);
    document.getElementById('pci').textContent = s.pci || '-';
    document.getElementById('interrupts').textContent = s.interrupts || '-';
  }
  function status(text, live) {
    var e = document.getElementById('refresh');
    e.textContent = text;
    e.className = live ? 'live' : 'stale';
  }
  function poll() {
    fetch('/system/status.json', { cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (s) {
        update(s);
        updates++;
        document.body.setAttribute('data-updates', String(updates));
        status('live, refreshed every second', true);
      }, function (error) {
        status('no answer (' + error.message + '); retrying', false);
      })
      .then(function () { window.setTimeout(poll, 1000); });
  }
  window.setTimeout(poll, 1000);
})();
";
    }
}
