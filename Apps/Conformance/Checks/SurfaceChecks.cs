using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>The range, capacity and overload forms of everyday members that programs reach for (List, Array,
    /// string searching, char at an index, dates, Task.WaitAsync), found missing by a census of the corelib's
    /// surface against .NET's reference assemblies.</summary>
    internal static class SurfaceChecks
    {
        private sealed record Person(string Name, int? Age, int TeamId);

        private static void Linq()
        {
            var people = new[] { new Person("ann", 30, 1), new Person("bob", null, 2), new Person("cid", 25, 9), new Person("DEE", 41, 1) };
            var teams = new[] { (Id: 1, Name: "red"), (Id: 2, Name: "blue"), (Id: 3, Name: "green") };
            Line("linq-leftjoin", string.Join(", ", people.LeftJoin(teams, p => p.TeamId, t => t.Id, (p, t) => p.Name + ":" + (t.Name ?? "none"))));
            Line("linq-rightjoin", string.Join(", ", people.RightJoin(teams, p => p.TeamId, t => t.Id, (p, t) => (p?.Name ?? "nobody") + ":" + t.Name)));
            Line("linq-join-comparer", string.Join(", ", new[] { "ANN", "dee" }.Join(people, n => n, p => p.Name, (n, p) => n + "=" + p.Age, StringComparer.OrdinalIgnoreCase)));
            Line("linq-groupjoin-comparer", string.Join(", ", new[] { "Ann" }.GroupJoin(people, n => n, p => p.Name, (n, ps) => n + ":" + ps.Count(), StringComparer.OrdinalIgnoreCase)));
            Line("linq-lookup-comparer", people.ToLookup(p => p.Name, StringComparer.OrdinalIgnoreCase)["dee"].Count() + " " + people.ToLookup(p => p.Name.Substring(0, 1), p => p.Age, StringComparer.OrdinalIgnoreCase)["D"].First());
            Line("linq-nullable-sum", people.Sum(p => p.Age) + " " + people.Average(p => p.Age) + " " + new int?[] { null }.Average().HasValue + " " + new double?[] { 1.5, null, 2 }.Sum() + " " + new decimal?[] { 1.1m, 2.2m }.Average());
            Line("linq-float-average", new[] { 1f, 2f, 4f }.Average() + " " + new float?[] { 1f, null }.Sum() + " " + people.LongCount(p => p.Age > 26));
            Line("linq-checked-nullable", Throws(() => new int?[] { int.MaxValue, 1 }.Sum()));
        }

        private static void Builders()
        {
            var sb = new System.Text.StringBuilder("one two one two", 64);
            sb.Replace("one", "1", 4, 11).Replace('t', 'T', 0, 5);
            Line("sb-replace-range", sb + " " + sb.Capacity + " " + sb.MaxCapacity);
            sb.Insert(0, "ab", 3).AppendJoin('|', new List<int> { 1, 2, 3 });
            char[] copy = new char[4];
            sb.CopyTo(2, copy, 1, 3);
            Line("sb-insert-join-copy", sb + " [" + new string(copy, 1, 3) + "] " + sb.Equals("ab".AsSpan()));
            var small = new System.Text.StringBuilder();
            small.Capacity = 5;
            small.Append("hello world");
            Line("sb-capacity", (small.Capacity >= 11 ? "grew " : "stuck ") + Throws(() => small.Capacity = 3));
            Line("sb-append-range", new System.Text.StringBuilder().Append(new System.Text.StringBuilder("abcdef"), 2, 3).ToString());
        }

        private static void Paths()
        {
            Line("path-combine4", System.IO.Path.Combine("/a", "b", "c", "d.txt") + " " + System.IO.Path.Join("a", "/b", "c", "d") + " " + System.IO.Path.GetPathRoot("/x/y") + "|" + System.IO.Path.GetPathRoot("x/y") + "|");
            Line("path-full", System.IO.Path.GetFullPath("/a/./b/../c/") + " " + System.IO.Path.GetFullPath("x/../y", "/base/dir") + " " + System.IO.Path.GetFullPath("/../..") + " " + System.IO.Path.IsPathFullyQualified("/q"));
            Line("path-relative", System.IO.Path.GetRelativePath("/a/b/c", "/a/d/e.txt") + " " + System.IO.Path.GetRelativePath("/a/b", "/a/b") + " " + System.IO.Path.GetRelativePath("/a", "/a/b/"));
            Line("path-random", System.IO.Path.GetRandomFileName().Length + " " + System.IO.Path.GetRandomFileName()[8]);
        }

        private static void LazyValues()
        {
            int runs = 0;
            var lazy = new Lazy<int>(() => ++runs * 10, LazyThreadSafetyMode.ExecutionAndPublication);
            var threads = new Thread[4];
            int total = 0;
            for (int i = 0; i < threads.Length; i++)
            {
                threads[i] = new Thread(() => Interlocked.Add(ref total, lazy.Value));
                threads[i].Start();
            }
            foreach (Thread thread in threads) thread.Join();
            Line("lazy-once", runs + " " + total + " " + lazy.IsValueCreated);
            int attempts = 0;
            var failing = new Lazy<string>(() => { attempts++; throw new InvalidOperationException("no value " + attempts); }, true);
            Line("lazy-failure-cached", Throws(() => _ = failing.Value) + " | " + Throws(() => _ = failing.Value) + " | " + attempts);
            var unsafeLazy = new Lazy<string>(() => "plain", false);
            Line("lazy-not-thread-safe", unsafeLazy.Value + " " + new Lazy<List<int>>(LazyThreadSafetyMode.PublicationOnly).Value.Count);
        }

        public static void Run()
        {
            var list = new List<int> { 5, 1, 4, 2, 3, 9, 7 };
            list.Sort(1, 4, null);
            Line("list-sort-range", list);
            list.Reverse(0, 3);
            Line("list-reverse-range", list);
            Line("list-find-ranges", list.FindIndex(2, x => x > 3) + " " + list.FindIndex(1, 2, x => x == 9) + " " + list.FindLastIndex(4, x => x < 4) + " " + list.FindLastIndex(6, 3, x => x > 100));
            var copy = new int[10];
            list.CopyTo(1, copy, 2, 3);
            Line("list-copyto-range", copy);
            Line("list-capacity", new List<int>().EnsureCapacity(10) + " " + Throws(() => list.Sort(5, 5, null)));
            var trimmed = new List<int>(100) { 1, 2 };
            trimmed.TrimExcess();
            Line("list-trim", trimmed.Capacity);

            int[] numbers = { 3, 1, 4, 1, 5, 9, 2, 6 };
            Array.Sort(numbers, 2, 4);
            Line("array-sort-range", numbers);
            Array.Reverse(numbers, 1, 3);
            Line("array-reverse-range", numbers);
            Line("array-indexof-range", Array.IndexOf(numbers, 1, 3) + " " + Array.IndexOf(numbers, 1, 0, 2) + " " + Array.LastIndexOf(numbers, 1, 4) + " " + Array.LastIndexOf(numbers, 6, 7, 2));
            Line("array-find-last", Array.FindLast(numbers, n => n < 4) + " " + Array.FindLastIndex(numbers, n => n > 5) + " " + Array.FindIndex(numbers, 3, n => n == 9) + " " + Array.FindLastIndex(numbers, 5, 3, n => n == 1));
            Array.Fill(numbers, 0, 6, 2);
            Line("array-fill-range", numbers);
            Array.Clear(numbers, 0, 2);
            Line("array-clear", numbers);
            string[] words = { "a", "b", "c" };
            Array.Clear(words);
            Line("array-clear-all", words.Length + " " + (words[0] == null));
            Line("array-clear-bad", Throws(() => Array.Clear(numbers, 7, 5)));
            Line("array-long", numbers.LongLength + " " + Array.AsReadOnly(new[] { 1, 2 }).Count + " " + Array.BinarySearch(new[] { 1, 3, 5, 7 }, 1, 3, 5));

            string text = "The cat sat on the mat; the end.";
            Line("string-indexof-range", text.IndexOf('t', 5, 10) + " " + text.IndexOf("at", 10, 20) + " " + text.IndexOf("THE", 1, 25, StringComparison.OrdinalIgnoreCase) + " " + text.IndexOfAny(new[] { 'm', 'o' }, 12));
            Line("string-lastindexof", text.LastIndexOf('a', 20) + " " + text.LastIndexOf('t', 10, 5) + " " + text.LastIndexOf("the", StringComparison.OrdinalIgnoreCase) + " " + text.LastIndexOf("at", 15) + " " + text.LastIndexOfAny(new[] { 'c', 'h' }));
            Line("string-range-bad", Throws(() => text.IndexOf('x', 30, 10)));
            Line("string-line-endings", "a\r\nb\rc\nd\u2028e".ReplaceLineEndings("|") + " " + "x\ny".ReplaceLineEndings().Length);
            Span<char> chars = stackalloc char[8];
            Line("string-copyto-span", "hello".TryCopyTo(chars) + " " + new string(chars.Slice(0, 5)) + " " + "too long!".TryCopyTo(chars));
            string emoji = "a😀b";
            Line("char-string-index", char.IsSurrogatePair(emoji, 1) + " " + char.IsSurrogatePair(emoji, 2) + " " + char.IsHighSurrogate(emoji, 1) + " " + char.IsLowSurrogate(emoji, 2) + " " + char.IsSurrogatePair(emoji, 3));

            Line("datetime-tryparse-provider", DateTime.TryParse("2024-03-15 10:20:30", CultureInfo.InvariantCulture, out DateTime parsed) + " " + parsed.ToString("s") + " " + DateTime.TryParse("nope", CultureInfo.InvariantCulture, out _));
            DateTime precise = new DateTime(2024, 1, 1).AddTicks(1234567).AddMicroseconds(3);
            Line("datetime-micro", precise.Millisecond + " " + precise.Microsecond + " " + precise.Nanosecond);
            TimeSpan span = TimeSpan.FromMicroseconds(1500.5);
            Line("timespan-micro", span.Milliseconds + " " + span.Microseconds + " " + span.Nanoseconds + " " + span.TotalMicroseconds + " " + TimeSpan.FromTicks(7).TotalNanoseconds);

            Line("task-waitasync", Task.FromResult(42).WaitAsync(TimeSpan.FromSeconds(5)).Result + " "
                + Throws(() => new TaskCompletionSource<int>().Task.WaitAsync(TimeSpan.FromMilliseconds(20)).GetAwaiter().GetResult())
                + " | " + Throws(() => new TaskCompletionSource().Task.WaitAsync(new CancellationToken(true)).GetAwaiter().GetResult()));

            var set = new HashSet<string>(10, StringComparer.OrdinalIgnoreCase) { "A", "b", "a" };
            string[] setItems = new string[4];
            set.CopyTo(setItems, 1, 1);
            Line("hashset-capacity", set.Count + " " + (set.EnsureCapacity(50) >= 50) + " " + (setItems[1] ?? "null") + " " + (setItems[2] ?? "null"));
            var stack = new Stack<int>(new[] { 1, 2, 3 });
            var queue = new Queue<int>(new[] { 1, 2, 3 });
            int[] stackItems = new int[4], queueItems = new int[4];
            stack.CopyTo(stackItems, 1);
            queue.CopyTo(queueItems, 0);
            Line("stack-queue-copyto", stackItems);
            Line("queue-copyto", queueItems);
            Linq();
            LazyValues();
            Builders();
            Paths();
            Environment.SetEnvironmentVariable("SING_CONFORMANCE", "on");
            Line("environment-variables", Environment.GetEnvironmentVariable("SING_CONFORMANCE") + " " + Environment.ExpandEnvironmentVariables("[%SING_CONFORMANCE%] [%SING_NOT_SET%]")
                + " " + (Environment.GetEnvironmentVariables()["SING_CONFORMANCE"] ?? "absent") + " " + Throws(() => Environment.SetEnvironmentVariable("A=B", "x")));
            Environment.SetEnvironmentVariable("SING_CONFORMANCE", null);
            Line("environment-unset", Environment.GetEnvironmentVariable("SING_CONFORMANCE") == null);
            var g1 = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
            var g2 = Guid.ParseExact("{7c9e6679-7425-40de-944b-e07fc1f90ae7}", "B");
            Line("guid-forms", g1.ToString("X") + " " + Guid.TryParseExact("7c9e6679742540de944be07fc1f90ae7", "D", out _) + " " + Guid.Parse("(7c9e6679-7425-40de-944b-e07fc1f90ae7)", CultureInfo.InvariantCulture).Equals(g2));
            Line("guid-order", (g1 < g2) + " " + (g2 >= g1) + " " + g1.Version + " " + g1.Variant + " " + Guid.NewGuid().Version + " " + Guid.CreateVersion7(new DateTimeOffset(2030, 5, 6, 7, 8, 9, TimeSpan.Zero)).Version + " " + Guid.AllBitsSet);
            Line("guid-version7-time", Guid.CreateVersion7(new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.Zero)).ToString().Substring(0, 13));
            uint u = 5;
            ulong big = ulong.MaxValue - 1;
            double total = 1.5;
            Line("interlocked-widths", Interlocked.Increment(ref u) + " " + Interlocked.Decrement(ref big) + " " + Interlocked.Add(ref u, 10u) + " " + Interlocked.Exchange(ref total, 2.25)
                + " " + Interlocked.CompareExchange(ref total, 3.0, 2.25) + " " + total + " " + Interlocked.And(ref u, 3u) + " " + u + " " + Interlocked.Or(ref big, 1ul) + " " + Interlocked.Read(ref big));
            Line("bitconverter-forms", BitConverter.ToString(new byte[] { 1, 0xAB, 0xFF, 0x10 }, 1) + " " + (int)BitConverter.ToChar(new byte[] { 0x41, 0x00 }, 0) + " " + Throws(() => BitConverter.ToString(new byte[2], 3)));
            var dictionary = new Dictionary<string, int> { ["x"] = 1 };
            Line("dictionary-ensure", (dictionary.EnsureCapacity(100) >= 100) + " " + dictionary["x"] + " " + dictionary.Count);
        }
    }
}
