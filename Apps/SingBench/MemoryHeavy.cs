using System.Collections.Generic;
using System.Diagnostics;

namespace Sing.Apps.SingBench
{
    /// <summary>A memory-heavy single-SIP workload in the spirit of a compiler pass: each iteration tokenizes a
    /// generated source text into strings, interns them in a symbol table, builds a binary tree of nodes from the
    /// tokens, folds it, and sorts the symbols. About a megabyte of short-lived objects per iteration, so the
    /// collector runs and the heap grows and shrinks page by page: the cost hardware domains add to ordinary
    /// allocation-heavy code (004 §4's macro benchmark).</summary>
    internal static class MemoryHeavy
    {
        private sealed class Node
        {
            public Node Left, Right;
            public int Key;
            public string Name;
        }

        private static long s_sink;

        public static long Run(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++) s_sink += Iteration(i);
            return Stopwatch.GetTimestamp() - start;
        }

        private static long Iteration(int seed)
        {
            uint state = (uint)seed * 2654435761u + 1;
            var symbols = new Dictionary<string, int>();
            var order = new List<string>();
            Node root = null;
            for (int t = 0; t < 6000; t++)
            {
                state = state * 1664525u + 1013904223u;
                string token = string.Concat("id", (state >> 20).ToString());
                if (!symbols.TryGetValue(token, out int id))
                {
                    id = symbols.Count;
                    symbols[token] = id;
                    order.Add(token);
                }
                root = Insert(root, (int)(state >> 8), token);
            }
            order.Sort(string.CompareOrdinal);
            return Fold(root) + order.Count + order[0].Length;
        }

        private static Node Insert(Node root, int key, string name)
        {
            var node = new Node { Key = key, Name = name };
            if (root == null) return node;
            Node at = root;
            while (true)
            {
                if (key < at.Key)
                {
                    if (at.Left == null) { at.Left = node; return root; }
                    at = at.Left;
                }
                else
                {
                    if (at.Right == null) { at.Right = node; return root; }
                    at = at.Right;
                }
            }
        }

        private static long Fold(Node root)
        {
            long sum = 0;
            var stack = new Stack<Node>();
            if (root != null) stack.Push(root);
            while (stack.Count > 0)
            {
                Node node = stack.Pop();
                sum += node.Key ^ node.Name.Length;
                if (node.Left != null) stack.Push(node.Left);
                if (node.Right != null) stack.Push(node.Right);
            }
            return sum;
        }
    }
}
