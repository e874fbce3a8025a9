using System;
using System.Collections;
using System.Collections.Generic;

namespace Sing.Kernel.Tests
{
    /// <summary>The corelib's collections: List, Dictionary, HashSet, Queue, Stack, BitArray, comparers, sorting.</summary>
    internal static class CollectionTests
    {
        private sealed class Point : IEquatable<Point>
        {
            public int X, Y;
            public bool Equals(Point other) => other != null && other.X == X && other.Y == Y;
            public override bool Equals(object obj) => Equals(obj as Point);
            public override int GetHashCode() => X * 31 + Y;
        }

        private readonly struct Key : IEquatable<Key>
        {
            public readonly int A, B;
            public Key(int a, int b) { A = a; B = b; }
            public bool Equals(Key other) => A == other.A && B == other.B;
            public override int GetHashCode() => A ^ (B << 8);
        }

        private struct PlainPair
        {
            public int A;
            public long B;
        }

        private enum Color { Red, Green, Blue }

        /// <summary>Typed equality only: no Equals(object) override.</summary>
        private sealed class Tag : IEquatable<Tag>
        {
            public string Name;
            public bool Equals(Tag other) => other != null && other.Name == Name;
            public override int GetHashCode() => Name.GetHashCode();
        }

        private sealed class Person : IComparable<Person>
        {
            public string Name;
            public int Age;
            public int CompareTo(Person other) => Age - other.Age;
        }

        public static void ListBasics(TestContext t)
        {
            var list = new List<int>();
            for (int i = 0; i < 100; i++) list.Add(i * 2);
            t.Equal(100, (ulong)list.Count, "count after adds");
            t.Equal(198, (ulong)list[99], "indexer");
            t.True(list.Contains(50) && !list.Contains(51), "Contains uses value equality");
            t.Equal(25, (ulong)list.IndexOf(50), "IndexOf");
            list.Insert(0, -1);
            t.Equal(unchecked((ulong)-1L), (ulong)(long)list[0], "Insert at the front");
            list.RemoveAt(0);
            t.True(list.Remove(198) && !list.Remove(198), "Remove returns whether it found the item");
            t.Equal(99, (ulong)list.Count, "count after removes");
            int removed = list.RemoveAll(x => x % 4 == 0);
            t.Equal(50, (ulong)removed, "RemoveAll count");
            t.Equal(2, (ulong)list[0], "RemoveAll keeps order");
            list[0] = 7;
            t.Equal(7, (ulong)list[0], "indexer set");
            int[] array = list.ToArray();
            t.Equal(49, (ulong)array.Length, "ToArray length");
            list.Clear();
            t.Equal(0, (ulong)list.Count, "Clear");

            var words = new List<string> { "alpha", "beta", "gamma" };
            t.True(words.Contains("be" + "ta"), "string list Contains compares by value");
            t.Equal(2, (ulong)words.IndexOf(string.Concat("gam", "ma")), "string IndexOf by value");
            t.Equal("beta", words.Find(w => w.StartsWith("b")), "Find with a predicate");
            var lengths = words.ConvertAll(w => w.Length);
            t.Equal(5 + 4 + 5, (ulong)(lengths[0] + lengths[1] + lengths[2]), "ConvertAll");
        }

        public static void ListForeachAndSort(TestContext t)
        {
            var list = new List<int> { 5, 3, 9, 1, 7 };
            int sum = 0;
            foreach (int x in list) sum += x;
            t.Equal(25, (ulong)sum, "foreach over a List (struct enumerator)");

            IEnumerable<int> sequence = list;
            int count = 0;
            foreach (int x in sequence) count++;
            t.Equal(5, (ulong)count, "foreach through IEnumerable<T>");

            list.Sort();
            t.True(list[0] == 1 && list[1] == 3 && list[2] == 5 && list[3] == 7 && list[4] == 9, "Sort() ascending with Comparer<int>.Default");
            list.Sort((a, b) => b - a);
            t.True(list[0] == 9 && list[4] == 1, "Sort(Comparison) descending");

            var big = new List<int>();
            uint seed = 12345;
            for (int i = 0; i < 1000; i++)
            {
                seed = seed * 1103515245 + 12345;
                big.Add((int)(seed >> 8) % 10000);
            }
            big.Sort();
            bool sorted = true;
            for (int i = 1; i < big.Count; i++) sorted &= big[i - 1] <= big[i];
            t.True(sorted, "introsort orders 1000 pseudo-random ints");

            var people = new List<Person> { new Person { Name = "c", Age = 30 }, new Person { Name = "a", Age = 10 }, new Person { Name = "b", Age = 20 } };
            people.Sort();
            t.Equal("abc", people[0].Name + people[1].Name + people[2].Name, "Sort() uses IComparable<T> of a reference type");
            people.Sort(Comparer<Person>.Create((x, y) => string.CompareOrdinal(y.Name, x.Name)));
            t.Equal("cba", people[0].Name + people[1].Name + people[2].Name, "Sort(IComparer) from Comparer.Create");

            var names = new List<string> { "pear", "apple", "fig" };
            names.Sort();
            t.Equal("apple,fig,pear", string.Join(",", names), "strings sort ordinally");
        }

