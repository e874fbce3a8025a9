using System.Text;
using System.Text.Json;
using System.Xml;
using System.Xml.Linq;
using Sing.Web.Status;
using Xunit;

namespace Sing.Network.Tests.Status;

public class StatusRenderTests
{
    private static readonly XNamespace Svg = "http://www.w3.org/2000/svg";

    [Fact]
    public void JsonParsesBackWithEveryTableAndTheGraph()
    {
        SystemSnapshot s = SampleSystem.Snapshot();
        using JsonDocument doc = JsonDocument.Parse(StatusJson.Render(s));
        JsonElement root = doc.RootElement;
        Assert.Equal(3_723_456, root.GetProperty("uptimeMs").GetInt64());
        Assert.Equal("I/O APIC", root.GetProperty("interrupts").GetString());
        JsonElement processes = root.GetProperty("processes");
        Assert.Equal(6, processes.GetArrayLength());
        JsonElement shell = processes[5];
        Assert.Equal(7, shell.GetProperty("pid").GetInt32());
        Assert.Equal("-c \"echo <hi> & bye\"", shell.GetProperty("arguments").GetString());
        Assert.Equal(JsonValueKind.Null, shell.GetProperty("cpuMs").ValueKind);
        Assert.Equal(JsonValueKind.Null, shell.GetProperty("principal").ValueKind);
        Assert.Equal(JsonValueKind.Null, shell.GetProperty("content").ValueKind);
        Assert.Equal("singularity-project/netstack@system", processes[3].GetProperty("principal").GetString());
        Assert.Equal("sha256:0123abcd", processes[3].GetProperty("content").GetString());
        Assert.Equal(3, root.GetProperty("services").GetArrayLength());
        Assert.Equal("e1000", root.GetProperty("services")[0].GetProperty("program").GetString());   // sorted by program
        Assert.Equal(JsonValueKind.Null, root.GetProperty("services")[2].GetProperty("pid").ValueKind);  // none running
        Assert.Equal(4, root.GetProperty("devices").GetArrayLength());
        Assert.Equal(7, root.GetProperty("channels").GetArrayLength());
        JsonElement memory = root.GetProperty("memory");
        Assert.Equal("Exchange heap bytes", memory[1].GetProperty("name").GetString());
        Assert.Equal(151552, memory[1].GetProperty("value").GetInt64());
        Assert.Equal("arp.entries", root.GetProperty("network")[0].GetProperty("name").GetString());
        JsonElement graph = root.GetProperty("graph");
        Assert.Equal(6, graph.GetProperty("nodes").GetArrayLength());
        Assert.Equal(4, graph.GetProperty("edges").GetArrayLength());   // 1-2, 1-5, 3-4, 4-5
        Assert.Equal(2, graph.GetProperty("edges")[0].GetProperty("count").GetInt32());   // 1→2 and 2→1 summed
    }

    [Fact]
    public void JsonEscapesEveryAwkwardString()
    {
        string[] awkward = { "quote\" backslash\\ slash/", "\n\r\t\b\f\u0001\u001f", "caf\u00e9 \u4e2d \U0001F600", "lone \ud800 high", "lone \udc00 low", "\u2028\u2029", "</script>" };
        foreach (string value in awkward)
        {
            var text = new StringBuilder();
            new JsonWriter(text).BeginArray().String(value).Number(-5).Null().Bool(true).BeginObject().Property("k", value).EndObject().EndArray();
            using JsonDocument doc = JsonDocument.Parse(Encoding.UTF8.GetBytes(text.ToString()));
            string expected = value.Replace('\ud800', '\ufffd').Replace('\udc00', '\ufffd');   // lone surrogates
            Assert.Equal(expected, doc.RootElement[0].GetString());
            Assert.Equal(-5, doc.RootElement[1].GetInt32());
            Assert.Equal(expected, doc.RootElement[4].GetProperty("k").GetString());
        }
    }

    [Fact]
    public void JsonWriterRefusesMisuse()
    {
        Assert.Throws<InvalidOperationException>(() => new JsonWriter(new StringBuilder()).BeginObject().Number(1));
        Assert.Throws<InvalidOperationException>(() => new JsonWriter(new StringBuilder()).BeginArray().Name("x"));
        Assert.Throws<InvalidOperationException>(() => new JsonWriter(new StringBuilder()).BeginArray().EndObject());
    }

