using System;
using System.Collections.Generic;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class CollectionChecks
    {
        private struct NamedPoint
        {
            public string Name;
            public int X;
            public double Weight;
        }

        // Default-order sorts of every primitive (compared by their own CompareTo), beside the same through a comparer,
        // spans, ranges and lists: long enough to reach the quicksort and, for one, the heapsort fallback.
        private static void Sorting()
        {
            uint seed = 12345;
            uint Next() => seed = seed * 1103515245 + 12345;
            var ints = new int[1000];
            for (int i = 0; i < ints.Length; i++) ints[i] = (int)Next();
            var viaComparer = (int[])ints.Clone();
            Array.Sort(ints);
            Array.Sort(viaComparer, Comparer<int>.Create((a, b) => a.CompareTo(b)));
            Line("sort-int-1000", Summary(ints) + " same-as-comparer " + ints.AsSpan().SequenceEqual(viaComparer));
            var doubles = new[] { 3.5, double.NaN, -1, double.NegativeInfinity, 2, double.NaN, double.PositiveInfinity, double.MinValue, 1e-300, -7.25 };
            Array.Sort(doubles);
            Line("sort-double-nan", string.Join(" ", doubles));
            var floats = new[] { 2.5f, float.NaN, -0.5f, float.MaxValue, float.NegativeInfinity, 1f };
            floats.AsSpan().Sort();
            Line("sort-float-span", string.Join(" ", floats));
            var longs = new long[300];
            for (int i = 0; i < longs.Length; i++) longs[i] = ((long)Next() << 32) | Next();
            longs[7] = long.MinValue;
            longs[8] = long.MaxValue;
            Array.Sort(longs);
            Line("sort-long", longs[0] + " " + longs[1] + " " + longs[299] + " " + IsSorted(longs));
            var ulongs = new ulong[200];
            for (int i = 0; i < ulongs.Length; i++) ulongs[i] = ((ulong)Next() << 32) | Next();
            var ulongList = new List<ulong>(ulongs);
            ulongList.Sort();
            Line("sort-ulong-list", ulongList[0] + " " + ulongList[199] + " " + IsSorted(ulongList.ToArray()));
            var shorts = new short[100];
            var bytes = new byte[100];
            var sbytes = new sbyte[100];
            var chars = new char[100];
            var ushorts = new ushort[100];
            var uints = new uint[100];
            for (int i = 0; i < 100; i++)
            {
                uint r = Next();
                shorts[i] = (short)r;
                bytes[i] = (byte)(r >> 8);
                sbytes[i] = (sbyte)(r >> 16);
                chars[i] = (char)('a' + (r >> 24) % 26);
                ushorts[i] = (ushort)(r >> 3);
                uints[i] = r;
            }
            Array.Sort(shorts);
            Array.Sort(bytes);
            Array.Sort(sbytes);
            Array.Sort(chars);
            ushorts.AsSpan(10, 80).Sort();
            Array.Sort(uints, 20, 60);
            Line("sort-small-types", shorts[0] + " " + shorts[99] + " " + bytes[0] + " " + bytes[99] + " " + sbytes[0] + " " + sbytes[99] + " " + new string(chars, 0, 12));
            Line("sort-ranges", ushorts[9] + " " + ushorts[10] + " " + ushorts[89] + " " + ushorts[90] + " " + uints[19] + " " + uints[20] + " " + uints[79] + " " + uints[80]);
            // Already sorted, reversed and all-equal inputs: the median-of-three and heapsort paths.
            var ascending = new int[500];
            var descending = new int[500];
            var equal = new int[500];
            for (int i = 0; i < 500; i++)
            {
                ascending[i] = i;
                descending[i] = 500 - i;
                equal[i] = 42;
            }
            Array.Sort(ascending);
            Array.Sort(descending);
            Array.Sort(equal);
            Line("sort-shapes", IsSorted(ascending) + " " + IsSorted(descending) + " " + descending[0] + " " + descending[499] + " " + IsSorted(equal));
            // Equal keys under a comparer: the sort is not stable, so the order they end in is the algorithm's own.
            var tagged = new KeyValuePair<int, int>[300];
            for (int i = 0; i < tagged.Length; i++) tagged[i] = new KeyValuePair<int, int>((int)(Next() % 7), i);
            var taggedSpan = (KeyValuePair<int, int>[])tagged.Clone();
            Comparison<KeyValuePair<int, int>> byKey = (a, b) => a.Key.CompareTo(b.Key);
            Array.Sort(tagged, byKey);
            taggedSpan.AsSpan().Sort(byKey);
            long order = 0;
            foreach (KeyValuePair<int, int> pair in tagged) order = order * 31 + pair.Value;
            Line("sort-unstable-order", order + " " + tagged[0].Value + " " + tagged[150].Value + " " + tagged[299].Value + " span-same " + tagged.AsSpan().SequenceEqual(taggedSpan));
            var enums = new[] { DayOfWeek.Friday, DayOfWeek.Monday, DayOfWeek.Sunday, DayOfWeek.Wednesday };
            Array.Sort(enums);
            Line("sort-enum", string.Join(" ", enums));
        }

        private static string Summary(int[] sorted)
        {
            long hash = 17;
            foreach (int v in sorted) hash = hash * 31 + v;
            return sorted[0] + " " + sorted[sorted.Length / 2] + " " + sorted[^1] + " " + hash + " " + IsSorted(sorted);
        }

        private static bool IsSorted<T>(T[] items) where T : IComparable<T>
        {
            for (int i = 1; i < items.Length; i++)
                if (items[i - 1].CompareTo(items[i]) > 0) return false;
            return true;
        }

        // CollectionExtensions: the dictionary helpers through the interfaces, on every dictionary type.
        private static void Extensions()
        {
            var sorted = new SortedDictionary<string, int> { ["b"] = 2, ["a"] = 1 };
            Line("ext-sorted-getvalueordefault", sorted.GetValueOrDefault("a") + " " + sorted.GetValueOrDefault("z") + " " + sorted.GetValueOrDefault("z", -1));
            Line("ext-sorted-tryadd", sorted.TryAdd("c", 3) + " " + sorted.TryAdd("a", 9) + " " + string.Join(",", sorted));
            Line("ext-sorted-remove-out", sorted.Remove("b", out int removed) + " " + removed + " " + sorted.Remove("q", out int missing) + " " + missing + " " + sorted.Count);
            var sortedList = new SortedList<int, string> { [3] = "three" };
            Line("ext-sortedlist-tryadd", sortedList.TryAdd(1, "one") + " " + sortedList.TryAdd(3, "x") + " " + string.Join(",", sortedList.Values));
            IReadOnlyDictionary<string, int> readOnly = new Dictionary<string, int> { ["k"] = 7 };
            Line("ext-readonly-interface", readOnly.GetValueOrDefault("k") + " " + readOnly.GetValueOrDefault("none", 42));
            IDictionary<string, int> plain = new Dictionary<string, int>();
            var view = plain.AsReadOnly();
            plain["x"] = 1;
            Line("ext-asreadonly-dictionary", view.Count + " " + view["x"] + " " + Throws(() => ((IDictionary<string, int>)view).Add("y", 2)));
            IList<string> names = new[] { "ann", "bo" };
            Line("ext-asreadonly-list", names.AsReadOnly().Count);
            var numbers = new List<int> { 1 };
            numbers.AddRange(new[] { 2, 3 }.AsSpan());
            ReadOnlySpan<int> more = new[] { 9, 8 };   // constant data: C# emits RuntimeHelpers.CreateSpan
            numbers.InsertRange(1, more);
            int[] copy = new int[6];
            numbers.CopyTo(copy.AsSpan());
            Line("ext-list-spans", string.Join(",", numbers) + " | " + string.Join(",", copy));
            Line("ext-list-copyto-short", Throws(() => numbers.CopyTo(new int[2].AsSpan())));
            Line("ext-null-dictionary", Throws(() => ((IReadOnlyDictionary<int, int>)null).GetValueOrDefault(1)));
        }

        /// <summary>Array.Copy and CopyTo over System.Array: same types, reference types both ways, ranks, bad arguments.</summary>
        private static void ArrayCopies()
        {
            int[] numbers = { 1, 2, 3, 4, 5 };
            int[] target = new int[7];
            numbers.CopyTo(target, 2);
            Line("array-copyto", target);
            Array.Copy((Array)numbers, 1, target, 0, 3);
            Line("array-copy-untyped", target);
            Array.Copy(numbers, 0, numbers, 1, 4);
            Line("array-copy-overlap", numbers);
            object[] boxes = new object[3];
            new[] { "a", "b" }.CopyTo(boxes, 1);
            Line("array-copy-upcast", boxes);
            string[] strings = new string[2];
            Array.Copy(new object[] { "x", "y" }, strings, 2);
            Line("array-copy-downcast", strings);
            string[] guarded = new string[3];
            Line("array-copy-downcast-bad", Throws(() => Array.Copy(new object[] { "ok", 42, "late" }, guarded, 3)) + " [" + (guarded[0] ?? "null") + "," + (guarded[1] ?? "null") + "]");
            int[,] grid = { { 1, 2 }, { 3, 4 } };
            int[,] grid2 = new int[2, 2];
            Array.Copy(grid, grid2, 4);
            Line("array-copy-2d", grid2[1, 0] + " " + grid2[1, 1]);
            Line("array-copy-errors", Throws(() => numbers.CopyTo(new int[3], 0)) + " | " + Throws(() => Array.Copy(numbers, -1, target, 0, 1))
                + " | " + Throws(() => Array.Copy(grid, numbers, 1)) + " | " + Throws(() => numbers.CopyTo(grid2, 0)) + " | " + Throws(() => numbers.CopyTo(null, 0)));
        }

        public static void Run()
        {
            Extensions();
            ArrayCopies();
            Sorting();
            var list = new List<int> { 5, 3, 8, 1 };
            list.Add(7);
            list.Insert(0, 9);
            Line("list", list);
            Line("list-count", list.Count);
            list.Sort();
            Line("list-sorted", list);
            Line("list-binarysearch", list.BinarySearch(7));
            Line("list-binarysearch-missing", list.BinarySearch(4));
            list.Sort((a, b) => b.CompareTo(a));
            Line("list-sorted-desc", list);
            list.Reverse();
            Line("list-reversed", list);
            Line("list-indexof", list.IndexOf(8));
            Line("list-contains", list.Contains(4));
            Line("list-find", list.Find(x => x > 4));
            Line("list-findall", list.FindAll(x => x % 2 == 1));
            Line("list-removeall", list.RemoveAll(x => x > 7));
            Line("list-after-removeall", list);
            Line("list-getrange", list.GetRange(1, 2));
            Line("list-convertall", list.ConvertAll(x => "n" + x));
            Line("list-exists", list.Exists(x => x == 3));
            Line("list-trueforall", list.TrueForAll(x => x > 0));
            Line("list-last", list[^1]);
            int[] array = { 4, 2, 9, 1 };
            Array.Sort(array);
            Line("array-sort", array);
            Line("array-binarysearch", Array.BinarySearch(array, 4));
            Line("array-indexof", Array.IndexOf(array, 9));
            Array.Reverse(array);
            Line("array-reverse", array);
            Line("array-slice", array[1..3]);
            Line("array-exists", Array.Exists(array, x => x > 8));
            Line("array-find", Array.Find(array, x => x < 3));
            Line("array-findindex", Array.FindIndex(array, x => x == 2));
            Line("array-trueforall", Array.TrueForAll(array, x => x > 0));
            int[] copy = new int[6];
            Array.Copy(array, 0, copy, 2, 4);
            Line("array-copy", copy);
            Line("array-resize", ResizeTo(array, 6));

            var dict = new Dictionary<string, int> { ["one"] = 1, ["two"] = 2 };
            dict["three"] = 3;
            dict.Remove("one");
            dict.Add("four", 4);
            Line("dict", dict);
            Line("dict-keys", dict.Keys);
            Line("dict-values", dict.Values);
            Line("dict-trygetvalue", dict.TryGetValue("two", out int two) ? two : -1);
            Line("dict-getvalueordefault", dict.GetValueOrDefault("zero", -5));
            Line("dict-missing-key", Throws(() => { int unused = dict["zero"]; }));
            Line("dict-duplicate-key", Throws(() => dict.Add("two", 22)));
            Line("kvp", new KeyValuePair<string, int>("k", 9));

            // Struct keys with reference fields compare by value (ValueType.Equals).
            var byPoint = new Dictionary<NamedPoint, string>();
            byPoint[new NamedPoint { Name = "origin", X = 0, Weight = 0.0 }] = "o";
            string name = new string(new[] { 'o', 'r', 'i', 'g', 'i', 'n' });
            Line("struct-key-found", byPoint.ContainsKey(new NamedPoint { Name = name, X = 0, Weight = -0.0 }));
            Line("struct-equals", new NamedPoint { Name = "a", X = 1 }.Equals(new NamedPoint { Name = new string('a', 1), X = 1 }));
            Line("struct-not-equals", new NamedPoint { Name = "a", X = 1 }.Equals(new NamedPoint { Name = "a", X = 2 }));
            Line("struct-hash-equal", new NamedPoint { Name = "a", X = 1 }.GetHashCode() == new NamedPoint { Name = new string('a', 1), X = 1 }.GetHashCode());

            var set = new HashSet<int> { 1, 2, 3, 4 };
            var other = new HashSet<int> { 3, 4, 5 };
            Line("set-overlaps", set.Overlaps(other));
            Line("set-subset", new HashSet<int> { 3, 4 }.IsSubsetOf(set));
            Line("set-superset", set.IsSupersetOf(new[] { 1, 2 }));
            Line("set-proper-subset", set.IsProperSubsetOf(set));
            set.SymmetricExceptWith(other);
            Line("set-symmetric-except", Sorted(set));
            set.UnionWith(new[] { 10, 1 });
            Line("set-union", Sorted(set));
            set.IntersectWith(new[] { 1, 2, 10, 99 });
            Line("set-intersect", Sorted(set));
            Line("set-add-duplicate", set.Add(1));

            var queue = new Queue<string>();
            queue.Enqueue("a");
            queue.Enqueue("b");
            Line("queue-peek", queue.Peek());
            Line("queue-dequeue", queue.Dequeue());
            Line("queue-count", queue.Count);
            var stack = new Stack<int>(new[] { 1, 2, 3 });
            Line("stack-pop", stack.Pop());
            Line("stack", stack);
            Line("stack-empty-pop", Throws(() => new Stack<int>().Pop()));

            var sorted = new SortedDictionary<string, int> { ["pear"] = 3, ["apple"] = 1, ["fig"] = 2 };
            Line("sorteddict", sorted);
            Line("sorteddict-keys", sorted.Keys);
            var sortedSet = new SortedSet<int> { 5, 1, 9, 3, 1 };
            Line("sortedset", sortedSet);
            Line("sortedset-min-max", sortedSet.Min + "," + sortedSet.Max);
            Line("sortedset-view", sortedSet.GetViewBetween(2, 6));
            var linked = new LinkedList<string>();
            linked.AddLast("b");
            linked.AddFirst("a");
            linked.AddLast("c");
            linked.AddAfter(linked.First, "a2");
            linked.Remove("b");
            Line("linkedlist", linked);
            Line("linkedlist-first-last", linked.First.Value + "," + linked.Last.Value);
            Line("linkedlist-count", linked.Count);
            var sortedList = new SortedList<int, string> { [3] = "c", [1] = "a", [2] = "b" };
            Line("sortedlist", sortedList);
            Line("sortedlist-indexofkey", sortedList.IndexOfKey(2));
        }

        private static int[] ResizeTo(int[] array, int size)
        {
            Array.Resize(ref array, size);
            return array;
        }

        private static List<int> Sorted(IEnumerable<int> items)
        {
            var list = new List<int>(items);
            list.Sort();
            return list;
        }
    }
}