        public static void DictionaryBasics(TestContext t)
        {
            var map = new Dictionary<int, string>();
            for (int i = 0; i < 500; i++) map.Add(i, i.ToString());
            t.Equal(500, (ulong)map.Count, "count after adds");
            t.Equal("123", map[123], "indexer get");
            t.True(map.ContainsKey(499) && !map.ContainsKey(500), "ContainsKey");
            t.True(map.TryGetValue(42, out string v) && v == "42", "TryGetValue hit");
            t.True(!map.TryGetValue(-1, out _), "TryGetValue miss");
            for (int i = 0; i < 500; i += 2) map.Remove(i);
            t.Equal(250, (ulong)map.Count, "count after removing evens");
            t.True(!map.ContainsKey(10) && map.ContainsKey(11), "removed keys are gone, others stay");
            for (int i = 0; i < 100; i += 2) map[i] = "again";
            t.Equal(300, (ulong)map.Count, "freed entries are reused");
            t.Equal("again", map[50], "re-added key");
            map[11] = "eleven";
            t.Equal("eleven", map[11], "indexer set overwrites");
            t.True(!map.TryAdd(11, "x"), "TryAdd refuses a duplicate");
            t.True(map.ContainsValue("eleven"), "ContainsValue");

            var byName = new Dictionary<string, int>();
            byName["one"] = 1;
            byName["two"] = 2;
            byName["three"] = 3;
            string key = string.Concat("th", "ree");
            t.Equal(3, (ulong)byName[key], "string keys hash and compare by value");
            int sum = 0, keyChars = 0;
            foreach (KeyValuePair<string, int> pair in byName)
            {
                sum += pair.Value;
                keyChars += pair.Key.Length;
            }
            t.Equal(6, (ulong)sum, "foreach over pairs");
            t.Equal(11, (ulong)keyChars, "pair keys");
            int valueSum = 0;
            foreach (int value in byName.Values) valueSum += value;
            t.Equal(6, (ulong)valueSum, "foreach over Values");
            int keyCount = 0;
            foreach (string k in byName.Keys) keyCount += k.Length > 0 ? 1 : 0;
            t.Equal(3, (ulong)keyCount, "foreach over Keys");
            byName.Clear();
            t.Equal(0, (ulong)byName.Count, "Clear");
        }

        public static void DictionaryKeyKinds(TestContext t)
        {
            var byKey = new Dictionary<Key, int>();
            byKey[new Key(1, 2)] = 12;
            byKey[new Key(3, 4)] = 34;
            t.Equal(34, (ulong)byKey[new Key(3, 4)], "IEquatable struct keys");

            var byPoint = new Dictionary<Point, string>();
            byPoint[new Point { X = 1, Y = 1 }] = "p";
            t.True(byPoint.ContainsKey(new Point { X = 1, Y = 1 }), "class keys with Equals/GetHashCode overrides");

            var byColor = new Dictionary<Color, int> { [Color.Red] = 1, [Color.Blue] = 3 };
            t.Equal(3, (ulong)byColor[Color.Blue], "enum keys");
            t.True(!byColor.ContainsKey(Color.Green), "missing enum key");

            var byPair = new Dictionary<PlainPair, int>();
            byPair[new PlainPair { A = 1, B = 2 }] = 5;
            t.True(byPair.ContainsKey(new PlainPair { A = 1, B = 2 }), "plain struct keys use ValueType.Equals/GetHashCode");
            t.True(!byPair.ContainsKey(new PlainPair { A = 1, B = 3 }), "plain struct keys differ by field");

            object o = new object();
            var byObject = new Dictionary<object, int> { [o] = 9 };
            t.True(byObject.ContainsKey(o) && !byObject.ContainsKey(new object()), "object keys by identity");
        }

        public static void EqualityComparers(TestContext t)
        {
            t.True(EqualityComparer<int>.Default.Equals(5, 5) && !EqualityComparer<int>.Default.Equals(5, 6), "int");
            t.True(EqualityComparer<string>.Default.Equals("ab", string.Concat("a", "b")), "string by value");
            t.True(EqualityComparer<string>.Default.Equals(null, null) && !EqualityComparer<string>.Default.Equals("a", null), "string nulls");
            t.True(EqualityComparer<Color>.Default.Equals(Color.Blue, Color.Blue) && !EqualityComparer<Color>.Default.Equals(Color.Red, Color.Blue), "enum");
            t.True(EqualityComparer<Key>.Default.Equals(new Key(1, 1), new Key(1, 1)), "IEquatable struct");
            t.True(EqualityComparer<Point>.Default.Equals(new Point { X = 2 }, new Point { X = 2 }), "IEquatable class");
            t.True(EqualityComparer<int?>.Default.Equals(null, null) && EqualityComparer<int?>.Default.Equals(3, 3) && !EqualityComparer<int?>.Default.Equals(3, null), "Nullable<int>");
            t.True(EqualityComparer<Tag>.Default.Equals(new Tag { Name = "n" }, new Tag { Name = "n" }), "IEquatable<T> without an Equals(object) override");
            t.True(new List<Tag> { new Tag { Name = "m" } }.Contains(new Tag { Name = "m" }), "List.Contains uses IEquatable<T>");
            object a = new object();
            t.True(EqualityComparer<object>.Default.Equals(a, a) && !EqualityComparer<object>.Default.Equals(a, new object()), "object identity");
            t.True(GenericEquals(7L, 7L) && !GenericEquals("x", "y") && GenericEquals(Color.Green, Color.Green), "through a shared generic method");
            t.True(Comparer<int>.Default.Compare(1, 2) < 0 && Comparer<int>.Default.Compare(2, 1) > 0, "int ordering");
            t.True(Comparer<string>.Default.Compare("a", "b") < 0, "string ordering");
            t.True(Comparer<Color>.Default.Compare(Color.Blue, Color.Red) > 0, "enum ordering");
            t.True(Comparer<uint>.Default.Compare(0x80000000u, 1u) > 0, "unsigned ordering");
        }