    [Fact]
    public void SvgIsWellFormedWithOneNodePerProcessAndOneEdgePerChannelPair()
    {
        SystemSnapshot s = SampleSystem.Snapshot();
        XDocument svg = XDocument.Parse(GraphSvg.Render(s, standalone: true));
        Assert.Equal(Svg + "svg", svg.Root!.Name);
        var circles = svg.Descendants(Svg + "circle").ToList();
        Assert.Equal(s.Processes.Count, circles.Count);
        var nodes = svg.Descendants(Svg + "g").Where(g => (string?)g.Attribute("class") == "node").ToList();
        Assert.Equal(new[] { "1", "2", "3", "4", "5", "7" }, nodes.Select(n => (string)n.Attribute("data-pid")!));
        var edges = svg.Descendants(Svg + "line").Select(l => (string)l.Attribute("data-a")! + "-" + (string)l.Attribute("data-b")!).ToList();
        // 1↔2 both ways once, 2↔2 (a process with itself) and 4→99 (gone) left out.
        Assert.Equal(new[] { "1-2", "1-5", "3-4", "4-5" }, edges);
        Assert.Equal("state-exited", (string)circles[5].Attribute("class")!);
        Assert.Contains(svg.Descendants(Svg + "text"), t => t.Value == "webserver");
        // Every node is inside the picture, and no two share a place.
        foreach (XElement c in circles)
        {
            int x = (int)c.Attribute("cx")!, y = (int)c.Attribute("cy")!;
            Assert.InRange(x, GraphLayout.NodeRadius, GraphLayout.Size - GraphLayout.NodeRadius);
            Assert.InRange(y, GraphLayout.NodeRadius, GraphLayout.Size - GraphLayout.NodeRadius);
        }
        Assert.Equal(circles.Count, circles.Select(c => (string)c.Attribute("cx")! + "," + (string)c.Attribute("cy")!).Distinct().Count());
        // An edge's ends are its nodes' centres.
        XElement edge = svg.Descendants(Svg + "line").First(l => (string)l.Attribute("data-a")! == "3");
        XElement node3 = circles[2], node4 = circles[3];
        Assert.Equal((string)node3.Attribute("cx")!, (string)edge.Attribute("x1")!);
        Assert.Equal((string)node4.Attribute("cy")!, (string)edge.Attribute("y2")!);
    }

    [Fact]
    public void LayoutIsDeterministicAndStartsAtTheTop()
    {
        SystemSnapshot s = SampleSystem.Snapshot();
        SystemSnapshot shuffled = SampleSystem.Snapshot();
        shuffled.Processes.Reverse();
        shuffled.Channels.Reverse();
        Assert.Equal(GraphSvg.Render(s, true), GraphSvg.Render(shuffled, true));
        Assert.Equal(StatusJson.Render(s), StatusJson.Render(shuffled));
        GraphLayout layout = GraphLayout.Of(s);
        Assert.Equal(GraphLayout.Size / 2, layout.Nodes[0].X);
        Assert.True(layout.Nodes[0].Y < GraphLayout.Size / 4);
        var single = new SystemSnapshot();
        single.Processes.Add(new ProcessInfo { Pid = 1, Program = "only" });
        Assert.Equal(GraphLayout.Size / 2, GraphLayout.Of(single).Nodes[0].Y);
        XDocument empty = XDocument.Parse(GraphSvg.Render(new SystemSnapshot(), true));
        Assert.Empty(empty.Descendants(Svg + "circle"));
    }

    [Fact]
    public void MarkupFromProcessNamesIsEscaped()
    {
        var s = new SystemSnapshot();
        s.Processes.Add(new ProcessInfo { Pid = 1, Program = "<script>alert('x')</script>&", State = "run\"ning", Arguments = "\u0001" });
        XDocument svg = XDocument.Parse(GraphSvg.Render(s, true));
        Assert.Contains(svg.Descendants(Svg + "text"), t => t.Value == "<script>alert('x')</script>&");
        string html = StatusPage.Render(s);
        Assert.DoesNotContain("<script>alert", html);
        Assert.Contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;", html);
        Assert.Equal(1, CountOf(html, "<script>"));
    }

