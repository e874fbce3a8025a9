using System.Collections.Generic;
using System.Linq;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Rules
{
    /// <summary>Programs that need each other's services (binds and dependencies) around a cycle can never all start:
    /// whichever starts first finds its path unregistered. One iterative depth-first walk (no recursion, linear in
    /// programs and needs) reports each cycle once (SINGI093).</summary>
    internal static class DependencyCycles
    {
        public static void Check(IReadOnlyList<InstalledProgram> programs, RegistrationIndex paths, DiagnosticBag bag)
        {
            var index = new Dictionary<InstalledProgram, int>(ReferenceEqualityComparer.Instance);
            for (int i = 0; i < programs.Count; i++) index[programs[i]] = i;
            // Edges: i needs a path that j registers (j != i), with the path and how, for the message.
            var edges = new List<(int To, string Path, string How)>[programs.Count];
            for (int i = 0; i < programs.Count; i++)
            {
                edges[i] = new List<(int, string, string)>();
                foreach (var (path, how) in RegistrationIndex.Needs(programs[i].Manifest))
                    if (paths.RegistrantOf(path) is InstalledProgram server && index.TryGetValue(server, out int j) && j != i)
                        edges[i].Add((j, path, how));
            }

            var state = new byte[programs.Count];        // 0 unvisited, 1 on the walk's path, 2 done
            var inCycle = new bool[programs.Count];
            var stack = new List<(int Node, int Next)>();
            for (int root = 0; root < programs.Count; root++)
            {
                if (state[root] != 0) continue;
                stack.Add((root, 0));
                state[root] = 1;
                while (stack.Count > 0)
                {
                    var (node, next) = stack[^1];
                    if (next == edges[node].Count)
                    {
                        state[node] = 2;
                        stack.RemoveAt(stack.Count - 1);
                        continue;
                    }
                    stack[^1] = (node, next + 1);
                    int to = edges[node][next].To;
                    if (state[to] == 0)
                    {
                        state[to] = 1;
                        stack.Add((to, 0));
                    }
                    else if (state[to] == 1 && !inCycle[to])
                        Report(programs, edges, stack, to, inCycle, bag);
                }
            }
        }

        /// <summary>The cycle is the walk's path from <paramref name="start"/> to its top, closed by the edge just taken.</summary>
        private static void Report(IReadOnlyList<InstalledProgram> programs, List<(int To, string Path, string How)>[] edges,
            List<(int Node, int Next)> stack, int start, bool[] inCycle, DiagnosticBag bag)
        {
            int from = stack.FindIndex(s => s.Node == start);
            var steps = new List<string>();
            for (int k = from; k < stack.Count; k++)
            {
                var (node, next) = stack[k];
                var edge = edges[node][next - 1];
                inCycle[node] = true;
                steps.Add($"{programs[node].Manifest.Name} {edge.How} {edge.Path} of {programs[edge.To].Manifest.Name}");
            }
            var first = programs[start].Manifest;
            bag.Add(ErrorCodes.DependencyCycle, first.Spot.At("name"),
                $"programs need each other's services in a cycle, so none of them can start first: {string.Join(", ", steps.Take(20))}{(steps.Count > 20 ? ", ..." : "")}; break the cycle (one of them must not need the other's path at start)");
        }
    }
}