        private static bool GenericEquals<T>(T a, T b) => EqualityComparer<T>.Default.Equals(a, b);

        public static void SetQueueStack(TestContext t)
        {
            var set = new HashSet<string> { "a", "b" };
            t.True(set.Add("c") && !set.Add("a"), "Add reports duplicates");
            t.Equal(3, (ulong)set.Count, "set count");
            t.True(set.Contains("b") && set.Remove("b") && !set.Contains("b"), "Contains/Remove");
            int seen = 0;
            foreach (string s in set) seen += s.Length;
            t.Equal(2, (ulong)seen, "foreach over a HashSet");

            var queue = new Queue<int>();
            for (int i = 0; i < 10; i++) queue.Enqueue(i);
            t.Equal(0, (ulong)queue.Dequeue(), "FIFO order");
            for (int i = 10; i < 20; i++) queue.Enqueue(i);   // wraps around and grows
            t.Equal(19, (ulong)queue.Count, "queue count");
            t.Equal(1, (ulong)queue.Peek(), "Peek");
            int expected = 1;
            bool ordered = true;
            foreach (int x in queue) ordered &= x == expected++;
            t.True(ordered, "foreach over a Queue in FIFO order");
            while (queue.TryDequeue(out _)) { }
            t.Equal(0, (ulong)queue.Count, "drained");

            var stack = new Stack<string>();
            stack.Push("x");
            stack.Push("y");
            t.Equal("y", stack.Peek(), "Peek top");
            t.Equal("y", stack.Pop(), "LIFO order");
            t.Equal("x", stack.Pop(), "LIFO order 2");
            t.True(!stack.TryPop(out _), "empty stack");
        }

        public static void ArraysAsCollections(TestContext t)
        {
            int[] numbers = { 4, 5, 6 };
            var list = new List<int>(numbers);
            t.Equal(3, (ulong)list.Count, "List from an array (array as IEnumerable<T>)");
            IList<int> asList = numbers;
            t.Equal(5, (ulong)asList[1], "array as IList<T> indexer");
            t.Equal(2, (ulong)asList.IndexOf(6), "array as IList<T> IndexOf");
            IReadOnlyList<int> readOnly = numbers;
            t.Equal(3, (ulong)readOnly.Count, "array as IReadOnlyList<T>");
            object boxed = numbers;
            t.True(boxed is IEnumerable<int> && !(boxed is IEnumerable<string>), "casts of arrays to generic interfaces");
            string[] words = { "b", "a" };
            t.Equal("b-a", string.Join("-", (IEnumerable<string>)words), "string array as IEnumerable<string>");
            int total = 0;
            foreach (int n in (IEnumerable<int>)numbers) total += n;
            t.Equal(15, (ulong)total, "foreach over an array through IEnumerable<T>");
            Array.Sort(words);
            t.Equal("a", words[0], "Array.Sort");
            Array.Resize(ref numbers, 5);
            t.True(numbers.Length == 5 && numbers[2] == 6 && numbers[4] == 0, "Array.Resize");
        }

        public static void BitArrayOps(TestContext t)
        {
            var bits = new BitArray(130);
            bits[0] = true;
            bits[64] = true;
            bits[129] = true;
            t.True(bits[64] && !bits[63], "set/get across words");
            t.Equal(3, (ulong)bits.PopCount(), "PopCount");
            t.Equal(64, (ulong)bits.IndexOf(true, 1), "IndexOf(true) from an offset");
            t.Equal(1, (ulong)bits.IndexOf(false), "IndexOf(false)");
            bits.Not();
            t.Equal(127, (ulong)bits.PopCount(), "Not keeps bits past Length clear");
            var other = new BitArray(130, true);
            other.And(bits);
            t.Equal(127, (ulong)other.PopCount(), "And");
            bits.SetAll(false);
            t.Equal(unchecked((ulong)-1L), (ulong)(long)bits.IndexOf(true), "no set bit");
        }
    }
}