    [Fact]
    public void PageCarriesTheIdsTheBrowserTestChecks()
    {
        SystemSnapshot s = SampleSystem.Snapshot();
        string html = StatusPage.Render(s);
        Assert.StartsWith("<!DOCTYPE html>", html);
        Assert.Contains("<link rel=\"icon\" href=\"data:,\">", html);
        foreach (string id in new[] { "processes", "services", "channels", "memory", "devices", "network" })
            Assert.Contains($"<table id=\"{id}\" data-source=\"status\">", html);
        Assert.Contains("<div id=\"graph\">", html);
        Assert.Contains("fetch('/system/status.json'", html);
        Assert.Contains("setTimeout(poll, 1000)", html);
        Assert.Contains("<span id=\"uptime\">1:02:03</span>", html);
        // No external asset: nothing is loaded from anywhere but this page and its JSON.
        Assert.DoesNotContain("src=", html);
        Assert.DoesNotContain("http://", html.Replace("http://www.w3.org/2000/svg", ""));
        Assert.DoesNotContain("https://", html);
        // The tables' rows as the server renders them: one per process, columns in the heading's order.
        string body = html.Substring(html.IndexOf("<table id=\"processes\"", StringComparison.Ordinal));
        body = body.Substring(0, body.IndexOf("</table>", StringComparison.Ordinal));
        Assert.Equal(6, CountOf(body, "<tr>") - 1);
        Assert.Contains("<tr><td class=\"num\">5</td><td class=\"num\">4</td><td>webserver</td><td>--port 80</td><td>-</td><td>-</td><td>created</td>", body);
        // The inline SVG is the server's graph, with its circles.
        int start = html.IndexOf("<svg", StringComparison.Ordinal), end = html.IndexOf("</svg>", StringComparison.Ordinal) + 6;
        XDocument inline = XDocument.Parse(html.Substring(start, end - start));
        Assert.Equal(6, inline.Descendants(Svg + "circle").Count());
    }

    [Fact]
    public void TableHeadingKeysMatchTheJsonMembers()
    {
        // The script fills each cell from row[th.data-key]: every key must be a member of every JSON row.
        SystemSnapshot s = SampleSystem.Snapshot();
        using JsonDocument doc = JsonDocument.Parse(StatusJson.Render(s));
        foreach (StatusTable table in StatusTables.From(s))
            foreach (JsonElement row in doc.RootElement.GetProperty(table.Id).EnumerateArray())
                Assert.Equal(table.Keys, row.EnumerateObject().Select(p => p.Name));
    }

    [Fact]
    public void UptimeFormat()
    {
        Assert.Equal("-", StatusPage.Uptime(-1));
        Assert.Equal("0:00:00", StatusPage.Uptime(999));
        Assert.Equal("26:00:59", StatusPage.Uptime(26L * 3600_000 + 59_000));
    }

    private static int CountOf(string text, string part)
    {
        int count = 0;
        for (int i = text.IndexOf(part, StringComparison.Ordinal); i >= 0; i = text.IndexOf(part, i + 1, StringComparison.Ordinal)) count++;
        return count;
    }

    [Fact]
    public void RendererGivesEachResourceAsUtf8()
    {
        SystemSnapshot s = SampleSystem.Snapshot();
        s.Processes[0].Program = "caf\u00e9";
        Assert.Equal(Encoding.UTF8.GetBytes(StatusPage.Render(s)), StatusRenderer.Render(Sing.Web.Http.StatusResource.Page, s));
        Assert.Equal(Encoding.UTF8.GetBytes(StatusJson.Render(s)), StatusRenderer.Render(Sing.Web.Http.StatusResource.Json, s));
        byte[] svg = StatusRenderer.Render(Sing.Web.Http.StatusResource.Graph, s);
        Assert.StartsWith("<?xml", Encoding.UTF8.GetString(svg));
        Assert.Contains(XDocument.Parse(Encoding.UTF8.GetString(svg)).Descendants(Svg + "text"), t => t.Value == "caf\u00e9");
        Assert.Throws<ArgumentException>(() => StatusRenderer.Render(Sing.Web.Http.StatusResource.None, s));
    }
}
