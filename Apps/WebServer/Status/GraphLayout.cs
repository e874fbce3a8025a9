#nullable enable
using System;
using System.Collections.Generic;

namespace Sing.Web.Status
{
    /// <summary>Where the process graph's parts go: one node per process on a circle, ordered by pid clockwise from
    /// the top; one edge per pair of processes joined by channels (both directions summed; channels of a process
    /// with itself and channels to a process no longer listed are left out). Coordinates are whole pixels, so the
    /// server's SVG and the page's script draw exactly the same picture.</summary>
    public sealed class GraphLayout
    {
        public const int Size = 560;
        public const int NodeRadius = 18;
        private const int Ring = 190;
        private const int LabelDistance = 36;

        public sealed class Node
        {
            public int Pid { get; set; }
            public string Program { get; set; } = "";
            public string State { get; set; } = "";
            public int X { get; set; }
            public int Y { get; set; }
            public int LabelX { get; set; }
            public int LabelY { get; set; }
            /// <summary>"start", "middle" or "end": the SVG text-anchor that keeps the label off the circle.</summary>
            public string LabelAnchor { get; set; } = "middle";
        }

        public sealed class Edge
        {
            /// <summary>The smaller pid of the pair.</summary>
            public int A { get; set; }
            public int B { get; set; }
            public int Count { get; set; }
            public int X1 { get; set; }
            public int Y1 { get; set; }
            public int X2 { get; set; }
            public int Y2 { get; set; }
        }

        public List<Node> Nodes { get; } = new List<Node>();
        public List<Edge> Edges { get; } = new List<Edge>();

        public static GraphLayout Of(SystemSnapshot snapshot)
        {
            var layout = new GraphLayout();
            var processes = new List<ProcessInfo>(snapshot.Processes);
            processes.Sort((a, b) => a.Pid.CompareTo(b.Pid));
            int n = processes.Count;
            var byPid = new Dictionary<int, Node>();
            for (int i = 0; i < n; i++)
            {
                ProcessInfo p = processes[i];
                if (byPid.ContainsKey(p.Pid)) continue;   // a repeated pid is drawn once
                double angle = -Math.PI / 2 + 2 * Math.PI * i / n;
                double cos = n == 1 ? 0 : Math.Cos(angle), sin = n == 1 ? 0 : Math.Sin(angle);
                var node = new Node
                {
                    Pid = p.Pid, Program = p.Program, State = p.State,
                    X = Pixel(Size / 2 + Ring * cos), Y = Pixel(Size / 2 + Ring * sin),
                };
                if (n == 1)
                {
                    node.LabelX = node.X;
                    node.LabelY = node.Y + LabelDistance;
                }
                else
                {
                    node.LabelX = Pixel(Size / 2 + (Ring + LabelDistance) * cos);
                    node.LabelY = Pixel(Size / 2 + (Ring + LabelDistance) * sin + 5);
                    node.LabelAnchor = cos > 0.3 ? "start" : cos < -0.3 ? "end" : "middle";
                }
                byPid[p.Pid] = node;
                layout.Nodes.Add(node);
            }
            var pairs = new Dictionary<long, Edge>();
            foreach (ChannelEdge c in snapshot.Channels)
            {
                if (c.FromPid == c.ToPid || c.Count <= 0) continue;
                if (!byPid.TryGetValue(c.FromPid, out Node? from) || !byPid.TryGetValue(c.ToPid, out Node? to)) continue;
                int a = Math.Min(c.FromPid, c.ToPid), b = Math.Max(c.FromPid, c.ToPid);
                long key = ((long)a << 32) | (uint)b;
                if (pairs.TryGetValue(key, out Edge? edge))
                {
                    edge.Count += c.Count;
                    continue;
                }
                Node na = a == from.Pid ? from : to, nb = a == from.Pid ? to : from;
                edge = new Edge { A = a, B = b, Count = c.Count, X1 = na.X, Y1 = na.Y, X2 = nb.X, Y2 = nb.Y };
                pairs[key] = edge;
                layout.Edges.Add(edge);
            }
            layout.Edges.Sort((x, y) => x.A != y.A ? x.A.CompareTo(y.A) : x.B.CompareTo(y.B));
            return layout;
        }

        /// <summary>Stroke width grows with the number of channels, up to a limit.</summary>
        public static int StrokeWidth(int count) => 1 + Math.Min(count, 6);

        private static int Pixel(double v) => (int)Math.Round(v);
    }
}
