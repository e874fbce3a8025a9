using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Linq;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class MiscChecks
    {
        public static void Run()
        {
            var random = new Random(42);
            Line("random-next", Enumerable.Range(0, 5).Select(_ => random.Next()));
            Line("random-next-max", Enumerable.Range(0, 8).Select(_ => random.Next(100)));
            Line("random-next-range", Enumerable.Range(0, 8).Select(_ => random.Next(-50, 50)));
            Line("random-large-range", random.Next(int.MinValue, int.MaxValue));
            Line("random-double", random.NextDouble());
            byte[] bytes = new byte[6];
            random.NextBytes(bytes);
            Line("random-bytes", bytes);
            int[] deck = Enumerable.Range(1, 10).ToArray();
            new Random(7).Shuffle(deck);
            Line("random-shuffle", deck);
            Line("random-seed-zero", new Random(0).Next(1000));
            Line("random-seed-negative", new Random(-123).Next(1000));
            Line("random-unseeded-range", Enumerable.Range(0, 20).All(_ => Random.Shared.Next(10) is >= 0 and < 10));
            Line("tuple-create", Tuple.Create(1, "two"));
            Line("tuple-equals", Tuple.Create(1, "a").Equals(Tuple.Create(1, "a")));
            Line("tuple3-items", Tuple.Create(1, 2.5, 'c').Item3);
            var lazy = new Lazy<List<int>>(() => new List<int> { 1, 2, 3 });
            Line("lazy-before", lazy.IsValueCreated);
            Line("lazy-value", lazy.Value.Count + " " + lazy.IsValueCreated);
            var list = new List<string> { "a", "b" };
            ReadOnlyCollection<string> view = list.AsReadOnly();
            list.Add("c");
            Line("readonly-view", view);
            Line("readonly-mutate", Throws(() => ((IList<string>)view).Add("d")));
            var original = new Dictionary<string, int> { ["x"] = 1, ["y"] = 2 };
            var copy = new Dictionary<string, int>(original) { ["z"] = 3 };
            Line("dictionary-copy", copy.Count + " " + original.Count);
            Line("hashcode-combine", HashCode.Combine(1, "a") == HashCode.Combine(1, "a"));
            var h = new HashCode();
            h.Add(42);
            h.Add("x");
            Line("hashcode-add", h.ToHashCode() == HashCode.Combine(42, "x"));
            Line("console-readline", Console.ReadLine() ?? "(end of input)");
            Line("environment-newline", Environment.NewLine == "\n");
            Line("gc-collect", CollectAndCount());
        }

        private static string CollectAndCount()
        {
            var keep = new List<int[]>();
            for (int i = 0; i < 1000; i++) keep.Add(new int[16]);
            GC.Collect();
            return keep.Count + " arrays kept";
        }
    }
}
