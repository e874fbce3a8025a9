using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Sing.Conformance
{
    /// <summary>APIs ordinary programs reach for beside the big areas: PriorityQueue (its dequeue order for equal
    /// priorities too), tuples of five to nine elements, DateTime/DateTimeOffset.ParseExact, BitConverter's span forms,
    /// the three-way Zip, format items with alignment.</summary>
    internal static class EverydayChecks
    {
        public static void Run()
        {
            PriorityQueues();
            Tuples();
            ParseExact();
            Odds();
        }

        private static void PriorityQueues()
        {
            var pq = new PriorityQueue<string, int>();
            foreach ((string name, int priority) in new[] { ("e", 5), ("a", 1), ("c", 3), ("b1", 2), ("b2", 2), ("b3", 2), ("d", 4), ("a2", 1), ("z", 0), ("b4", 2) })
                pq.Enqueue(name, priority);
            Check.Line("pq.count", pq.Count);
            Check.Line("pq.peek", pq.Peek());
            var order = new List<string>();
            while (pq.TryDequeue(out string item, out int p)) order.Add(item + ":" + p.ToString());
            Check.Line("pq.order", order);
            var ties = new PriorityQueue<int, int>();
            for (int i = 0; i < 20; i++) ties.Enqueue(i, i % 3);
            var tieOrder = new List<int>();
            while (ties.Count > 0) tieOrder.Add(ties.Dequeue());
            Check.Line("pq.ties", tieOrder);
            var built = new PriorityQueue<string, int>(new[] { ("x", 3), ("y", 1), ("w", 3), ("v", 1), ("u", 2) });
            Check.Line("pq.built", string.Join(",", Enumerable.Range(0, 5).Select(_ => built.Dequeue())));
            var reverse = new PriorityQueue<string, int>(Comparer<int>.Create((a, b) => b.CompareTo(a)));
            reverse.EnqueueRange(new[] { "a", "b" }, 1);
            reverse.Enqueue("top", 9);
            Check.Line("pq.comparer", reverse.Dequeue());
            var swap = new PriorityQueue<string, int>();
            swap.Enqueue("one", 1);
            swap.Enqueue("three", 3);
            Check.Line("pq.enqueue-dequeue", swap.EnqueueDequeue("zero", 0) + "," + swap.EnqueueDequeue("two", 2));
            Check.Line("pq.dequeue-enqueue", swap.DequeueEnqueue("five", 5) + "," + swap.Peek());
            Check.Line("pq.unordered-count", swap.UnorderedItems.Count);
            try
            {
                new PriorityQueue<int, int>().Dequeue();
            }
            catch (InvalidOperationException e)
            {
                Check.Line("pq.empty", e.Message);
            }
        }

        private static void Tuples()
        {
            var five = (1, "two", 3.5, 'c', true);
            Check.Line("tuple5", five);
            Check.Line("tuple5.item5", five.Item5);
            var seven = (1, 2, 3, 4, 5, 6, 7);
            Check.Line("tuple7", seven);
            var nine = (1, 2, 3, 4, 5, 6, 7, 8, "nine");
            Check.Line("tuple9", nine);
            Check.Line("tuple9.item9", nine.Item9);
            Check.Line("tuple9.equals", nine.Equals((1, 2, 3, 4, 5, 6, 7, 8, "nine")));
            Check.Line("tuple9.notequal", nine == (1, 2, 3, 4, 5, 6, 7, 8, "NINE"));
            Check.Line("tuple6.compare", (1, 2, 3, 4, 5, 6).CompareTo((1, 2, 3, 4, 5, 7)));
            Check.Line("tuple8.compare", (1, 2, 3, 4, 5, 6, 7, 9).CompareTo((1, 2, 3, 4, 5, 6, 7, 8)));
            var (a, b, c, d, e, f) = (10, 20, 30, 40, 50, 60);
            Check.Line("tuple6.deconstruct", a + b + c + d + e + f);
            Check.Line("tuple1", ValueTuple.Create(42));
            Check.Line("tuple.create5", Tuple.Create(1, "b", 3, "d", 5.5));
            Check.Line("tuple.create7.item7", Tuple.Create(1, 2, 3, 4, 5, 6, "seven").Item7);
            Check.Line("tuple.equals4", Tuple.Create(1, 2, 3, 4).Equals(Tuple.Create(1, 2, 3, 4)));
            var byKey = new Dictionary<(int, int, int, int, int), string> { [(1, 2, 3, 4, 5)] = "found" };
            Check.Line("tuple5.key", byKey[(1, 2, 3, 4, 5)]);
            var sorted = new List<(int, string, int, int, int)> { (2, "b", 0, 0, 0), (1, "z", 0, 0, 0), (1, "a", 0, 0, 1) };
            sorted.Sort();
            Check.Line("tuple5.sort", sorted);
        }

        private static void ParseExact()
        {
            CultureInfo inv = CultureInfo.InvariantCulture;
            Check.Line("exact.date", DateTime.ParseExact("2024-01-02", "yyyy-MM-dd", inv).ToString("o"));
            Check.Line("exact.dayofweek", DateTime.ParseExact("2024-01-02", "yyyy-MM-dd", inv).DayOfWeek);
            Check.Line("exact.datetime", DateTime.ParseExact("02/03/2024 14:05:06", "dd/MM/yyyy HH:mm:ss", inv).ToString("o"));
            Check.Line("exact.12h", DateTime.ParseExact("3/7/2023 9:05 PM", "M/d/yyyy h:mm tt", inv).ToString("o"));
            Check.Line("exact.names", DateTime.ParseExact("Tuesday, 02 January 2024", "dddd, dd MMMM yyyy", inv).ToString("d", inv));
            Check.Line("exact.abbrev", DateTime.ParseExact("02-jan-24", "dd-MMM-yy", inv).ToString("o"));
            Check.Line("exact.fraction", DateTime.ParseExact("2024-01-02 03:04:05.123", "yyyy-MM-dd HH:mm:ss.fff", inv).Ticks);
            Check.Line("exact.F", DateTime.ParseExact("12:00:00.5", "HH:mm:ss.FFF", inv, DateTimeStyles.NoCurrentDateDefault).Ticks);
            Check.Line("exact.compact", DateTime.ParseExact("20240102T030405", "yyyyMMdd'T'HHmmss", inv).ToString("s"));
            DateTime zulu = DateTime.ParseExact("2024-01-02T03:04:05Z", "yyyy-MM-dd'T'HH:mm:ssK", inv, DateTimeStyles.RoundtripKind);
            Check.Line("exact.roundtrip-kind", zulu.Kind + " " + zulu.ToString("o"));
            DateTime adjusted = DateTime.ParseExact("2024-01-02 03:04 +02:00", "yyyy-MM-dd HH:mm zzz", inv, DateTimeStyles.AdjustToUniversal);
            Check.Line("exact.adjust", adjusted.Kind + " " + adjusted.ToString("s"));
            Check.Line("exact.o", DateTime.ParseExact("2024-05-06T07:08:09.1234567", "o", inv).Ticks);
            Check.Line("exact.formats", DateTime.ParseExact("6.5.2024", new[] { "yyyy-MM-dd", "d.M.yyyy" }, inv, DateTimeStyles.None).ToString("d", inv));
            Check.Line("exact.whitespace", DateTime.ParseExact("  2024-01-02 ", "yyyy-MM-dd", inv, DateTimeStyles.AllowWhiteSpaces).ToString("d", inv));
            Check.Line("exact.unspecified", DateTime.ParseExact("2024-01-02", "yyyy-MM-dd", inv).Kind);
            foreach ((string text, string format) in new[] { ("2024-13-01", "yyyy-MM-dd"), ("2024-1-02", "yyyy-MM-dd"), ("2024-01-02 ", "yyyy-MM-dd"),
                ("Monday, 02 January 2024", "dddd, dd MMMM yyyy"), ("2023-02-29", "yyyy-MM-dd"), ("24:00", "HH:mm") })
            {
                Check.Line("exact.try " + text, DateTime.TryParseExact(text, format, inv, DateTimeStyles.None, out DateTime r) ? r.ToString("o") : "false");
            }
            try
            {
                DateTime.ParseExact("not a date", "yyyy-MM-dd", inv);
            }
            catch (FormatException e)
            {
                Check.Line("exact.error", e.Message);
            }
            try
            {
                DateTime.ParseExact("2024", "", inv);
            }
            catch (FormatException e)
            {
                Check.Line("exact.empty-format", e.Message);
            }
            DateTimeOffset offset = DateTimeOffset.ParseExact("2024-01-02 03:04:05 -05:30", "yyyy-MM-dd HH:mm:ss zzz", inv);
            Check.Line("exact.offset", offset.ToString("o") + " " + offset.UtcDateTime.ToString("o"));
        }

        private static void Odds()
        {
            Check.Line("bits.int", BitConverter.ToInt32(BitConverter.GetBytes(42)));
            Check.Line("bits.long", BitConverter.ToInt64(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9 }.AsSpan(1)));
            Check.Line("bits.double", BitConverter.ToDouble(BitConverter.GetBytes(2.5)));
            Span<byte> buffer = stackalloc byte[4];
            Check.Line("bits.write", BitConverter.TryWriteBytes(buffer, 0x01020304) + " " + buffer[0] + " " + BitConverter.TryWriteBytes(buffer.Slice(1), 1L));
            try
            {
                BitConverter.ToInt32(new byte[] { 1, 2 });
            }
            catch (ArgumentOutOfRangeException e)
            {
                Check.Line("bits.short", e.GetType().Name);
            }
            Check.Line("zip3", new[] { 1, 2, 3 }.Zip(new[] { "a", "b" }, new[] { true, false, true }));
            var sb = new StringBuilder();
            sb.AppendFormat("[{0,-6}|{1,6:F2}|{2:X4}]", "ab", Math.PI, 255);
            Check.Line("align", sb.ToString());
            Check.Line("align.interpolated", $"[{"x",4}][{-1.5,-7:F1}][{12,5:D3}]");
            var d = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 };
            var pairs = new List<string>();
            foreach (var (k, v) in d) pairs.Add(k + "=" + v);
            Check.Line("kv.deconstruct", pairs);
            Check.Line("hex", Convert.ToHexString(new byte[] { 1, 171, 255 }));
            Check.Line("chunk", Enumerable.Range(1, 7).Chunk(3).Select(c => c.Length));
            Check.Line("string.create", string.Create(3, 'z', (span, ch) => span.Fill(ch)));
        }
    }
}
