namespace Sing.Kernel.Tests
{
    /// <summary>Builds random object graphs with known checksums and checks them later (used by the GC stress test).</summary>
    internal sealed class GraphStress
    {
        private sealed class ListNode
        {
            public int Value;
            public ListNode Next;
        }

        private sealed class TreeNode
        {
            public int Value;
            public TreeNode Left, Right;
        }

        private readonly object[] _roots;
        private readonly long[] _expected;
        private ulong _state;

        public GraphStress(int slots, ulong seed)
        {
            _roots = new object[slots];
            _expected = new long[slots];
            _state = seed;
        }

        private int Next(int bound)
        {
            // xorshift64*
            _state ^= _state >> 12;
            _state ^= _state << 25;
            _state ^= _state >> 27;
            return (int)((_state * 2685821657736338717UL) >> 33) % bound;
        }

        public void Step()
        {
            int slot = Next(_roots.Length);
            int kind = Next(4);
            int size = 1 + Next(400);
            long checksum;
            _roots[slot] = kind switch
            {
                0 => MakeList(size, out checksum),
                1 => MakeTree(3 + Next(7), Next(1000), out checksum),
                2 => MakeArray(size, out checksum),
                _ => MakeString(size, out checksum),
            };
            _expected[slot] = checksum;
        }

        public int VerifyAll()
        {
            int failures = 0;
            for (int i = 0; i < _roots.Length; i++)
                if (_roots[i] != null && Checksum(_roots[i]) != _expected[i]) failures++;
            return failures;
        }

        public void DropAll()
        {
            for (int i = 0; i < _roots.Length; i++) _roots[i] = null;
        }

        private static ListNode MakeList(int length, out long checksum)
        {
            ListNode head = null;
            checksum = 0;
            for (int i = 0; i < length; i++)
            {
                head = new ListNode { Value = i * 31 + length, Next = head };
                checksum += head.Value;
            }
            return head;
        }

        private TreeNode MakeTree(int depth, int seed, out long checksum)
        {
            checksum = 0;
            return Tree(depth, seed, ref checksum);
        }

        private static TreeNode Tree(int depth, int seed, ref long checksum)
        {
            if (depth == 0) return null;
            var node = new TreeNode { Value = seed };
            checksum += seed;
            node.Left = Tree(depth - 1, seed * 3 + 1, ref checksum);
            node.Right = Tree(depth - 1, seed * 5 + 2, ref checksum);
            return node;
        }

        private object[] MakeArray(int length, out long checksum)
        {
            var array = new object[length];
            checksum = 0;
            for (int i = 0; i < length; i++)
            {
                if (Next(2) == 0)
                {
                    array[i] = MakeString(1 + Next(20), out long c);
                    checksum += c;
                }
                else
                {
                    array[i] = new ListNode { Value = i };
                    checksum += i;
                }
            }
            return array;
        }

        private string MakeString(int length, out long checksum)
        {
            string s = "";
            checksum = 0;
            for (int i = 0; i < length % 40; i++)
            {
                char c = (char)('a' + Next(26));
                s = s + new string(c, 1);
                checksum += c;
            }
            return s;
        }

        private static long Checksum(object graph)
        {
            long sum = 0;
            if (graph is ListNode list)
            {
                for (ListNode n = list; n != null; n = n.Next) sum += n.Value;
            }
            else if (graph is TreeNode tree) sum = TreeSum(tree);
            else if (graph is object[] array)
            {
                for (int i = 0; i < array.Length; i++)
                {
                    if (array[i] is ListNode node) sum += node.Value;
                    else if (array[i] is string str) sum += Checksum(str);
                }
            }
            else if (graph is string s)
            {
                for (int i = 0; i < s.Length; i++) sum += s[i];
            }
            return sum;
        }

        private static long TreeSum(TreeNode n) => n == null ? 0 : n.Value + TreeSum(n.Left) + TreeSum(n.Right);
    }
}
